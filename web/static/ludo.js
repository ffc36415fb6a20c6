// The Ludo board (Ki nevet a végén): a cross of 40 track squares on an
// 11 x 11 grid, red, yellow, green and blue clockwise, each with a yard
// in its corner, a start square (1, 11, 21, 31) and four goal squares
// leading to the centre. It draws every ludo ruleset from its notation
// (docs/notation.md).

import { el, text, title, parseKeys } from './svg.js';
import { t, list } from './i18n.js';

export const cell = 40;  // cell size
export const square = 32; // a square (circle) as drawn: marks are never larger

// hitSize is the side of the invisible square a finger can touch to pick
// the piece or destination at key: the whole cell, larger than a piece,
// so that the 11-cell cross stays usable on a phone.
export function hitSize() { return cell; }

// hitBox is the area, round the piece at key, that a finger can touch
// to move it, where it is not hitSize's square: a yard's waiting pieces
// are one piece to the board (app.js makes the first, top left, the one
// that moves), so its area is the whole 2x2 yard: a tap on any waiting
// piece brings one out, where only the first took it.
export function hitBox(key) {
  return key.startsWith('y:') ? { x: -C / 2, y: -C / 2, width: 2 * C, height: 2 * C } : null;
}
const C = cell;
const X0 = 10, Y0 = 10;  // grid origin
// The drawing shows the grid and its frame with a 3-unit margin, and
// no more: on a phone held sideways the board's height is the window's
// under the header, and every unit of margin takes from the squares
// (player review: 29 px squares at 844x390, where 32 fit).
const MARGIN = 3;
const VIEW = { x: X0 - MARGIN, y: Y0 - MARGIN, width: 11 * C + 2 * MARGIN, height: 11 * C + 2 * MARGIN };
export function size() { return { width: VIEW.width, height: VIEW.height }; }

export const COLORS = { r: '#d8372b', y: '#e9b50c', g: '#2f9a3a', b: '#2a6fd6' };
// COLOR_NAMES are the colours' catalog names (seat.red), by letter, in
// turn order: the board's, the lobby's swatches' and the titles' words.
export const COLOR_NAMES = { r: 'red', y: 'yellow', g: 'green', b: 'blue' };

// side is a colour's player in the page's language ("Red", "Piros").
function side(c) { return t('seat.' + COLOR_NAMES[c]); }
const ORDER = ['r', 'y', 'g', 'b'];

// TRACK lists the grid cell (column, row) of squares 1-40: red's start
// on the left arm, then clockwise.
const TRACK = [
  [0, 4], [1, 4], [2, 4], [3, 4], [4, 4], [4, 3], [4, 2], [4, 1], [4, 0], [5, 0],
  [6, 0], [6, 1], [6, 2], [6, 3], [6, 4], [7, 4], [8, 4], [9, 4], [10, 4], [10, 5],
  [10, 6], [9, 6], [8, 6], [7, 6], [6, 6], [6, 7], [6, 8], [6, 9], [6, 10], [5, 10],
  [4, 10], [4, 9], [4, 8], [4, 7], [4, 6], [3, 6], [2, 6], [1, 6], [0, 6], [0, 5],
];
// GOALS lists each colour's g1-g4.
const GOALS = {
  r: [[1, 5], [2, 5], [3, 5], [4, 5]],
  y: [[5, 1], [5, 2], [5, 3], [5, 4]],
  g: [[9, 5], [8, 5], [7, 5], [6, 5]],
  b: [[5, 9], [5, 8], [5, 7], [5, 6]],
};
// YARDS lists each colour's four yard places.
const YARDS = {
  r: [[0.5, 0.5], [1.5, 0.5], [0.5, 1.5], [1.5, 1.5]],
  y: [[8.5, 0.5], [9.5, 0.5], [8.5, 1.5], [9.5, 1.5]],
  g: [[8.5, 8.5], [9.5, 8.5], [8.5, 9.5], [9.5, 9.5]],
  b: [[0.5, 8.5], [1.5, 8.5], [0.5, 9.5], [1.5, 9.5]],
};
const START = { r: 1, y: 11, g: 21, b: 31 };

function cellAt([col, row]) {
  return { x: X0 + col * C + C / 2, y: Y0 + row * C + C / 2 };
}

// parse reads a Ludo position.
export function parse(pos) {
  const words = pos.trim().split(/\s+/);
  const keys = parseKeys(words.slice(3));
  const track = words[0] || '';
  const goalGroups = (words[1] || '').split('/');
  const goals = {};
  ORDER.forEach((c, i) => { goals[c] = goalGroups[i] || '....'; });
  const colors = keys.colors || 'rygb';
  const yard = {};
  for (const c of colors) {
    const onTrack = [...track].filter((x) => x === c).length;
    const inGoal = [...goals[c]].filter((x) => x === c).length;
    yard[c] = Math.max(0, 4 - onTrack - inGoal);
  }
  return { track, goals, turn: words[2] || '-', colors, yard, done: keys.done || '', winner: keys.winner || '', keys };
}

// center is where a key is drawn: "t:N" track square, "g:c:K" goal
// square K of colour c, "y:c" colour c's yard.
export function center(key) {
  const parts = key.split(':');
  if (parts[0] === 't') return cellAt(TRACK[Number(parts[1]) - 1]);
  if (parts[0] === 'g') return cellAt(GOALS[parts[1]][Number(parts[2]) - 1]);
  if (parts[0] === 'y') return cellAt(YARDS[parts[1]][0]);
  return { x: 0, y: 0 };
}

// explain names the colour a capture (K6) sent back to its yard, from
// the position before the move (tn.before) - with four colours in play,
// "captures" alone leaves a player to find out whose piece it was. Other
// effects keep their words.
export function explain(effect, tn) {
  if (effect !== 'capture (K6)' || !tn.before) return null;
  const p = parse(tn.before);
  const k = keys(tn.move, p);
  const hit = k && k.to.startsWith('t:') ? p.track[Number(k.to.slice(2)) - 1] : '';
  return COLOR_NAMES[hit] ? t('web.ludo.captures', { Side: side(hit) }) : null;
}

// keys names where a move starts and ends, for the colour to move.
export function keys(move, p) {
  const c = p.turn;
  let m = /^in-(\d+)$/.exec(move);
  if (m) return { from: 'y:' + c, to: 't:' + m[1] };
  m = /^(g?)(\d+)-(g?)(\d+)$/.exec(move);
  if (!m) return null;
  return {
    from: m[1] ? `g:${c}:${m[2]}` : 't:' + m[2],
    to: m[3] ? `g:${c}:${m[4]}` : 't:' + m[4],
  };
}

// route lists the keys a piece passes, ends included: round the cross
// clockwise and up its colour's goal lane.
export function route(from, to, p) {
  const c = p.turn;
  const out = [from];
  const entry = ((START[c] + 38) % 40) + 1; // the last track square before the goal
  const [fk, fa, fb] = from.split(':');
  const [tk, ta, tb] = to.split(':');
  let goalFrom = 0;
  if (fk === 't') {
    // Round the track to the destination, or to the goal lane's entry.
    let s = Number(fa);
    const stop = tk === 't' ? Number(ta) : entry;
    for (let i = 0; i < 40 && s !== stop; i++) {
      s = (s % 40) + 1;
      if (tk !== 't' || s !== stop) out.push('t:' + s);
    }
  } else if (fk === 'g') {
    goalFrom = Number(fb);
  }
  if (tk === 'g') for (let k = goalFrom + 1; k < Number(tb); k++) out.push(`g:${ta}:${k}`);
  out.push(to);
  return out;
}

export function pieceKey(key) { return key; }

// label names what a key shows, for screen readers.
export function label(key) {
  const parts = key.split(':');
  if (parts[0] === 't') {
    const n = Number(parts[1]);
    const start = ORDER.find((c) => START[c] === n);
    return start ? t('web.ludo.squareStart', { N: n, Side: side(start) }) : t('web.ludo.square', { N: n });
  }
  if (parts[0] === 'g') return t('web.ludo.goal', { Side: side(parts[1]), N: parts[2] });
  if (parts[0] === 'y') return t('web.ludo.yard', { Side: side(parts[1]) });
  return key;
}

function drawPiece(g, c, x, y, key) {
  const grp = el('g', { class: 'piece', 'data-key': key, 'data-piece': c, transform: `translate(${x},${y})` }, g);
  el('circle', { class: 'body', r: 13, fill: COLORS[c], stroke: '#222', 'stroke-width': 2 }, grp);
  el('circle', { r: 5.5, fill: 'rgba(255,255,255,0.55)', cx: -3, cy: -3 }, grp);
  title(grp, t('web.ludo.piece', { Side: side(c), Where: label(key) }));
  return grp;
}

export function draw(svg, pos) {
  const p = parse(pos);
  svg.setAttribute('viewBox', `${VIEW.x} ${VIEW.y} ${VIEW.width} ${VIEW.height}`);
  const bg = el('g', { class: 'board-bg' }, svg);
  // The frame: its line, 2 units wide, ends at the drawing's edge.
  el('rect', { x: X0 - 2, y: Y0 - 2, width: 11 * C + 4, height: 11 * C + 4, rx: 10, class: 'ludo-frame' }, bg);
  for (const c of ORDER) {
    const [x, y] = YARDS[c][0];
    // Centred on the yard's four places, whose centres cellAt puts at
    // X0 + (x + 0.5) C: the 2x2 block spans x..x+2 cells.
    el('rect', { x: X0 + x * C + 2, y: Y0 + y * C + 2, width: 2 * C - 4, height: 2 * C - 4, rx: 10, fill: COLORS[c], opacity: p.colors.includes(c) ? 0.35 : 0.12 }, bg);
    for (const pl of YARDS[c]) {
      const q = cellAt(pl);
      el('circle', { cx: q.x, cy: q.y, r: 15, class: 'ludo-hole', stroke: COLORS[c], 'stroke-width': 2 }, bg);
    }
    GOALS[c].forEach((pl, i) => {
      const q = cellAt(pl);
      const sq = el('circle', { cx: q.x, cy: q.y, r: 16, fill: COLORS[c], opacity: 0.5, stroke: '#5a4a33' }, bg);
      title(sq, t('web.ludo.goal', { Side: side(c), N: i + 1 }));
    });
  }
  TRACK.forEach((pl, i) => {
    const q = cellAt(pl);
    const start = ORDER.find((c) => START[c] === i + 1);
    // A start square's colour is laid over a plain square, so that its
    // number reads as well on the dark board as on the light one.
    if (start) el('circle', { cx: q.x, cy: q.y, r: 16, class: 'ludo-square' }, bg);
    const sq = el('circle', { cx: q.x, cy: q.y, r: 16, class: start ? '' : 'ludo-square', fill: start ? COLORS[start] : null, 'fill-opacity': start ? 0.55 : null, stroke: '#5a4a33', 'stroke-width': 1.5, 'data-square': i + 1 }, bg);
    title(sq, label('t:' + (i + 1)));
    text(bg, q.x, q.y + 4, String(i + 1), { 'text-anchor': 'middle', class: 'ludo-num' });
  });
  // Direction of travel: an arrow out of each start square.
  for (const c of ORDER) {
    const a = cellAt(TRACK[START[c] - 1]), b = cellAt(TRACK[START[c] % 40]);
    const ang = Math.atan2(b.y - a.y, b.x - a.x) * 180 / Math.PI;
    el('path', { d: 'M -4 -5 L 4 0 L -4 5 Z', class: 'track-arrow', transform: `translate(${(a.x + b.x) / 2},${(a.y + b.y) / 2}) rotate(${ang})` }, bg);
  }
  const mid = cellAt([5, 5]);
  el('rect', { x: mid.x - C / 2 + 4, y: mid.y - C / 2 + 4, width: C - 8, height: C - 8, rx: 6, fill: '#c8ad7c' }, bg);

  const layer = el('g', { class: 'pieces' }, svg);
  [...p.track].forEach((ch, i) => {
    if (ch === '.') return;
    const q = cellAt(TRACK[i]);
    drawPiece(layer, ch, q.x, q.y, 't:' + (i + 1));
  });
  for (const c of ORDER) {
    [...p.goals[c]].forEach((ch, i) => {
      if (ch === '.') return;
      const q = cellAt(GOALS[c][i]);
      drawPiece(layer, ch, q.x, q.y, `g:${c}:${i + 1}`);
    });
    for (let i = 0; i < (p.yard[c] || 0); i++) {
      const q = cellAt(YARDS[c][i]);
      drawPiece(layer, c, q.x, q.y, 'y:' + c);
    }
  }
  const marks = el('g', { class: 'marks' }, svg);
  return { p, layer, marks };
}

export function describe(pos) {
  const p = parse(pos);
  const notes = [];
  for (const c of p.colors) notes.push(t('web.ludo.inYard', { Side: side(c), Count: p.yard[c] }));
  if (p.done) notes.push(t('web.ludo.finished', { Sides: list([...p.done].map(side)) }));
  return notes.join(' · ');
}

// drawThrow draws the die.
export function drawThrow(svg, roll) {
  svg.setAttribute('viewBox', '0 0 56 56');
  const g = el('g', { class: 'die' }, svg);
  el('rect', { x: 4, y: 4, width: 48, height: 48, rx: 9, fill: '#fffdf6', stroke: '#333', 'stroke-width': 2 }, g);
  const pips = {
    1: [[28, 28]], 2: [[16, 16], [40, 40]], 3: [[16, 16], [28, 28], [40, 40]],
    4: [[16, 16], [40, 16], [16, 40], [40, 40]], 5: [[16, 16], [40, 16], [28, 28], [16, 40], [40, 40]],
    6: [[16, 15], [40, 15], [16, 28], [40, 28], [16, 41], [40, 41]],
  }[roll] || [];
  for (const [x, y] of pips) el('circle', { cx: x, cy: y, r: 4.5, fill: '#222' }, g);
  title(svg, t('web.ludo.rolled', { Roll: roll }));
  svg.setAttribute('aria-label', t('web.ludo.die', { Roll: roll }));
}

// idleThrow: no throw can give the colour to move a choice, so that the
// game page throws for its player (game.js): none of its pieces is on
// the track, and those in the goal stand at its end one behind the other
// (g4, g3, ...), with no room to move whatever the roll; only a 6 does
// anything then, and all it can do is bring a piece out.
export function idleThrow(pos) {
  const p = parse(pos);
  const c = p.turn;
  if (!COLORS[c] || p.track.includes(c)) return false;
  return new RegExp(`^\\.*${c}*$`).test(p.goals[c]);
}

// seatLetter is seat's colour letter, from the colours in play.
export function seatLetter(pos, seat) { return parse(pos).colors[seat] || null; }

// seatName names a seat by its colour.
export function seatName(pos, seat) {
  const c = seatLetter(pos, seat);
  return c ? side(c) : null;
}

// seatColor is the colour of a seat's chip.
export function seatColor(letter) { return COLORS[letter] || '#999'; }

// prefersUpright: the square Ludo board has one layout.
export const prefersUpright = null;
