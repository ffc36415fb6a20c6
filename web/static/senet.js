// The Senet board: 30 squares in three rows of ten, travelled as a
// snake (1-10 left to right, 11-20 right to left, 21-30 left to right),
// with the houses each ruleset names, trays for the pieces waiting to
// enter and borne off, and the four throwing sticks. It draws every
// senet-* ruleset from its notation (docs/notation.md).

import { el, text, title, parseKeys } from './svg.js';

const S = 64;            // square size
const X0 = 10, Y0 = 10;  // board origin
const TRAY_Y = Y0 + 3 * S + 14;
const TRAY_H = 58;
export const width = X0 * 2 + 10 * S;
export const height = TRAY_Y + TRAY_H + 10;

// parse reads a Senet position.
export function parse(pos) {
  const words = pos.trim().split(/\s+/);
  const keys = parseKeys(words.slice(2));
  return {
    board: words[0] || '',
    turn: words[1] || '-',
    hand: keys.hand || '',
    off: keys.off || '',
    skip: keys.skip || '',
    bonus: keys.bonus ? Number(keys.bonus) : 0,
    asleep: keys.asleep ? keys.asleep.split(',').map(Number) : [],
    winner: keys.winner || '',
    opening: keys.opening || '',
  };
}

// square's top-left corner.
function corner(s) {
  const row = Math.floor((s - 1) / 10);
  const col = row === 1 ? 9 - ((s - 1) % 10) : (s - 1) % 10;
  return { x: X0 + col * S, y: Y0 + row * S };
}

// Trays: White's on the left, Black's on the right; each holds the
// pieces waiting to enter, then those borne off.
function trayX(side) { return side === 'w' ? X0 : X0 + 5 * S + 5; }
function handSlot(side, i) { return { x: trayX(side) + 18 + i * 25, y: TRAY_Y + 36 }; }
function offSlot(side, i) { return { x: trayX(side) + 5 * S - 5 - 18 - i * 25, y: TRAY_Y + 36 }; }

// center is where the thing a key names is drawn: "s:N" square N,
// "hand" and "off" the mover's tray places.
export function center(key, p) {
  if (key.startsWith('s:')) {
    const c = corner(Number(key.slice(2)));
    return { x: c.x + S / 2, y: c.y + S / 2 };
  }
  const side = p.turn === '-' ? 'w' : p.turn;
  if (key === 'hand') return handSlot(side, 0);
  if (key === 'off') {
    const n = [...p.off].filter((c) => c.toLowerCase() === side).length;
    return offSlot(side, Math.min(n, 4));
  }
  return { x: 0, y: 0 };
}

// keys names where a move starts and ends: "12-15" is s:12 to s:15,
// "in-1" hand to s:1, "29-off" s:29 to off; "pass" has none.
export function keys(move) {
  const m = /^(in|\d+)-(off|\d+)$/.exec(move);
  if (!m) return null;
  return {
    from: m[1] === 'in' ? 'hand' : 's:' + m[1],
    to: m[2] === 'off' ? 'off' : 's:' + m[2],
  };
}

function drawPiece(g, letter, x, y, r, key) {
  const side = letter.toLowerCase();
  const grp = el('g', { class: 'piece', 'data-key': key, 'data-piece': letter, transform: `translate(${x},${y})` }, g);
  const body = el('circle', { class: 'body', r, cx: 0, cy: 0, fill: side === 'w' ? '#fbf7ec' : '#2d2723', stroke: side === 'w' ? '#4a3b2a' : '#000', 'stroke-width': 2 }, grp);
  body.setAttribute('data-side', side);
  if (letter === 'W' || letter === 'B') {
    el('circle', { r: r * 0.62, fill: 'none', stroke: '#c9a227', 'stroke-width': 3 }, grp);
    text(grp, 0, r * 0.3, 'BA', { 'text-anchor': 'middle', 'font-size': r * 0.75, 'font-weight': 700, fill: '#c9a227', 'pointer-events': 'none' });
  } else {
    el('circle', { r: r * 0.35, fill: 'none', stroke: side === 'w' ? '#b9a98c' : '#6b625a', 'stroke-width': 2 }, grp);
  }
  title(grp, (side === 'w' ? 'White' : 'Black') + (letter === 'W' || letter === 'B' ? ' BA' : ''));
  return grp;
}

// draw draws position p on svg (a <g> layer is returned per kind of
// thing so that the page can add highlights).
export function draw(svg, pos, opts = {}) {
  const p = parse(pos);
  const houses = new Map((opts.houses || []).map((h) => [h.square, h]));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bg = el('g', {}, svg);
  el('rect', { x: X0 - 6, y: Y0 - 6, width: 10 * S + 12, height: 3 * S + 12, rx: 8, fill: '#8a5a2b' }, bg);
  for (let s = 1; s <= 30; s++) {
    const c = corner(s);
    const h = houses.get(s);
    const sq = el('rect', {
      x: c.x + 1, y: c.y + 1, width: S - 2, height: S - 2, rx: 4,
      fill: h ? '#e9cf9a' : (s % 2 ? '#dcc08a' : '#d3b47a'), stroke: '#9b7441', 'data-square': s,
    }, bg);
    title(sq, h ? `${s}${h.name ? ' · ' + h.name : ''}: ${h.effect}` : `square ${s}`);
    text(bg, c.x + 5, c.y + 13, String(s), { 'font-size': 11, fill: '#6b4a22', 'pointer-events': 'none' });
    if (h) {
      text(bg, c.x + S - 6, c.y + S - 8, h.symbol || '★', { 'text-anchor': 'end', 'font-size': 20, fill: '#7a3e0e', 'pointer-events': 'none' });
      const short = (h.name || '').replace(/^House of (the )?/, '');
      if (short && short.length <= 9) {
        text(bg, c.x + S - 5, c.y + 13, short, { 'text-anchor': 'end', 'font-size': 9, fill: '#7a3e0e', 'pointer-events': 'none' });
      }
    }
  }
  // The snake's turns.
  el('path', { d: `M ${X0 + 10 * S - 8} ${Y0 + S - 14} q 10 14 0 28`, stroke: '#5b3a1a', fill: 'none', 'stroke-width': 2, 'marker-end': '' }, bg);
  el('path', { d: `M ${X0 + 8} ${Y0 + 2 * S - 14} q -10 14 0 28`, stroke: '#5b3a1a', fill: 'none', 'stroke-width': 2 }, bg);

  // Trays.
  for (const side of ['w', 'b']) {
    const x = trayX(side);
    el('rect', { x, y: TRAY_Y, width: 5 * S - 5, height: TRAY_H, rx: 8, fill: '#efe2c6', stroke: '#c8ad7c' }, bg);
    text(bg, x + 8, TRAY_Y + 14, (side === 'w' ? 'White' : 'Black') + (p.hand ? ' · waiting' : ''), { 'font-size': 12, fill: '#5b4630' });
    text(bg, x + 5 * S - 13, TRAY_Y + 14, 'borne off', { 'font-size': 12, fill: '#5b4630', 'text-anchor': 'end' });
  }

  const layer = el('g', { class: 'pieces' }, svg);
  const marks = el('g', { class: 'marks' }, svg);
  for (let s = 1; s <= 30; s++) {
    const ch = p.board[s - 1];
    if (!ch || ch === '.') continue;
    const c = corner(s);
    drawPiece(layer, ch, c.x + S / 2, c.y + S / 2 + 2, 21, 's:' + s);
    if (p.asleep.includes(s)) {
      text(marks, c.x + S - 12, c.y + 24, 'z', { 'font-size': 16, 'font-style': 'italic', fill: '#2a4d8f', 'pointer-events': 'none' });
    }
  }
  for (const side of ['w', 'b']) {
    const inHand = [...p.hand].filter((c) => c.toLowerCase() === side);
    inHand.forEach((ch, i) => { const c = handSlot(side, i); drawPiece(layer, ch, c.x, c.y, 11, 'hand:' + side); });
    const off = [...p.off].filter((c) => c.toLowerCase() === side);
    off.forEach((ch, i) => { const c = offSlot(side, i); drawPiece(layer, ch, c.x, c.y, 11, 'off:' + side); });
  }
  if (p.bonus) {
    const c = corner(p.bonus);
    el('rect', { x: c.x + 3, y: c.y + 3, width: S - 6, height: S - 6, rx: 6, fill: 'none', stroke: '#2a7ad8', 'stroke-width': 3 }, marks);
  }
  return { p, layer, marks };
}

// pieceKey is the key a piece element stands for when it moves: pieces
// in a tray enter as "hand".
export function pieceKey(key) {
  return key.startsWith('hand:') ? 'hand' : key;
}

// describe says in words what a position shows besides the board.
export function describe(pos) {
  const p = parse(pos);
  const notes = [];
  if (p.skip) notes.push([...p.skip].map((c) => (c === 'w' ? 'White' : 'Black')).join(' and ') + ' will miss a turn');
  if (p.bonus) notes.push(`bonus throw for the piece on ${p.bonus}`);
  if (p.asleep.length) notes.push(`asleep on ${p.asleep.join(', ')}`);
  if (p.opening) notes.push("White's first move must be made from square 9");
  return notes.join(' · ');
}

// drawThrow draws the four throwing sticks as thrown: marked sides up
// count the throw; none marked is the ruleset's 5 or 6.
export function drawThrow(svg, roll, n) {
  svg.setAttribute('viewBox', '0 0 120 56');
  const marked = roll >= 1 && roll <= 4 ? roll : 0;
  // Which sticks show their marked side varies with the throw's number.
  const order = [0, 1, 2, 3].sort((a, b) => ((a * 7 + n * 3) % 5) - ((b * 7 + n * 3) % 5));
  const up = new Set(order.slice(0, marked));
  for (let i = 0; i < 4; i++) {
    const x = 10 + i * 27, tilt = ((n + i * 5) % 7) - 3;
    const g = el('g', { transform: `rotate(${tilt} ${x + 8} 28)` }, svg);
    el('rect', { x, y: 4, width: 16, height: 48, rx: 7, fill: up.has(i) ? '#f7ecd2' : '#7b4a1f', stroke: '#3d2510', 'stroke-width': 1.5 }, g);
    if (up.has(i)) {
      for (let k = 0; k < 3; k++) el('line', { x1: x + 3, y1: 16 + k * 11, x2: x + 13, y2: 12 + k * 11, stroke: '#7b4a1f', 'stroke-width': 2 }, g);
    }
  }
  title(svg, `${marked} marked side${marked === 1 ? '' : 's'} up: ${roll}`);
}

// seatLetter is seat's colour letter: White w, Black b.
export function seatLetter(pos, seat) { return seat === 0 ? 'w' : 'b'; }

// seatName is null: the server's seat names are used.
export function seatName() { return null; }
