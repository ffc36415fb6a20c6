// The replay viewer: step forward and back through a game's record.

import { api, seatColor, $, h, BoardView, drawThrow, turnText, boardModule, decorateSeats, houseLegend } from './app.js';

const id = location.pathname.split('/')[2];
let rec = null;
let view = null;
let at = 0; // turns shown: 0 is the start position

async function init() {
  rec = await api('GET', `/api/games/${id}/record.json`);
  document.title = `Passage · replay`;
  $('#title').textContent = `Replay · ${rec.rules}`;
  $('#rules-link').href = '/rules/' + rec.name;
  $('#game-link').href = '/g/' + id;
  $('#record-txt').href = `/api/games/${id}/record?download`;
  $('#record-json').href = `/api/games/${id}/record.json?download`;
  let houses = [];
  try { houses = (await api('GET', '/api/rulesets/' + rec.name)).houses; } catch { /* drawn without houses */ }
  view = new BoardView($('#board'), rec.board, houses);
  $('#legend').replaceChildren(houseLegend(houses));
  decorateSeats(rec.board, rec.start, rec.seats);
  $('#seats').replaceChildren(...rec.seats.map((s) => h('li', {},
    h('span', { class: 'chip', style: `background:${seatColor(rec.board, s.cl)}` }), s.label,
    h('span', { class: 'small muted' }, s.kind === 'human' ? 'person' : 'computer · ' + s.kind))));
  if (rec.result) {
    const w = rec.result.winner >= 0 ? rec.seats[rec.result.winner].label : null;
    $('#result').textContent = w ? `${w} won in ${rec.turns.length} turns.` : 'Finished.';
  } else {
    $('#result').textContent = `In play: ${rec.turns.length} turns so far.`;
  }
  $('#log').replaceChildren(...rec.turns.map((t, i) => h('li', { 'data-turn': i + 1, style: 'cursor:pointer', onclick: () => go(i + 1) }, turnText(t, rec.seats))));
  $('#commit').textContent = rec.commit;
  if (rec.diceSeed) {
    try {
      const v = await api('GET', `/api/games/${id}/verify`);
      $('#verification').replaceChildren(h('p', {}, 'Seed:'), h('p', { class: 'mono' }, v.diceSeed),
        h('p', { class: v.ok ? 'ok' : 'error' }, (v.ok ? '✓ ' : '✗ ') + v.message));
    } catch (e) { $('#verification').textContent = e.message; }
  } else {
    $('#verification').textContent = 'The seed is revealed when the game is over.';
  }
  const slider = $('#slider');
  slider.max = rec.turns.length;
  slider.addEventListener('input', () => go(Number(slider.value)));
  $('#first').addEventListener('click', () => go(0));
  $('#back').addEventListener('click', () => go(at - 1));
  $('#forward').addEventListener('click', () => go(at + 1, true));
  $('#last').addEventListener('click', () => go(rec.turns.length));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') go(at - 1);
    if (e.key === 'ArrowRight') go(at + 1, true);
  });
  go(0);
}

function posAt(n) { return n === 0 ? rec.start : rec.turns[n - 1].pos; }

function go(n, animate) {
  n = Math.max(0, Math.min(rec.turns.length, n));
  const from = at;
  at = n;
  const t = n > 0 ? rec.turns[n - 1] : null;
  view.show({
    pos: posAt(n), moves: [], interactive: false,
    last: t ? { move: t.move, letter: rec.seats[t.seat].cl } : null,
    animateFrom: animate && n === from + 1 ? posAt(from) : null,
  });
  $('#slider').value = n;
  document.body.dataset.step = n;
  $('#step').textContent = t ? `Turn ${n} of ${rec.turns.length}: ${turnText(t, rec.seats)}` : `Start (${rec.turns.length} turns)`;
  const sticks = $('#sticks');
  if (t) { drawThrow(sticks, rec.board, t.roll, n - 1); $('#throw-text').textContent = `${rec.seats[t.seat].label} threw ${t.roll}`; }
  else { sticks.replaceChildren(); $('#throw-text').textContent = ''; }
  $('#notes').textContent = boardModule(rec.board).describe(posAt(n));
  for (const li of document.querySelectorAll('#log li')) li.style.fontWeight = Number(li.dataset.turn) === n ? '700' : '';
}

init().catch((e) => { $('#title').textContent = e.message; });
