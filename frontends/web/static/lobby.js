// Bones lobby: the create-table form (games, presets, options from the plugin's
// schema, seats) and the list of tables. No build step, no libraries.
'use strict';
let games = null;

const $ = (id) => document.getElementById(id);
function el(tag, props, ...kids) {
	const e = document.createElement(tag);
	Object.assign(e, props || {});
	for (const k of kids) e.append(k);
	return e;
}

function choiceOf(value) {
	// "p:holomino" a plugin, "s:holomino-4p" a preset
	const [kind, id] = [value.slice(0, 1), value.slice(2)];
	if (kind === 's') {
		const preset = games.presets.find((p) => p.id === id);
		return { name: id, preset, plugin: games.plugins.find((p) => p.id === preset.plugin) };
	}
	return { name: id, preset: null, plugin: games.plugins.find((p) => p.id === id) };
}

function settings(text) {
	const out = {};
	for (const pair of (text || '').split(/\s+/)) {
		const eq = pair.indexOf('=');
		if (eq > 0) out[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^"|"$/g, '');
	}
	return out;
}

function effectiveValues(choice) {
	const values = {};
	for (const o of choice.plugin.options) values[o.key] = o.default;
	if (choice.preset) {
		const v = choice.plugin.variants.find((x) => x.id === choice.preset.variant);
		if (v) Object.assign(values, settings(v.settings));
		Object.assign(values, choice.preset.options);
	}
	return values;
}

// Option choices by name in the player's language (a plugin's choices are ids, never
// translated: docs/abi.md); the value sent stays the id.
// TRANSLATORS: choices of a game's options in the lobby's form
const CHOICE_NAMES = { 'scoring:sum': N_('sum of the holes times their number'), 'scoring:product': N_('product of the holes'),
	'chaos:off': N_('off'), 'stacking:off': N_('off'), 'solo:off': N_('off'), 'stacking:on': N_('on'),
	// Hegemino
	'board:standard': N_('standard (5x5)'), 'board:mega': N_('mega (7x7, Mega-Hegemino)'), 'board:sprawl': N_('sprawl (no bound, no bonuses)'),
	'chaos:hidden': N_('hidden (Chaos)'), 'chaos:open': N_('open (Open Chaos)'), 'stacking:points': N_('for points'),
	'wilds:penalty': N_('penalty (floor 1)'), 'wilds:friendly': N_('friendly'), 'wilds:below_zero': N_('below zero (no floor)'),
	'wilds:pork_barrel': N_('pork barrel (x wilds)'), 'solo:dorothy': N_('against President Dorothy'), 'solo:mega': N_('Solo Mega-Hegemino'),
	// Geominos
	'deal:all': N_('every tile dealt first'), 'deal:five': N_('five each, refilled'), 'deal:one': N_('draw one and place it') };

function optionField(plugin, o, value) {
	let input;
	if (o.type === 'bool') {
		input = el('input', { type: 'checkbox', checked: value === 'true' });
	} else if (o.type === 'enum') {
		input = el('select');
		for (const c of o.choices) {
			// a variant by its name in the player's language; the value stays its id
			const v = o.key === 'variant' ? plugin.variants.find((x) => x.id === c) : null;
			const name = v && v.name ? v.name : CHOICE_NAMES[o.key + ':' + c] ? _(CHOICE_NAMES[o.key + ':' + c]) : c;
			input.append(el('option', { value: c, textContent: name, title: v ? v.summary : '', selected: c === value }));
		}
	} else if (o.type === 'int') {
		input = el('input', { type: 'number', value, min: o.min, max: o.max });
	} else {
		input = el('input', { type: 'text', value });
	}
	input.name = o.key;
	input.id = 'opt-' + o.key;
	input.dataset.option = o.key;
	input.dataset.type = o.type;
	// the option in the player's words: its help (from the plugin's schema, translated by
	// the server) with a capital; the key, which records and INI files use, as a tooltip
	const words = o.help ? o.help.charAt(0).toUpperCase() + o.help.slice(1) : o.key;
	const label = el('label', { title: o.key }, el('span', { className: 'option-name', textContent: words }), ' ', input);
	const error = el('p', { className: 'error', id: 'error-' + o.key });
	const div = el('div', {}, label, error);
	return { div, input };
}

function seatRow(i, agent) {
	const human = !agent || agent === 'human';
	const kind = el('select', { id: 'seat-kind-' + i });
	// TRANSLATORS: the kinds of a seat: a person, an agent (a program) or a seat left
	// open for anyone to take from the lobby
	kind.append(el('option', { value: 'human', textContent: _('human'), selected: human }));
	kind.append(el('option', { value: 'agent', textContent: _('agent'), selected: !human }));
	kind.append(el('option', { value: 'open', textContent: _('open'), title: _('anyone may take it from the lobby') }));
	// the operator's engines (bones serve --engines), by name: the server runs them
	for (const e of games.engines || []) kind.append(el('option', { value: 'engine:' + e.name, textContent: fmt(_('%s (engine)'), e.name) }));
	const spec = el('input', { type: 'text', id: 'seat-agent-' + i, value: human ? 'greedy' : agent, size: 28 });
	const list = el('datalist', { id: 'agent-kinds-' + i });
	for (const a of games.agents) list.append(el('option', { value: a.name, label: a.summary }));
	spec.setAttribute('list', list.id);
	// TRANSLATORS: the placeholder of a player's name field
	const name = el('input', { type: 'text', id: 'seat-name-' + i, placeholder: _('name'), size: 12 });
	spec.hidden = human; // only an agent's seat has a spec
	kind.addEventListener('change', () => { spec.hidden = kind.value !== 'agent'; });
	return el('div', {}, el('label', { className: 'inline', textContent: fmt(_('Seat %d'), i + 1) + ' ' }), kind, ' ', spec, list, ' ', name);
}

function renderSeats(choice) {
	const box = $('seats');
	box.replaceChildren(el('legend', { textContent: _('Seats') }));
	const players = $('opt-players');
	const n = players ? parseInt(players.value, 10) || choice.plugin.min_players : choice.plugin.min_players;
	const seats = choice.preset ? choice.preset.seats : ['human', 'greedy'];
	for (let i = 0; i < n && i < 8; i++) box.append(seatRow(i, seats[i] || (i === 0 ? 'human' : 'greedy')));
}

function renderForm() {
	const choice = choiceOf($('game').value);
	$('game-summary').replaceChildren((choice.preset ? choice.preset.description : choice.plugin.summary) + ' ',
		el('a', { href: api('/rules/' + encodeURIComponent(choice.plugin.id)), target: '_blank', textContent: _('Rules') }));
	const box = $('options');
	box.replaceChildren(el('legend', { textContent: _('Options') }));
	const values = effectiveValues(choice);
	for (const o of choice.plugin.options) {
		const f = optionField(choice.plugin, o, values[o.key]);
		box.append(f.div);
		if (o.key === 'players') f.input.addEventListener('input', () => renderSeats(choice));
	}
	renderSeats(choice);
	clearErrors();
}

function clearErrors() {
	for (const e of document.querySelectorAll('.error')) e.textContent = '';
}

function request() {
	const choice = choiceOf($('game').value);
	const options = {};
	for (const input of document.querySelectorAll('[data-option]')) {
		options[input.dataset.option] = input.dataset.type === 'bool' ? input.checked : String(input.value);
	}
	const seats = [];
	for (let i = 0; $('seat-kind-' + i); i++) {
		const kind = $('seat-kind-' + i).value;
		const engine = kind.startsWith('engine:') ? kind.slice(7) : null;
		const seat = { kind: kind === 'open' ? 'human' : engine ? 'engine' : kind, name: $('seat-name-' + i).value };
		if (kind === 'agent') seat.agent = $('seat-agent-' + i).value;
		if (engine) seat.engine = engine;
		if (kind === 'open') seat.open = true;
		seats.push(seat);
	}
	const req = { game: choice.name, options, seats, hints: $('hints').checked, private: $('private').checked };
	req.time = timeControl();
	if (!req.time) delete req.time;
	return req;
}

// The form's time control over the preset's: per move (with penalty and grace) and per
// game (with the increment); null when the preset's stands.
function timeControl() {
	const perMove = $('per-move').value, perGame = $('per-game').value;
	const time = {};
	if (perMove === '0') time.per_move = '0';
	else if (perMove) Object.assign(time, { per_move: perMove, penalty: $('penalty').value || '0', grace: $('grace').value, forfeit: $('forfeit').checked });
	if (perGame === '0') time.per_game = '0';
	else if (perGame) Object.assign(time, { per_game: perGame, increment: $('increment').value });
	return Object.keys(time).length ? time : null;
}

// The links this browser keeps (localStorage): seats opened (play.js) and tables created
// here (their owner token, to delete them before the first move).
function stored(key) {
	try { return JSON.parse(localStorage.getItem(key) || '[]'); } catch (e) { return []; }
}

function keep(key, list) {
	try { localStorage.setItem(key, JSON.stringify(list.slice(0, 50))); } catch (e) { /* private mode */ }
}

async function create(event) {
	event.preventDefault();
	clearErrors();
	const r = await fetch(api('/api/tables'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request()) });
	const body = await r.json();
	if (!r.ok) {
		const place = body.field && $('error-' + body.field) ? $('error-' + body.field) : $('error-form');
		place.textContent = body.error;
		return;
	}
	keep('bones.owned', [{ id: body.id, owner: body.owner, when: Date.now() }, ...stored('bones.owned')]);
	// one seat for a person here (the others agents, engines or open): to the table at
	// once; with several, their links to hand out
	const mine = body.seats.filter((s) => s.link);
	if (mine.length === 1) { location.href = mine[0].link; return; }
	const links = $('links');
	links.replaceChildren();
	for (const s of body.seats) {
		if (s.open) links.append(el('li', { textContent: fmt(_('Seat %d is open: anyone may take it from the lobby'), s.seat) }));
		if (!s.link) continue;
		const url = location.origin + s.link;
		links.append(el('li', {}, fmt(_('Seat %d (%s):'), s.seat, s.name) + ' ', el('a', { href: url, textContent: fmt(_('play as seat %d'), s.seat), className: 'seat-link' }), ' ', copyButton(url)));
	}
	const spec = location.origin + body.spectator;
	links.append(el('li', {}, _('Spectators:') + ' ', el('a', { href: spec, textContent: spec }), ' ', copyButton(spec)));
	$('created').hidden = false;
	loadTables();
	mySeats();
}

// A button that copies a link, and says so.
function copyButton(url) {
	const b = el('button', { type: 'button', className: 'copy', textContent: _('Copy link') });
	b.addEventListener('click', async () => {
		try {
			await navigator.clipboard.writeText(url);
			b.textContent = _('Copied');
		} catch (e) {
			window.prompt(_('Copy this link:'), url); // no clipboard (plain http)
		}
	});
	return b;
}

async function join(id, seat) {
	$('error-join').textContent = '';
	const r = await fetch(api('/api/tables/' + id + '/join'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seat, name: $('join-name').value }) });
	const body = await r.json();
	if (!r.ok) { $('error-join').textContent = body.error; loadTables(); return; }
	location.href = body.link; // the seat's link: bookmark it to come back
}

async function loadTables() {
	const r = await fetch(api('/api/tables'));
	if (!r.ok) return;
	const body = await r.json();
	const hide = $('hide-over').checked;
	const rows = body.tables.filter((t) => !(hide && t.over)).map((t) => {
		// TRANSLATORS: %s is the name of a seat played by an agent
		const seats = t.seats.map((s) => (s.kind === 'agent' ? fmt(_('%s (agent)'), s.name) : s.kind === 'engine' ? fmt(_('%s (engine)'), s.name) : s.bot ? fmt(_('%s (bot)'), s.name) : s.name)).join(', ');
		// the game, and its preset by name where it says more (never the preset's id)
		const preset = games && t.preset ? games.presets.find((p) => p.id === t.preset) : null;
		// TRANSLATORS: a table's game in the lobby, then its preset's name
		const game = preset && preset.name !== t.game ? fmt(_('%1$s (%2$s)'), t.game, preset.name) : t.game;
		// TRANSLATORS: a table's state in the lobby: its game is over
		const state = t.over ? _('over') : t.to_move ? fmt(_('seat %d to move'), t.to_move) : '';
		const actions = el('td', {}, el('a', { href: '/t/' + t.id, textContent: _('watch') }));
		const free = t.seats.findIndex((s) => s.open);
		if (free >= 0) {
			actions.append(' ', el('button', { textContent: fmt(_('join as seat %d'), free + 1), className: 'join', onclick: () => join(t.id, free + 1) }));
		}
		return el('tr', {}, el('td', { textContent: game }), el('td', { textContent: seats }),
			el('td', { textContent: String(t.moves) }), el('td', { textContent: state }), actions);
	});
	document.querySelector('#tables tbody').replaceChildren(...rows);
}

// "My games": the tables of the seat links and owner tokens this browser keeps, and
// logged in the account's seats, as the server finds them (POST /api/mine), the ones
// where it is your turn first.
async function mySeats() {
	const seats = stored('bones.seats'), owned = stored('bones.owned');
	const ask = new Map();
	for (const s of seats) if (!ask.has(s.id)) ask.set(s.id, { id: s.id, token: s.token });
	for (const o of owned) ask.set(o.id, Object.assign(ask.get(o.id) || { id: o.id }, { owner: o.owner }));
	const loggedIn = typeof account !== 'undefined' && account.name; // account.js: the account's seats too
	$('mine').hidden = !ask.size && !loggedIn;
	if (!ask.size && !loggedIn) { $('my-seats').replaceChildren(); return; }
	let body;
	try {
		const r = await fetch(api('/api/mine'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tables: [...ask.values()].slice(0, 100) }) });
		body = await r.json();
		if (!r.ok) { $('error-mine').textContent = body.error; return; }
	} catch (e) { return; }
	$('mine').hidden = !body.tables.length;
	$('my-seats').replaceChildren(...body.tables.map((t) => {
		const seat = seats.find((s) => s.id === t.id && s.seat === t.seat);
		const token = seat ? seat.token : t.token; // the account's seat on a new device
		const href = token ? '/t/' + t.id + '#seat=' + t.seat + '&token=' + token : '/t/' + t.id;
		// a game the server gave the account (a tournament's round, a seek or challenge
		// answered elsewhere) that this browser has not opened yet
		const fresh = !seat && !t.over && t.token;
		// TRANSLATORS: a table in "My games": the game, then the players' names
		const li = el('li', { className: t.my_turn ? 'my-turn' : t.over ? 'over' : fresh ? 'new-game' : '' },
			el('a', { href, textContent: fmt(_('%1$s: %2$s'), t.game, t.names.join(', ')) }), ' ',
			el('span', { className: 'help', textContent: t.my_turn ? _('your turn') : t.over ? _('over') : fresh ? _('a new game for you') : t.moves ? fmt(_('moves played: %d'), t.moves) : _('not started') }));
		if (t.deletable) {
			li.append(' ', el('button', { type: 'button', className: 'delete', textContent: _('Delete'), onclick: () => remove(t.id) }));
		}
		return li;
	}));
}

async function remove(id) {
	if (!window.confirm(_('Delete this table? Its links stop working.'))) return;
	const o = stored('bones.owned').find((x) => x.id === id);
	const r = await fetch(api('/api/tables/' + id + '/delete'), { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + (o ? o.owner : '') }, body: '{}' });
	const body = await r.json();
	$('error-mine').textContent = r.ok ? '' : body.error;
	if (r.ok) keep('bones.owned', stored('bones.owned').filter((x) => x.id !== id));
	mySeats();
	loadTables();
}

async function start() {
	await i18nStart();
	try { $('hide-over').checked = localStorage.getItem('bones.hide-over') === '1'; } catch (e) { /* private mode */ }
	$('hide-over').addEventListener('change', () => {
		try { localStorage.setItem('bones.hide-over', $('hide-over').checked ? '1' : '0'); } catch (e) { /* private mode */ }
		loadTables();
	});
	mySeats();
	document.addEventListener('bones-account', mySeats);
	const r = await fetch(api('/api/games'));
	games = await r.json();
	const select = $('game');
	const presets = el('optgroup', { label: _('Presets') });
	for (const p of games.presets) presets.append(el('option', { value: 's:' + p.id, textContent: p.name + ' (' + p.id + ')' }));
	const plugins = el('optgroup', { label: _('Games') });
	for (const p of games.plugins) plugins.append(el('option', { value: 'p:' + p.id, textContent: p.name }));
	select.append(presets, plugins);
	const first = games.presets.find((p) => p.id === 'holomino');
	if (first) select.value = 's:holomino';
	select.addEventListener('change', renderForm);
	$('create-form').addEventListener('submit', create);
	$('per-move').addEventListener('change', () => { $('time-more').hidden = !$('per-move').value || $('per-move').value === '0'; });
	$('per-game').addEventListener('change', () => { $('increment-label').hidden = !$('per-game').value || $('per-game').value === '0'; });
	renderForm();
	loadTables();
	setInterval(() => { loadTables(); mySeats(); }, 5000);
	document.dispatchEvent(new Event('bones-lobby-ready')); /* finding.js */
}

start();
