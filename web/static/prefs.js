// The player's preferences, kept in localStorage and shared by every
// page: the colour theme (the system's by default, or light or dark as
// chosen with the header's button) and whether sounds play.

const THEME = 'passage.theme';
const SOUND = 'passage.sound';

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ }
}

// theme is "light", "dark" or "" (follow the system).
export function theme() { return stored(THEME) || ''; }

function systemDark() { return matchMedia('(prefers-color-scheme: dark)').matches; }

function applyTheme() {
  const t = theme();
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
  const dark = t ? t === 'dark' : systemDark();
  const b = document.getElementById('theme-toggle');
  if (b) {
    b.textContent = dark ? '☀ Light' : '☾ Dark';
    b.setAttribute('aria-label', dark ? 'Use light colours' : 'Use dark colours');
  }
}

// soundOn reports whether sounds may play (on unless muted).
export function soundOn() { return stored(SOUND) !== 'off'; }

function applySound() {
  const b = document.getElementById('sound-toggle');
  if (!b) return;
  const on = soundOn();
  b.textContent = '♪ Sound';
  b.setAttribute('aria-pressed', on ? 'true' : 'false');
  b.title = on ? 'Sound is on: click to mute' : 'Sound is off: click to turn it on';
}

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
