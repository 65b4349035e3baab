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
let zoom = 1;        // the board's width in widths of its frame (buttons, Ctrl+wheel)
let tapZoom = false; // zoomed by a tap on the overview: back to it after the move
const MAX_ZOOM = 8;
const FINGER = 44;   // the least tap target on a phone, in CSS pixels
let centre = false;  // after a zoom: scroll the board to the focus, else the targets
let focus = null;    // the point to centre after a zoom, in fractions of the picture
let offered = [];    // the moves of the choice buttons shown now (keys 1-9, R, Enter)
let picked = -1;     // the choice R has turned to, -1 none
let online = null;   // whether the server answered last (the connection indicator)
let wasMyTurn = false;

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
		const frame = $('board-wrap').clientWidth || 900;
		const w = Math.max(320, Math.min(2400, Math.round(frame * zoom)));
		// a picture as tall as the screen allows: portrait on a phone, wide on a desktop
		const ratio = Math.max(0.5, Math.min(1.3, (window.innerHeight - 230) / frame));
		const h = Math.round(w * ratio);
		const at = replayAt === null ? '' : '&at=' + replayAt;
		const r = await fetch(api('/api/tables/' + tableId + '?w=' + w + '&h=' + h + at), { headers: headers() });
		const body = await r.json();
		connected(true);
		if (!r.ok) { $('error').textContent = body.error; return; }
		const same = samePicture(view, body);
		view = body;
		render(same);
	} catch (e) {
		connected(false);
	} finally {
		loading = false;
		if (again) { again = false; load(); }
	}
}

// The connection indicator: shown only while the server cannot be reached.
function connected(ok) {
	if (online === ok) return;
	online = ok;
	const c = $('conn');
	c.classList.toggle('offline', !ok);
	c.textContent = ok ? '' : _('No connection to the server: trying again...');
}

async function play(move) {
	$('error').textContent = '';
	let r, body;
	try {
		r = await fetch(api('/api/tables/' + tableId + '/move'), { method: 'POST', headers: headers(), body: JSON.stringify({ move }) });
		body = await r.json();
		connected(true);
	} catch (e) {
		connected(false);
		$('error').textContent = _('The move was not sent: the server cannot be reached. Try again when the connection is back.');
		cancel();
		return;
	}
	// refused: say why, and show the board as the server has it; the choice is
	// cleared here, as the load draws nothing again when the position is the same
	cancel();
	if (r.ok) overview(); // the whole position again after a move made zoomed in
	if (!r.ok) $('error').textContent = fmt(_('The move was refused: %s'), body.error);
	load();
}

// Esc: no piece chosen, no spot's choices, the board as it is.
function cancel() {
	piece = null;
	offered = [];
	picked = -1;
	$('choices').replaceChildren();
	if (pictureUrl) $('picture').src = pictureUrl;
	if (view) renderOverlay();
}

async function rematch() {
	const r = await fetch(api('/api/tables/' + tableId + '/rematch'), { method: 'POST', headers: headers(), body: '{}' });
	const body = await r.json();
	if (!r.ok) { $('error').textContent = body.error; return; }
	if (body.rematch && body.rematch.link) location.href = body.rematch.link;
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

function pct(v, total) { return (100 * v / total) + '%'; }

function points(v) {
	return v ? ' (' + (v > 0 ? '+' : '') + number(v) + ')' : '';
}

// A legal move for its button: the game's words ("places 365 at 0,1"), with a capital.
function words(m) {
	const w = m.words || m.label || m.move;
	return w.charAt(0).toUpperCase() + w.slice(1);
}

function label(m) {
	return words(m) + points(m.points);
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
	// several moves at one spot (pieces, orientations): numbered buttons; R turns
	// through them showing each as a ghost, Enter plays the one shown
	const box = $('choices');
	if (moves.length === 1) { play(moves[0].move); return; }
	box.replaceChildren(el('span', { className: 'ask', textContent: _('Which way? (R turns, Enter plays, Esc cancels)') }));
	offered = moves;
	picked = -1;
	moves.forEach((m, i) => {
		const b = el('button', { className: 'choice', onclick: () => play(m.move) },
			el('span', { className: 'key', textContent: String(i + 1) }), ' ' + label(m));
		b.dataset.move = m.move;
		hover(b, [m]);
		box.append(b);
	});
}

// R and Shift+R: the next or the previous way, drawn as a ghost.
function turn(by) {
	if (!offered.length) return;
	picked = (picked + by + offered.length) % offered.length;
	const buttons = document.querySelectorAll('#choices .choice');
	buttons.forEach((b, i) => b.classList.toggle('picked', i === picked));
	hoverTimer = 0;
	showGhost(offered[picked].move);
}

function key(e) {
	if (e.target.closest && e.target.closest('input, select, textarea')) return;
	if (e.ctrlKey || e.metaKey || e.altKey) return;
	if (e.key === 'Escape') { cancel(); return; }
	if (e.key === 'r' || e.key === 'R') { turn(e.shiftKey ? -1 : 1); e.preventDefault(); return; }
	if (e.key === 'Enter' && picked >= 0 && offered[picked]) { play(offered[picked].move); e.preventDefault(); return; }
	const n = parseInt(e.key, 10);
	if (n >= 1 && n <= 9) {
		const list = offered.length ? offered : (view ? view.legal.filter((m) => m.target < 0) : []);
		if (list[n - 1]) { play(list[n - 1].move); e.preventDefault(); }
	}
}

// The targets' diameter in pixels: 0.9 of the closest two centres' distance (so no two
// overlap), between 6 and 44.
function nearest(points, scale) {
	let best = Infinity;
	for (let i = 0; i < points.length; i++)
		for (let j = i + 1; j < points.length; j++)
			best = Math.min(best, Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) * scale);
	return best;
}

function targetSize(points, scale) {
	return Math.max(6, Math.min(44, Math.floor(nearest(points, scale) * 0.9)));
}

// A phone shows the whole position (zoom 1, the overview). Where its targets are
// narrower than a finger, a tap on the board zooms in around the tap until they are
// FINGER wide; the move played, the overview comes back.
function phone() { return window.innerWidth <= 800; }

function zoomAt(fx, fy, d) {
	tapZoom = true;
	focus = { x: fx, y: fy };
	setZoom(zoom * (FINGER + 4) / (d * 0.9));
}

// Back to the overview without drawing (the next load draws it).
function overview() {
	if (!tapZoom) return;
	tapZoom = false;
	zoom = 1;
	$('board').style.width = '100%';
	$('board').style.maxWidth = '';
	$('zoom-out').disabled = true;
	$('zoom-in').disabled = false;
}

function setZoom(z) {
	zoom = Math.max(1, Math.min(MAX_ZOOM, z));
	centre = true;
	$('board').style.width = (zoom * 100) + '%';
	$('board').style.maxWidth = zoom > 1 ? 'none' : '';
	$('zoom-out').disabled = zoom <= 1;
	$('zoom-in').disabled = zoom >= MAX_ZOOM;
	load();
}

// Scroll the zoomed board so that the point tapped, else the middle of the targets
// (else of the board) shows.
function centreOnTargets() {
	const wrap = $('board-wrap'), pts = view.legal.filter((m) => m.x !== undefined);
	const scale = $('picture').clientWidth / view.width;
	let x = view.width / 2, y = view.height / 2;
	if (focus) {
		x = focus.x * view.width;
		y = focus.y * view.height;
		focus = null;
	} else if (pts.length) {
		const xs = pts.map((m) => m.x), ys = pts.map((m) => m.y);
		x = (Math.min(...xs) + Math.max(...xs)) / 2;
		y = (Math.min(...ys) + Math.max(...ys)) / 2;
	}
	wrap.scrollTo(x * scale - wrap.clientWidth / 2, y * scale - wrap.clientHeight / 2);
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
		fingerWide(b, s.w, s.h, W);
		b.addEventListener('click', () => {
			piece = piece === s.piece ? null : s.piece;
			offered = [];
			$('choices').replaceChildren();
			const some = view.legal.some((m) => m.piece === s.piece);
			$('error').textContent = piece !== null && !some ? _('This piece has no legal spot now: choose another one.') : '';
			if (!some) piece = null;
			renderOverlay();
		});
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
	// circles as wide as the nearest two targets allow (never overlapping), at most a
	// finger's width: the picture's units are shown at this many pixels each
	const scale = ($('picture').clientWidth || $('board').clientWidth || W) / W;
	const firsts = [...spots.values()].map((ms) => ms[0]), gap = nearest(firsts, scale);
	let size = targetSize(firsts, scale);
	// on a phone, targets narrower than a finger are only marks (as small as they must
	// be not to overlap): a tap zooms in there
	const far = phone() && size < FINGER && zoom < MAX_ZOOM;
	if (far) {
		size = Math.max(2, Math.floor(gap * 0.9));
		overlay.prepend(zoomer(gap));
	}
	for (const moves of spots.values()) {
		const m = moves[0];
		const b = el('button', { className: 'target' + (far ? ' far' : ''), title: moves.map(label).join('\n'), tabIndex: far ? -1 : 0 });
		b.dataset.moves = moves.map((x) => x.move).join(' ');
		b.style.left = pct(m.x, W); b.style.top = pct(m.y, H);
		b.style.width = b.style.height = size + 'px';
		b.style.margin = (-size / 2) + 'px 0 0 ' + (-size / 2) + 'px';
		b.addEventListener('click', () => choose(moves));
		hover(b, moves);
		overlay.append(b);
	}
	if (!far) wideHits(overlay, [...spots.values()], size, scale);
	const other = view.legal.filter((m) => m.target < 0);
	if (other.length && !$('choices').childElementCount) {
		const box = $('choices');
		box.append(_('Other moves:') + ' ');
		for (const m of other) {
			const b = el('button', { textContent: label(m), className: 'choice other', onclick: () => play(m.move) });
			b.dataset.move = m.move;
			box.append(b);
		}
	}
}

// On a phone a hand's piece drawn narrower than a finger is tapped on a box of
// FINGER px around it (at most a pixel over its neighbour's).
function fingerWide(b, w, h, W) {
	if (!phone()) return;
	const scale = ($('picture').clientWidth || $('board').clientWidth || W) / W;
	const dx = Math.max(0, FINGER - w * scale) / 2, dy = Math.max(0, FINGER - h * scale) / 2;
	if (!dx && !dy) return;
	b.style.width = 'calc(' + b.style.width + ' + ' + (2 * dx) + 'px)';
	b.style.height = 'calc(' + b.style.height + ' + ' + (2 * dy) + 'px)';
	b.style.margin = (-dy) + 'px 0 0 ' + (-dx) + 'px';
}

// The whole board as one button under the hand's pieces: a tap zooms in around it (d:
// the nearest two targets' distance in pixels now).
function zoomer(d) {
	const b = el('button', { className: 'zoomer', title: _('Tap where you want to play: the board zooms in there') });
	b.setAttribute('aria-label', b.title);
	b.addEventListener('click', (e) => {
		const r = $('picture').getBoundingClientRect();
		zoomAt((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height, d);
	});
	return b;
}

// A target alone in its row (a market's domino) also answers on a wider capsule around
// its circle, up to half the way to the next target in its row: a bigger thing to tap
// that covers no other target (no two capsules meet either).
function wideHits(overlay, groups, size, scale) {
	const W = view.width, H = view.height;
	for (const moves of groups) {
		const m = moves[0];
		let half = Math.min(65, 1.1 * size);
		for (const other of groups) {
			const o = other[0];
			if (o === m || Math.abs(o.y - m.y) * scale >= size) continue;
			half = Math.min(half, Math.abs(o.x - m.x) * scale / 2);
		}
		if (half < size * 0.75) continue;
		const b = el('button', { className: 'hit', title: moves.map(label).join('\n'), tabIndex: -1 });
		b.style.left = pct(m.x, W); b.style.top = pct(m.y, H);
		b.style.width = (2 * half) + 'px'; b.style.height = size + 'px';
		b.style.margin = (-size / 2) + 'px 0 0 ' + (-half) + 'px';
		b.addEventListener('click', () => choose(moves));
		overlay.prepend(b); // under the circles
	}
}

// Pinch on the board zooms it (two fingers); one finger scrolls as usual, and a tap on
// a target is a click. The picture is drawn again at the new size when the fingers lift.
let pinch = null;
function touchDistance(e) {
	const [a, b] = e.touches;
	return { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
}

function pinchStart(e) {
	if (e.touches.length !== 2) return;
	const t = touchDistance(e), wrap = $('board-wrap'), r = wrap.getBoundingClientRect();
	pinch = { d: t.d, zoom, f: 1, x: t.x - r.left, y: t.y - r.top, sx: wrap.scrollLeft, sy: wrap.scrollTop };
}

function pinchMove(e) {
	if (!pinch || e.touches.length !== 2) return;
	e.preventDefault();
	const t = touchDistance(e), wrap = $('board-wrap');
	const z = Math.max(1, Math.min(MAX_ZOOM, pinch.zoom * t.d / pinch.d));
	pinch.f = z / pinch.zoom;
	$('board').style.width = (z * 100) + '%';
	$('board').style.maxWidth = z > 1 ? 'none' : '';
	// the point between the fingers stays under them
	wrap.scrollLeft = (pinch.sx + pinch.x) * pinch.f - pinch.x;
	wrap.scrollTop = (pinch.sy + pinch.y) * pinch.f - pinch.y;
}

function pinchEnd(e) {
	if (!pinch || e.touches.length >= 2) return;
	const z = pinch.zoom * pinch.f;
	pinch = null;
	tapZoom = false;
	zoom = Math.max(1, Math.min(MAX_ZOOM, z));
	$('zoom-out').disabled = zoom <= 1;
	$('zoom-in').disabled = zoom >= MAX_ZOOM;
	load(); // keeps the scroll: the fingers chose what shows
}

// Time left as the terminal and the window show it (bones_clock_text): m:ss, from an
// hour h:mm:ss, from a day "3d 4:05" (days per move); the seconds rounded up.
function clockText(ms) {
	const secs = Math.ceil(Math.max(0, ms) / 1000), two = (n) => String(n).padStart(2, '0');
	if (secs >= 86400) return Math.floor(secs / 86400) + 'd ' + Math.floor(secs % 86400 / 3600) + ':' + two(Math.floor(secs % 3600 / 60));
	if (secs >= 3600) return Math.floor(secs / 3600) + ':' + two(Math.floor(secs % 3600 / 60)) + ':' + two(secs % 60);
	return Math.floor(secs / 60) + ':' + two(secs % 60);
}

// The running move's limit, in words.
function moveClockText(c, left) {
	const mine = c.seat === view.viewer, name = mine ? '' : view.seats[c.seat - 1].name, t = clockText(left);
	if (c.phase === 'running') return mine ? fmt(_('You have %s for this move'), t) : fmt(_('%1$s has %2$s for this move'), name, t);
	if (c.phase === 'grace') return mine ? fmt(_('You have run out of time (penalty given): %s of grace left'), t)
		: fmt(_('%1$s has run out of time (penalty given): %2$s of grace left'), name, t);
	return mine ? _('You have run out of time') : fmt(_('%s has run out of time'), name);
}

// A game clock: every human seat's time left, the mover's running down from the server's
// figure (the page never keeps time itself: each load brings the server's).
function bankText(c, since) {
	const banks = c.banks_ms.map((ms, i) => view.seats[i].kind === 'agent' ? '' : view.seats[i].name + ' ' +
		clockText(i + 1 === c.seat && ticking(c) ? ms - since : ms)).filter((t) => t); // agents are not timed
	// TRANSLATORS: a game clock: each player's time left, then the seconds added per move
	const inc = c.increment_ms < 60000 ? number(c.increment_ms / 1000) + 's' : clockText(c.increment_ms);
	return fmt(_('Time left: %s'), banks.join(' · ')) + (c.increment_ms ? ' ' + fmt(_('(+%s a move)'), inc) : '');
}

// Whether the clock runs down now: not before the first move ("waiting").
function ticking(c) {
	return c.phase !== 'off' && c.phase !== 'waiting';
}

let clockTimer = null;
function renderClock() {
	clearInterval(clockTimer);
	const c = view.clock;
	$('clock').hidden = !c;
	if (!c) return;
	const start = Date.now();
	const show = () => {
		const since = Date.now() - start, lines = [];
		if (c.phase === 'waiting')
			lines.push(_('The clock starts after the first move'));
		else if (c.phase !== 'off' && !(c.banks_ms && c.remaining_ms === c.banks_ms[c.seat - 1]))
			lines.push(moveClockText(c, c.remaining_ms - since));
		if (c.banks_ms) lines.push(bankText(c, since));
		$('clock').textContent = lines.join(' — ');
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
	$('r-label').textContent = view.at === view.length ? _('the end') : k === 0 ? _('the start') : fmt(_('after move %d'), k);
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
	const text = m.over ? fmt(_('match over after %2$d games: %3$s'), m.game, m.played, totals)
		// TRANSLATORS: a match to a target score (61 points), its running game and totals
		: m.target ? fmt(_('match to %1$s points, game %2$d: %3$s'), number(m.target), m.game, totals)
			: fmt(_('match game %1$d of %2$d: %3$s'), m.game, m.games, totals);
	box.replaceChildren(text, ...links);
}

// The same picture and targets as drawn (a chat line, a clock's penalty elsewhere): the
// board is not drawn again, so a click landing meanwhile is not lost.
function samePicture(old, now) {
	return !!old && !!pictureUrl && old.svg === now.svg && old.at === now.at &&
		JSON.stringify(old.legal) === JSON.stringify(now.legal) &&
		JSON.stringify(old.targets) === JSON.stringify(now.targets);
}

function render(same) {
	if (!pictureUrl) remember();
	$('title').replaceChildren(view.game + ' (' + view.preset + ') ',
		el('a', { href: api('/rules/' + encodeURIComponent(view.plugin)), target: '_blank', textContent: _('Rules') }));
	$('who').textContent = view.viewer ? fmt(_('You are seat %1$d: %2$s'), view.viewer, view.seats[view.viewer - 1].name) : _('Watching');
	$('status').textContent = view.status;
	renderOver();
	notifyTurn();
	renderReplay();
	renderClock();
	renderMatch();
	renderChat();
	if (!same && !drawBoard()) return;
	renderPanels();
}

// The picture and its targets, drawn afresh; false when a zoom draws them again.
function drawBoard() {
	if (pictureUrl) URL.revokeObjectURL(pictureUrl);
	for (const url of ghosts.values()) URL.revokeObjectURL(url);
	ghosts = new Map();
	clearTimeout(hoverTimer);
	hoverTimer = null;
	pictureUrl = URL.createObjectURL(new Blob([view.svg], { type: 'image/svg+xml' }));
	// the picture's shape before it is decoded (width and height give it its aspect
	// ratio; the CSS keeps the width): otherwise the board is 0 px tall until then and
	// every target of one column sits on the same point
	$('picture').width = view.width;
	$('picture').height = view.height;
	$('picture').src = pictureUrl;
	$('choices').replaceChildren();
	offered = [];
	picked = -1;
	renderOverlay();
	if (centre) {
		centre = false;
		if ($('picture').complete) centreOnTargets();
		else $('picture').addEventListener('load', centreOnTargets, { once: true });
	}
	if (view.over && tapZoom) { tapZoom = false; setZoom(1); return false; } // the whole end
	return true;
}

// The legal-moves list, the buttons, the scores and the move list.
function renderPanels() {
	const legal = $('legal');
	legal.replaceChildren(...view.legal.map((m) => el('option', { value: m.move, textContent: label(m) })));
	legal.disabled = $('play-selected').disabled = !view.legal.length;
	$('details').hidden = !view.legal.length && !view.over;
	$('play-selected').hidden = legal.hidden = !view.legal.length;
	$('zoom').hidden = false;
	$('resign').hidden = !view.viewer || view.over;
	$('hint').hidden = !view.hints || !view.legal.length;
	renderUndo();
	const scores = view.seats.map((s) => el('tr', { className: (view.to_move === s.seat ? 'to-move' : '') + (view.over && s.rank === 1 ? ' winner' : '') },
		el('td', { textContent: s.seat + '. ' + (s.kind === 'agent' ? fmt(_('%s (agent)'), s.name) : s.kind === 'engine' ? fmt(_('%s (engine)'), s.name)
			// TRANSLATORS: a seat played by a bot account (an engine on its owner's machine, bones bot)
			: (view.bots || []).includes(s.seat) ? fmt(_('%s (bot)'), s.name) : s.name) }),
		// TRANSLATORS: a seat's points and its time penalty points
		el('td', { textContent: s.penalty ? fmt(_('%1$s (penalty %2$s)'), number(s.score), number(s.penalty)) : number(s.score) }),
		el('td', { textContent: s.rank ? fmt(_('rank %d'), s.rank) : '' })));
	document.querySelector('#scores tbody').replaceChildren(...scores);
	const names = view.seats.map((s) => s.name);
	const items = view.moves.map((m) => el('li', m.seat ? { value: m.number, className: 'move', title: m.text } : { className: 'chance', title: m.text },
		// TRANSLATORS: a player's move in words: the player's name, then the game's words
		m.seat ? (m.words ? fmt(_('%1$s %2$s'), names[m.seat - 1], m.words) : names[m.seat - 1] + ': ' + m.text) + points(m.points)
			// TRANSLATORS: a chance outcome in the move list (a deal, a draw)
			: fmt(_('chance: %s'), m.words || m.text),
		m.seat ? el('span', { className: 'notation', textContent: ' [' + m.text + ']' }) : '',
		m.breakdown ? el('div', { className: 'why', textContent: m.breakdown }) : ''));
	$('moves').replaceChildren(...items);
	const record = $('record');
	record.hidden = !view.over;
	record.href = '/api/tables/' + tableId + '/record'; // the same in every language
	record.download = 'bones-' + tableId + '.bones';
	if (typeof bonesAnalysis !== 'undefined') bonesAnalysis.render(view, jump); // analysis.js
}

// Show the replay's position at or before history position at (the analysis' graph).
function jump(at) {
	const stop = stops.filter((s) => s <= at).pop() || 0;
	replayAt = stop >= stops[stops.length - 1] ? null : stop;
	load();
}

// The table's chat: text only (textContent, never HTML), newest at the bottom.
function renderChat() {
	const list = $('chat'), lines = view.chat || [];
	const last = list.lastElementChild;
	if (last && lines.length && last.dataset.n === String(lines[lines.length - 1].n)) return;
	const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
	list.replaceChildren(...lines.map((c) => {
		// TRANSLATORS: a spectator's line in the chat has no seat and maybe no name
		const who = c.seat ? c.name : fmt(_('%s (watching)'), c.name || _('spectator'));
		const li = el('li', { className: c.seat ? 'seat' : 'spectator' }, el('b', { textContent: who + ': ' }), c.text);
		li.dataset.n = c.n;
		return li;
	}));
	if (atEnd) list.scrollTop = list.scrollHeight;
	$('chat-name').hidden = !!view.viewer;
}

async function sendChat(e) {
	e.preventDefault();
	const text = $('chat-text').value.trim();
	if (!text) return;
	const body = { text };
	if (!view || !view.viewer) body.name = $('chat-name').value.trim();
	try {
		const r = await fetch(api('/api/tables/' + tableId + '/chat'), { method: 'POST', headers: headers(), body: JSON.stringify(body) });
		const reply = await r.json();
		connected(true);
		$('chat-error').textContent = r.ok ? '' : reply.error;
		if (r.ok) { $('chat-text').value = ''; load(); }
	} catch (err) {
		connected(false);
		$('chat-error').textContent = _('The message was not sent: the server cannot be reached.');
	}
}

// The end: who won with what, the winner's row marked, the rematch offered.
function renderOver() {
	$('over').hidden = !view.over;
	if (!view.over) return;
	const best = view.seats.filter((s) => s.rank === 1);
	const all = view.seats.map((s) => fmt(_('%1$s %2$s'), s.name, number(s.score))).join(', ');
	let text;
	if (best.length === 1 && view.seats.length > 1)
		// TRANSLATORS: the winner's name, then every player's final score
		text = fmt(_('%1$s wins. Final scores: %2$s'), best[0].name, all);
	else if (best.length > 1)
		text = fmt(_('A draw between %1$s. Final scores: %2$s'), best.map((s) => s.name).join(', '), all);
	else
		text = fmt(_('Game over. Final scores: %s'), all);
	// a game ended by a resignation or the clock says so first
	const out = view.seats[(view.resigned || view.forfeit || 0) - 1];
	if (out) text = (view.resigned ? fmt(_('%s resigned.'), out.name) : fmt(_('%s ran out of time and forfeits.'), out.name)) + ' ' + text;
	$('over-text').textContent = text;
	const link = $('rematch-link');
	const r = view.rematch;
	// a tournament's game has no rematch: its pairings say who plays whom next
	const t = view.tournament;
	$('rematch').hidden = !view.viewer || !!r || !!t;
	$('tourney-link').hidden = !t;
	if (t) {
		$('tourney-link').href = t.link;
		// TRANSLATORS: the link from a tournament's finished game back to its page
		$('tourney-link').textContent = fmt(_('Back to the tournament (round %d)'), t.round);
	}
	link.hidden = !r;
	if (r) {
		link.href = r.link || '/t/' + r.id;
		link.textContent = r.link ? _('Play the rematch') : _('Watch the rematch');
	}
}

// Your turn: the tab's title and icon, a sound if asked for, a notification when the
// page is in the background and notifications were allowed.
function notifyTurn() {
	const mine = !!view.legal.length;
	document.title = (mine ? '\u25CF ' + _('Your turn') + ' \u2013 ' : '') + fmt(_('Bones: %s'), view.game);
	$('favicon').href = mine ? '/static/favicon-turn.svg' : '/static/favicon.svg';
	if (mine && !wasMyTurn) {
		if ($('sound').checked) beep();
		if (document.hidden && window.Notification && Notification.permission === 'granted')
			new Notification(fmt(_('Bones: %s'), view.game), { body: view.status || _('Your turn'), icon: '/static/favicon-turn.svg' });
	}
	wasMyTurn = mine;
	$('notify').hidden = !view.viewer || view.over || !window.Notification || Notification.permission !== 'default';
}

function beep() {
	try {
		const ctx = new (window.AudioContext || window.webkitAudioContext)();
		const o = ctx.createOscillator(), g = ctx.createGain();
		o.frequency.value = 660;
		g.gain.setValueAtTime(0.15, ctx.currentTime);
		g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
		o.connect(g).connect(ctx.destination);
		o.start();
		o.stop(ctx.currentTime + 0.4);
	} catch (e) { /* no audio */ }
}

function listen() {
	const events = new EventSource('/api/tables/' + tableId + '/events');
	events.addEventListener('open', () => connected(true));
	events.addEventListener('error', () => {
		connected(false);
		// a refused stream (too many from this address, the server full) is closed
		// for good: try again later, as the reply's Retry-After says
		if (events.readyState === EventSource.CLOSED) setTimeout(listen, 10000);
	});
	events.addEventListener('version', (e) => {
		connected(true);
		if ((!view || String(view.version) !== e.data) && replayAt === null) load();
	});
}

$('play-selected').addEventListener('click', () => { if ($('legal').value) play($('legal').value); });
$('rematch').addEventListener('click', rematch);
$('chat-form').addEventListener('submit', sendChat);
try { $('chat-name').value = localStorage.getItem('bones.name') || ''; } catch (e) { /* private mode */ }
$('chat-name').addEventListener('change', () => { try { localStorage.setItem('bones.name', $('chat-name').value); } catch (e) { /* private mode */ } });
$('zoom-in').addEventListener('click', () => { tapZoom = false; setZoom(zoom * 1.5); });
$('zoom-out').addEventListener('click', () => { tapZoom = false; setZoom(zoom / 1.5); });
$('zoom-fit').addEventListener('click', () => { tapZoom = false; setZoom(1); });
$('board-wrap').addEventListener('wheel', (e) => {
	if (!e.ctrlKey) return; // a plain wheel scrolls; Ctrl+wheel zooms
	e.preventDefault();
	tapZoom = false;
	setZoom(zoom * (e.deltaY < 0 ? 1.25 : 0.8));
}, { passive: false });
$('board-wrap').addEventListener('touchstart', pinchStart, { passive: true });
$('board-wrap').addEventListener('touchmove', pinchMove, { passive: false });
$('board-wrap').addEventListener('touchend', pinchEnd);
$('board-wrap').addEventListener('touchcancel', pinchEnd);
$('notify').addEventListener('click', () => Notification.requestPermission().then(() => render()));
try { $('sound').checked = localStorage.getItem('bones.sound') === '1'; } catch (e) { /* private mode */ }
$('sound').addEventListener('change', () => { try { localStorage.setItem('bones.sound', $('sound').checked ? '1' : '0'); } catch (e) { /* private mode */ } });
$('show-notation').addEventListener('change', () => $('moves').classList.toggle('hide-notation', !$('show-notation').checked));
$('moves').classList.add('hide-notation');
document.addEventListener('keydown', key);
// another seat's link opened in this tab: that seat, from the start
window.addEventListener('hashchange', () => location.reload());
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
