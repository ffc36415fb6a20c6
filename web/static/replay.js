// The replay viewer: step forward and back through a game's record, or
// let it play at a chosen speed; "Play from here" starts a new game
// against the computer from the position shown.

import {
  api, chip, saveSeat, loadSeat, $, h, BoardView, drawThrow, turnItem, turnText, boardModule, decorateSeats,
  houseLegend, announce, kindLabel, resultText, rulesetTitle, rulesetInfo, rulesHref, iconLegend, fitBoard, resignNotes,
} from './app.js';
import { t, tRules } from './i18n.js';
import { mountReview } from './review.js';

const id = location.pathname.split('/')[2];
let rec = null;
let view = null;
let at = 0;       // turns shown: 0 is the start position
let timer = 0;    // autoplay
let review = null; // the review panel (review.js)
let rulesInfo = null; // the ruleset's view (GET /api/rulesets/NAME): houses, opening square
let focusFrom = ''; // what led here from the finished game's page: graph or log (#turn=N&focus=...)

async function init() {
  rec = await api('GET', `/api/games/${id}/record.json`);
  // Each turn with the position it was played from (tn.before), as the
  // game page's log keeps it: the words of its effects need it, for the
  // move list and the sentence under the board alike (where a drowned
  // piece went back to, the pieces a drowned BA took along).
  rec.turns = rec.turns.map((tn, i) => ({ ...tn, before: i === 0 ? rec.start : rec.turns[i - 1].pos }));
  rulesInfo = await rulesetInfo(rec.rules);
  const title = t('web.replay.title', { Title: rulesetTitle(rec.rules) });
  document.title = `${title} · Passage`;
  $('#title').textContent = title;
  $('#rules-link').href = rulesHref(rec.rules);
  $('#game-link').href = '/g/' + id;
  $('#record-txt').href = `/api/games/${id}/record?download`;
  $('#record-json').href = `/api/games/${id}/record.json?download`;
  view = new BoardView($('#board'), rec.board, rulesInfo.houses);
  fitBoard();
  $('#legend').replaceChildren(houseLegend(rulesInfo.houses));
  decorateSeats(rec.board, rec.start, rec.seats);
  // The seats this browser held in the game (its token is kept), told
  // as "you", as on the game's page.
  const mine = (loadSeat(id) || {}).seats || [];
  $('#seats').replaceChildren(...rec.seats.map((s, i) => h('li', {}, chip(rec.board, s.cl), s.label,
    h('span', { class: 'small muted' }, kindLabel({ ...s, open: false, away: false }, mine.includes(i))))));
  if (rec.result && rec.result.how) {
    $('#result').textContent = resultText({ ...rec, result: rec.result }, mine);
  } else if (rec.result) {
    const w = rec.result.winner >= 0 ? rec.seats[rec.result.winner].label : null;
    $('#result').textContent = w ? t('web.replay.won', { Seat: w, Count: rec.turns.length }) : t('web.replay.finished');
  } else {
    $('#result').textContent = t('web.replay.inPlay', { Count: rec.turns.length });
  }
  // A seat that resigned while the game went on is told before the
  // throw it resigned on.
  $('#log').replaceChildren(...rec.turns.flatMap((tn, i) => [...resignNotes(rec.seats, rec.rules, i + 1),
    turnItem(tn, rec.seats, rec.board, { 'data-turn': i + 1, title: turnText(tn, rec.seats, rec.board) }, () => go(i + 1))]),
  ...resignNotes(rec.seats, rec.rules, rec.turns.length + 1));
  $('#icons-legend').replaceChildren(...iconLegend(rec.turns));
  $('#commit').textContent = rec.commit;
  if (rec.diceSeed) {
    try {
      const v = await api('GET', `/api/games/${id}/verify`);
      $('#verification').replaceChildren(h('p', {}, t('web.dice.seed')), h('p', { class: 'mono' }, v.diceSeed),
        h('p', { class: v.ok ? 'ok' : 'error' }, (v.ok ? '✓ ' : '✗ ') + (v.ok ? t('web.dice.verified', { Count: v.throws }) : t('web.dice.failed', { Reason: v.message }))));
    } catch (e) { $('#verification').textContent = e.message; }
  } else {
    $('#verification').textContent = t('web.dice.later');
  }
  const slider = $('#slider');
  slider.max = rec.turns.length;
  slider.addEventListener('input', () => { stop(); go(Number(slider.value)); });
  $('#first').addEventListener('click', () => { stop(); go(0); });
  $('#back').addEventListener('click', () => { stop(); go(at - 1); });
  $('#forward').addEventListener('click', () => { stop(); go(at + 1, true); });
  $('#last').addEventListener('click', () => { stop(); go(rec.turns.length); });
  $('#play').addEventListener('click', () => (timer ? stop() : start()));
  $('#speed').addEventListener('change', () => { if (timer) { stop(); start(); } });
  $('#from-here').addEventListener('click', playFromHere);
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') { stop(); go(at - 1); }
    if (e.key === 'ArrowRight') { stop(); go(at + 1, true); }
  });
  // The review's marks, one press away: the previous and the next turn
  // it marks. A finished game has a review: the buttons hold their place
  // from the start (the board must not move when it is ready), and work
  // once it is ready and marks any turn.
  for (const b of ['#prev-mark', '#next-mark']) $(b).classList.toggle('hidden', rec.status !== 'over');
  const toMark = (next) => {
    const turns = review ? review.marked() : [];
    const n = next ? turns.find((m) => m > at) : turns.findLast((m) => m < at);
    if (n !== undefined) { stop(); go(n); }
  };
  $('#prev-mark').addEventListener('click', () => toMark(false));
  $('#next-mark').addEventListener('click', () => toMark(true));
  // A game without a throw (aborted at once) has nothing to review.
  review = rec.turns.length === 0 ? null : mountReview({
    id, board: rec.board, seats: rec.seats, over: rec.status === 'over',
    onPick: (n) => { stop(); go(n); },
    onReady: () => {
      const none = review.marked().length === 0;
      for (const b of ['#prev-mark', '#next-mark']) $(b).disabled = none;
      go(at);
      if (focusFrom === 'graph') review.graph.focus();
    },
  });
  if (review) review.markLog($('#log'));
  // The finished game's page links to a turn, from its move list or its
  // graph: the keyboard's place goes on there (the graph is there once
  // the review is, onReady).
  const m = /^#turn=(\d+)(?:&focus=(graph|log))?$/.exec(location.hash);
  go(m ? Number(m[1]) : 0);
  focusFrom = m && m[2] ? m[2] : '';
  if (focusFrom === 'log') document.querySelector('#log li.current')?.focus();
  if (focusFrom === 'graph' && review && review.graph) review.graph.focus();
}

function posAt(n) { return n === 0 ? rec.start : rec.turns[n - 1].pos; }

// start plays the record on from the turn shown (from the start when at
// the end).
function start() {
  if (at >= rec.turns.length) go(0);
  const b = $('#play');
  b.textContent = t('web.replay.pause');
  b.setAttribute('aria-pressed', 'true');
  timer = setInterval(() => {
    if (at >= rec.turns.length) { stop(); return; }
    go(at + 1, true);
  }, Number($('#speed').value));
}

function stop() {
  if (!timer) return;
  clearInterval(timer);
  timer = 0;
  const b = $('#play');
  b.textContent = t('web.replay.play');
  b.setAttribute('aria-pressed', 'false');
}

// playFromHere starts a new game from the position shown, the player
// on the seat to move and the computer on the others.
async function playFromHere() {
  const pos = posAt(at);
  const over = rec.turns.length === at && rec.result;
  if (over) { $('#from-here-error').textContent = t('web.replay.overHere'); return; }
  const options = {};
  for (const kv of rec.rules.split(' ').slice(1)) { const [k, v] = kv.split('='); options[k] = v; }
  const toMove = at === 0 ? rec.turns.length ? rec.turns[0].seat : 0 : nextSeat();
  const seats = rec.seats.map((s) => (s.seat === toMove ? { kind: 'human', take: true } : { kind: 'medium' }));
  const button = $('#from-here');
  if (button.disabled) return; // one game per press
  button.disabled = true;
  try {
    const res = await api('POST', '/api/games', { rules: rec.name, options, seats, start: pos });
    if (res.token) saveSeat(res.game.id, res.token, res.seats);
    location.href = '/g/' + res.game.id;
  } catch (e) {
    $('#from-here-error').textContent = e.message;
    button.disabled = false;
  }
}

// nextSeat is the seat whose turn follows the turn shown.
function nextSeat() {
  if (at < rec.turns.length) return rec.turns[at].seat;
  return rec.turns[at - 1].seat;
}

function go(n, animate) {
  n = Math.max(0, Math.min(rec.turns.length, n));
  const from = at;
  at = n;
  const tn = n > 0 ? rec.turns[n - 1] : null;
  view.show({
    pos: posAt(n), moves: [], interactive: false,
    last: tn ? { move: tn.move, letter: rec.seats[tn.seat].cl } : null,
    animateFrom: animate && n === from + 1 ? posAt(from) : null,
    better: review ? review.better(n) : null,
  });
  $('#slider').value = n;
  $('#slider').setAttribute('aria-valuetext', t('web.replay.turnOf', { N: n, Count: rec.turns.length }));
  document.body.dataset.step = n;
  const step = tn ? t('web.replay.step', { N: n, Count: rec.turns.length, Turn: turnText(tn, rec.seats, rec.board) }) : t('web.replay.atStart', { Count: rec.turns.length });
  // The seats that resigned here, before the next throw, joined as a
  // turn's effects are.
  const text = [step, ...rec.seats.filter((s) => s.resigned === n + 1).map((s) => tRules('web.result.resign', rec.rules, { Seat: s.label, Turn: n + 1 }))].join(' · ');
  // The review's verdict on the turn (an inaccuracy or worse) shows
  // beside it, next to the controls, where a phone sees it without
  // scrolling down to the graph.
  const verdict = review ? review.verdict(n) : '';
  // It is joined to the move with " · ", as a turn's effects are.
  $('#step').replaceChildren(text, ...(verdict ? [' · ', h('span', { class: 'verdict' }, verdict)] : []));
  if (!timer) announce(verdict ? `${text} · ${verdict}` : text);
  const sticks = $('#sticks');
  if (tn) { drawThrow(sticks, rec.board, rec.rules, tn.roll, n - 1, animate); $('#throw-text').textContent = t('web.throw.now', { Who: rec.seats[tn.seat].label, Roll: tn.roll }); }
  else { sticks.replaceChildren(); $('#throw-text').textContent = t('web.replay.noThrowYet'); }
  // The end of a finished game has no turn to come to tell of.
  $('#notes').textContent = boardModule(rec.board).describe(posAt(n), rulesInfo, null, null, n === rec.turns.length && Boolean(rec.result));
  if (review) review.show(n);
  for (const li of document.querySelectorAll('#log li')) li.classList.toggle('current', Number(li.dataset.turn) === n);
  const cur = document.querySelector('#log li.current');
  const ol = $('#log');
  if (cur) ol.scrollTop = cur.offsetTop - ol.offsetTop - ol.clientHeight / 2;
}

init().catch((e) => { $('#title').textContent = e.message; });
