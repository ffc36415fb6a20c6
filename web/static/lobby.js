// The lobby: create a game (ruleset, options, who sits where), and the
// lists of games waiting for players, being played and finished.

import { api, saveSeat, loadSeat, $, h, decorateSeats } from './app.js';

let rulesets = [];
let computers = [];

async function init() {
  const data = await api('GET', '/api/rulesets');
  rulesets = data.rulesets;
  computers = data.computers;
  const sel = $('#ruleset');
  for (const r of rulesets) sel.append(h('option', { value: r.name }, r.title));
  const want = new URLSearchParams(location.search).get('rules');
  if (want && rulesets.some((r) => r.name === want)) sel.value = want;
  sel.addEventListener('change', showOptions);
  $('#create').addEventListener('submit', create);
  showOptions();
  refresh();
  setInterval(refresh, 4000);
}

function current() {
  return rulesets.find((r) => r.name === $('#ruleset').value);
}

function showOptions() {
  const r = current();
  $('#ruleset-links').replaceChildren(
    h('a', { href: '/rules/' + r.name }, 'Rules of ' + r.title), ' · ', h('code', {}, r.name));
  const box = $('#options');
  box.replaceChildren();
  for (const o of r.options) {
    const sel = h('select', { 'data-option': o.key, title: o.doc },
      o.values.map((v) => h('option', { value: v, selected: v === o.default }, v)));
    sel.addEventListener('change', showSeats);
    box.append(h('label', {}, h('span', { class: 'l' }, o.key), ' ', sel, ' ', h('span', { class: 'small muted' }, o.doc)));
  }
  showSeats();
}

function chosenOptions() {
  const opts = {};
  for (const sel of document.querySelectorAll('[data-option]')) opts[sel.dataset.option] = sel.value;
  return opts;
}

// seatsShown counts the calls of showSeats, so that only the latest one
// draws the seats; body[data-lobby] is "ready" once it has, so that a
// person (or a test) never picks a seat that is about to be redrawn.
let seatsShown = 0;

async function showSeats() {
  const call = ++seatsShown;
  document.body.dataset.lobby = 'loading';
  const r = current();
  const q = Object.entries(chosenOptions()).map(([k, v]) => 'opt=' + encodeURIComponent(k + '=' + v)).join('&');
  const box = $('#seats');
  let info;
  try {
    info = await api('GET', `/api/rulesets/${r.name}?${q}`);
    if (call !== seatsShown) return; // a later call draws the seats
    $('#create-error').textContent = '';
    $('#create-button').disabled = false;
  } catch (e) {
    if (call !== seatsShown) return;
    $('#create-error').textContent = e.message;
    $('#create-button').disabled = true;
    box.replaceChildren();
    document.body.dataset.lobby = 'ready';
    return;
  }
  const previous = [...document.querySelectorAll('[data-seat]')].map((s) => s.value);
  box.replaceChildren();
  const seats = decorateSeats(info.board, info.start, info.seats.map((s, i) => ({ ...s, seat: i })));
  seats.forEach((s, i) => {
    const sel = h('select', { 'data-seat': i },
      h('option', { value: 'me' }, 'me'),
      h('option', { value: 'invite' }, 'a person (invite link)'),
      h('option', { value: 'anyone' }, 'anyone (listed in the lobby)'),
      computers.map((c) => h('option', { value: c.name, title: c.doc }, 'computer · ' + c.name)));
    sel.value = previous[i] || (i === 0 ? 'me' : 'medium');
    box.append(h('label', {}, h('span', { class: 'l' }, s.label), ' ', sel));
  });
  document.body.dataset.lobby = 'ready';
}

async function create(ev) {
  ev.preventDefault();
  const seats = [...document.querySelectorAll('[data-seat]')].map((s) => {
    if (s.value === 'me') return { kind: 'human', take: true };
    if (s.value === 'invite') return { kind: 'human' };
    if (s.value === 'anyone') return { kind: 'human', anyone: true };
    return { kind: s.value };
  });
  const body = { rules: current().name, options: chosenOptions(), seats, timeLimit: Number($('#time-limit').value) };
  const start = $('#start').value.trim();
  if (start) body.start = start;
  try {
    const res = await api('POST', '/api/games', body);
    if (res.token) saveSeat(res.game.id, res.token, res.seats);
    location.href = '/g/' + res.game.id;
  } catch (e) {
    $('#create-error').textContent = e.message;
  }
}

function seatSummary(g) {
  return g.seats.map((s) => `${s.label}: ${s.open ? 'open' : s.kind === 'human' ? 'person' : s.kind}`).join(', ');
}

async function refresh() {
  for (const status of ['waiting', 'live', 'over']) {
    let list;
    try { list = (await api('GET', `/api/games?status=${status}&limit=20`)).games; } catch { continue; }
    const ul = $('#' + status);
    ul.replaceChildren();
    if (!list.length) ul.append(h('li', { class: 'muted' }, 'none'));
    for (const g of list) {
      decorateSeats(g.board, g.start, g.seats);
      const mine = loadSeat(g.id);
      const links = [];
      if (status === 'waiting') {
        for (const s of g.seats.filter((s) => s.open && s.anyone)) links.push(h('a', { class: 'button', href: `/g/${g.id}?seat=${s.seat}` }, 'Join as ' + s.label));
        if (mine) links.push(h('a', { href: '/g/' + g.id }, 'your game'));
      } else if (status === 'live') {
        links.push(h('a', { href: '/g/' + g.id }, mine ? 'play' : 'watch'));
      } else {
        links.push(h('a', { href: `/g/${g.id}/replay` }, 'replay'));
      }
      ul.append(h('li', { 'data-game': g.id },
        h('strong', {}, g.title), h('span', { class: 'small muted' }, `${seatSummary(g)} · turn ${g.turns}`), ...links));
    }
  }
}

init().catch((e) => { $('#create-error').textContent = e.message; });
