// Bones lobby: the account box (log in, create an account, log out, change the
// password; who is logged in) and the links to each game's ladder. Tells the lobby
// when the account changes (the event bones-account), so "My games" follows it.
'use strict';
const account = { name: null }; // who is logged in, null: nobody

function accountEl(id) { return document.getElementById(id); }

async function accountCall(path, body) {
	const r = await fetch(api(path), { method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
	let reply = {};
	try { reply = await r.json(); } catch (e) { reply = {}; }
	return { ok: r.ok, status: r.status, body: reply };
}

function showAccount(name) {
	const changed = name !== account.name;
	account.name = name;
	accountEl('logged-out').hidden = !!name;
	accountEl('logged-in').hidden = !name;
	const link = accountEl('account-link');
	link.textContent = name || '';
	link.href = name ? '/players/' + encodeURIComponent(name) : '#';
	accountEl('error-account').textContent = '';
	if (changed) document.dispatchEvent(new CustomEvent('bones-account', { detail: name }));
}

// Log in (or create the account first): the server sets the session cookie.
async function enter(create) {
	const name = accountEl('account-name').value.trim(), password = accountEl('account-password').value;
	const r = await accountCall(create ? '/api/accounts' : '/api/login', { name, password });
	accountEl('account-password').value = '';
	if (!r.ok) {
		accountEl('error-account').textContent = r.status === 429 ? _('too many failed log-ins: try again later') : r.body.error || _('the server did not answer');
		return;
	}
	showAccount(r.body.name);
}

async function changePassword(event) {
	event.preventDefault();
	const r = await accountCall('/api/password', { old: accountEl('old-password').value, new: accountEl('new-password').value });
	accountEl('old-password').value = accountEl('new-password').value = '';
	accountEl('error-account').textContent = r.ok ? '' : r.body.error || '';
	accountEl('account-done').textContent = r.ok ? _('Password changed: your other devices are logged out.') : '';
}

async function ladderLinks() {
	const r = await fetch(api('/api/games'));
	if (!r.ok) return;
	const body = await r.json();
	const box = accountEl('ladders');
	box.replaceChildren();
	for (const p of body.plugins) {
		const a = document.createElement('a');
		a.href = '/ladder/' + encodeURIComponent(p.id);
		a.textContent = p.name;
		box.append(box.childNodes.length ? ' · ' : '', a);
	}
}

async function accountStart() {
	await i18nStart();
	accountEl('login-form').addEventListener('submit', (e) => { e.preventDefault(); enter(false); });
	accountEl('register-button').addEventListener('click', () => enter(true));
	accountEl('password-form').addEventListener('submit', changePassword);
	accountEl('logout-button').addEventListener('click', async () => {
		const r = await accountCall('/api/logout', {});
		if (r.ok || r.status === 401) showAccount(null);
	});
	const r = await accountCall('/api/account');
	showAccount(r.ok ? r.body.name : null);
	ladderLinks();
}

accountStart();
