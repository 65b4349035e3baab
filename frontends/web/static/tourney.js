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

// Put kids in place of e's children only when they differ: a list read again on every
// change of the server keeps its links (a tap in progress lands on the same element).
function replaceIfChanged(e, ...kids) {
	const fresh = document.createElement(e.tagName);
	fresh.append(...kids);
	if (fresh.innerHTML !== e.innerHTML) e.replaceChildren(...fresh.childNodes);
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

// The games' and presets' names in the reader's language (GET /api/games), by id.
let catalogue = { plugins: [], presets: [] };
function gameName(preset, game) {
	const p = catalogue.presets.find((x) => x.id === preset) || catalogue.plugins.find((x) => x.id === preset || x.id === game);
	return p ? p.name : preset || game;
}

// TRANSLATORS: a bot account's name (an engine playing from its owner's machine, bones bot)
const botName = (name) => fmt(_('%s (bot)'), name);
// A participant's name as shown: a bot account's marked so.
function shownName(t, name) {
	const p = t.participants.find((x) => x.name === name);
	return p && p.bot ? botName(name) : name;
}

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
	for (const p of games.presets) $('t-games').append(el('option', { value: p.id, textContent: p.name, title: p.id }));
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
	const rows = (t.standings || []).map((s, i) => el('tr', {}, cell(i + 1), !page[s.name] ? cell(shownName(t, s.name))
		: el('td', {}, el('a', { href: '/players/' + encodeURIComponent(page[s.name]), textContent: shownName(t, s.name) })),
		...[s.points, s.games, s.buchholz, s.sonneborn_berger, s.median_buchholz].map(cell)));
	replaceIfChanged($('standings'), head, ...rows);
}

function crosstable(t) {
	const names = t.participants.map((p) => p.name), cell = {};
	for (const g of t.results || []) {
		if (g.players.length < 2) continue;
		g.players.forEach((a, i) => g.players.forEach((b, j) => {
			if (i !== j) cell[a + '\n' + b] = (cell[a + '\n' + b] || 0) + g.points[i];
		}));
	}
	const head = el('tr', {}, el('th'), ...names.map((n) => el('th', { textContent: shownName(t, n) })));
	replaceIfChanged($('crosstable'), head, ...names.map((a) => el('tr', {}, el('th', { textContent: shownName(t, a) }),
		...names.map((b) => el('td', { textContent: a === b ? '–' : cell[a + '\n' + b] === undefined ? '' : String(cell[a + '\n' + b]) })))));
}

// A finished game's players with their points ("ann 12 – bob 8") and who won, or
// the players ("ann – bob") while it is played.
function resultWords(t, g) {
	if (!g.scores) return g.players.map((p) => shownName(t, p)).join(' – ');
	const names = g.players.map((p, i) => fmt(_('%1$s %2$s'), shownName(t, p), String(g.scores[i])));
	const best = g.players.filter((p, i) => g.ranks[i] === 1);
	// TRANSLATORS: a tournament game's end: the winner, or a draw
	let end = best.length === 1 ? fmt(_('%s won'), shownName(t, best[0])) : _('draw');
	const out = g.players[(g.forfeit || g.resigned || 0) - 1];
	if (out) end += ' (' + (g.forfeit ? fmt(_('%s ran out of time'), shownName(t, out)) : fmt(_('%s resigned'), shownName(t, out))) + ')';
	return names.join(' – ') + ', ' + end;
}

function gamesList(t) {
	const ul = document.createElement('ul');
	const tabled = new Set();
	for (const g of (t.tables || []).slice().reverse()) {
		tabled.add(g.round + ':' + g.slot);
		// TRANSLATORS: a tournament's game: its round, the game's name, the players (with the result once over)
		const li = el('li', { className: g.mine && !g.over ? 'my-turn' : '' }, fmt(_('round %1$d: %2$s, %3$s'), g.round, gameName(g.preset, g.game), resultWords(t, g)) + ' ');
		if (g.mine && !g.over) li.append(el('a', { href: g.mine, textContent: _('play your game'), className: 'my-game' }), ' · ');
		li.append(el('a', { href: g.link, textContent: g.over ? _('replay') : _('watch') }));
		ul.append(li);
	}
	// the engines' finished games (no table: the tournament library played them)
	for (const g of (t.results || []).filter((r) => !r.forfeit && !tabled.has(r.round + ':' + r.slot)).reverse())
		ul.append(el('li', {}, fmt(_('round %1$d: %2$s, %3$s'), g.round, gameName(g.game, g.game),
			g.players.map((p, i) => fmt(_('%1$s %2$s'), shownName(t, p), String(g.points[i]))).join(' – '))));
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
	replaceIfChanged($('games'), ...ul.childNodes);
}

async function refresh(id) {
	const t = await call('GET', '/api/tournaments/' + id);
	$('t-title').textContent = t.name;
	const kind = _(FORMATS[t.format] || t.format), state = _(STATES[t.state] || t.state);
	$('t-facts').textContent = (t.creator ? fmt(_('%s, %s, created by %s'), kind, state, t.creator) : kind + ', ' + state) + // live: a `bones tourney` run
		(t.start && t.state === 'open' ? ' · ' + fmt(_('starts %s'), new Date(t.start * 1000).toLocaleString()) : '') +
		' · ' + fmt(_('participants: %s'), t.participants.map((p) => p.engine ? fmt(_('%s (engine %s)'), p.name, p.engine)
			: p.agent ? fmt(_('%s (agent)'), p.name) : shownName(t, p.name)).join(', ') || _('none yet'));
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
	roundNotice(t);
	return t;
}

// A participant's own game not over yet: a new one (a round started since the page
// was opened) is told in the page and the title.
const roundState = { seen: null, title: null };
function roundNotice(t) {
	const open = (t.tables || []).filter((g) => g.mine && !g.over);
	const ids = new Set(open.map((g) => g.table));
	const fresh = roundState.seen ? open.filter((g) => !roundState.seen.has(g.table)) : [];
	roundState.seen = ids;
	const notice = $('round-notice');
	if (!open.length) {
		notice.hidden = true;
		document.title = roundState.title;
		return;
	}
	const g = fresh[0] || open[0], others = g.players.filter((p) => !me || p.toLowerCase() !== me.name.toLowerCase());
	notice.replaceChildren(fresh.length
		// TRANSLATORS: told when a tournament's round starts: its number, the opponents
		? fmt(_('Round %1$d has started: your game against %2$s.'), g.round, others.map((p) => shownName(t, p)).join(', '))
		// TRANSLATORS: a participant's game of the running round: its number, the opponents
		: fmt(_('Round %1$d: your game against %2$s is waiting.'), g.round, others.map((p) => shownName(t, p)).join(', ')),
	' ', el('a', { href: g.mine, textContent: _('play your game'), className: 'button' }));
	notice.hidden = false;
	// TRANSLATORS: the tournament page's title while the reader's game waits: the round's number
	document.title = '\u25CF ' + fmt(_('Round %d: your game'), g.round) + ' \u2013 ' + roundState.title;
}

// The page follows the lobby's event stream (a round's tables, every move) and reads
// the tournament again at most every 300 ms, and every 10 s for the engines' games.
function follow(id) {
	let busy = false, again = false, due = null;
	const read = async () => {
		if (busy) { again = true; return; }
		busy = true;
		try {
			const t = await refresh(id);
			if (t.state === 'finished') return;
		} catch (e) { showError(e); } finally { busy = false; }
		if (again) { again = false; read(); }
	};
	const events = new EventSource('/api/events');
	events.addEventListener('changed', () => { if (!due) due = setTimeout(() => { due = null; read(); }, 300); });
	events.onerror = () => { if (events.readyState === EventSource.CLOSED) setTimeout(() => follow(id), 10000); };
	// a page left for another keeps no connection open (the browser's few per server)
	window.addEventListener('pagehide', () => events.close());
	window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
	setInterval(read, 10000);
	return read;
}

async function showOne(id) {
	$('one').hidden = false;
	roundState.title = document.title;
	const games = await call('GET', '/api/games').catch(() => null);
	if (games) catalogue = games;
	$('join').addEventListener('click', () => call('POST', '/api/tournaments/' + id + '/join', {}).then(() => refresh(id)).catch(showError));
	$('start').addEventListener('click', () => call('POST', '/api/tournaments/' + id + '/start', {}).then(() => refresh(id)).catch(showError));
	const t = await refresh(id);
	if (t.state !== 'finished' && id !== 'live') follow(id);
	else if (t.state !== 'finished') setInterval(() => refresh(id).catch(showError), 3000); // a watched run's file
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
