// Bones web client: its texts in the player's language (the gettext domain bones-web,
// frontends/web/po). The language is the one chosen in the page's header (kept in this
// browser's local storage), else the browser's first that the server speaks, else
// English. The catalogue comes from GET /api/messages?lang=LL; every API call carries
// the same lang= so the server answers in it too (docs/web.md).
'use strict';
const i18n = { lang: 'en', languages: ['en'], messages: {}, ready: null };
const LANGUAGE_NAMES = { en: 'English', de: 'Deutsch' }; // each in its own language

// The text in the player's language (the English text when it has no translation).
function _(text) {
	const t = i18n.messages[text];
	return typeof t === 'string' && t ? t : Array.isArray(t) && t[0] ? t[0] : text;
}

// Marks a text for translation where it is defined; _() translates it where shown.
function N_(text) { return text; }

// A message with its arguments: %s, %d and numbered %1$s (a translation may reorder).
function fmt(text, ...args) {
	let next = 0;
	return text.replace(/%(?:(\d+)\$)?([sd%])/g, (all, pos, type) => {
		if (type === '%') return '%';
		const v = args[pos ? parseInt(pos, 10) - 1 : next++];
		return type === 'd' ? String(Math.trunc(Number(v))) : String(v);
	});
}

// An API path with this page's language.
function api(path) {
	return path + (path.includes('?') ? '&' : '?') + 'lang=' + encodeURIComponent(i18n.lang);
}

function wantedLanguage() {
	let stored = null;
	try { stored = localStorage.getItem('bones.lang'); } catch (e) { stored = null; }
	if (stored) return stored;
	const list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
	return list.join(',');
}

// The page's fixed texts: elements with data-i18n (their English text) and the
// attributes data-i18n-attr names (e.g. "title placeholder").
function translatePage() {
	document.documentElement.lang = i18n.lang;
	for (const e of document.querySelectorAll('[data-i18n]')) {
		if (!e.dataset.i18nText) e.dataset.i18nText = e.textContent;
		e.textContent = _(e.dataset.i18nText);
	}
	for (const e of document.querySelectorAll('[data-i18n-attr]')) {
		for (const a of e.dataset.i18nAttr.split(/\s+/)) {
			const key = 'i18n' + a;
			if (!e.dataset[key]) e.dataset[key] = e.getAttribute(a) || '';
			e.setAttribute(a, _(e.dataset[key]));
		}
	}
}

function languageSelector() {
	const header = document.querySelector('header');
	if (!header || document.getElementById('language')) return;
	const select = document.createElement('select');
	select.id = 'language';
	select.title = _('Language');
	select.setAttribute('aria-label', _('Language'));
	for (const code of i18n.languages) {
		const o = document.createElement('option');
		o.value = code;
		o.textContent = LANGUAGE_NAMES[code] || code;
		o.selected = code === i18n.lang;
		select.append(o);
	}
	select.addEventListener('change', () => {
		try { localStorage.setItem('bones.lang', select.value); } catch (e) { /* private mode */ }
		location.reload();
	});
	const box = document.createElement('div');
	box.className = 'language';
	box.append(select);
	header.prepend(box);
}

// Load the catalogue (once per page) and translate the page; resolves when done.
function i18nStart() {
	if (i18n.ready) return i18n.ready;
	// the server takes the first language of the list it speaks (an Accept-Language)
	const wanted = wantedLanguage();
	i18n.ready = fetch('/api/messages', { headers: { 'Accept-Language': wanted } })
		.then((r) => (r.ok ? r.json() : null))
		.then((body) => {
			if (body) {
				i18n.lang = body.lang;
				i18n.languages = body.languages;
				i18n.messages = body.messages || {};
			}
		})
		.catch(() => { /* English */ })
		.then(() => { translatePage(); languageSelector(); });
	return i18n.ready;
}
