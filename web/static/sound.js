// Sounds made with WebAudio: no sound files. Nothing plays before the
// player has interacted with the page (browsers require it, and a page
// that beeps on its own is rude), nor when muted (prefs.js).

import { soundOn } from './prefs.js';

let ctx = null;
let interacted = false;
for (const ev of ['pointerdown', 'keydown']) {
  addEventListener(ev, () => { interacted = true; }, { capture: true, once: false, passive: true });
}

function audio() {
  if (!interacted || !soundOn()) return null;
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}

// tone plays one note: frequency f (Hz) from time t0 (s from now) for
// dur seconds, with a quick attack and an exponential fade.
function tone(a, f, t0, dur, type = 'sine', gain = 0.15, slideTo = 0) {
  const o = a.createOscillator();
  const g = a.createGain();
  const t = a.currentTime + t0;
  o.type = type;
  o.frequency.setValueAtTime(f, t);
  if (slideTo) o.frequency.exponentialRampToValueAtTime(slideTo, t + dur);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(g).connect(a.destination);
  o.start(t);
  o.stop(t + dur + 0.02);
}

// The sounds, by what happened.
const SOUNDS = {
  move: (a) => { tone(a, 520, 0, 0.09, 'triangle', 0.12); },
  capture: (a) => { tone(a, 330, 0, 0.1, 'square', 0.06); tone(a, 220, 0.09, 0.14, 'square', 0.06); },
  drown: (a) => { tone(a, 600, 0, 0.5, 'sine', 0.12, 120); },
  turn: (a) => { tone(a, 660, 0, 0.12, 'sine', 0.1); tone(a, 880, 0.12, 0.16, 'sine', 0.1); },
  end: (a) => { [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.13, 0.22, 'triangle', 0.1)); },
};

// play plays the named sound, if sounds may play.
export function play(name) {
  const a = audio();
  if (!a || !SOUNDS[name]) return;
  SOUNDS[name](a);
}
