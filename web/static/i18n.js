// The page's words in its language. The server embeds the messages the
// scripts need as a JSON data block (<script type="application/json"
// id="messages">, allowed by the Content-Security-Policy, which forbids
// inline scripts) taken from the same catalogs as the terminal
// (internal/i18n/locales). t fills a message's {{.Name}} placeholders;
// a message with plural forms takes the form Intl.PluralRules chooses
// for args.Count, which follows CLDR as go-i18n does on the server;
// numbers are written in the language's format.

// lang is the page's language, as <html lang> says.
export const lang = document.documentElement.lang || 'en';

const messages = (() => {
  try { return JSON.parse(document.getElementById('messages').textContent); } catch { return {}; }
})();

const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);

// pluralForm is the CLDR category of n in the page's language ("one",
// "few", "many", "other"), exported for the tests.
export function pluralForm(n) { return plurals.select(n); }

// has reports whether the catalog has message id.
export function has(id) { return Object.prototype.hasOwnProperty.call(messages, id); }

// t is message id with args filled in; a missing message shows as
// "!id", never silently in English.
export function t(id, args = {}) {
  let m = messages[id];
  if (m === undefined) return '!' + id;
  if (typeof m === 'object') m = m[plurals.select(Number(args.Count))] ?? m.other;
  // Numbers are written the language's way ("1 000" in Hungarian).
  const value = (v) => (typeof v === 'number' ? numbers.format(v) : String(v));
  return m.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k) => (k in args ? value(args[k]) : ''));
}

// tRules is message id in ruleset rules's words (rules: its ID, or the
// game's rules text, which starts with it). A translation may give a
// ruleset its own word as the message "id@RULESET": French counts the
// flat sides of Jéquier's sticks (its seed's "côté plat") where the
// other Senets count marked sides.
export function tRules(id, rules, args = {}) {
  const own = `${id}@${String(rules).split(' ')[0]}`;
  return t(has(own) ? own : id, args);
}

// num writes a number in the page's language ("1 000" in Hungarian).
export function num(n, opts) { return new Intl.NumberFormat(lang, opts).format(n); }

// date writes a date and time in the page's language.
export function date(d, opts = { dateStyle: 'medium', timeStyle: 'short' }) {
  return new Intl.DateTimeFormat(lang, opts).format(d instanceof Date ? d : new Date(d));
}

// list joins words as the language does ("a, b and c"; "a, b és c").
export function list(words) { return new Intl.ListFormat(lang, { type: 'conjunction' }).format(words); }

// houseKey is the catalog key of a house's English name ("House of
// the Net": "house-of-the-net").
function houseKey(name) {
  return name.toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
}

// houseName is a house's name in the page's language (the seeds' own
// words where a seed is in it): web.house.name.*; houseShort the same
// as the board prints it in a square: web.house.short.*.
export function houseName(name) {
  const id = 'web.house.name.' + houseKey(name);
  return has(id) ? t(id) : name;
}
export function houseShort(name) {
  const id = 'web.house.short.' + houseKey(name);
  return has(id) ? t(id) : name;
}

// Exposed for the browser tests of the plural choice.
globalThis.passageI18n = { t, tRules, pluralForm, lang };
