'use strict';
// A finished table's analysis in the replay (docs/web.md, Analysis): the "Analyse"
// button, the progress, an evaluation graph (each seat's win chance after its moves;
// a click goes to that move), the verdicts' marks in the move list and the preferred
// move drawn as a ghost where another was played. play.js calls bonesAnalysis.render
// after each of its renders, with a function that shows a history position.

const bonesAnalysis = (() => {
	const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
	const NS = 'http://www.w3.org/2000/svg';
	let result = null;   // the last GET /analysis answer
	let version = null;  // the view's version it was read at
	let poll = null;     // a timer while the analysis runs
	let ghostUrl = null; // the picture with the preferred move (blob URL)
	let last = null;     // the last view and jump function

	async function fetchResult(view) {
		const r = await fetch(api('/api/tables/' + tableId + '/analysis'));
		result = await r.json();
		version = view.version;
	}

	async function start() {
		const r = await fetch(api('/api/tables/' + tableId + '/analyse'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		const body = await r.json();
		if (!r.ok) { $('analysis-text').textContent = body.error; return; }
		result = body;
		draw();
	}

	// The analysed move played from this position (the next player move), or null.
	function moveAt(at) {
		if (!result || !result.moves) return null;
		return result.moves.find((m) => m.n - 1 >= at) || null;
	}

	function svg(tag, attrs) {
		const e = document.createElementNS(NS, tag);
		for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
		return e;
	}

	// Each seat's win chance after its own moves, over the game's moves.
	function graph(view, jump) {
		const moves = result.moves, h = 120, seats = view.seats.length;
		const w = Math.max(300, Math.min(900, $('board-wrap').clientWidth || 600)); // as wide as drawn: round dots
		const x = (i) => 10 + (w - 20) * (moves.length > 1 ? i / (moves.length - 1) : 0.5);
		const y = (v) => 5 + (h - 10) * (1 - v);
		const box = svg('svg', { id: 'analysis-graph', viewBox: '0 0 ' + w + ' ' + h, role: 'img' });
		box.append(svg('line', { x1: 0, x2: w, y1: y(0.5), y2: y(0.5), class: 'half' }));
		for (const v of [0, 0.5, 1]) { // the axis: win chances
			const t = svg('text', { x: 2, y: Math.min(h - 2, Math.max(10, y(v) + 4)), class: 'axis' });
			t.textContent = Math.round(100 * v) + '%';
			box.append(t);
		}
		const at = moveAt(view.at);
		if (at) {
			const i = moves.indexOf(at);
			box.append(svg('line', { x1: x(i), x2: x(i), y1: 0, y2: h, class: 'now' }));
		}
		const pts = (s) => moves.map((m, i) => [m, i]).filter(([m]) => m.seat === s);
		for (let s = 1; s <= seats; s++) // every line below every dot: no line covers a dot
			box.append(svg('polyline', { points: pts(s).map(([m, i]) => x(i) + ',' + y(m.win_after)).join(' '), class: 'seat seat' + s }));
		for (let s = 1; s <= seats; s++) {
			for (const [m, i] of pts(s)) {
				const dot = svg('circle', { cx: x(i), cy: y(m.win_after), r: MARKS[m.verdict] ? 5 : 3, 'data-move': i + 1, class: 'seat' + s + ' ' + m.verdict });
				const title = svg('title', {});
				title.textContent = tip(view, m);
				dot.append(title);
				dot.addEventListener('click', () => jump(m.n - 1));
				box.append(dot);
			}
		}
		const label = fmt(_('win chance after each move: %s'), view.seats.map((s) => s.seat + '. ' + s.name).join(', '));
		box.setAttribute('aria-label', label);
		return box;
	}

	// What the graph shows: its axes in words and each seat's colour by name.
	function legend(view) {
		const p = el('p', { id: 'analysis-legend', className: 'small' },
			// TRANSLATORS: the analysis graph's axes
			_('Win chance (0% to 100%) after each move, the game from left to right:') + ' ');
		for (const s of view.seats)
			p.append(el('span', { className: 'key seat' + s.seat, textContent: '\u25CF ' }), s.name + ' ');
		return p;
	}

	function word(v) {
		return { best: _('best'), good: _('good'), inaccuracy: _('inaccuracy'), mistake: _('mistake'), blunder: _('blunder') }[v] || v;
	}

	function tip(view, m) {
		const name = view.seats[m.seat - 1] ? view.seats[m.seat - 1].name : String(m.seat);
		const pct = (v) => Math.round(100 * v) + '%';
		const e = view.moves.find((x) => x.n === m.n), played = e && e.words ? e.words : m.played; // the move list's words
		// TRANSLATORS: a move's verdict (best, good, inaccuracy, mistake, blunder), its
		// player, the move played, the win chance after it and with the preferred move;
		// a move judged best names no other (another as good is no better)
		return m.played === m.preferred || m.verdict === 'best' ? fmt(_('%1$s: %2$s %3$s, win %4$s'), word(m.verdict), name, played, pct(m.win_after))
			: fmt(_('%1$s: %2$s %3$s, win %4$s (best %5$s, win %6$s)'), word(m.verdict), name, played, pct(m.win_after), m.preferred, pct(m.win_before));
	}

	// The marks in the move list (play.js's items, one per view.moves entry).
	function marks(view) {
		const items = $('moves').children;
		for (const old of $('moves').querySelectorAll('.mark')) old.remove(); // drawn again: once each
		const byN = new Map(result.moves.map((m) => [m.n, m]));
		view.moves.forEach((e, i) => {
			const m = byN.get(e.n);
			if (!m || !items[i]) return;
			items[i].classList.add('verdict-' + m.verdict);
			const mark = el('span', { className: 'mark ' + m.verdict, textContent: MARKS[m.verdict] ? ' ' + MARKS[m.verdict] : '', title: tip(view, m) });
			items[i].insertBefore(mark, items[i].querySelector('.why')); // before a move's breakdown
		});
	}

	// At a replay's position where another move was preferred: that move as a ghost.
	async function ghost(view) {
		const m = view.at < view.length ? moveAt(view.at) : null;
		if (!m || m.preferred === m.played || !view.width) return;
		const q = '/picture?at=' + (m.n - 1) + '&ghost=' + encodeURIComponent(m.preferred) + '&w=' + view.width + '&h=' + view.height;
		const r = await fetch(api('/api/tables/' + tableId + q), { headers: headers() });
		if (!r.ok || last.view !== view) return;
		if (ghostUrl) URL.revokeObjectURL(ghostUrl);
		ghostUrl = URL.createObjectURL(await r.blob());
		$('picture').src = ghostUrl;
		$('analysis-text').textContent = fmt(_('preferred here: %s (drawn as a ghost)'), m.preferred);
	}

	function draw() {
		const { view, jump } = last, box = $('analysis');
		clearTimeout(poll);
		box.hidden = !view.over;
		if (!view.over) return;
		const button = el('button', { id: 'analyse', textContent: _('Analyse') });
		button.addEventListener('click', start);
		const text = el('p', { id: 'analysis-text' });
		const state = result ? result.state : 'none';
		if (state === 'done') {
			box.replaceChildren(graph(view, jump), legend(view), text);
			marks(view);
			ghost(view);
			return;
		}
		if (state === 'running') {
			text.textContent = result.total ? fmt(_('analysing: %1$d of %2$d moves'), result.done, result.total) : _('analysing');
			poll = setTimeout(() => fetchResult(view).then(draw, () => draw()), 1500); // offline: try again
			box.replaceChildren(text);
			return;
		}
		if (state === 'failed') text.textContent = fmt(_('the analysis failed: %s'), result.error);
		box.replaceChildren(button, text);
	}

	async function render(view, jump) {
		last = { view, jump };
		if (!view.over) { $('analysis').hidden = true; return; }
		if (version !== view.version || !result) {
			try { await fetchResult(view); } catch (e) { return; }
		}
		if (last.view === view) draw();
	}

	return { render };
})();
