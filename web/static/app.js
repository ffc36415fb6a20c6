// Shared code of the pages: the API, seat tokens kept by the browser,
// and BoardView, which draws a board family's position and handles
// clicks: click a piece to see where it can go, click a destination to
// move.

import * as senet from './senet.js';
import * as ludo from './ludo.js';
import { el, clear } from './svg.js';

const boards = { senet, ludo };

// boardModule returns the drawing module of a board family.
export function boardModule(kind) {
  return boards[kind] || senet;
}

// api calls the JSON API and throws an Error with the server's message.
export async function api(method, path, body, token) {
  const headers = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  // The server refuses a state-changing request that is not declared JSON.
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const resp = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await resp.json(); } catch { data = null; }
  if (!resp.ok) {
    const err = new Error((data && data.error) || `${resp.status} ${resp.statusText}`);
    err.status = resp.status;
    throw err;
  }
  return data;
}

// Seat tokens live in localStorage, one entry per game: {token, seats}.
export function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem('passage.seat.' + id)) || null; } catch { return null; }
}
export function saveSeat(id, token, seats) {
  localStorage.setItem('passage.seat.' + id, JSON.stringify({ token, seats }));
}

// decorateSeats adds to each seat its name for people (label) and its
// colour letter (cl) as the board family draws them.
export function decorateSeats(board, pos, seats) {
  const mod = boardModule(board);
  for (const s of seats) {
    s.label = mod.seatName(pos, s.seat) || s.name;
    s.cl = mod.seatLetter(pos, s.seat) || s.letter;
  }
  return seats;
}

// seatColor is the colour of a seat's chip.
export function seatColor(board, letter) {
  if (board === 'ludo') return ludo.COLORS[letter] || '#999';
  return letter === 'w' ? '#fbf7ec' : '#2d2723';
}

export function kindLabel(seat, mine) {
  if (mine) return seat.away ? 'you (the computer plays while you are away)' : 'you';
  if (seat.kind === 'human') {
    if (seat.open) return 'open seat';
    return seat.away ? 'person (away: the computer plays)' : 'person';
  }
  return 'computer · ' + seat.kind;
}

export function $(sel) { return document.querySelector(sel); }

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// BoardView draws positions of one board family into an <svg>.
export class BoardView {
  constructor(svg, kind, houses) {
    this.svg = svg;
    this.kind = kind;
    this.mod = boardModule(kind);
    this.houses = houses || [];
    this.selected = null;
    this.state = null;
  }

  // show draws st.pos. With st.interactive, the pieces that st.moves
  // can move are clickable and st.onMove(move) is called with the move
  // chosen. st.last ({move, letter}) is marked; st.animateFrom (a
  // position) animates the last move from there.
  show(st) {
    if (!this.state || this.state.pos !== st.pos || !st.interactive) this.selected = null;
    this.state = st;
    const { mod, svg } = this;
    clear(svg);
    const { p, layer, marks } = mod.draw(svg, st.pos, { houses: this.houses });
    svg.dataset.pos = st.pos;

    if (st.last && st.last.move !== 'pass') {
      const lp = { ...p, turn: st.last.letter };
      const k = mod.keys(st.last.move, lp);
      if (k) {
        const a = mod.center(k.from, st.animateFrom ? { ...mod.parse(st.animateFrom), turn: st.last.letter } : lp);
        const b = mod.center(k.to, lp);
        el('circle', { class: 'last-from', cx: a.x, cy: a.y, r: 24 }, marks);
        el('circle', { class: 'last-to', cx: b.x, cy: b.y, r: 26 }, marks);
        if (st.animateFrom) this.animate(layer, k, a, b);
      }
    }

    const byFrom = new Map();
    if (st.interactive) {
      for (const m of st.moves || []) {
        const k = mod.keys(m.move, p);
        if (!k) continue;
        if (!byFrom.has(k.from)) byFrom.set(k.from, []);
        byFrom.get(k.from).push({ to: k.to, move: m.move });
      }
    }
    svg.dataset.movable = [...byFrom.keys()].join(' ');
    for (const piece of layer.querySelectorAll('.piece')) {
      const key = this.pieceKey(piece.dataset.key, p);
      if (!key || !byFrom.has(key)) continue;
      piece.classList.add('movable');
      piece.dataset.from = key;
      if (key === this.selected) piece.classList.add('selected');
      piece.addEventListener('click', (ev) => {
        ev.stopPropagation();
        this.selected = this.selected === key ? null : key;
        this.show({ ...this.state, animateFrom: null });
      });
    }
    if (this.selected && byFrom.has(this.selected)) {
      for (const t of byFrom.get(this.selected)) {
        const c = mod.center(t.to, p);
        const target = el('circle', { class: 'target', cx: c.x, cy: c.y, r: 22, 'data-move': t.move, 'data-to': t.to }, svg);
        const tip = el('title', {}, target);
        tip.textContent = 'move ' + t.move;
        target.addEventListener('click', (ev) => {
          ev.stopPropagation();
          this.selected = null;
          st.onMove(t.move);
        });
      }
    }
  }

  pieceKey(key, p) {
    if (this.kind === 'senet' && key.startsWith('hand:')) return key.slice(5) === p.turn ? 'hand' : null;
    return this.mod.pieceKey(key);
  }

  // animate slides the piece that landed on k.to from a to b.
  animate(layer, k, a, b) {
    const pieces = [...layer.querySelectorAll('.piece')].filter((e) => e.dataset.key === k.to);
    const piece = pieces[pieces.length - 1];
    if (!piece) return;
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(piece.getAttribute('transform') || '');
    if (!m) return;
    const tx = Number(m[1]), ty = Number(m[2]);
    const fx = tx + (a.x - b.x), fy = ty + (a.y - b.y);
    const t0 = performance.now(), dur = 420;
    const step = (now) => {
      const f = Math.min(1, (now - t0) / dur);
      const e = f < 0.5 ? 2 * f * f : 1 - Math.pow(-2 * f + 2, 2) / 2;
      piece.setAttribute('transform', `translate(${fx + (tx - fx) * e},${fy + (ty - fy) * e})`);
      if (f < 1) requestAnimationFrame(step);
    };
    piece.setAttribute('transform', `translate(${fx},${fy})`);
    requestAnimationFrame(step);
  }
}

// drawThrow draws a throw of a board family into an <svg>.
export function drawThrow(svg, kind, roll, n) {
  clear(svg);
  boardModule(kind).drawThrow(svg, roll, n);
}

// turnText describes a turn for the log.
export function turnText(t, seats) {
  const seat = seats[t.seat];
  const who = seat ? seat.label || seat.name : t.letter;
  const by = t.by && t.by !== 'human' ? ` (${t.by})` : '';
  return `${who} threw ${t.roll}: ${t.move === 'pass' ? 'no move' : t.move}${by}`;
}

// houseLegend lists a board's houses: symbol, square, name and effect.
export function houseLegend(houses) {
  if (!houses || !houses.length) return h('span');
  return h('details', { class: 'small legend' }, h('summary', {}, 'Houses of this board'),
    h('ul', {}, houses.map((x) => h('li', {}, h('strong', {}, `${x.symbol} ${x.square}`), x.name ? ` ${x.name}: ` : ': ', x.effect))));
}
