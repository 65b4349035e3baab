// Bones table page: the server's picture of the position for this viewer, the legal
// targets as buttons over it, the move list and scores, live by Server-Sent Events.
// The seat's token comes from the link's #fragment (never sent in a URL to the server)
// and goes only in the Authorization header.
'use strict';
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split('/')[2];
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get('token');
let view = null;
let piece = null; // the hand piece chosen, or null
let pictureUrl = null;
let loading = false, again = false;
let ghosts = new Map(); // move -> blob URL of the picture with its ghost (this version)
let hoverTimer = null;
let replayAt = null; // a history index while replaying a finished game, else null
let stops = [];      // the replay's positions: after each player move, and the end

function el(tag, props, ...kids) {
	const e = document.createElement(tag);
	Object.assign(e, props || {});
	for (const k of kids) e.append(k);
	return e;
}

function headers() {
	const h = { 'Content-Type': 'application/json' };
	if (token) h.Authorization = 'Bearer ' + token;
	return h;
}

async function load() {
	if (loading) { again = true; return; }
	loading = true;
	try {
		const w = Math.max(480, Math.min(1600, Math.round($('board').clientWidth || 900)));
		const h = Math.round(w * 2 / 3);
		const at = replayAt === null ? '' : '&at=' + replayAt;
		const r = await fetch(api('/api/tables/' + tableId + '?w=' + w + '&h=' + h + at), { headers: headers() });
		const body = await r.json();
		if (!r.ok) { $('error').textContent = body.error; return; }
		view = body;
		render();
	} catch (e) {
		$('error').textContent = fmt(_('cannot reach the server: %s'), e);
	} finally {
		loading = false;
		if (again) { again = false; load(); }
	}
}

async function play(move) {
	$('error').textContent = '';
	const r = await fetch(api('/api/tables/' + tableId + '/move'), { method: 'POST', headers: headers(), body: JSON.stringify({ move }) });
	const body = await r.json();
	if (!r.ok) { $('error').textContent = body.error; return; }
	piece = null;
	$('choices').replaceChildren();
	load();
}

async function resign() {
	if (!confirm(_('Resign this game?'))) return;
	const r = await fetch(api('/api/tables/' + tableId + '/resign'), { method: 'POST', headers: headers(), body: '{}' });
	const body = await r.json();
	if (!r.ok) $('error').textContent = body.error;
	load();
}

async function hint() {
	$('error').textContent = _('thinking...');
	const r = await fetch(api('/api/tables/' + tableId + '/hint'), { method: 'POST', headers: headers(), body: '{}' });
	const body = await r.json();
	if (!r.ok) { $('error').textContent = body.error; return; }
	$('error').textContent = '';
	const m = view.legal.find((x) => x.move === body.move);
	choose([]);
	$('choices').replaceChildren(_('Hint:') + ' ');
	const b = el('button', { textContent: m ? label(m) : body.move, className: 'choice', onclick: () => play(body.move) });
	b.dataset.move = body.move;
	if (m) hover(b, [m]);
	$('choices').append(b);
	hoverTimer = 0;
	showGhost(body.move);
}

async function undo(action) {
	$('error').textContent = '';
	const r = await fetch(api('/api/tables/' + tableId + '/undo'), { method: 'POST', headers: headers(), body: JSON.stringify({ action }) });
	const body = await r.json();
	if (!r.ok) $('error').textContent = body.error;
	load();
}

function renderUndo() {
	const mine = view.viewer && view.moves.some((m) => m.seat === view.viewer);
	const asked = view.undo_by;
	$('undo').hidden = !view.viewer || view.over || !mine || asked !== 0;
	const box = $('undo-request');
	box.hidden = !view.viewer || view.over || asked === 0;
	if (asked === view.viewer) {
		$('undo-text').textContent = _('You asked to take back your last move.');
		$('undo-accept').hidden = true;
		$('undo-decline').textContent = _('Cancel');
	} else if (asked) {
		$('undo-text').textContent = fmt(_('%s asks to take back their last move.'), view.seats[asked - 1].name);
		$('undo-accept').hidden = false;
		$('undo-decline').textContent = _('Decline');
	}
}

// A number as the player's language writes it (a decimal comma in German).
function number(v) { return Number(v).toLocaleString(i18n.lang); }

// The view's result ("ranks 1 2; scores 30 12", as in the record) for people.
function resultText(result) {
	const m = /^ranks ([\d ]+); scores (.*)$/.exec(result);
	// TRANSLATORS: each seat's rank, then each seat's points, in seat order
	return m ? fmt(_('ranks %1$s; scores %2$s'), m[1], m[2].split(' ').map(number).join(' ')) : result;
}

function pct(v, total) { return (100 * v / total) + '%'; }

function label(m) {
	return (m.label || m.move) + (m.points ? ' (' + (m.points > 0 ? '+' : '') + number(m.points) + ')' : '');
}

async function showGhost(move) {
	// the position with this move drawn translucently, made by the server for us
	let url = ghosts.get(move);
	if (!url) {
		const r = await fetch(api('/api/tables/' + tableId + '/picture?ghost=' + encodeURIComponent(move) +
			'&w=' + view.width + '&h=' + view.height), { headers: headers() });
		if (!r.ok) return;
		url = URL.createObjectURL(await r.blob());
		ghosts.set(move, url);
	}
	if (hoverTimer !== null) $('picture').src = url;
}

function hover(b, moves) {
	b.addEventListener('mouseenter', () => {
		clearTimeout(hoverTimer);
		hoverTimer = setTimeout(() => showGhost(moves[0].move), 150);
	});
	b.addEventListener('mouseleave', () => {
		clearTimeout(hoverTimer);
		hoverTimer = null;
		$('picture').src = pictureUrl;
	});
}

function choose(moves) {
	// several moves at one spot (pieces, orientations): let the player pick
	const box = $('choices');
	box.replaceChildren(moves.length > 1 ? _('Which move?') + ' ' : '');
	if (moves.length === 1) { play(moves[0].move); return; }
	for (const m of moves) {
		const b = el('button', { textContent: label(m), className: 'choice', onclick: () => play(m.move) });
		b.dataset.move = m.move;
		hover(b, [m]);
		box.append(b);
	}
}

function renderOverlay() {
	const overlay = $('overlay');
	overlay.replaceChildren();
	const W = view.width, H = view.height;
	for (const s of view.slots) {
		// TRANSLATORS: the tooltip of a piece in the player's hand
		const b = el('button', { className: 'slot' + (piece === s.piece ? ' selected' : ''), title: fmt(_('piece %d'), s.piece + 1) });
		b.dataset.piece = s.piece;
		b.style.left = pct(s.x, W); b.style.top = pct(s.y, H);
		b.style.width = pct(s.w, W); b.style.height = pct(s.h, H);
		b.addEventListener('click', () => { piece = piece === s.piece ? null : s.piece; $('choices').replaceChildren(); renderOverlay(); });
		overlay.append(b);
	}
	const spots = new Map();
	for (const m of view.legal) {
		// the server groups the moves by spot (bones/choices.h): one button a spot
		if (m.spot < 0 || m.x === undefined) continue;
		if (piece !== null && m.piece !== piece) continue;
		if (!spots.has(m.spot)) spots.set(m.spot, []);
		spots.get(m.spot).push(m);
	}
	for (const moves of spots.values()) {
		const m = moves[0];
		const b = el('button', { className: 'target', title: moves.map(label).join('\n') });
		b.dataset.moves = moves.map((x) => x.move).join(' ');
		b.style.left = pct(m.x, W); b.style.top = pct(m.y, H);
		b.addEventListener('click', () => choose(moves));
		hover(b, moves);
		overlay.append(b);
	}
	const other = view.legal.filter((m) => m.target < 0);
	if (other.length && !$('choices').childElementCount) {
		const box = $('choices');
		box.append(_('Other moves:') + ' ');
		for (const m of other) {
			const b = el('button', { textContent: label(m), className: 'choice', onclick: () => play(m.move) });
			b.dataset.move = m.move;
			box.append(b);
		}
	}
}

let clockTimer = null;
function renderClock() {
	clearInterval(clockTimer);
	const c = view.clock;
	$('clock').hidden = !c;
	if (!c) return;
	const deadline = Date.now() + c.remaining_ms;
	const mine = c.seat === view.viewer, name = mine ? '' : view.seats[c.seat - 1].name;
	const show = () => {
		// m:ss with the seconds rounded up, as the terminal and the window show it
		const secs = Math.ceil(Math.max(0, deadline - Date.now()) / 1000);
		const t = Math.floor(secs / 60) + ':' + String(secs % 60).padStart(2, '0');
		let text;
		if (c.phase === 'running') text = mine ? fmt(_('You have %s for this move'), t) : fmt(_('%1$s has %2$s for this move'), name, t);
		else if (c.phase === 'grace') text = mine ? fmt(_('You have run out of time (penalty given): %s of grace left'), t)
			: fmt(_('%1$s has run out of time (penalty given): %2$s of grace left'), name, t);
		else text = mine ? _('You have run out of time') : fmt(_('%s has run out of time'), name);
		$('clock').textContent = text;
	};
	show();
	clockTimer = setInterval(show, 250);
}

function renderReplay() {
	if (view.at === view.length) {
		stops = [0, ...view.moves.filter((m) => m.seat).map((m) => m.n)];
		if (stops[stops.length - 1] !== view.length) stops.push(view.length);
	}
	$('replay').hidden = !view.over;
	const k = stops.indexOf(view.at);
	$('r-label').textContent = view.at === view.length ? _('the end') : k === 0 ? _('the start') : fmt(_('after move %d'), view.at);
	$('r-first').disabled = $('r-prev').disabled = k <= 0;
	$('r-next').disabled = $('r-last').disabled = k < 0 || k >= stops.length - 1;
}

function step(to) {
	const k = stops.indexOf(view.at);
	const n = to === 'first' ? 0 : to === 'last' ? stops.length - 1 : Math.max(0, Math.min(stops.length - 1, k + to));
	replayAt = n === stops.length - 1 ? null : stops[n];
	load();
}

function remember() {
	// keep this seat's link in this browser, for the lobby's "Your seats"
	if (!token || !view.viewer) return;
	let seats = [];
	try { seats = JSON.parse(localStorage.getItem('bones.seats') || '[]'); } catch (e) { seats = []; }
	seats = seats.filter((s) => !(s.id === tableId && s.seat === view.viewer));
	seats.unshift({ id: tableId, seat: view.viewer, token, game: view.game, when: Date.now() });
	try { localStorage.setItem('bones.seats', JSON.stringify(seats.slice(0, 50))); } catch (e) { /* private mode */ }
}

// A match's game and totals by participant, and a link to each finished game's record.
function renderMatch() {
	const m = view.match, box = $('match');
	box.hidden = !m;
	if (!m) return;
	const totals = m.totals.map((p) => fmt(_('%1$s: %2$s (games won %3$d)'), p.name, number(p.points), p.wins)).join(', ');
	const links = [];
	for (let k = 1; k <= m.played; k++) {
		links.push(' ', el('a', { href: '/api/tables/' + tableId + '/record?game=' + k, download: 'bones-' + tableId + '-g' + k + '.bones',
			textContent: fmt(_('record of game %d'), k) }));
	}
	// TRANSLATORS: a match's running game and the participants' total points
	box.replaceChildren(fmt(m.over ? _('match over after %2$d games: %3$s') : _('match game %1$d of %2$d: %3$s'), m.game, m.games, totals), ...links);
}

function render() {
	if (!pictureUrl) remember();
	document.title = fmt(_('Bones: %s'), view.game);
	$('title').textContent = view.game + ' (' + view.preset + ')';
	$('who').textContent = view.viewer ? fmt(_('You are seat %1$d: %2$s'), view.viewer, view.seats[view.viewer - 1].name) : _('Watching');
	// TRANSLATORS: the status line ("game over") and the game's result
	$('status').textContent = view.result ? fmt(_('%1$s (%2$s)'), view.status, resultText(view.result)) : view.status;
	renderReplay();
	renderClock();
	renderMatch();
	if (pictureUrl) URL.revokeObjectURL(pictureUrl);
	for (const url of ghosts.values()) URL.revokeObjectURL(url);
	ghosts = new Map();
	clearTimeout(hoverTimer);
	hoverTimer = null;
	pictureUrl = URL.createObjectURL(new Blob([view.svg], { type: 'image/svg+xml' }));
	$('picture').src = pictureUrl;
	$('choices').replaceChildren();
	renderOverlay();
	const legal = $('legal');
	legal.replaceChildren(...view.legal.map((m) => el('option', { value: m.move, textContent: label(m) })));
	legal.disabled = $('play-selected').disabled = !view.legal.length;
	$('resign').hidden = !view.viewer || view.over;
	$('hint').hidden = !view.hints || !view.legal.length;
	renderUndo();
	const scores = view.seats.map((s) => el('tr', { className: view.to_move === s.seat ? 'to-move' : '' },
		el('td', { textContent: s.seat + '. ' + (s.kind === 'agent' ? fmt(_('%s (agent)'), s.name) : s.name) }),
		// TRANSLATORS: a seat's points and its time penalty points
		el('td', { textContent: s.penalty ? fmt(_('%1$s (penalty %2$s)'), number(s.score), number(s.penalty)) : number(s.score) }),
		el('td', { textContent: s.rank ? fmt(_('rank %d'), s.rank) : '' })));
	document.querySelector('#scores tbody').replaceChildren(...scores);
	const names = view.seats.map((s) => s.name);
	const items = view.moves.map((m) => el('li', m.seat ? { value: m.number, className: 'move' } : { className: 'chance' },
		// TRANSLATORS: a chance outcome in the move list (a deal, a draw)
		m.seat ? names[m.seat - 1] + ': ' + m.text : fmt(_('chance: %s'), m.words || m.text),
		m.breakdown ? el('div', { className: 'why', textContent: m.breakdown }) : ''));
	$('moves').replaceChildren(...items);
	const record = $('record');
	record.hidden = !view.over;
	record.href = '/api/tables/' + tableId + '/record'; // the same in every language
	record.download = 'bones-' + tableId + '.bones';
}

function listen() {
	const events = new EventSource('/api/tables/' + tableId + '/events');
	events.addEventListener('version', (e) => {
		if ((!view || String(view.version) !== e.data) && replayAt === null) load();
	});
}

$('play-selected').addEventListener('click', () => { if ($('legal').value) play($('legal').value); });
$('resign').addEventListener('click', resign);
$('undo').addEventListener('click', () => undo('request'));
$('hint').addEventListener('click', hint);
$('r-first').addEventListener('click', () => step('first'));
$('r-prev').addEventListener('click', () => step(-1));
$('r-next').addEventListener('click', () => step(1));
$('r-last').addEventListener('click', () => step('last'));
$('undo-accept').addEventListener('click', () => undo('accept'));
$('undo-decline').addEventListener('click', () => undo(view.undo_by === view.viewer ? 'cancel' : 'decline'));
$('show-chance').addEventListener('change', () => $('moves').classList.toggle('hide-chance', !$('show-chance').checked));
$('moves').classList.add('hide-chance');
window.addEventListener('resize', () => { clearTimeout(window.resizeTimer); window.resizeTimer = setTimeout(load, 300); });
i18nStart().then(() => { load(); listen(); });
