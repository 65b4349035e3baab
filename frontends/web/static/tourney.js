// Bones web client: the tournaments' pages (/tournaments, /tournaments/ID). The list and
// a form that writes a tournament file (the format `bones tourney` reads) for POST
// /api/tournaments; a tournament's live page: join, start, standings with tiebreaks,
// crosstable, the games in progress (spectate, or play one's own seat) and finished
// (replay), the report when it is over. docs/web.md, "Tournaments".
'use strict';
const $ = (id) => document.getElementById(id);

function el(tag, props, ...kids) {
	const e = Object.assign(document.createElement(tag), props || {});
	e.append(...kids);
	return e;
}

async function call(method, path, body) {
	const r = await fetch(api(path), {
		method, headers: { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const data = await r.json().catch(() => ({}));
	if (!r.ok) throw new Error(data.error || r.statusText);
	return data;
}

function showError(e) { $('error').textContent = e ? e.message || String(e) : ''; }

const FORMATS = { swiss: N_('Swiss'), 'round-robin': N_('round robin'), knockout: N_('knockout') };
const STATES = { open: N_('open: people join'), running: N_('running'), finished: N_('finished'),
	refused: N_('refused: past this server\'s limits') };

async function showList() {
	$('list').hidden = false;
	const [list, games] = await Promise.all([call('GET', '/api/tournaments'), call('GET', '/api/games')]);
	const ul = $('tournaments');
	ul.replaceChildren();
	for (const t of list.tournaments)
		ul.append(el('li', {}, el('a', { href: '/tournaments/' + t.id, textContent: t.name }),
			' ' + fmt(_('%s, %s, %d people'), _(FORMATS[t.format] || t.format), _(STATES[t.state] || t.state), t.people)));
	if (!list.tournaments.length) ul.append(el('li', { textContent: _('no tournaments yet') }));
	for (const p of games.presets) $('t-games').append(el('option', { value: p.id, textContent: p.name + ' (' + p.id + ')' }));
	for (const e of games.engines || []) $('t-engines').append(el('option', { value: e.name, textContent: e.name }));
	$('t-engines-label').hidden = !(games.engines || []).length; // the operator lists them (--engines)
	$('create-form').addEventListener('submit', create);
}

// The tournament file the form describes (docs/tournaments.md).
function formText() {
	const format = $('t-format').value, lines = ['[tourney]', 'name = ' + $('t-name').value.replace(/[\n;]/g, ' '),
		'format = ' + format, 'rounds = ' + (parseInt($('t-rounds').value, 10) || 1)];
	for (const o of $('t-games').selectedOptions)
		lines.push('[game.' + o.value + ']', 'preset = ' + o.value, 'count = 1', ...(format === 'round-robin' ? [] : ['players = 2']));
	const names = new Set();
	$('t-agents').value.split('\n').map((s) => s.trim()).filter(Boolean).forEach((spec, i) => {
		const name = spec.split(/\s+/)[0] + (i ? '-' + (i + 1) : '');
		names.add(name);
		lines.push('[player.' + name + ']', 'agent = ' + spec);
	});
	for (const o of $('t-engines').selectedOptions) // the operator's name, never a command
		lines.push('[player.' + (names.has(o.value) ? 'engine-' : '') + o.value + ']', 'engine = ' + o.value);
	return lines.join('\n') + '\n';
}

async function create(ev) {
	ev.preventDefault();
	showError(null);
	const ini = $('t-ini').value.trim() ? $('t-ini').value : formText();
	const start = $('t-start').value ? Math.floor(new Date($('t-start').value).getTime() / 1000) : 0;
	try {
		const r = await call('POST', '/api/tournaments', { ini, start });
		location.href = r.page;
	} catch (e) { showError(e); }
}

// TRANSLATORS: the tiebreaks' short names in the standings' header, then in full
const TIEBREAKS = [[N_('Bh'), N_('Buchholz')], [N_('SB'), N_('Sonneborn-Berger')], [N_('MBh'), N_('median Buchholz')]];

function standingsTable(t) {
	// the tiebreaks by their short names (a phone's width), named in full on hover and
	// in the key below the table
	const head = el('tr', {}, ...[N_('Place'), N_('Name'), N_('Points'), N_('Games')].map((h) => el('th', { textContent: _(h) })),
		...TIEBREAKS.map(([short, long]) => el('th', { textContent: _(short), title: _(long) })));
	$('tiebreaks').textContent = TIEBREAKS.map(([short, long]) => fmt(_('%1$s: %2$s'), _(short), _(long))).join(' · ');
	// a person's or an agent's name links the player's page (games, ratings): agent:SPEC
	const page = {};
	// (not a watched `bones tourney` run's: its games are not this server's)
	for (const p of t.participants) page[p.name] = t.id === 'live' ? '' : p.person ? p.name : p.agent ? 'agent:' + p.agent : '';
	const cell = (v) => el('td', { textContent: typeof v === 'number' && v % 1 ? v.toFixed(2) : String(v) });
	const rows = (t.standings || []).map((s, i) => el('tr', {}, cell(i + 1), !page[s.name] ? cell(s.name)
		: el('td', {}, el('a', { href: '/players/' + encodeURIComponent(page[s.name]), textContent: s.name })),
		...[s.points, s.games, s.buchholz, s.sonneborn_berger, s.median_buchholz].map(cell)));
	$('standings').replaceChildren(head, ...rows);
}

function crosstable(t) {
	const names = t.participants.map((p) => p.name), cell = {};
	for (const g of t.results || []) {
		if (g.players.length < 2) continue;
		g.players.forEach((a, i) => g.players.forEach((b, j) => {
			if (i !== j) cell[a + '\n' + b] = (cell[a + '\n' + b] || 0) + g.points[i];
		}));
	}
	const head = el('tr', {}, el('th'), ...names.map((n) => el('th', { textContent: n })));
	$('crosstable').replaceChildren(head, ...names.map((a) => el('tr', {}, el('th', { textContent: a }),
		...names.map((b) => el('td', { textContent: a === b ? '–' : cell[a + '\n' + b] === undefined ? '' : String(cell[a + '\n' + b]) })))));
}

function gamesList(t) {
	const ul = $('games');
	ul.replaceChildren();
	for (const g of (t.tables || []).slice().reverse()) {
		const li = el('li', {}, fmt(_('round %d: %s, %s'), g.round, g.preset, g.players.join(' – ')) + ' ');
		if (g.mine && !g.over) li.append(el('a', { href: g.mine, textContent: _('play your game') }), ' · ');
		li.append(el('a', { href: g.link, textContent: g.over ? _('replay') : _('watch') }));
		ul.append(li);
	}
	for (const g of t.live_games || []) { // a `bones tourney --live` run (bones serve --watch)
		const li = el('li', {}, fmt(_('round %d: %s, %d moves so far'), g.round, g.players.join(' – '), g.moves) + ' ');
		li.append(el('a', { href: g.record, textContent: _('record') }), el('br'),
			el('img', { src: g.picture + '?moves=' + g.moves, alt: _('the board now'), className: 'live-board' }));
		ul.append(li);
	}
	for (const g of t.engine_games || []) // no table: the tournament library plays them
		ul.append(el('li', {}, fmt(_('round %d: %s, played by the server now'), g.round, g.players.join(' – '))));
	for (const g of (t.results || []).filter((r) => r.forfeit && r.forfeit !== 'bye'))
		ul.append(el('li', {}, fmt(_('round %d: %s, forfeit: %s'), g.round, g.players.join(' – '), g.forfeit)));
}

async function refresh(id) {
	const t = await call('GET', '/api/tournaments/' + id);
	$('t-title').textContent = t.name;
	const kind = _(FORMATS[t.format] || t.format), state = _(STATES[t.state] || t.state);
	$('t-facts').textContent = (t.creator ? fmt(_('%s, %s, created by %s'), kind, state, t.creator) : kind + ', ' + state) + // live: a `bones tourney` run
		(t.start && t.state === 'open' ? ' · ' + fmt(_('starts %s'), new Date(t.start * 1000).toLocaleString()) : '') +
		' · ' + fmt(_('participants: %s'), t.participants.map((p) => p.engine ? fmt(_('%s (engine %s)'), p.name, p.engine) : p.name).join(', '));
	// joining for a logged-in person not in it yet; starting for its creator only
	const joined = !!me && t.participants.some((p) => p.person && p.name === me.name);
	$('join').hidden = t.state !== 'open' || joined;
	$('start').hidden = t.state !== 'open' || !me || me.name !== t.creator;
	standingsTable(t);
	crosstable(t);
	gamesList(t);
	$('downloads').hidden = t.state !== 'finished' || id === 'live'; // live: DIR has the reports
	$('report').href = '/api/tournaments/' + id + '/report.html';
	$('records').href = '/api/tournaments/' + id + '/games.bones';
	if (t.state !== 'finished') setTimeout(() => refresh(id).catch(showError), 3000);
}

async function showOne(id) {
	$('one').hidden = false;
	$('join').addEventListener('click', () => call('POST', '/api/tournaments/' + id + '/join', {}).then(() => refresh(id)).catch(showError));
	$('start').addEventListener('click', () => call('POST', '/api/tournaments/' + id + '/start', {}).then(() => refresh(id)).catch(showError));
	await refresh(id);
}

// Who is logged in (GET /api/account); the log-in form otherwise.
let me = null; // the logged-in account ({name}), or null

async function account() {
	const r = await fetch(api('/api/account'));
	me = r.ok ? await r.json() : null;
	$('who').hidden = !me;
	$('login-form').hidden = !!me;
	if (me) $('who').textContent = fmt(_('logged in as %s'), me.name);
}

async function logIn(path) {
	showError(null);
	try {
		await call('POST', path, { name: $('a-name').value, password: $('a-password').value });
		await account();
	} catch (e) { showError(e); }
}

i18nStart().then(() => {
	$('login-form').addEventListener('submit', (ev) => { ev.preventDefault(); logIn('/api/login'); });
	$('register').addEventListener('click', () => logIn('/api/accounts'));
	const id = location.pathname.split('/')[2];
	return account().catch(showError).then(() => id ? showOne(id) : showList());
}).catch(showError);
