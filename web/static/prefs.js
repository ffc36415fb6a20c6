// The player's preferences, kept in localStorage and shared by every
// page: the colour theme (the system's by default, or light or dark as
// chosen with the header's button), whether sounds play and whether a
// touch on a piece asks for a second tap before it moves; and the
// header's language switch, whose choice the server remembers.

import { t } from './i18n.js';

const THEME = 'passage.theme';
const SOUND = 'passage.sound';
const TOUCH_CONFIRM = 'passage.touchConfirm';

// stored and store read and keep a preference. Where storage is off
// (private mode) nothing fails and the choice holds for this page only
// (kept): a box that shows ticked must act ticked.
const kept = new Map();
export function stored(key) {
  try {
    const v = localStorage.getItem(key);
    if (v !== null) return v;
  } catch { /* storage off: this page's choice, if any */ }
  return kept.has(key) ? kept.get(key) : null;
}
export function store(key, value) {
  kept.set(key, value);
  try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ }
}

// theme is "light", "dark" or "" (follow the system).
export function theme() { return stored(THEME) || ''; }

function systemDark() { return matchMedia('(prefers-color-scheme: dark)').matches; }

// label writes a header button's words: the catalogue's begin with the
// button's icon ("♪ Sound"), which goes in a span of its own, hidden from
// screen readers, so that a phone can show the icon alone (style.css)
// and the words stay the button's name.
function label(b, words) {
  const m = /^([^\p{L}\p{N}]+)\s+(.+)$/u.exec(words);
  const icon = document.createElement('span'), rest = document.createElement('span');
  icon.className = 'icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = m ? m[1] : '';
  rest.className = 'words';
  rest.textContent = m ? m[2] : words;
  b.replaceChildren(icon, rest);
}

function applyTheme() {
  const chosen = theme();
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
  const dark = chosen ? chosen === 'dark' : systemDark();
  const b = document.getElementById('theme-toggle');
  if (b) {
    label(b, dark ? t('web.theme.light') : t('web.theme.dark'));
    b.setAttribute('aria-label', dark ? t('web.theme.useLight') : t('web.theme.useDark'));
  }
}

// soundOn reports whether sounds may play (on unless muted).
export function soundOn() { return stored(SOUND) !== 'off'; }

function applySound() {
  const b = document.getElementById('sound-toggle');
  if (!b) return;
  const on = soundOn();
  label(b, t('web.sound.button'));
  b.setAttribute('aria-pressed', on ? 'true' : 'false');
  b.title = on ? t('web.sound.isOn') : t('web.sound.isOff');
}

// touchConfirm reports whether a finger's tap on a piece with one
// destination only shows where it goes, a second tap playing it (as
// Lichess's move confirmation). Off unless chosen: one tap plays, as on
// RoyalUr.net. The mouse and the keyboard are not concerned: pointing
// shows the move before the click.
export function touchConfirm() { return stored(TOUCH_CONFIRM) === 'on'; }

applyTheme();
applySound();
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
document.getElementById('theme-toggle')?.addEventListener('click', () => {
  const dark = theme() ? theme() === 'dark' : systemDark();
  // Back to "follow the system" when the choice equals the system's.
  const next = dark ? 'light' : 'dark';
  store(THEME, (next === 'dark') === systemDark() ? '' : next);
  applyTheme();
});
document.getElementById('sound-toggle')?.addEventListener('click', () => {
  store(SOUND, soundOn() ? 'off' : 'on');
  applySound();
});

// The game page's checkbox; the board reads the preference at each tap.
const confirmBox = document.getElementById('touch-confirm');
if (confirmBox) {
  confirmBox.checked = touchConfirm();
  confirmBox.addEventListener('change', () => store(TOUCH_CONFIRM, confirmBox.checked ? 'on' : 'off'));
}

// The language switch loads the same page in the language chosen (the
// server remembers it in a cookie). A game page comes back where it was:
// the seat token is in localStorage and the game goes on on the server.
document.getElementById('lang-select')?.addEventListener('change', (ev) => {
  const url = new URL(location.href);
  url.searchParams.set('lang', ev.target.value);
  location.assign(url.toString());
});

// A ?lang= the server has stored (its cookie names the page's language)
// leaves the address, so that a link copied from it opens in its
// reader's language, not this one (player review 4). The other
// parameters stay as they were written (an invite link's), and the #hash.
function dropStoredLang() {
  const parts = location.search.slice(1).split('&');
  const rest = parts.filter((p) => !p.startsWith('lang='));
  if (rest.length === parts.length) return;
  const stored = document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith('lang='));
  if (!stored || stored.slice(5) !== document.documentElement.lang) return;
  const search = rest.filter((p) => p !== '').join('&');
  history.replaceState(history.state, '', location.pathname + (search ? '?' + search : '') + location.hash);
}
dropStoredLang();
