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
const ladderLink = (game, preset) => pel('a', {
	href: '/ladder/' + encodeURIComponent(game) + (preset ? '?preset=' + encodeURIComponent(preset) : ''),
	textContent: preset || game,
});

function scoreText(score) {
	// TRANSLATORS: the result of a rated game on a player's page
	return score === undefined ? '' : score > 0.5 ? _('won') : score < 0.5 ? _('lost') : _('drawn');
}

async function showPlayer(name) {
	const r = await fetch(api('/api/players/' + encodeURIComponent(name)));
	const body = await r.json();
	if (!r.ok) { document.getElementById('error-page').textContent = body.error; return; }
	document.title = body.name + ' · Bones';
	document.getElementById('page-title').textContent = body.agent ? fmt(_('%s (agent)'), body.name) : body.bot ? botName(body.name) : body.name;
	document.querySelector('#ratings tbody').replaceChildren(...body.ratings.map((x) =>
		row(ladderLink(x.game), x.rating, '± ' + x.deviation, x.games)));
	document.querySelector('#preset-ratings tbody').replaceChildren(...body.preset_ratings.map((x) =>
		row(x.game, ladderLink(x.game, x.preset), x.rating, '± ' + x.deviation, x.games)));
	document.querySelector('#records tbody').replaceChildren(...body.records.map((x) => row(x.game, x.preset, x.wins, x.draws, x.losses)));
	document.getElementById('games').replaceChildren(...body.games.map((g) => pel('li', {},
		pel('a', { href: '/t/' + g.id, textContent: g.game + ' · ' + new Date(g.created * 1000).toLocaleString(i18n.lang) }), ' ', scoreText(g.score))));
	document.getElementById('player').hidden = false;
}

// The ladder's choice: the game's ratings, or one of its rated presets' (a new page).
function presetChoice(game, preset, presets) {
	const sel = document.getElementById('ladder-preset');
	// TRANSLATORS: the ladder's choice of ratings: the game's, over all its presets
	sel.replaceChildren(pel('option', { value: '', textContent: fmt(_('%s, all presets'), game) }),
		...presets.map((p) => pel('option', { value: p, textContent: p })));
	sel.value = preset;
	sel.onchange = () => location.assign(ladderLink(game, sel.value).href);
}

async function showLadder(game, preset) {
	const r = await fetch(api('/api/ladder/' + encodeURIComponent(game) + (preset ? '/' + encodeURIComponent(preset) : '')));
	const body = await r.json();
	if (!r.ok) { document.getElementById('error-page').textContent = body.error; return; }
	document.getElementById('page-title').textContent = preset
		// TRANSLATORS: a preset's ladder: the game's id (holomino), then the preset's
		? fmt(_('Ladder: %s, preset %s'), body.game, body.preset)
		// TRANSLATORS: %s is a game's id, e.g. holomino
		: fmt(_('Ladder: %s'), body.game);
	presetChoice(body.game, preset, body.presets);
	document.querySelector('#ladder-table tbody').replaceChildren(...body.players.map((p, i) =>
		row(i + 1, playerLink(p.name, p.bot && botName(p.name)), p.rating, '± ' + p.deviation, p.games, p.wins, p.draws, p.losses)));
	document.getElementById('ladder').hidden = false;
}

async function playersStart() {
	await i18nStart();
	const parts = location.pathname.split('/');
	const what = decodeURIComponent(parts.slice(2).join('/'));
	if (parts[1] === 'ladder') showLadder(what, new URLSearchParams(location.search).get('preset') || '');
	else showPlayer(what);
}

playersStart();
