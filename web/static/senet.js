// The Senet board: 30 squares in three rows of ten, travelled as a
// snake (1-10 left to right, 11-20 right to left, 21-30 left to right),
// with the houses each ruleset names, trays for the pieces waiting to
// enter and borne off, and the four throwing sticks. It draws every
// senet-* ruleset from its notation (docs/notation.md). On a narrow
// portrait screen the board is drawn upright (the rows become columns)
// so that its squares stay large enough to touch, and wider than long
// (ACROSS), to use a phone's width: room for a house's name and numbers
// in letters large enough to read (about 11.5 px at 390x844).

import { el, text, title, parseKeys, fitWidth, shrinkToFit } from './svg.js';
import { t, tRules, list, houseName, houseShort } from './i18n.js';

export const cell = 64;  // square size
export const square = cell - 2; // a square as drawn: marks are never larger

// hitSize is the side of the invisible square a finger can touch to pick
// the piece or destination at key: a board square's whole area; the
// trays' pieces stand closer together, so theirs is the piece itself.
export function hitSize(key) { return key.startsWith('s:') ? square : 0; }
const S = cell;
const X0 = 10, Y0 = 10;  // board origin
const TRAY_GAP = 14;
const TRAY_H = 58;       // tray depth (landscape: height)
// Upright, the two trays stand side by side right of the board, each
// TRAY_UP wide: room for the side's name in letters as large as the
// page's text (20 units, 16.5 px at 390x844, where the board is drawn at
// 0.82 of its size), with the drawing still narrower than the phone.
const TRAY_UP = 80;
const TRAY_LABEL_UP = 20;
// Landscape, the trays' words: 16 units, 12 px where a phone held
// sideways (844x390) draws the board at 0.72 of its size.
const TRAY_LABEL = 16;
const PIECE_R = 18;
const TRAY_R = 13;
const TRAY_STEP = 29;
// Upright, a square is ACROSS wide (as long as S along the board), and
// its number and house name are larger: the board is shown smaller.
const ACROSS = 88;
function across(p) { return p.upright ? ACROSS : S; }

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

// at maps landscape coordinates (u along the rows, v across them) to the
// drawing: the same in landscape, swapped when upright.
function at(p, u, v) { return p.upright ? { x: v, y: u } : { x: u, y: v }; }
function rect(p, u, v, w, h) {
  const a = at(p, u, v);
  return p.upright ? { x: a.x, y: a.y, width: h, height: w } : { x: a.x, y: a.y, width: w, height: h };
}

// square's top-left corner, in landscape coordinates.
function corner(p, s) {
  const row = Math.floor((s - 1) / 10);
  const col = row === 1 ? 9 - ((s - 1) % 10) : (s - 1) % 10;
  return { u: X0 + col * S, v: Y0 + row * across(p) };
}

function squareCenter(p, s) {
  const c = corner(p, s);
  return at(p, c.u + S / 2, c.v + across(p) / 2);
}

// Trays: White's first, Black's second; each holds the pieces waiting
// to enter, then those borne off at its far end.
function trayV(upright) { return Y0 + 3 * (upright ? ACROSS : S) + TRAY_GAP; }
const TRAY_LEN = 5 * S - 5;
function trayU(side) { return side === 'w' ? X0 : X0 + 5 * S + 5; }
function trayOrigin(p, side) {
  // Upright, both trays run the board's length, side by side.
  if (p.upright) return { u: X0, v: trayV(true) + (side === 'w' ? 0 : TRAY_UP + 6), len: 10 * S };
  return { u: trayU(side), v: trayV(false), len: TRAY_LEN };
}
function trayDepth(p) { return p.upright ? TRAY_UP : TRAY_H; }
function handSlot(p, side, i) {
  const tray = trayOrigin(p, side);
  return at(p, tray.u + 20 + (p.upright ? 28 : 0) + i * TRAY_STEP, tray.v + trayDepth(p) / 2 + (p.upright ? 0 : 7));
}
function offSlot(p, side, i) {
  const tray = trayOrigin(p, side);
  return at(p, tray.u + tray.len - 20 - i * TRAY_STEP, tray.v + trayDepth(p) / 2 + (p.upright ? 0 : 7));
}

export function size(upright) {
  const long = X0 * 2 + 10 * S;
  const short = trayV(upright) + (upright ? 2 * TRAY_UP + 6 : TRAY_H) + 10;
  return upright ? { width: short, height: long } : { width: long, height: short };
}

// center is where the thing a key names is drawn: "s:N" square N,
// "hand" and "off" the mover's tray places: for "off" the next free
// place, or with placed the place of the piece borne off last (p is
// then the position after it was).
export function center(key, p, placed = false) {
  if (key.startsWith('s:')) return squareCenter(p, Number(key.slice(2)));
  const side = p.turn === '-' ? 'w' : p.turn;
  if (key === 'hand') return handSlot(p, side, 0);
  if (key === 'off') {
    const n = [...p.off].filter((c) => c.toLowerCase() === side).length;
    return offSlot(p, side, Math.min(Math.max(placed ? n - 1 : n, 0), 6));
  }
  return { x: 0, y: 0 };
}

// trayMark is the radius of the ring that marks a tray place (a waiting
// or borne-off piece) as a move's start or end, or 0 for a square,
// which a square-sized mark fits; a tray's places are smaller and
// closer than squares.
export function trayMark(key) {
  return key === 'hand' || key === 'off' ? TRAY_R + 3 : 0;
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

// route lists the keys a piece passes from one key to another, along
// the snake (forward or back), ends included; a drowned piece's jump to
// its return square is a separate leg.
export function route(from, to) {
  const num = (k) => (k === 'hand' ? 0 : k === 'off' ? 31 : Number(k.slice(2)));
  const a = num(from), b = num(to);
  const out = [from];
  const step = b > a ? 1 : -1;
  for (let s = a + step; s !== b; s += step) if (s >= 1 && s <= 30) out.push('s:' + s);
  out.push(to);
  return out;
}

function drawPiece(g, letter, x, y, r, key, label) {
  const side = letter.toLowerCase();
  const grp = el('g', { class: 'piece', 'data-key': key, 'data-piece': letter, transform: `translate(${x},${y})` }, g);
  el('circle', { class: 'body', r, cx: 0, cy: 0, fill: side === 'w' ? '#fbf7ec' : '#2d2723', stroke: side === 'w' ? '#4a3b2a' : '#000', 'stroke-width': 2 }, grp);
  if (letter === 'W' || letter === 'B') {
    el('circle', { r: r * 0.66, fill: 'none', stroke: '#c9a227', 'stroke-width': 3 }, grp);
    text(grp, 0, r * 0.3, t('web.senet.baMark'), { 'text-anchor': 'middle', 'font-size': r * 0.75, 'font-weight': 700, fill: '#c9a227', 'pointer-events': 'none' });
  } else {
    el('circle', { r: r * 0.35, fill: 'none', stroke: side === 'w' ? '#b9a98c' : '#6b625a', 'stroke-width': 2 }, grp);
  }
  title(grp, label);
  return grp;
}

export function sideName(side) { return side === 'w' ? t('seat.white') : t('seat.black'); }

function pieceName(letter) {
  return sideName(letter.toLowerCase()) + (letter === 'W' || letter === 'B' ? ' BA' : '');
}

// short is a house's name as the board prints it.
function short(h) { return h.name ? houseShort(h.name) : ''; }

// draw draws position pos on svg and returns the parsed position (with
// the layout) and the layers the page adds to: pieces and marks.
export function draw(svg, pos, opts = {}) {
  const p = { ...parse(pos), upright: !!opts.upright };
  const houses = new Map((opts.houses || []).map((h) => [h.square, h]));
  const { width, height } = size(p.upright);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bg = el('g', { class: 'board-bg' }, svg);
  el('rect', { ...rect(p, X0 - 6, Y0 - 6, 10 * S + 12, 3 * across(p) + 12), rx: 8, class: 'frame' }, bg);
  // A square as drawn: w wide, h high.
  const w = p.upright ? ACROSS : S, h0 = S;
  for (let s = 1; s <= 30; s++) {
    const c = corner(p, s);
    const h = houses.get(s);
    const k = at(p, c.u, c.v); // the square's top-left corner as drawn
    el('rect', { x: k.x + 1, y: k.y + 1, width: w - 2, height: h0 - 2, rx: 4, class: h ? 'sq house' : (s % 2 ? 'sq odd' : 'sq even'), 'data-square': s }, bg);
    text(bg, k.x + 5, k.y + (p.upright ? 16 : 13), String(s), { class: p.upright ? 'sq-num upright' : 'sq-num' });
  }
  // The way round: an arrowhead on each border between squares.
  for (let s = 1; s < 30; s++) {
    const a = squareCenter(p, s), b = squareCenter(p, s + 1);
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    const ang = Math.atan2(b.y - a.y, b.x - a.x) * 180 / Math.PI;
    el('path', { d: 'M -4 -5 L 4 0 L -4 5 Z', class: 'track-arrow', transform: `translate(${mx},${my}) rotate(${ang})` }, bg);
  }
  // Trays.
  for (const side of ['w', 'b']) {
    const tray = trayOrigin(p, side);
    el('rect', { ...rect(p, tray.u, tray.v, tray.len, trayDepth(p)), rx: 8, class: 'tray' }, bg);
    const waiting = [...p.hand].some((c) => c.toLowerCase() === side);
    if (p.upright) {
      // A narrow tray: the name centred, squeezed where a language's
      // word is wider than the tray ("Blancas").
      const c = at(p, tray.u + 26, tray.v + trayDepth(p) / 2);
      fitWidth(text(bg, c.x, c.y, sideName(side), { class: 'tray-label', 'text-anchor': 'middle', 'font-size': TRAY_LABEL_UP }), trayDepth(p) - 8);
    } else {
      const l = at(p, tray.u + 8, tray.v + 16);
      text(bg, l.x, l.y, waiting ? t('web.senet.trayWaiting', { Side: sideName(side) }) : sideName(side), { class: 'tray-label', 'font-size': TRAY_LABEL });
    }
    if (!p.upright) text(bg, tray.u + tray.len - 8, tray.v + 16, t('web.senet.borneOff'), { class: 'tray-label', 'text-anchor': 'end', 'font-size': TRAY_LABEL });
  }

  const layer = el('g', { class: 'pieces' }, svg);
  const over = el('g', { class: 'over' }, svg); // house badges stay visible above pieces
  const marks = el('g', { class: 'marks' }, svg);
  for (let s = 1; s <= 30; s++) {
    const ch = p.board[s - 1];
    const c = corner(p, s);
    const k = at(p, c.u, c.v);
    const h = houses.get(s);
    if (h) {
      const b = { x: k.x + w - 11, y: k.y + 11 };
      el('circle', { cx: b.x, cy: b.y, r: 9, class: 'house-badge' }, over);
      text(over, b.x, b.y + 4.5, h.symbol || '★', { class: 'house-symbol', 'text-anchor': 'middle' });
    }
    if (h && short(h)) {
      const name = short(h);
      // Upright (on a phone) the board is drawn smaller: larger letters,
      // in a wider square, whose piece then reaches down to the name's
      // top ("Тот" was half hidden under it): the name is drawn above
      // the pieces, on a halo of the square's colour (style.css), as
      // low in the square as its letters allow. A name too long for its
      // square ("Возрождение", "Újjászületés") is set smaller, and
      // pressed only past the smallest size, where pressing alone
      // squashed its letters.
      const long = name.length > 10;
      const label = text(over, k.x + w / 2, k.y + h0 - 4, name, { class: 'house-name', 'text-anchor': 'middle', 'font-size': p.upright ? (long ? 13 : 14) : (long ? 8 : 9.5) });
      // Upright, not under 12: 10 px letters on a phone, the least
      // TestBrowserPages allows.
      shrinkToFit(label, w - 6, p.upright ? 12 : 7);
    }
    if (!ch || ch === '.') continue;
    const q = squareCenter(p, s);
    drawPiece(layer, ch, q.x, q.y + (p.upright ? 0 : 1), PIECE_R, 's:' + s, t('web.senet.pieceOn', { Piece: pieceName(ch), Square: squareLabel(s, h) }));
    if (p.asleep.includes(s)) {
      // The sleeping piece's "z" where its square has room, clear of
      // the house's name at the foot (it covered part of "Забвение"),
      // the number and the badge at the top corners, and the track's
      // arrows: above the piece where the board lies (the arrows are on
      // the side borders), on the piece's left where it stands upright
      // (they are on the top and bottom borders).
      if (p.upright) text(over, k.x + 8, k.y + 40, 'z', { class: 'asleep' });
      else text(over, k.x + w / 2, k.y + 17, 'z', { class: 'asleep', 'text-anchor': 'middle' });
    }
  }
  for (const side of ['w', 'b']) {
    const inHand = [...p.hand].filter((c) => c.toLowerCase() === side);
    inHand.forEach((ch, i) => { const c = handSlot(p, side, i); drawPiece(layer, ch, c.x, c.y, TRAY_R, 'hand:' + side, t('web.senet.pieceWaiting', { Piece: pieceName(ch) })); });
    const off = [...p.off].filter((c) => c.toLowerCase() === side);
    off.forEach((ch, i) => { const c = offSlot(p, side, i); drawPiece(layer, ch, c.x, c.y, TRAY_R, 'off:' + side, t('web.senet.pieceOff', { Piece: pieceName(ch) })); });
  }
  if (p.bonus) {
    const c = corner(p, p.bonus);
    const k = at(p, c.u, c.v);
    el('rect', { x: k.x + 3, y: k.y + 3, width: w - 6, height: h0 - 6, rx: 6, class: 'bonus-mark' }, marks);
  }
  return { p, layer, marks };
}

function squareLabel(s, h) {
  if (!h) return t('web.senet.square', { N: s });
  return t('web.senet.squareHouse', { N: s, Name: h.name ? houseName(h.name) : t('web.senet.markedSquare') });
}

// label names what a key shows, for screen readers.
export function label(key, p, houses) {
  if (key === 'hand') return t('web.senet.aWaitingPiece');
  if (key === 'off') return t('web.senet.bearingOff');
  const s = Number(key.slice(2));
  return squareLabel(s, (houses || []).find((h) => h.square === s));
}

// pieceKey is the key a piece element stands for when it moves: pieces
// in the mover's tray enter as "hand"; the other side's tray and borne
// off pieces do not move.
export function pieceKey(key, p) {
  if (key.startsWith('hand:')) return key.slice(5) === p.turn ? 'hand' : null;
  if (key.startsWith('off:')) return null;
  return key;
}

// describe says in words what a position shows besides the board;
// info is the ruleset's view from the API (its opening square), opening
// the game's opening from the API (how the engine finds J4 standing with
// the throw in hand; none in a replay, which shows positions between
// turns: the rule is then still to come), moves the throw's legal moves.
// Every note is about the turns to come (who misses one, a bonus, the
// opening rule): a finished game (over, or a winner in the position) has
// none, and says nothing (player review: "Black will miss a turn" stayed
// under the finished board).
export function describe(pos, info, opening, moves, over = false) {
  const p = parse(pos);
  if (over || p.winner) return '';
  const notes = [];
  if (p.skip) notes.push(t('web.senet.missTurn', { Sides: list([...p.skip].map(sideName)), Count: p.skip.length }));
  if (p.bonus) notes.push(t('web.senet.bonusFor', { N: p.bonus }));
  if (p.asleep.length) notes.push(t('web.senet.asleepOn', { Squares: list(p.asleep.map(String)) }));
  // A throw that leaves no move is a pass, which the page explains: the
  // opening rule has nothing to say then.
  const pass = moves && moves.length > 0 && moves.every((m) => m.move === 'pass');
  if (opening && !(opening.state === 'stuck' && pass)) notes.push(openingNote(opening));
  else if (p.opening && info && info.opening) notes.push(t('web.senet.openingPending', { Square: info.opening }));
  return notes.join(' · ');
}

// openingNote says how the opening rule stands: the piece on its square
// must move only when the engine found it has a legal move ("forced");
// otherwise the note says why any piece may move, so that it never
// contradicts the pieces the board offers.
function openingNote(o) {
  switch (o.state) {
    case 'forced': return t('web.senet.opening', { Square: o.square });
    case 'stuck': return t('web.senet.openingStuck', { Square: o.square });
    case 'gone': return t('web.senet.openingGone', { Square: o.square });
    default: return t('web.senet.openingPending', { Square: o.square });
  }
}

// drawThrow draws the four throwing sticks as thrown: marked sides up
// count the throw; none marked is the ruleset's 5 or 6. rules names the
// ruleset, whose sticks some languages call by their own word.
export function drawThrow(svg, roll, n, rules) {
  svg.setAttribute('viewBox', '0 0 120 56');
  const marked = roll >= 1 && roll <= 4 ? roll : 0;
  // Which sticks show their marked side varies with the throw's number.
  const order = [0, 1, 2, 3].sort((a, b) => ((a * 7 + n * 3) % 5) - ((b * 7 + n * 3) % 5));
  const up = new Set(order.slice(0, marked));
  for (let i = 0; i < 4; i++) {
    const x = 10 + i * 27, tilt = ((n + i * 5) % 7) - 3;
    const g = el('g', { class: 'stick', transform: `rotate(${tilt} ${x + 8} 28)` }, svg);
    el('rect', { x, y: 4, width: 16, height: 48, rx: 7, fill: up.has(i) ? '#f7ecd2' : '#7b4a1f', stroke: '#3d2510', 'stroke-width': 1.5 }, g);
    if (up.has(i)) {
      for (let k = 0; k < 3; k++) el('line', { x1: x + 3, y1: 16 + k * 11, x2: x + 13, y2: 12 + k * 11, stroke: '#7b4a1f', 'stroke-width': 2 }, g);
    }
  }
  title(svg, tRules('web.senet.sticksTitle', rules, { Count: marked, Roll: roll }));
  svg.setAttribute('aria-label', tRules('web.senet.sticksLabel', rules, { Count: marked, Roll: roll }));
}

// seatLetter is seat's colour letter: White w, Black b.
export function seatLetter(pos, seat) { return seat === 0 ? 'w' : 'b'; }

// seatName is null: the server's seat names are used.
export function seatName() { return null; }

// seatColor is the colour of a seat's chip.
export function seatColor(letter) { return letter === 'w' ? '#fbf7ec' : '#2d2723'; }

// shareGraph: the review's graph may fill each seat's share of its
// height with the seat's colour (review.js), since White and Black
// stand apart; Ludo's colours (red and green) do not.
export const shareGraph = true;

// prefersUpright: Senet's long board is drawn upright on a narrow
// portrait screen.
export const prefersUpright = '(orientation: portrait) and (max-width: 700px)';

// whereDrowned says where turn tn's drowned piece went: back to wait to
// enter (Szenet), or the square it starts again from, the one square of
// the mover's side that was empty before (its own start square when it
// went back there).
function whereDrowned(tn) {
  const a = parse(tn.before), b = parse(tn.pos);
  const mineAt = (p, s) => p.board[s - 1] && p.board[s - 1].toLowerCase() === tn.letter;
  const waiting = (p) => [...p.hand].filter((c) => c.toLowerCase() === tn.letter).length;
  if ((tn.effects || []).includes('BA drowning (S17)')) return t('web.senet.baDrowns');
  if (waiting(b) > waiting(a)) return t('web.senet.drownsToWait');
  let to = Number(tn.move.split('-')[0]);
  for (let s = 1; s <= 30; s++) if (mineAt(b, s) && !mineAt(a, s)) to = s;
  return t('web.senet.drownsTo', { N: to });
}

// explain says why a move's throw was extra: a bonus throw names its
// piece, a throw that always gives another says so, otherwise the
// square reached gave it. A drowning says where the piece went. A drowned BA counts the pieces it took along
// when the position before the move is known (tn.before). Other effects
// keep their words.
export function explain(effect, tn) {
  if (effect === 'drowning (27)' && tn.before) return whereDrowned(tn);
  if (effect === 'BA drowning (S17)' && tn.before) {
    const n = [...parse(tn.before).board].filter((c) => c.toLowerCase() === tn.letter).length - 1;
    if (n === 0) return t('web.senet.baAlone');
    return t('web.senet.baTakes', { Count: n });
  }
  if (effect !== 'extra or bonus throw') return null;
  const p = parse(tn.pos);
  if (p.bonus) return t('web.senet.bonusThrow', { N: p.bonus });
  const m = /-(\d+)$/.exec(tn.move);
  if (m && [1, 4, 5, 6].indexOf(tn.roll) < 0) return t('web.senet.squareGives', { N: m[1] });
  return t('web.senet.throwGives', { Roll: tn.roll });
}
