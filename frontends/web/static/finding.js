// Bones lobby: finding a game (docs/web.md, "Finding a game"). The open seeks, taken
// with one click, and a seek of the form's game; the challenges received and sent; who
// is online, each a challenge away. Follows the lobby's event stream (/api/events) and
// tells of a challenge, a paired seek and your turn in the page's title.
'use strict';

// waiting: the tables that wait for you (a paired seek, an accepted challenge, your turn);
// visited: the tables this browser has opened (play.js keeps their seats)
const finding = { title: null, waiting: new Set(), visited: new Set(), busy: false, again: false };

// The game a seek or a challenge asks for: the form's game, options and time.
function askOfForm() {
	const r = request(); // lobby.js
	const ask = { game: r.game, options: r.options };
	if (r.time) ask.time = r.time;
	return ask;
}

function gameName(id) {
	const p = games && (games.presets.find((x) => x.id === id) || games.plugins.find((x) => x.id === id));
	return p ? p.name : id;
}

// A time control in words ("1 min a move", "5 min + 3 s a game"), "" for none.
function timeWords(time) {
	const parts = [];
	if (time.per_move && time.per_move !== '0') parts.push(fmt(_('%s a move'), time.per_move));
	if (time.per_game && time.per_game !== '0') {
		parts.push(fmt(_('%s a game'), time.per_game) + (time.increment && time.increment !== '0s' ? ' + ' + time.increment : ''));
	}
	return parts.join(', ');
}

function askWords(x) {
	const t = timeWords(x.time || {});
	return gameName(x.game) + (t ? ' (' + t + ')' : '');
}

// A challenge's state in words.
function stateWords(state) {
	return state === 'open' ? _('open') : state === 'accepted' ? _('accepted')
		: state === 'declined' ? _('declined') : _('cancelled');
}

// TRANSLATORS: a bot account's name (an engine playing from its owner's machine, bones bot)
const botName = (name) => fmt(_('%s (bot)'), name);

function findingError(text) {
	$('error-finding').textContent = text || '';
}

// To the table a seek or a challenge made.
function go(link) {
	if (link) location.href = link;
}

async function seek() {
	findingError('');
	if (!account.name) { findingError(_('Log in to seek a game.')); return; }
	const r = await accountCall('/api/seeks', askOfForm());
	if (!r.ok) { findingError(r.body.error); return; }
	if (r.body.state === 'paired') { go(r.body.link); return; }
	refreshFinding();
}

async function takeSeek(id) {
	findingError('');
	if (!account.name) { findingError(_('Log in to play a seek.')); return; }
	const r = await accountCall('/api/seeks/' + id + '/accept', {});
	if (!r.ok) { findingError(r.body.error); refreshFinding(); return; }
	if (r.body.state === 'paired') go(r.body.link);
	else refreshFinding();
}

async function post(path) {
	findingError('');
	const r = await accountCall(path, {});
	if (!r.ok) findingError(r.body.error);
	refreshFinding();
	return r;
}

async function challenge(name) {
	findingError('');
	const r = await accountCall('/api/challenges', Object.assign({ to: name }, askOfForm()));
	if (!r.ok) findingError(r.body.error);
	refreshFinding();
}

async function answer(id, action) {
	const r = await post('/api/challenges/' + id + '/' + action);
	if (r.ok && action === 'accept') go(r.body.link);
}

function button(text, onclick, className) {
	return el('button', { type: 'button', textContent: text, className: className || '', onclick });
}

function renderSeeks(body) {
	const rows = body.seeks.map((s) => {
		const mine = account.name && s.name.toLowerCase() === account.name.toLowerCase();
		// TRANSLATORS: a seek's players: how many seek it so far, of the game's players
		const waiting = s.players > 2 ? ' ' + fmt(_('%1$d of %2$d'), s.waiting, s.players) : '';
		return el('tr', {}, el('td', { textContent: s.bot ? botName(s.name) : s.name }), el('td', { textContent: askWords(s) + waiting }),
			el('td', {}, mine ? button(_('Cancel'), () => post('/api/seeks/' + s.id + '/cancel'), 'cancel')
				: button(_('Play'), () => takeSeek(s.id), 'take-seek')));
	});
	document.querySelector('#seeks tbody').replaceChildren(...rows);
	$('no-seeks').hidden = rows.length > 0;
	const ready = body.mine.filter((s) => s.state === 'paired' && !finding.visited.has(s.table));
	for (const r of ready) finding.waiting.add(r.table);
	$('paired').replaceChildren(...ready.map((s) => el('li', { className: 'my-turn' },
		// TRANSLATORS: a seek found its opponents: the game, then a link to the table
		fmt(_('Your game is ready: %s'), askWords(s)) + ' ', el('a', { href: s.link, textContent: _('play'), className: 'seek-table' }))));
}

function renderChallenges(body) {
	const items = [];
	let open = 0;
	for (const c of body.incoming) {
		const li = el('li', {}, fmt(_('%1$s challenges you: %2$s'), c.from_bot ? botName(c.from) : c.from, askWords(c)) + ' ');
		if (c.state === 'open') {
			open++;
			li.append(button(_('Accept'), () => answer(c.id, 'accept'), 'accept'), ' ', button(_('Decline'), () => answer(c.id, 'decline'), 'decline'));
		} else if (c.state === 'accepted') {
			li.append(el('a', { href: c.link, textContent: _('play') }));
		} else {
			li.append(el('span', { className: 'help', textContent: stateWords(c.state) }));
		}
		items.push(li);
	}
	for (const c of body.outgoing) {
		const li = el('li', {}, fmt(_('You challenge %1$s: %2$s'), c.to_bot ? botName(c.to) : c.to, askWords(c)) + ' ');
		if (c.state === 'open') li.append(button(_('Cancel'), () => answer(c.id, 'cancel'), 'cancel'));
		else if (c.state === 'accepted') {
			if (!finding.visited.has(c.table)) finding.waiting.add(c.table);
			li.append(el('a', { href: c.link, textContent: _('play') }));
		} else li.append(el('span', { className: 'help', textContent: stateWords(c.state) }));
		items.push(li);
	}
	$('challenges').replaceChildren(...items);
	$('no-challenges').hidden = items.length > 0;
	return open;
}

function renderOnline(body) {
	const others = body.players.filter((p) => p.name.toLowerCase() !== (account.name || '').toLowerCase());
	$('online').replaceChildren(...others.map((p) => el('li', {}, el('a', { href: '/players/' + encodeURIComponent(p.name), textContent: p.bot ? botName(p.name) : p.name }), ' ',
		button(_('Challenge'), () => challenge(p.name), 'challenge'))));
	$('no-online').hidden = others.length > 0;
}

// Everything above read again (at most one reading at a time: a change meanwhile reads
// once more), and the title counts what waits for you.
async function refreshFinding() {
	if (finding.busy) { finding.again = true; return; }
	finding.busy = true;
	try {
		let waiting = 0;
		finding.waiting.clear();
		finding.visited = new Set(stored('bones.seats').map((x) => x.id)); // lobby.js
		const s = await accountCall('/api/seeks');
		if (s.ok) renderSeeks(s.body);
		$('challenges-box').hidden = !account.name;
		if (account.name) {
			const c = await accountCall('/api/challenges');
			if (c.ok) waiting += renderChallenges(c.body);
			const o = await accountCall('/api/online');
			if (o.ok) renderOnline(o.body);
		}
		for (const a of document.querySelectorAll('#my-seats li.my-turn a')) finding.waiting.add(a.pathname.split('/t/')[1]);
		waiting += finding.waiting.size;
		// TRANSLATORS: the page's title with how many things wait for you
		document.title = waiting ? fmt(_('(%1$d) %2$s'), waiting, finding.title) : finding.title;
	} finally {
		finding.busy = false;
	}
	if (finding.again) { finding.again = false; refreshFinding(); }
}

// The lobby's event stream: any change of a table, a seek or a challenge.
function listenLobby() {
	const events = new EventSource('/api/events');
	let due = null;
	events.addEventListener('changed', () => {
		if (due) return;
		due = setTimeout(() => { due = null; refreshFinding(); loadTables(); mySeats(); }, 300);
	});
	events.onerror = () => {
		if (events.readyState === EventSource.CLOSED) setTimeout(listenLobby, 10000);
	};
}

function startFinding() {
	finding.title = document.title;
	$('seek-button').addEventListener('click', seek);
	document.addEventListener('bones-account', refreshFinding);
	refreshFinding();
	listenLobby();
	setInterval(refreshFinding, 15000);
}

document.addEventListener('bones-lobby-ready', startFinding);
