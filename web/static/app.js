// Shared code of the pages: the API, seat tokens kept by the browser,
// the rule events in words, and BoardView, which draws a board family's
// position and lets a person move with the mouse, a finger or the
// keyboard: pick a piece, then where it goes.

import * as senet from './senet.js';
import * as ludo from './ludo.js';
import { el, clear } from './svg.js';
import { t, tRules, has, list, houseName } from './i18n.js';
import { touchConfirm } from './prefs.js';

// boards maps each board family (game.Spec.Board) to its drawing
// module. It is the only place that knows the families.
const boards = { senet, ludo };

// boardModule returns the drawing module of a board family; a family
// this page cannot draw is an error, not a Senet board.
export function boardModule(kind) {
  const mod = boards[kind];
  if (!mod) throw new Error(`this page cannot draw a board of kind "${kind}"`);
  return mod;
}

// reducedMotion reports whether the player asked for less motion.
export function reducedMotion() {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// errorText is an API error in the page's language: the catalog's text
// for its stable code (docs/api.md), else the server's English words.
export function errorText(code, english) {
  return code && has('web.error.' + code) ? t('web.error.' + code) : english;
}

// api calls the JSON API and throws an Error with the server's message
// in the page's language (err.code is the server's code).
export async function api(method, path, body, token) {
  const headers = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  // The server refuses a state-changing request that is not declared JSON.
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let resp;
  try {
    resp = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(t('web.error.network')); // the browser's own words would be English
  }
  let data = null;
  try { data = await resp.json(); } catch { data = null; }
  if (!resp.ok) {
    // An answer without JSON (a proxy's page) still gets words in the
    // page's language.
    const err = new Error(data ? errorText(data.code, data.error) : t('web.error.error'));
    err.status = resp.status;
    err.code = data && data.code;
    throw err;
  }
  return data;
}

// Seat tokens live in localStorage, one entry per game: {token, seats}.
export function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem('passage.seat.' + id)) || null; } catch { return null; }
}

// ownToken is the token kept under key, made now if there is none: 32
// random bytes in unpadded base64url, the form of the server's tokens.
export function ownToken(key) {
  try {
    const kept = localStorage.getItem(key);
    if (kept) return kept;
  } catch { /* no storage: a token for this page only */ }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const tok = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  try { localStorage.setItem(key, tok); } catch { /* as above */ }
  return tok;
}

// forget drops what is kept under key.
export function forget(key) {
  try { localStorage.removeItem(key); } catch { /* nothing kept */ }
}

// forgetSeat drops the seat token kept for game id.
export function forgetSeat(id) {
  forget('passage.seat.' + id);
}

export function saveSeat(id, token, seats) {
  try {
    localStorage.setItem('passage.seat.' + id, JSON.stringify({ token, seats }));
  } catch { /* storage blocked: the seat is this page's until it closes */ }
}

// decorateSeats adds to each seat its name for people (label) and its
// colour letter (cl) as the board family draws them.
export function decorateSeats(board, pos, seats) {
  const mod = boardModule(board);
  for (const s of seats) {
    s.label = mod.seatName(pos, s.seat) || seatWord(s.name);
    s.cl = mod.seatLetter(pos, s.seat) || s.letter;
  }
  return seats;
}

// chip is a seat's colour swatch.
export function chip(board, letter) {
  const c = h('span', { class: 'chip', 'aria-hidden': 'true' });
  c.style.background = boardModule(board).seatColor(letter);
  return c;
}

// seatWord is a seat's name as the server gives it ("White", "red") in
// the page's language.
export function seatWord(name) {
  const id = 'seat.' + String(name).toLowerCase();
  return has(id) ? t(id) : name;
}

// rulesetInfo is the view of ruleset id ("kinevet players=2") from GET
// /api/rulesets/NAME with its options (houses, opening square), or one
// without houses when it cannot be read: the board is drawn all the same.
export async function rulesetInfo(id) {
  const [name, ...kvs] = id.split(' ');
  const query = kvs.map((kv) => 'opt=' + encodeURIComponent(kv)).join('&');
  try { return await api('GET', `/api/rulesets/${name}?${query}`); } catch { return { houses: [] }; }
}

// rulesHref is the address of the rules page of ruleset id ("kinevet
// six-rolls=2") with its options: the page's box "in brief" follows them.
export function rulesHref(id) {
  const [name, ...kvs] = id.split(' ');
  return '/rules/' + name + (kvs.length ? '?' + kvs.map((kv) => 'opt=' + encodeURIComponent(kv)).join('&') : '');
}

// COLOR_OPTION orders a Ludo game's colours ("colors=ry": red, then
// yellow), a value for each order, which the catalogs name through the
// colours' own names (seat.red).
export const COLOR_OPTION = 'colors';

// optionValue is value v of option key of ruleset name in words, as the
// catalogs say it (web.option.NAME.KEY.value.V), or a colour order as
// its colours ("Red and Yellow"), else v itself.
export function optionValue(name, key, v) {
  const id = `web.option.${name}.${key}.value.${v}`;
  if (has(id)) return t(id);
  if (key === COLOR_OPTION && /^[rygb]+$/.test(v)) return list([...v].map((c) => t('seat.' + ludo.COLOR_NAMES[c])));
  return v;
}

// optionsText is the options of a ruleset ID ("kinevet players=2") in
// words ("Players: two"), comma-separated, "" for none; an option the
// catalogs do not name keeps the server's KEY=VALUE. The number of
// players goes unsaid where the colours in play are named: the ID has
// both ("kinevet colors=ry players=2"), and the colours count them.
export function optionsText(id) {
  const [name, ...kvs] = id.split(' ');
  const named = kvs.some((kv) => kv.startsWith(COLOR_OPTION + '=') && kv !== COLOR_OPTION + '=auto');
  return kvs.filter((kv) => !(named && kv.startsWith('players='))).map((kv) => {
    const [k, v] = kv.split('=');
    const base = `web.option.${name}.${k}`;
    // The pair's punctuation is the language's (French puts a narrow
    // space before the colon).
    return has(base + '.name') ? t('web.option.pair', { Name: t(base + '.name'), Value: optionValue(name, k, v) }) : kv;
  }).join(', ');
}

// rulesetTitle is the name of ruleset ID ("kinevet players=2") with its
// options in a bracket after it, or inside the name's own closing
// bracket ("Ki nevet a végén (Ludo; number of players: two)"), not one
// bracket after the other.
export function rulesetTitle(id) {
  const name = t('ruleset.' + id.split(' ')[0]);
  const opts = optionsText(id);
  if (!opts) return name;
  if (!name.endsWith(')')) return `${name} (${opts})`;
  const lower = opts.charAt(0).toLocaleLowerCase(document.documentElement.lang) + opts.slice(1);
  return name.slice(0, -1) + t('web.status.semicolon') + lower + ')';
}

// fitBoard tells the stylesheet where the board starts on the page
// (--board-top), on the game's page and the replay's, so that a square
// board (Ludo) is no taller than the window below that, nor an upright
// one on a phone: the whole board and the Throw button (or the replay's
// controls) show together. What stands above it (a title on two lines,
// a clock, a lost connection, the replay's die) changes its place, so it
// is measured again when the play column changes size; the board's own
// size does not move its top, so this settles at once.
export function fitBoard() {
  const board = $('#board');
  let last = '';
  const measure = () => {
    const top = Math.round(board.getBoundingClientRect().top + window.scrollY) + 'px';
    if (top !== last) document.documentElement.style.setProperty('--board-top', last = top);
  };
  measure();
  if (window.ResizeObserver) new ResizeObserver(measure).observe($('.play'));
  window.addEventListener('resize', measure);
}

// levelName is a computer player's name: the levels are translated, the
// research players ("random", "mcts-200") keep their names.
export function levelName(kind) {
  return has('kind.' + kind) ? t('kind.' + kind) : kind;
}

export function kindLabel(seat, mine) {
  // Out of the game, the computer playing the seat (docs/api.md, resign).
  if (seat.resigned) return mine ? t('web.seat.youResigned') : t('web.seat.resigned');
  if (mine) return seat.away ? t('web.seat.youAway') : t('web.seat.you');
  if (seat.kind === 'human') {
    if (seat.open) return t('web.seat.open');
    return seat.away ? t('web.seat.personAway') : t('web.seat.person');
  }
  return t('web.seat.computer', { Level: levelName(seat.kind) });
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

// EFFECTS tells the special rules the engine reports (its effect
// names, see the Effecter interface) in plain words, each with an icon
// and its message (web.effect.*). A name missing here is shown as the
// engine wrote it.
const EFFECTS = {
  'attack (swap)': ['⇄', 'attack'],
  'backward move': ['↩', 'backward'],
  'bounce at 30': ['↶', 'bounce'],
  'drowning (27)': ['≈', 'drowning'],
  'entering': ['⤵', 'entering'],
  'bearing off': ['✓', 'bearingOff'],
  'extra or bonus throw': ['↻', 'extraThrow'],
  // The board's mark of the squares that make one miss a turn (10, 20).
  'missed turn (10, 20)': ['✕', 'missedTurn'],
  'falls asleep (16)': ['☾', 'asleep'],
  'jump over the water': ['⤴', 'jump'],
  'throw lost (pass)': ['∅', 'throwLost'],
  'BA entering (S6)': ['♔', 'baEntering'],
  'BA drowning (S17)': ['♔', 'baDrowning'],
  'entering (K3)': ['⤵', 'ludoEntering'],
  'capture (K6)': ['✖', 'capture'],
  'into the goal (K7)': ['⌂', 'goal'],
  'roll again after a 6 (K4, H2)': ['↻', 'sixAgain'],
  'third six: turn lost (H3)': ['⚠', 'thirdSix'],
  'roll lost (pass)': ['∅', 'rollLost'],
  'middle of three attacked (A13)': ['⇄', 'tripleBroken'],
  'extra throw on 15 (A20)': ['↻', 'rebirth'],
  // The mark of a safe square, as on the Senet boards.
  'start square safe (H1)': ['☆', 'safeStart'],
  'goal bounce (H4)': ['↶', 'goalBounce'],
  'another try for a 6 (H5)': ['↻', 'anotherTry'],
};

// BLOCKS words what removed moves from a throw (the API's blocked, by
// game.Block kind; web.blocked.*): Wall is the wall's squares, Moves the
// moves it removed ("8-12 and 7-11"), From the squares they start from
// ("8 and 7"), Count how many, Throw the throw that enters waiting
// pieces (needs-throw: why a throw left no move).
const BLOCKED_ICON = '▥';
const BLOCKS = {
  wall: 'wall', pair: 'pair', 'ba-waits': 'baWaits', 'pieces-wait': 'piecesWait', 'needs-throw': 'needsThrow',
  'own-piece': 'ownPiece', 'goal-pass': 'goalPass', 'past-goal': 'pastGoal', safe: 'safe',
};
// PASS_ONLY are the kinds that only explain a throw with no move at all
// (Ludo lists them piece by piece: ludo/blocked.go): the pass's ∅ shows
// such a turn in the move list, so they get no BLOCKED_ICON of their own.
const PASS_ONLY = new Set(['needs-throw', 'own-piece', 'goal-pass', 'past-goal', 'safe']);

// ICONS are every icon the move list may show, each once: each is a
// plain glyph of the fonts every system has (DejaVu, Liberation, ...),
// drawn in the text's colour, none an emoji (TestBrowserIconsDrawn).
export const ICONS = [...new Set([...Object.values(EFFECTS).map(([icon]) => icon), BLOCKED_ICON])];

// blockedText says in words why a throw has fewer moves (or none):
// "the wall on 14-16 blocks 11-15 and 12-16", each move in moveWords's
// words ("... cannot be jumped together (bearing off from 28)"); '' when
// nothing was blocked.
export function blockedText(blocked) {
  // One sentence per obstacle: blocks of a kind whose squares overlap
  // are one (each move of a row of pieces sees the row without its own
  // piece, 3-9, 5-9, 7-9...: the row is 1-9).
  const groups = [];
  for (const b of blocked || []) {
    const span = (b.wall || '').split('-').map(Number);
    const g = groups.find((x) => x.kind === b.kind && (span.length < 2 || !x.lo ? x.wall === (b.wall || '')
      : span[0] <= x.hi + 1 && span[1] >= x.lo - 1));
    if (!g) {
      groups.push({ kind: b.kind, wall: b.wall || '', throw: b.throw, lo: span.length === 2 ? span[0] : 0, hi: span.length === 2 ? span[1] : 0, moves: [b.move] });
      continue;
    }
    g.moves.push(b.move);
    if (g.lo) join(g, { lo: span[0], hi: span[1], moves: [] });
  }
  // A span can bridge two groups made before it: join until none overlap.
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    const j = groups.findIndex((x, k) => k > i && x.kind === g.kind && g.lo && x.lo && x.lo <= g.hi + 1 && x.hi >= g.lo - 1);
    if (j >= 0) {
      join(g, groups[j]);
      groups.splice(j, 1);
      i--;
    }
  }
  return groups.map((g) => {
    const moves = list(g.moves.map(moveWords));
    if (!BLOCKS[g.kind]) return `${moves}: ${g.kind}`;
    return t(`web.blocked.${BLOCKS[g.kind]}`, {
      Wall: g.wall || '', Moves: moves, From: list(g.moves.map((m) => squareWords(m.split('-')[0]))), Count: g.moves.length, Throw: g.throw,
    });
  }).join(t('web.status.semicolon'));
}

// squareWords is a square of a blocked move in words: Ludo's goal
// squares (g3) are said, the track's numbers stay.
function squareWords(sq) {
  const m = /^g(\d)$/.exec(sq);
  return m ? t('web.blocked.goalSquare', { N: m[1] }) : sq;
}

// join adds group (or span) x to group g: its moves, and its squares to
// g's span.
function join(g, x) {
  g.moves.push(...x.moves);
  g.lo = Math.min(g.lo, x.lo);
  g.hi = Math.max(g.hi, x.hi);
  g.wall = g.lo + '-' + g.hi;
}

// effectParts is the icon and words of one effect of turn tn; the board
// family's module may say more (why a throw was extra).
export function effectParts(name, tn, kind) {
  const [icon, id] = EFFECTS[name] || ['•', ''];
  const words = id ? t(`web.effect.${id}`) : name;
  const mod = kind && boards[kind];
  const more = mod && mod.explain ? mod.explain(name, tn) : null;
  return [icon, more || words];
}

// seatWho is who played turn tn, with the computer level when it was
// not a person.
function seatWho(tn, seats) {
  const seat = seats[tn.seat];
  const who = seat ? seat.label || seat.name : tn.letter;
  return tn.by && tn.by !== 'human' ? t('web.turn.by', { Who: who, Level: levelName(tn.by) }) : who;
}

// moveWords is a move in words, for a sentence: entering ("in-1") and
// bearing off ("29-off"), and Ludo's moves into and inside the goal, in
// the page's language; a move from square to square stays as it is
// ("12-15"), and so does "pass" (turnText says it). The notation
// (docs/notation.md) stays in the API, the records and the move list.
// The one source of a move's words: the blocked moves (blockedText) and
// the board buttons' names (moveSaid) say them too.
export function moveWords(move) {
  let m = /^in-(\d+)$/.exec(move);
  if (m) return t('web.move.enter', { To: m[1] });
  m = /^(\d+)-off$/.exec(move);
  if (m) return t('web.move.off', { From: m[1] });
  m = /^(\d+)-g(\d+)$/.exec(move);
  if (m) return t('web.move.toGoal', { From: m[1], N: m[2] });
  m = /^g(\d+)-g(\d+)$/.exec(move);
  if (m) return t('web.move.inGoal', { From: m[1], To: m[2] });
  return move;
}

// moveSaid is a move in words for a board button's name (its label for
// screen readers): moveWords's words, or, for a move from square to
// square, which moveWords keeps as written, where it goes (to: the
// board's name for that square). The button never reads out notation.
function moveSaid(move, to) {
  const words = moveWords(move);
  return words === move ? t('web.board.goesTo', { To: to }) : words;
}

// turnText describes a turn in words: who threw what, the move, and
// what the rules did.
export function turnText(tn, seats, kind) {
  const effects = (tn.effects || []).filter((e) => tn.move !== 'pass' || !/pass/.test(e));
  const said = effects.map((e) => effectParts(e, tn, kind)[1]);
  if (tn.blocked && tn.blocked.length) said.push(blockedText(tn.blocked));
  const move = tn.move === 'pass' ? t('web.turn.noLegalMove') : moveWords(tn.move);
  return t('web.turn.text', { Who: seatWho(tn, seats), Roll: tn.roll, Move: move }) + (said.length ? ' · ' + said.join(' · ') : '');
}

// obstacles are the blocks of turn tn that the move list marks with
// BLOCKED_ICON: moves an obstacle removed (a wall, a pair, the BA's hold
// on bearing off). The PASS_ONLY kinds removed no move: they only
// explain a pass (pieces wait for a 6, K3; for Szenet's entering throw,
// S6; Ludo's pieces that cannot move), which the pass's ∅ already shows,
// at nearly every turn of a Ludo game's start; their words stay in the
// turn's title (turnText).
function obstacles(tn) { return (tn.blocked || []).filter((b) => !PASS_ONLY.has(b.kind)); }

// iconLegend says what the icons of a move list mean, each icon its
// turns use once ("↻ another throw · ⇄ …"), for a finger that cannot
// point at one to read its title; none when no turn has an icon.
export function iconLegend(turns) {
  const seen = new Map();
  for (const tn of turns) {
    for (const e of tn.effects || []) {
      const [icon, id] = EFFECTS[e] || [];
      if (icon && !seen.has(icon + id)) seen.set(icon + id, `${icon} ${t('web.effect.' + id)}`);
    }
    if (obstacles(tn).length && !seen.has(BLOCKED_ICON)) seen.set(BLOCKED_ICON, `${BLOCKED_ICON} ${t('web.game.blockedIcon')}`);
  }
  return seen.size ? [t('web.game.legend'), ' ', [...seen.values()].join(' · ')] : [];
}

// resignNotes are the move list's notes of the seats that resigned on
// throw n while the game went on (seats[].resigned), to stand before
// that throw's entry: items outside the list's numbering (li.note).
export function resignNotes(seats, rules, n) {
  return seats.filter((s) => s.resigned === n).map((s) =>
    h('li', { class: 'note' }, tRules('web.result.resign', rules, { Seat: s.label || s.name, Turn: n })));
}

// turnItem is a turn as a move-list entry, each effect with its icon;
// with open, the entry is a link to its turn (focusable, click or Enter).
export function turnItem(tn, seats, kind, attrs = {}, open = null) {
  const seat = seats[tn.seat];
  const who = seat ? seat.label || seat.name : tn.letter;
  const li = h('li', attrs, h('span', { class: 'who' }, who), ' ', h('span', { class: 'roll' }, String(tn.roll)), ' ',
    h('span', { class: 'mv' }, tn.move === 'pass' ? t('web.turn.noMove') : tn.move));
  for (const e of tn.effects || []) {
    const [icon, words] = effectParts(e, tn, kind);
    li.append(' ', h('span', { class: 'effect', title: words, 'aria-label': words }, icon));
  }
  if (obstacles(tn).length) {
    const words = blockedText(tn.blocked); // the whole reason, a needs-throw's too
    li.append(' ', h('span', { class: 'effect blocked', title: words, 'aria-label': words }, BLOCKED_ICON));
  }
  if (open) {
    // The entry leads to its turn (the replay's board there), by a click
    // or by Enter where the keyboard stands.
    li.tabIndex = 0;
    li.addEventListener('click', open);
    li.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
  }
  return li;
}

// keyboardFocused reports whether e has the focus the keyboard gave
// (:focus-visible; false in a browser that does not know it).
function keyboardFocused(e) {
  try { return e.matches(':focus-visible'); } catch { return false; }
}

// BoardView draws positions of one board family into an <svg> and,
// when a move is wanted, lets the player choose one.
export class BoardView {
  constructor(svg, kind, houses) {
    this.svg = svg;
    this.kind = kind;
    this.mod = boardModule(kind);
    this.houses = houses || [];
    this.selected = null;
    this.focusKey = null;
    this.state = null;
    this.anim = [];
    // {key, keep}: the piece a finger previewed (touchConfirm), which a
    // second tap on it or on its destination (the elements in keep) plays.
    this.touched = null;
    svg.addEventListener('keydown', (ev) => this.onKey(ev));
    // A finger lifted anywhere else puts that preview away (a tap on
    // another piece then previews that one). Lifted, not put down: a
    // touch that scrolls the page leaves it.
    document.addEventListener('pointerup', (ev) => {
      if (ev.pointerType === 'touch' && this.touched && !this.touched.keep.some((e) => e.contains(ev.target))) this.unpreview?.();
    }, true);
    if (this.mod.prefersUpright) {
      const mq = matchMedia(this.mod.prefersUpright);
      this.upright = mq.matches;
      mq.addEventListener('change', () => {
        this.upright = mq.matches;
        if (this.state) this.show({ ...this.state, animateFrom: null }, true);
      });
    }
  }

  // show draws st.pos. With st.interactive, the pieces that st.moves
  // can move can be picked and st.onMove(move) is called with the move
  // chosen. st.last ({move, letter}) is marked; st.animateFrom (a
  // position) animates the last move from there.
  //
  // A state already drawn is left as it is, unless redraw: the game's
  // page shows every message of the game's stream, and most change
  // nothing on the board (another player's page opening or closing, a
  // seat going away). Drawn again, the piece under a press would be
  // replaced between its pointerdown and its pointerup, and the press
  // would make no click: the player's tap or click lost. The view's own
  // changes (a piece picked, the board turned upright) draw again.
  show(st, redraw = false) {
    if (!redraw && this.state && !st.animateFrom && JSON.stringify(st) === JSON.stringify(this.state)) return;
    if (!this.state || this.state.pos !== st.pos || !st.interactive) this.selected = null;
    // A redraw of the same position (a player's arrival, say) keeps a
    // finger's preview, so that the second tap plays what it shows.
    const touched = this.state && this.state.pos === st.pos && st.interactive ? this.touched?.key : null;
    this.touched = null;
    this.state = st;
    this.moved = false; // a move chosen waits for the next drawing
    this.unpreview = null;
    for (const a of this.anim) cancelAnimationFrame(a);
    this.anim = [];
    const { mod, svg } = this;
    const hadFocus = svg.contains(document.activeElement);
    clear(svg);
    const { p, layer, marks } = mod.draw(svg, st.pos, { houses: this.houses, upright: this.upright });
    this.p = p;
    svg.dataset.pos = st.pos;
    const under = el('g', { class: 'under' });
    svg.insertBefore(under, layer);
    // Every mark fits inside a square as drawn (mod.square), so that none
    // hides a neighbour or looks like another mark.
    const half = mod.square / 2;
    const squareMark = (cls, c, inset) => el('rect', { class: cls, x: c.x - half + inset, y: c.y - half + inset, width: mod.square - 2 * inset, height: mod.square - 2 * inset, rx: 5 }, under);

    if (st.last && st.last.move !== 'pass') {
      const lp = { ...p, turn: st.last.letter };
      const k = mod.keys(st.last.move, lp);
      if (k) {
        const fromP = st.animateFrom ? { ...mod.parse(st.animateFrom), upright: p.upright, turn: st.last.letter } : lp;
        // A tray place gets a ring its size (mod.trayMark), not a square.
        const lastMark = (cls, key, pp, inset, placed) => {
          const c = mod.center(key, pp, placed), r = mod.trayMark?.(key);
          if (r) el('circle', { class: cls, cx: c.x, cy: c.y, r }, under);
          else squareMark(cls, c, inset);
        };
        lastMark('last-from', k.from, fromP, 2, false);
        lastMark('last-to', k.to, lp, 1, true);
        if (st.animateFrom && !reducedMotion()) this.animate(layer, k, fromP, lp, st.animateFrom);
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
    svg.setAttribute('aria-label', this.boardLabel(byFrom));
    const seen = new Set();
    for (const piece of layer.querySelectorAll('.piece')) {
      const key = mod.pieceKey(piece.dataset.key, p);
      if (!key || !byFrom.has(key)) continue;
      if (seen.has(key)) {
        // The first stands for them: where the board module spreads its
        // hit area over them (mod.hitBox: Ludo's yard), a touch goes
        // through the others to it.
        if (mod.hitBox?.(key)) piece.classList.add('stood-for');
        continue;
      }
      seen.add(key); // one piece of a tray stands for all that wait there
      const r = Number(piece.querySelector('.body').getAttribute('r'));
      piece.classList.add('movable');
      piece.dataset.from = key;
      const hit = mod.hitSize(key), area = mod.hitBox?.(key);
      if (area) piece.insertBefore(el('rect', { class: 'hit', ...area }), piece.firstChild);
      else if (hit) piece.insertBefore(el('rect', { class: 'hit', x: -hit / 2, y: -hit / 2, width: hit, height: hit }), piece.firstChild);
      // A light ring under the dashed one: it stands out from the piece's
      // outline and a Ludo hole's coloured rim, which it lies on where a
      // piece nearly fills its square.
      const ring = Math.min(r + 4, half - 1.5);
      el('circle', { class: 'mark-movable-under', r: ring }, piece);
      el('circle', { class: 'mark-movable', r: ring }, piece);
      el('circle', { class: 'focus-ring', r: half - 0.5 }, piece);
      const ways = byFrom.get(key);
      piece.dataset.ways = ways.length;
      const name = piece.querySelector('title').textContent;
      const selectMark = () => el('rect', { class: 'mark-selected', x: -half + 2, y: -half + 2, width: mod.square - 4, height: mod.square - 4, rx: 6 }, piece);
      if (ways.length === 1) {
        // One destination: a tap plays it, as on RoyalUr.net; pointing
        // at the piece (or reaching it with the keyboard) shows where it
        // goes first. A finger cannot point: with touchConfirm on, its
        // first tap shows the move and a second plays it.
        const [only] = ways;
        // One preview at a time, the pointer's, the keyboard's or the
        // finger's; with touchConfirm off a touch shows none (the finger
        // is already playing the move).
        const preview = (byTouch) => {
          this.unpreview?.();
          const target = this.targetMark(marks, only, p, half);
          const shown = [selectMark(), target];
          target.classList.add('preview');
          if (byTouch) {
            // The destination takes the second tap too, on its whole square.
            target.classList.add('by-touch');
            const hit = mod.hitSize(only.to) || mod.square;
            target.insertBefore(el('rect', { class: 'hit', x: -hit / 2, y: -hit / 2, width: hit, height: hit }), target.firstChild);
            target.addEventListener('click', (ev) => { ev.stopPropagation(); this.play(only.move); });
            this.touched = { key, keep: [piece, target] };
          }
          this.unpreview = () => { for (const e of shown) e.remove(); this.unpreview = null; this.touched = null; };
        };
        // tapped: the click to come is a finger's (set at its pointerdown).
        let tapped = false;
        piece.addEventListener('pointerdown', (ev) => { tapped = ev.pointerType === 'touch'; });
        this.focusable(piece, key, t('web.board.movesTo', { Piece: name, Move: moveSaid(only.move, mod.label(only.to, p, this.houses)) }), (ev) => {
          const tap = ev.type === 'click' && tapped;
          tapped = false;
          if (tap && touchConfirm() && this.touched?.key !== key && !this.moved) preview(true);
          else this.play(only.move);
        });
        piece.preview = preview; // for the pointer leaving another piece
        piece.addEventListener('pointerenter', (ev) => { if (ev.pointerType !== 'touch') preview(); });
        piece.addEventListener('pointerleave', (ev) => {
          // A finger leaves at every lift: its preview waits for the next tap.
          if (ev.pointerType === 'touch') return;
          this.unpreview?.();
          // Back to the preview of the piece the keyboard is on.
          const f = document.activeElement;
          if (svg.contains(f) && keyboardFocused(f)) f.preview?.();
        });
        piece.addEventListener('pointercancel', () => { tapped = false; this.unpreview?.(); }); // a touch that became a scroll
        piece.addEventListener('focus', () => { if (keyboardFocused(piece)) preview(); });
        // A tap on the destination takes the focus from the piece before
        // its click: a finger's preview stays (a tap elsewhere ends it).
        piece.addEventListener('blur', () => { if (!this.touched) this.unpreview?.(); });
        if (key === touched) preview(true);
        continue;
      }
      this.focusable(piece, key, t('web.board.canMoveWays', { Piece: name, Count: ways.length }), () => {
        this.selected = this.selected === key ? null : key;
        const first = this.selected && ways[0];
        this.focusKey = first ? 'to:' + first.to : key;
        this.show({ ...this.state, animateFrom: null }, true);
      });
      if (key === this.selected) {
        piece.classList.add('selected');
        piece.setAttribute('aria-pressed', 'true');
        selectMark();
      }
    }
    if (this.selected && byFrom.has(this.selected)) {
      for (const tg of byFrom.get(this.selected)) {
        const target = this.targetMark(marks, tg, p, half);
        const hit = mod.hitSize(tg.to) || mod.square;
        target.insertBefore(el('rect', { class: 'hit', x: -hit / 2, y: -hit / 2, width: hit, height: hit }), target.firstChild);
        el('circle', { class: 'focus-ring', r: half - 0.5 }, target);
        this.focusable(target, 'to:' + tg.to, moveSaid(tg.move, mod.label(tg.to, p, this.houses)), () => this.play(tg.move));
      }
    }
    if (st.better) this.drawBetter(st.better, p);
    if (hadFocus || this.focusKey) {
      const f = [...svg.querySelectorAll('[tabindex]')];
      const again = f.find((e) => e.dataset.focusKey === this.focusKey) || (hadFocus ? f[0] : null);
      if (again) again.focus();
      else if (hadFocus) svg.focus();
    }
  }

  // play chooses move, once: a second tap before the next drawing (the
  // server's answer) is ignored, unless the move was refused (onMove
  // gives false), when the board takes taps again.
  play(move) {
    if (this.moved) return;
    const st = this.state;
    this.moved = true;
    this.selected = null;
    this.focusKey = null;
    this.unpreview?.();
    Promise.resolve(st.onMove(move)).then((ok) => { if (ok === false && this.state === st) this.moved = false; });
  }

  // targetMark draws the dot of a destination tg ({to, move}).
  targetMark(marks, tg, p, half) {
    const c = this.mod.center(tg.to, p);
    const target = el('g', { class: 'target', 'data-move': tg.move, 'data-to': tg.to, transform: `translate(${c.x},${c.y})` }, marks);
    el('circle', { class: 'mark-target', r: this.mod.square * 0.18 }, target);
    return target;
  }

  // boardLabel says what the board shows for screen readers: the
  // better move drawn on it too (st.better's words).
  boardLabel(byFrom) {
    const n = byFrom.size;
    const better = this.state.better ? ' · ' + this.state.better.label : '';
    if (!this.state.interactive) return t('web.board.label') + better;
    return t('web.board.movable', { Count: n }) + better;
  }

  // drawBetter draws b.move ({move, letter: the seat that could have
  // played it, label: its words}), the review's better move, over the
  // board p: a dashed arrow from where it starts to where it ends and a
  // dashed ring there, in the review's colour, apart from the move
  // played's square marks. Part of the drawing, so that every redraw (a
  // phone turned: prefersUpright) keeps it.
  drawBetter(b, p) {
    const { mod, svg } = this;
    const bp = { ...p, turn: b.letter };
    const k = mod.keys(b.move, bp);
    if (!k) return;
    const a = mod.center(k.from, bp), c = mod.center(k.to, bp);
    const g = el('g', { class: 'better-move', 'data-move': b.move, 'data-from': k.from, 'data-to': k.to, 'aria-hidden': 'true' }, svg);
    const dx = c.x - a.x, dy = c.y - a.y, len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len, head = Math.min(16, len / 2);
    const tip = { x: c.x - ux * 6, y: c.y - uy * 6 };
    el('line', { class: 'shaft', x1: a.x, y1: a.y, x2: tip.x - ux * head * 0.8, y2: tip.y - uy * head * 0.8 }, g);
    el('polygon', { class: 'head', points: `${tip.x},${tip.y} ${tip.x - ux * head - uy * head * 0.55},${tip.y - uy * head + ux * head * 0.55} ${tip.x - ux * head + uy * head * 0.55},${tip.y - uy * head - ux * head * 0.55}` }, g);
    el('circle', { class: 'ghost', cx: c.x, cy: c.y, r: mod.square * 0.3 }, g);
  }

  // focusable makes an element a button for the keyboard and the mouse:
  // act(ev) is given the click or the key's event.
  focusable(e, key, label, act) {
    e.setAttribute('tabindex', '0');
    e.setAttribute('role', 'button');
    e.setAttribute('aria-label', label);
    e.dataset.focusKey = key;
    e.addEventListener('click', (ev) => { ev.stopPropagation(); act(ev); });
    e.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ev.stopPropagation(); act(ev); }
    });
    e.addEventListener('focus', () => { this.focusKey = key; });
  }

  // onKey moves the focus between the board's buttons with the arrow
  // keys, and Escape puts a picked piece back.
  onKey(ev) {
    if (ev.key === 'Escape' && this.selected) {
      this.focusKey = this.selected;
      this.selected = null;
      this.show({ ...this.state, animateFrom: null }, true);
      return;
    }
    const dir = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (!dir) return;
    const f = [...this.svg.querySelectorAll('[tabindex]')];
    if (!f.length) return;
    ev.preventDefault();
    const i = f.indexOf(document.activeElement);
    f[(i + dir + f.length) % f.length].focus();
  }

  // animate moves the pieces of the last move: the mover along the
  // track from k.from (and on to where it went, if it did not stay:
  // drowned, borne off), a piece it swapped with back the same way, and
  // a piece it sent home (captured) from k.to. Pieces of the mover's
  // side that left the board with it (the followers of a drowned BA,
  // S17) wait on their squares until it reaches k.to, then go there and
  // on to where they wait.
  animate(layer, k, fromP, toP, fromPos) {
    const { mod } = this;
    const mine = (c) => c.toLowerCase() === toP.turn || c === toP.turn;
    const pts = mod.route(k.from, k.to, fromP).map((key) => mod.center(key, fromP));
    // The pieces that stand somewhere they did not before.
    const beforeKeys = this.keysOf(fromPos, fromP);
    const before = new Map();
    for (const id of beforeKeys) before.set(id, (before.get(id) || 0) + 1);
    const moverLetter = (beforeKeys.find((id) => id.startsWith(k.from + '|')) || '').split('|')[1];
    // Squares the mover's side left besides k.from: where followers were.
    const after = new Set([...layer.querySelectorAll('.piece')].map((e) => e.dataset.key + '|' + e.dataset.piece));
    const left = beforeKeys.filter((id) => !id.startsWith(k.from + '|') && mine(id.split('|')[1]) && !after.has(id))
      .map((id) => id.split('|')[0]);
    const seen = new Map();
    const arrived = [];
    for (const e of layer.querySelectorAll('.piece')) {
      const id = e.dataset.key + '|' + e.dataset.piece;
      seen.set(id, (seen.get(id) || 0) + 1);
      if (seen.get(id) > (before.get(id) || 0)) arrived.push(e);
    }
    const mover = arrived.find((e) => e.dataset.key === k.to && e.dataset.piece === moverLetter) ||
      arrived.find((e) => e.dataset.key === k.to && mine(e.dataset.piece)) ||
      arrived.find((e) => e.dataset.piece === moverLetter) || arrived.find((e) => mine(e.dataset.piece));
    let travel = 0;
    if (mover) {
      travel = this.slide(mover, mover.dataset.key === k.to ? pts : [...pts, this.groupAt(mover)], 0, pts.length);
    }
    const end = pts[pts.length - 1];
    for (const e of arrived) {
      if (e === mover) continue;
      if (e.dataset.key === k.from) this.slide(e, [...pts].reverse()); // a swap
      else if (mine(e.dataset.piece) && left.length) {
        this.slide(e, [mod.center(left.shift(), fromP), end, this.groupAt(e)], travel); // a follower (S17)
      } else this.slide(e, [end, this.groupAt(e)]);
    }
  }

  // keysOf lists "key|letter" of each piece in pos, drawn off screen.
  keysOf(pos, p) {
    const tmp = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const { layer } = this.mod.draw(tmp, pos, { houses: this.houses, upright: p.upright });
    return [...layer.querySelectorAll('.piece')].map((e) => e.dataset.key + '|' + e.dataset.piece);
  }

  groupAt(e) {
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(e.getAttribute('transform') || '');
    return m ? { x: Number(m[1]), y: Number(m[2]) } : { x: 0, y: 0 };
  }

  // slide moves a piece through points (board coordinates of square
  // centres), its own offset from the last point kept, after waiting
  // delay ms on the first point, and returns the ms it takes to reach
  // point upto (the end by default).
  slide(piece, pts, delay = 0, upto = pts.length) {
    if (pts.length < 2) return 0;
    const end = this.groupAt(piece);
    const last = pts[pts.length - 1];
    const dx = end.x - last.x, dy = end.y - last.y;
    const per = Math.max(60, Math.min(140, 900 / (pts.length - 1)));
    const dur = per * (pts.length - 1);
    const t0 = performance.now() + delay;
    piece.classList.add('moving');
    this.svg.dataset.slides = Number(this.svg.dataset.slides || 0) + 1; // counted for the tests
    if (delay) this.svg.dataset.followers = Number(this.svg.dataset.followers || 0) + 1; // counted for the tests
    const step = (now) => {
      const f = Math.max(0, Math.min(1, (now - t0) / dur));
      const e = f < 0.5 ? 2 * f * f : 1 - Math.pow(-2 * f + 2, 2) / 2;
      const x = e * (pts.length - 1);
      const i = Math.min(pts.length - 2, Math.floor(x));
      const u = x - i;
      const a = pts[i], b = pts[i + 1];
      piece.setAttribute('transform', `translate(${a.x + (b.x - a.x) * u + dx},${a.y + (b.y - a.y) * u + dy})`);
      if (f < 1) this.anim.push(requestAnimationFrame(step));
      else piece.classList.remove('moving');
    };
    step(performance.now());
    return per * (Math.min(upto, pts.length) - 1);
  }
}

// drawThrow draws a throw of a board family under rules (the game's
// rules text) into an <svg>; fresh, it falls or rolls into place
// (unless the player asked for less motion).
export function drawThrow(svg, kind, rules, roll, n, fresh) {
  clear(svg);
  // The picture's width is the board family's (style.css): a die is
  // narrower than four sticks, and centred in their room it stood 31 px
  // in, a gap where a spectator has no Throw button.
  svg.dataset.kind = kind;
  boardModule(kind).drawThrow(svg, roll, n, rules);
  svg.classList.remove('thrown');
  if (fresh && !reducedMotion()) {
    void svg.getBoundingClientRect(); // restart the animation
    svg.classList.add('thrown');
    svg.dataset.animated = Number(svg.dataset.animated || 0) + 1; // counted for the tests
  }
}

// houseLegend lists a board's houses: symbol, square, name and effect.
export function houseLegend(houses) {
  const items = houses || [];
  if (!items.length) return h('span');
  return h('details', { class: 'card small legend' }, h('summary', {}, t('web.houses.heading')),
    h('ul', {}, items.map((x) => h('li', {}, h('strong', {}, `${x.symbol} ${x.square}`), x.name ? ` ${houseName(x.name)}: ` : ': ', houseEffects(x)))));
}

// houseEffects says what a house does, each effect with the rule it
// cites, from the effects as data (web.house.effect.*).
export function houseEffects(house) {
  if (!house.effects) return house.effect;
  return house.effects.map((e) => {
    const id = `web.house.effect.${e.kind}`;
    if (!has(id)) return house.effect;
    const words = t(id, { N: e.n });
    return e.rule ? t('web.house.withRule', { Effect: words, Rule: e.rule }) : t('web.house.sentence', { Effect: words });
  }).join(' ');
}

// announce tells screen readers (an aria-live region) what happened.
export function announce(s) {
  const box = document.getElementById('announce');
  if (box) box.textContent = s;
}

// resultText says who won a finished game and how ("Black resigned on
// turn 12: White wins."), from the result as data (how, seat, turn,
// winner), in the page's language; mine are the seats of this page.
export function resultText(g, mine) {
  const r = g.result;
  // In the words of the game's ruleset ("Ganan las Blancas", "Gana el Rojo").
  const tr = (id, args) => tRules(id, g.rules || '', args);
  const name = (s) => (g.seats[s] ? g.seats[s].label : '');
  const w = r.winner >= 0 ? g.seats[r.winner] : null;
  // The seat that resigned (or aborted) is "(you)" too, as the winner is.
  const you = mine.includes(r.seat) && r.seat !== r.winner;
  const args = { Seat: you ? tr('web.result.you', { Seat: name(r.seat) }) : name(r.seat), Turn: r.turn };
  let how;
  if (r.how === 'resign') how = tr('web.result.resign', args);
  else if (r.how === 'abort') how = tr('web.result.abort', args);
  else if (r.how === 'noStart') how = tr('web.result.noStart', args);
  else if (r.how === 'claim') how = tr('web.result.claim', args);
  else if (r.how === 'noReturn') how = tr('web.result.noReturn', args);
  else if (g.seats[r.seat] && g.seats[r.seat].resigned) how = tr('web.result.homeResigned', args);
  else if (!w) how = tr('web.result.noWinner', args);
  else how = t(g.board === 'senet' ? 'web.result.boreOff' : 'web.result.home', args);
  // The seats that resigned while the game went on, after it.
  const out = g.seats.filter((s) => s.resigned).map((s) => ' ' + tr('web.result.sentence', {
    How: tr('web.result.resign', { Seat: mine.includes(s.seat) ? tr('web.result.you', { Seat: name(s.seat) }) : name(s.seat), Turn: s.resigned }),
  })).join('');
  if (!w) {
    // A resignation among three or four sides: the others share the win.
    const winners = (r.payoffs || []).flatMap((x, s) => (x > 0 ? [mine.includes(s) ? tr('web.result.you', { Seat: name(s) }) : name(s)] : []));
    if (winners.length > 1) return tr('web.result.share', { How: how, Winners: list(winners) }) + out;
    return tr('web.result.sentence', { How: how }) + out;
  }
  const winner = mine.includes(w.seat) ? tr('web.result.you', { Seat: w.label }) : w.label;
  return tr('web.result.wins', { How: how, Winner: winner }) + out;
}
