// Bones: a player's page (/players/NAME: ratings per game and per preset, wins, draws
// and losses per game and preset, games with links to replay them) and a game's ladder
// (/ladder/GAME, or a preset's: /ladder/GAME?preset=PRESET), from GET /api/players/NAME
// and GET /api/ladder/GAME[/PRESET].
'use strict';

function pel(tag, props, ...kids) {
	const e = document.createElement(tag);
	Object.assign(e, props || {});
	for (const k of kids) e.append(k);
	return e;
}

const row = (...cells) => pel('tr', {}, ...cells.map((c) => (c instanceof Node ? pel('td', {}, c) : pel('td', { textContent: String(c) }))));
const playerLink = (name, text) => pel('a', { href: '/players/' + encodeURIComponent(name), textContent: text || name });
// TRANSLATORS: a bot account's name (an engine playing from its owner's machine, bones bot)
const botName = (name) => fmt(_('%s (bot)'), name);
// the games' and presets' names in the player's language (GET /api/games), by id
let names = { games: {}, presets: {} };
async function loadNames() {
	const r = await fetch(api('/api/games'));
	if (!r.ok) return;
	const body = await r.json();
	for (const p of body.plugins) names.games[p.id] = p.name;
	for (const p of body.presets) names.presets[p.id] = p.name;
}
const gameName = (id) => names.games[id] || names.presets[id] || id;
const presetName = (id) => names.presets[id] || names.games[id] || id;
const ladderLink = (game, preset) => pel('a', {
	href: '/ladder/' + encodeURIComponent(game) + (preset ? '?preset=' + encodeURIComponent(preset) : ''),
	textContent: preset ? presetName(preset) : gameName(game), title: preset || game,
});

function scoreText(score) {
	// TRANSLATORS: the result of a rated game on a player's page
	return score === undefined ? '' : score > 0.5 ? _('won') : score < 0.5 ? _('lost') : _('drawn');
}

// One game: its name, date, opponents and result, linked to its replay.
function gameItem(g) {
	const when = new Date(g.created * 1000).toLocaleString(i18n.lang, { dateStyle: 'medium', timeStyle: 'short' });
	const li = pel('li', {}, pel('a', { href: '/t/' + g.id, textContent: gameName(g.game) }), ' · ' + when);
	if (g.opponents && g.opponents.length)
		// TRANSLATORS: a game on a player's page: against whom (their names)
		li.append(' · ' + fmt(_('against %s'), g.opponents.join(', ')));
	if (g.score !== undefined) {
		const word = scoreText(g.score);
		li.append(' · ', pel('b', { className: 'result ' + (g.score > 0.5 ? 'won' : g.score < 0.5 ? 'lost' : 'drawn'), textContent: word }),
			// TRANSLATORS: a rated game's score (1 won, ½ drawn, 0 lost) after the word
			' ' + fmt(_('(score %s)'), g.score === 0.5 ? '½' : String(Math.round(g.score * 100) / 100)));
	} else {
		li.append(' · ', pel('span', { className: 'help', textContent: _('not rated') }));
	}
	return li;
}

// The rating after each rated game of one ladder (game) as an SVG line with its axes.
function ratingGraph(game, points) {
	const NS = 'http://www.w3.org/2000/svg', W = 600, H = 180, L = 44, R = 10, T = 12, B = 26;
	const svg = document.createElementNS(NS, 'svg');
	svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
	svg.setAttribute('class', 'rating-graph');
	svg.setAttribute('role', 'img');
	// TRANSLATORS: the rating graph's description for screen readers: the game's name
	svg.setAttribute('aria-label', fmt(_('Rating in %s after each rated game'), gameName(game)));
	const add = (tag, attrs, text) => {
		const e = document.createElementNS(NS, tag);
		for (const k in attrs) e.setAttribute(k, attrs[k]);
		if (text !== undefined) e.textContent = text;
		svg.append(e);
		return e;
	};
	const ratings = points.map((p) => p.rating);
	let lo = Math.min(1500, ...ratings), hi = Math.max(1500, ...ratings);
	lo = Math.floor((lo - 20) / 50) * 50, hi = Math.ceil((hi + 20) / 50) * 50;
	const n = points.length;
	const x = (i) => L + (n > 1 ? i * (W - L - R) / (n - 1) : (W - L - R) / 2);
	const y = (v) => T + (hi - v) * (H - T - B) / (hi - lo);
	for (const v of [lo, (lo + hi) / 2, hi]) { // the rating axis: three marks
		add('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' });
		add('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(Math.round(v)));
	}
	add('line', { x1: L, x2: W - R, y1: y(1500), y2: y(1500), class: 'start' });
	const day = (p) => new Date(p.at * 1000).toLocaleDateString(i18n.lang);
	add('text', { x: L, y: H - 6, class: 'axis' }, day(points[0]));
	if (n > 1) add('text', { x: W - R, y: H - 6, 'text-anchor': 'end', class: 'axis' }, day(points[n - 1]));
	// TRANSLATORS: the rating graph's horizontal axis
	add('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis' }, fmt(_('%d rated games'), n));
	add('polyline', { points: points.map((p, i) => x(i) + ',' + y(p.rating)).join(' '), class: 'line' });
	points.forEach((p, i) => add('circle', { cx: x(i), cy: y(p.rating), r: 3, class: 'point' })
		.append(Object.assign(document.createElementNS(NS, 'title'), { textContent: day(p) + ': ' + p.rating + ' ± ' + p.deviation })));
	return svg;
}

// A graph per game the player has rated games of (the ladders), from "history".
function ratingGraphs(history) {
	const byGame = new Map();
	for (const p of history || []) {
		if (!byGame.has(p.game)) byGame.set(p.game, []);
		byGame.get(p.game).push(p);
	}
	const out = [];
	for (const [game, points] of byGame)
		out.push(pel('figure', { className: 'rating-figure' }, ratingGraph(game, points),
			pel('figcaption', {}, ladderLink(game), ' ' + fmt(_('now %d'), points[points.length - 1].rating))));
	return out;
}

async function showPlayer(name) {
	const r = await fetch(api('/api/players/' + encodeURIComponent(name)));
	const body = await r.json();
	if (!r.ok) { document.getElementById('error-page').textContent = body.error; return; }
	document.title = body.name + ' · Bones';
	document.getElementById('page-title').textContent = body.agent ? fmt(_('%s (agent)'), body.name) : body.bot ? botName(body.name) : body.name;
	document.querySelector('#ratings tbody').replaceChildren(...body.ratings.map((x) =>
		row(ladderLink(x.game), x.rating + ' ± ' + x.deviation, x.games)));
	document.getElementById('graphs').replaceChildren(...ratingGraphs(body.history));
	document.getElementById('no-graphs').hidden = !!(body.history || []).length;
	document.querySelector('#preset-ratings tbody').replaceChildren(...body.preset_ratings.map((x) =>
		row(ladderLink(x.game, x.preset), x.rating + ' ± ' + x.deviation, x.games)));
	document.querySelector('#records tbody').replaceChildren(...body.records.map((x) =>
		// TRANSLATORS: a player's games of a game played with options no preset has
		row(x.preset ? presetName(x.preset) : fmt(_('%s, other options'), gameName(x.game)), x.wins, x.draws, x.losses)));
	document.getElementById('games').replaceChildren(...body.games.map(gameItem));
	document.getElementById('player').hidden = false;
}

// The ladder's choice: the game's ratings, or one of its rated presets' (a new page).
function presetChoice(game, preset, presets) {
	const sel = document.getElementById('ladder-preset');
	// TRANSLATORS: the ladder's choice of ratings: the game's, over all its presets
	sel.replaceChildren(pel('option', { value: '', textContent: fmt(_('%s, all presets'), gameName(game)) }),
		...presets.map((p) => pel('option', { value: p, textContent: presetName(p) })));
	sel.value = preset;
	sel.onchange = () => location.assign(ladderLink(game, sel.value).href);
}

async function showLadder(game, preset) {
	const r = await fetch(api('/api/ladder/' + encodeURIComponent(game) + (preset ? '/' + encodeURIComponent(preset) : '')));
	const body = await r.json();
	if (!r.ok) { document.getElementById('error-page').textContent = body.error; return; }
	document.getElementById('page-title').textContent = preset
		// TRANSLATORS: a preset's ladder: the game's name (Holomino), then the preset's
		? fmt(_('Ladder: %s, preset %s'), gameName(body.game), presetName(body.preset))
		// TRANSLATORS: %s is a game's name, e.g. Holomino
		: fmt(_('Ladder: %s'), gameName(body.game));
	presetChoice(body.game, preset, body.presets);
	document.querySelector('#ladder-table tbody').replaceChildren(...body.players.map((p, i) =>
		row(i + 1, playerLink(p.name, p.bot && botName(p.name)), p.rating, '± ' + p.deviation, p.games, p.wins, p.draws, p.losses)));
	document.getElementById('ladder').hidden = false;
}

async function playersStart() {
	await i18nStart();
	await loadNames().catch(() => {}); // ids stay where the names cannot be read
	const parts = location.pathname.split('/');
	const what = decodeURIComponent(parts.slice(2).join('/'));
	if (parts[1] === 'ladder') showLadder(what, new URLSearchParams(location.search).get('preset') || '');
	else showPlayer(what);
}

playersStart();
