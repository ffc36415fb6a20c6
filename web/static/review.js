// The review of a finished game (GET /api/games/ID/analysis, see
// docs/analysis.md): the chance of winning over the game as a graph, the
// inaccuracies, mistakes and blunders marked in the move list, the
// better move drawn on the board, and each player's accuracy, mistakes
// and luck. The replay page and the finished game's page both mount it.
//
// Values are exact where an endgame table knows the position and the
// server's search's estimates elsewhere; the page says which.

import { $, h, boardModule, chip, levelName, errorText, moveWords } from './app.js';
import { t, num, list } from './i18n.js';
import { el, title } from './svg.js';

// Every string this panel shows, in one place, from the catalogs
// (web.review.*) in the page's language.
const T = {
  heading: t('web.review.heading'),
  notOver: t('web.review.notOver'),
  waiting: (p) => (p.status === 'queued'
    ? (p.ahead ? t('web.review.queuedBehind', { Count: p.ahead }) : t('web.review.queued'))
    : t('web.review.running', { Done: p.done, Count: p.total })),
  progress: t('web.review.progress'),
  failed: (msg) => t('web.review.failed', { Reason: msg }),
  graph: t('web.review.graph'),
  graphValue: (n, total, parts) => t('web.review.graphValue', { N: n, Count: total, Chances: parts }),
  graphHelp: t('web.review.graphHelp'),
  flat: (share) => t('web.review.flat', { Share: pct(share), Points: num(FLAT_BAND * 100), Half: pct(0.5) }),
  chance: (name, v) => t('web.review.chance', { Name: name, Percent: pct(v) }),
  exactNote: (exact, total, level) => (exact === total
    ? t('web.review.allExact', { Count: total })
    : exact === 0
      ? t('web.review.noneExact', { Count: total, Level: levelName(level) })
      : t('web.review.someExact', { Exact: exact, Count: total, Level: levelName(level) })),
  players: t('web.review.players'),
  player: t('web.review.player'),
  accuracy: t('web.review.accuracy'),
  bestShare: (percent) => t('web.review.bestShare', { Percent: percent }),
  bestOf: (best, count) => t('web.review.bestOf', { Best: best, Count: count }),
  bestHelp: t('web.review.bestHelp'),
  atStake: (counts) => t('web.review.atStake', { Counts: list(counts), Min: MIN_AT_STAKE }),
  atStakeOf: (name, n) => t('web.review.atStakeOf', { Name: name, Count: n }),
  // What moves at random would have scored on the same choices: the
  // reference for an accuracy, which depends on the game (about 60 in
  // whole Senet games, about 50 in Ki nevet; docs/analysis.md).
  randomRef: (scores) => t('web.review.randomRef', { Scores: list(scores) }),
  randomRefOf: (name, accuracy) => t('web.review.randomRefOf', { Name: name, Accuracy: accuracy }),
  tooFew: (n) => t('web.review.tooFew', { Count: n, Min: MIN_AT_STAKE }),
  marksHelp: t('web.review.marksHelp'),
  counts: [['?!', t('web.review.inaccuracies')], ['?', t('web.review.mistakes')], ['??', t('web.review.blunders')]],
  luck: t('web.review.luck'),
  accuracyHelp: t('web.review.accuracyHelp'),
  // What luck is measured against (docs/analysis.md: after_throw -
  // before, summed over a player's throws), by the figures.
  luckWhat: t('web.review.luckWhat'),
  helpSummary: t('web.review.helpSummary'),
  classes: {
    inaccuracy: ['?!', t('web.review.inaccuracy')], mistake: ['?', t('web.review.mistake')], blunder: ['??', t('web.review.blunder')],
  },
  markLabel: (cls, d) => t(d.exact ? 'web.review.mark' : 'web.review.markEstimate', { Class: cls, Points: points(d.loss), Best: moveWords(d.best) }),
  turnNote: (who, d, cls) => {
    const a = {
      Turn: d.turn, Who: who, Played: moveWords(d.played), Class: cls, Points: points(d.loss), Best: moveWords(d.best),
      BestChance: pct(d.after_best), Chance: pct(d.after_move),
    };
    if (d.moves <= 1) return t('web.review.turnForced', a);
    // A loss the search estimated says so, as the move list's marks and
    // the replay's verdict do (player review 6 found the panel silent).
    if (cls) return d.exact ? t('web.review.turnError', a) : t('web.review.turnErrorEstimate', a);
    if (d.loss < BEST_LOSS) return t('web.review.turnBest', a);
    return d.exact ? t('web.review.turnBelow', a) : t('web.review.turnBelowEstimate', a);
  },
  startNote: t('web.review.start'),
  verdict: (cls, d) => t(d.exact ? 'web.review.verdict' : 'web.review.verdictEstimate', { Class: cls, Points: points(d.loss), Best: moveWords(d.best) }),
  betterMove: (d) => t('web.review.betterMove', { Best: moveWords(d.best) }),
  deeper: t('web.review.deeper', { Level: levelName('expert') }),
};

// DEEPER is the level a reader may ask for after the automatic review
// (hard, made as every game ends): expert searches deeper and takes
// several times as long (docs/analysis.md), so it is asked for, not made
// for every game.
const DEEPER = 'expert';

// MIN_AT_STAKE: with fewer decisions at stake (the choices that could
// change the chance by a tenth of a point: analysis.MinStake) a
// player's accuracy is not given: a short game's figure is noise (one
// review read 100 beside 50% best moves after 18 throws).
const MIN_AT_STAKE = 5;

// BEST_LOSS: a move that loses less than this is a best move, in the
// turn notes as in the players' summary (analysis.BestLoss, the same
// number: TestReviewScriptKnowsBestLoss).
const BEST_LOSS = 0.0005;

// FLAT_BAND, FLAT_SHARE, FLAT_MIN: a two-seat game's graph is flat when
// at least FLAT_SHARE of its estimates (exact values left out, and at
// least FLAT_MIN of them) put the first seat's chance within FLAT_BAND
// of 50%; the panel then says what such a graph means (docs/analysis.md,
// "A flat graph": in Apokrif most graphs are, its network's estimates
// being squeezed toward 50%; "Are the estimates probabilities?").
const FLAT_BAND = 0.05, FLAT_SHARE = 0.75, FLAT_MIN = 10;

// flatShare is the share of a review's estimates within FLAT_BAND of 50%
// when its graph is flat, else null (more than two seats too, where 50%
// is nobody's even chance).
export function flatShare(rep) {
  if (rep.players.length !== 2) return null;
  const first = rep.players[0].seat;
  const est = rep.decisions.filter((d) => !d.exact).map((d) => (d.seat === first ? d.before : 1 - d.before));
  if (est.length < FLAT_MIN) return null;
  const share = est.filter((v) => Math.abs(v - 0.5) <= FLAT_BAND + 1e-9).length / est.length;
  return share >= FLAT_SHARE ? share : null;
}

// Percentages, points and signed points in the page's language.
function pct(v) { return num(v, { style: 'percent', maximumFractionDigits: 0 }); }
function points(loss) { return num(loss * 100, { minimumFractionDigits: 1, maximumFractionDigits: 1 }); }
function signed(x) { return `${x >= 0 ? '+' : '−'}${points(Math.abs(x))}`; }

// The graph's drawing box (viewBox units).
const W = 320, H = 170, L = 42, R = 6, TOP = 6, BOTTOM = 18; // L: room for "100 %" in every language

export class Review {
  // box: the panel's element; opts: {id, board, seats (decorated: label,
  // cl), over, onPick(n): go to turn n, onReady(): the review is drawn,
  // at: the turn shown first (default 0, the start; Infinity: the last,
  // for the game page, whose board shows the end)}.
  constructor(box, opts) {
    this.box = box;
    this.o = opts;
    this.rep = null;
    this.at = opts.at || 0;
    this.level = '';
    box.classList.add('card', 'review');
    box.replaceChildren(h('h2', {}, T.heading));
    box.setAttribute('aria-busy', 'true');
  }

  // load asks for the review until it is done (202 while it waits or
  // runs), then draws it.
  async load() {
    if (!this.o.over) { this.note(T.notOver); return; }
    const url = `/api/games/${this.o.id}/analysis` + (this.level ? `?level=${this.level}` : '');
    for (let failures = 0; ;) {
      let resp, data = null;
      try {
        resp = await fetch(url);
      } catch {
        // The network: try again a few times, then say so in the page's language.
        if (++failures > 3) { this.note(T.failed(t('web.error.network'))); return; }
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      try { data = await resp.json(); } catch { data = null; } // a proxy's page, not ours
      if (resp.status === 200 && data) { this.rep = data; this.draw(); return; }
      if (resp.status === 202 && data) this.showProgress(data);
      else if (![429, 502, 503, 504].includes(resp.status)) {
        this.note(T.failed(data ? errorText(data.code, data.error) : t('web.error.error')));
        return;
      }
      const wait = Math.max(1, Number(resp.headers.get('Retry-After')) || 1);
      await new Promise((r) => setTimeout(r, Math.min(wait, 30) * 1000));
    }
  }

  // deeperButton asks for the review at DEEPER: the panel shows the
  // queue and the progress meanwhile, as for the first review.
  deeperButton() {
    const b = h('button', { type: 'button', class: 'secondary review-deeper' }, T.deeper);
    b.addEventListener('click', () => {
      this.level = DEEPER;
      this.box.setAttribute('aria-busy', 'true');
      this.load();
    });
    return b;
  }

  note(s) {
    this.box.replaceChildren(h('h2', {}, T.heading), h('p', { class: 'small muted review-note' }, s));
    this.box.removeAttribute('aria-busy');
  }

  showProgress(p) {
    let bar = this.box.querySelector('progress');
    if (!bar) {
      bar = h('progress', { max: 1, value: 0, 'aria-label': T.progress });
      this.box.replaceChildren(h('h2', {}, T.heading), h('p', { class: 'small review-note' }), bar);
    }
    bar.max = Math.max(1, p.total);
    bar.value = p.done;
    this.box.querySelector('.review-note').textContent = T.waiting(p);
  }

  // seatOf is the seat index of a report's seat letter.
  seatOf(letter) { return this.rep.players.findIndex((p) => p.seat === letter); }

  // series is each seat's chance at each turn boundary (0..n): null
  // where the review does not say (with more than two seats, a seat's
  // chance is known at its own turns).
  series() {
    const ds = this.rep.decisions;
    const n = ds.length;
    const k = this.rep.players.length;
    const out = Array.from({ length: k }, () => new Array(n + 1).fill(null));
    ds.forEach((d, i) => {
      const s = this.seatOf(d.seat);
      out[s][i] = d.before;
      if (k === 2) out[1 - s][i] = 1 - d.before;
    });
    if (n) {
      const last = ds[n - 1], s = this.seatOf(last.seat);
      out[s][n] = last.after_move;
      if (k === 2) out[1 - s][n] = 1 - last.after_move;
    }
    return out;
  }

  draw() {
    const { rep, o } = this;
    const mod = boardModule(o.board);
    const name = (s) => (o.seats[s] ? o.seats[s].label || o.seats[s].name : rep.players[s].seat);
    const n = rep.decisions.length;
    this.box.removeAttribute('aria-busy');
    this.box.dataset.level = rep.level;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('class', 'review-graph');
    svg.setAttribute('role', 'slider');
    svg.setAttribute('tabindex', '0');
    svg.setAttribute('aria-label', T.graph);
    svg.setAttribute('aria-valuemin', '0');
    svg.setAttribute('aria-valuemax', String(n));
    this.graph = svg;
    const x = (i) => L + (n ? (i * (W - L - R)) / n : 0);
    const y = (v) => TOP + (1 - v) * (H - TOP - BOTTOM);
    this.x = x;
    el('rect', { class: 'plot', x: L, y: TOP, width: W - L - R, height: H - TOP - BOTTOM }, svg);
    const series = this.series();
    const colour = (s) => mod.seatColor(o.seats[s] ? o.seats[s].cl : '');
    const points = (vals) => vals.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
    // With two seats one curve says it all, as on lichess: the first
    // seat's chance is the share of the height below it, in its colour,
    // and the second's the share above it, in its own; two mirrored
    // lines would only cross each other. More seats, a game without a
    // turn, or two colours too alike to fill with (two-player Ludo's red
    // and green: the board module says, shareGraph) get a line each.
    const two = series.length === 2 && n > 0 && mod.shareGraph === true;
    const on = (s, v) => y(two && s === 1 ? 1 - v : v);
    if (two) {
      el('rect', { class: 'share', x: L, y: TOP, width: W - L - R, height: H - TOP - BOTTOM, 'data-seat': 1 }, svg).style.fill = colour(1);
      const pts = points(series[0]);
      el('polygon', { class: 'share', points: `${x(0)},${y(0)} ${pts.join(' ')} ${x(n)},${y(0)}`, 'data-seat': 0 }, svg).style.fill = colour(0);
      el('rect', { class: 'frame', x: L, y: TOP, width: W - L - R, height: H - TOP - BOTTOM }, svg);
      // Which colour is whose: each seat's name in its own share, in
      // the other's colour.
      const top = el('text', { class: 'share-label', x: L + 4, y: TOP + 11 }, svg);
      top.textContent = name(1);
      top.style.fill = colour(0);
      const bottom = el('text', { class: 'share-label', x: L + 4, y: y(0) - 4 }, svg);
      bottom.textContent = name(0);
      bottom.style.fill = colour(1);
    }
    for (const v of [0, 0.5, 1]) {
      el('line', { class: v === 0.5 ? 'half' : 'grid', x1: L, x2: W - R, y1: y(v), y2: y(v) }, svg);
      const t = el('text', { class: 'axis', x: L - 4, y: y(v) + 4, 'text-anchor': 'end' }, svg);
      t.textContent = pct(v);
    }
    for (const i of [0, n]) {
      const t = el('text', { class: 'axis', x: x(i), y: H - 5, 'text-anchor': i ? 'end' : 'start' }, svg);
      t.textContent = String(i);
    }
    if (two) {
      el('polyline', { class: 'edge', points: points(series[0]).join(' ') }, svg);
    } else {
      series.forEach((vals, s) => {
        const pts = points(vals);
        if (pts.length < 2) return;
        el('polyline', { class: 'halo', points: pts.join(' ') }, svg);
        el('polyline', { class: 'seat-line', points: pts.join(' '), 'data-seat': s }, svg).style.stroke = colour(s);
      });
    }
    // dot is a dot with a ring in the card's colour under its ink
    // outline, so that one of the two stands out on either share.
    const dot = (attrs) => {
      el('circle', { class: 'ring', cx: attrs.cx, cy: attrs.cy, r: attrs.r + 1.5 }, svg);
      return el('circle', attrs, svg);
    };
    rep.decisions.forEach((d, i) => {
      const s = this.seatOf(d.seat);
      if (d.exact && series[s][i] !== null) dot({ class: 'exact', cx: x(i), cy: on(s, series[s][i]), r: 2.5 });
      if (d.class) {
        const m = dot({ class: `mark ${d.class}`, cx: x(i + 1), cy: on(s, d.after_move), r: { inaccuracy: 3.5, mistake: 4.5, blunder: 5.5 }[d.class], 'data-turn': d.turn });
        title(m, `${name(s)}: ${T.markLabel(T.classes[d.class][1], d)}`);
      }
    });
    // The turn shown: an accent line on a wider one in the card's colour.
    this.now = [el('line', { class: 'now-halo', x1: x(0), x2: x(0), y1: TOP, y2: H - BOTTOM }, svg),
      el('line', { class: 'now', x1: x(0), x2: x(0), y1: TOP, y2: H - BOTTOM }, svg)];
    svg.addEventListener('click', (ev) => {
      const r = svg.getBoundingClientRect();
      const vx = ((ev.clientX - r.left) * W) / r.width;
      const i = n ? Math.round(((vx - L) * n) / (W - L - R)) : 0;
      o.onPick(Math.max(0, Math.min(n, i)));
    });
    svg.addEventListener('keydown', (ev) => {
      const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[ev.key];
      let to = null;
      if (step) to = this.at + step;
      if (ev.key === 'Home') to = 0;
      if (ev.key === 'End') to = n;
      if (to === null) return;
      ev.preventDefault();
      ev.stopPropagation(); // the replay page's own arrow keys would step twice
      o.onPick(Math.max(0, Math.min(n, to)));
    });

    const exact = rep.decisions.filter((d) => d.exact).length;
    // The seats whose accuracy is given, with what random moves would
    // have scored beside it.
    const given = rep.players.map((p, s) => s).filter((s) => (rep.players[s].at_stake || 0) >= MIN_AT_STAKE);
    const oneDecimal = (v) => num(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const table = h('table', { class: 'review-players small' },
      h('caption', { class: 'visually-hidden' }, T.players),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, T.player), h('th', { scope: 'col' }, T.accuracy),
        ...T.counts.map(([sign, words]) => h('th', { scope: 'col', class: 'count' }, h('abbr', { title: words }, sign))),
        h('th', { scope: 'col' }, T.luck))),
      h('tbody', {}, rep.players.map((p, s) => h('tr', { 'data-seat': s },
        h('th', { scope: 'row' }, o.seats[s] ? chip(o.board, o.seats[s].cl) : null, ' ', name(s)),
        // Under the accuracy (the share of the stakes kept:
        // docs/analysis.md), the share of best moves, the other plain
        // measure of the same choices. A line of its own, not a column,
        // so that the table fits its card beside the board.
        h('td', { class: 'accuracy' }, p.decisions ? [
          (p.at_stake || 0) >= MIN_AT_STAKE
            ? h('span', { class: 'value' }, oneDecimal(p.accuracy))
            : h('span', { class: 'value too-few', title: T.tooFew(p.at_stake || 0) }, '–'),
          h('span', { class: 'best', title: T.bestOf(p.best_moves, p.decisions) }, T.bestShare(pct(p.best_moves / p.decisions))),
        ] : '–'),
        ...[p.inaccuracies, p.mistakes, p.blunders].map((n) => h('td', { class: 'count' }, num(n))),
        h('td', { class: 'luck' }, signed(p.luck))))));
    this.turnNote = h('p', { class: 'small review-turn' });
    const flat = flatShare(rep);
    this.box.replaceChildren(h('h2', {}, T.heading), svg,
      h('p', { class: 'small muted' }, T.graphHelp),
      ...(flat === null ? [] : [h('p', { class: 'small review-flat' }, T.flat(flat))]), this.turnNote, table,
      h('p', { class: 'small muted review-luck' }, T.luckWhat),
      // The rest of the help, a dozen lines on a laptop, folded away
      // (player review 5: it was always open).
      h('details', { class: 'review-help small muted' }, h('summary', {}, T.helpSummary),
        h('p', {}, T.accuracyHelp, ' ',
          T.atStake(rep.players.map((p, s) => T.atStakeOf(name(s), p.at_stake || 0))), ' ',
          ...(given.length ? [T.randomRef(given.map((s) => T.randomRefOf(name(s), oneDecimal(rep.players[s].random_accuracy)))), ' '] : []),
          T.bestHelp, ' ', T.marksHelp, ' ', T.exactNote(exact, n, rep.level))),
      ...(rep.level === DEEPER || exact === n ? [] : [h('p', { class: 'small' }, this.deeperButton())]));
    if (this.log) this.markLog(this.log);
    this.show(this.at);
    if (o.onReady) o.onReady();
  }

  // show marks turn n (0 for the start) on the graph and says what
  // happened in it.
  show(n) {
    this.at = n;
    if (!this.rep) return;
    const ds = this.rep.decisions;
    n = Math.max(0, Math.min(ds.length, n));
    this.at = n;
    for (const line of this.now) {
      line.setAttribute('x1', this.x(n));
      line.setAttribute('x2', this.x(n));
    }
    const series = this.series();
    const name = (s) => (this.o.seats[s] ? this.o.seats[s].label || this.o.seats[s].name : this.rep.players[s].seat);
    const parts = series.map((v, s) => (v[n] === null ? null : T.chance(name(s), v[n]))).filter(Boolean).join(', ');
    this.graph.setAttribute('aria-valuenow', String(n));
    this.graph.setAttribute('aria-valuetext', T.graphValue(n, ds.length, parts));
    const d = ds[n - 1];
    if (!d) { this.turnNote.textContent = T.startNote; return; }
    const cls = d.class ? T.classes[d.class][1] : '';
    this.turnNote.textContent = T.turnNote(name(this.seatOf(d.seat)), d, cls);
  }

  // marked lists the turns (1-based) whose move the review marks, an
  // inaccuracy or worse; empty until the review is ready.
  marked() {
    return this.rep ? this.rep.decisions.flatMap((d, i) => (d.class ? [i + 1] : [])) : [];
  }

  // verdict is what the review says of turn n when the move played was
  // an inaccuracy or worse, for the page's announcement; else "".
  verdict(n) {
    const d = this.rep && this.rep.decisions[n - 1];
    return d && d.class ? T.verdict(T.classes[d.class][1], d) : '';
  }

  // markLog marks the move list's entries (one li per turn, in order;
  // notes between them, li.note, are passed over)
  // with an icon and a class for each inaccuracy, mistake and blunder;
  // the page calls it again whenever it redraws the list.
  markLog(ol) {
    this.log = ol;
    if (!this.rep) return;
    const items = ol.querySelectorAll(':scope > li:not(.note)');
    this.rep.decisions.forEach((d, i) => {
      const li = items[i];
      if (!li || !d.class || li.querySelector('.review-mark')) return;
      const [icon, word] = T.classes[d.class];
      li.classList.add('review-' + d.class);
      li.append(' ', h('span', { class: `review-mark ${d.class}`, title: T.markLabel(word, d), 'aria-label': T.markLabel(word, d), role: 'img' }, icon));
    });
  }

  // better is the better move of turn n for the board (BoardView's
  // st.better: {move, letter, label}) when the move played lost
  // something that counts (an inaccuracy or worse); else null.
  better(n) {
    const d = this.rep && this.rep.decisions[n - 1];
    if (!d || !d.class || d.best === d.played) return null;
    const s = this.seatOf(d.seat);
    return { move: d.best, letter: this.o.seats[s] ? this.o.seats[s].cl : '', label: T.betterMove(d) };
  }
}

// mountReview makes the review panel in the element #review and loads it.
export function mountReview(opts) {
  const box = $('#review');
  if (!box) return null;
  const r = new Review(box, opts);
  r.load();
  return r;
}
