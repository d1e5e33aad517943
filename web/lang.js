// The page's words in the reader's language: the catalogues (lang/en.js, lang/zh.js), the
// choice (remembered; at first the browser's), the page's fixed words (data-t attributes) and
// the engine's English reasons put into the chosen language (lang/reasons.js).
'use strict';

const LANGUAGES = ['zh', 'en'];
const LANGUAGE_KEY = 'chuhan-language';
let language = 'en';
const languageListeners = [];

// The language kept from the last visit, else the first of the browser's that the page speaks.
function chooseLanguage() {
  try {
    const kept = localStorage.getItem(LANGUAGE_KEY);
    if (LANGUAGES.includes(kept)) return kept;
  } catch (e) { /* storage refused: choose afresh */ }
  for (const asked of navigator.languages || [navigator.language || '']) {
    const code = asked.toLowerCase().slice(0, 2);
    if (LANGUAGES.includes(code)) return code;
  }
  return 'en';
}

// A message with its {name} replaced by values[name].
function t(key, values = {}) {
  const text = CATALOGUES[language][key] ?? CATALOGUES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Sentences one after another: Chinese ones run on without spaces.
const sentences = (parts) => parts.join(language === 'zh' ? '' : ' ');

// Whether `text` matches a reason's pattern ({1}..{9} standing for the shortest text that lets the rest match).
function matchReason(pattern, text, slots) {
  if (!pattern) return !text;
  const slot = pattern.match(/^\{(\d)\}/);
  if (!slot) return pattern[0] === text[0] && matchReason(pattern.slice(1), text.slice(1), slots);
  for (let n = 1; n <= text.length; n++) {
    if (matchReason(pattern.slice(3), text.slice(n), slots)) {
      slots[slot[1]] = text.slice(0, n);
      return true;
    }
  }
  return false;
}

// The engine's English reason in the chosen language, part by part, by the engine's own catalogues
// (lang/reasons.js, which make web writes from them); one they lack stays as it is.
function reasonText(english) {
  if (language === 'en') return english;
  const en = REASONS.en, theirs = REASONS[language];
  const word = (w) => (en.words.includes(w) ? theirs.words[en.words.indexOf(w)] : reasonText(w));
  for (let k = 0; k < en.reasons.length; k++) {
    const slots = {};
    if (matchReason(en.reasons[k], english, slots)) return theirs.reasons[k].replace(/\{(\d)\}/g, (whole, n) => word(slots[n]));
  }
  return english;
}

// The fixed words: data-t (the text), data-t-title, data-t-placeholder, data-t-label (aria-label); data-n fills {n}.
function applyLanguage() {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  document.title = t('page.title');
  const values = (el) => ({ n: el.dataset.n });
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t, values(el));
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = t(el.dataset.tTitle, values(el));
  for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
  const pick = document.getElementById('language');
  if (pick) pick.value = language;
}

// Switches the page's words, remembers the choice, and has the page say again what it said.
function setLanguage(chosen) {
  language = LANGUAGES.includes(chosen) ? chosen : 'en';
  try { localStorage.setItem(LANGUAGE_KEY, language); } catch (e) { /* not remembered, still switched */ }
  applyLanguage();
  for (const listener of languageListeners) listener();
}

language = chooseLanguage();
