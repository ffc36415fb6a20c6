// The lobby: create a game (ruleset, rules options in plain words,
// who sits where and in which colour), and the lists of games waiting
// for players, being played and finished.

import { api, saveSeat, loadSeat, $, h, chip, decorateSeats } from './app.js';

let rulesets = [];
let computers = [];

// IDLE hides games nobody has moved in for this long (ms).
const IDLE = 30 * 60 * 1000;

// OPTIONS says each option in words for players: a name, a one-line
// explanation, the values in words and the rule it sets (a small link
// into the rules page). An option missing here is shown as the server
// names it.
const OPTIONS = {
  'senet-jequier:water': {
    name: 'Drowned pieces restart on', rule: 'J11',
    explain: 'Where a piece that ends on the House of Water (27) goes back to.',
    values: { 1: 'square 1', 15: 'square 15' },
  },
  'senet-jequier:overshoot': {
    name: 'A throw past square 30', rule: 'J14',
    explain: 'What happens when a throw would carry a piece beyond the last square.',
    values: { bounce: 'bounces back from 30', block: 'cannot be played' },
  },
  'senet-apokrif:pieces': {
    name: 'Pieces each', rule: 'A2',
    explain: 'Seven pieces make a longer game.',
    values: { 5: 'five, on squares 1-10', 7: 'seven, on squares 1-14' },
  },
  'kinevet:players': {
    name: 'Players', rule: 'K1', explain: 'How many colours play.',
    values: { 2: 'two', 3: 'three', 4: 'four' },
  },
  'kinevet:goal-jump': {
    name: 'Jumping inside the goal', rule: 'K7',
    explain: 'Whether a piece may pass over its own pieces in the goal lane.',
    values: { off: 'not allowed', on: 'allowed' },
  },
  'kinevet:finish': {
    name: 'The game ends', rule: 'K9', explain: 'Stop at the first winner, or play on for every place.',
    values: { first: 'when the first colour is home', all: 'when every place is decided' },
  },
  'kinevet:safe-start': {
    name: 'Start squares are safe', rule: 'H1', explain: 'A piece standing on any start square cannot be captured.',
    values: { off: 'no', on: 'yes' },
  },
  'kinevet:six-rolls': {
    name: 'A 6 gives', rule: 'H2', explain: 'How many extra rolls a 6 earns.',
    values: { 1: 'one more roll', 2: 'two more rolls' },
  },
  'kinevet:three-sixes': {
    name: 'Three sixes in a row', rule: 'H3', explain: 'The third 6 is not played and sends the piece moved last home.',
    values: { off: 'no penalty', on: 'penalty' },
  },
  'kinevet:goal-bounce': {
    name: 'Overshooting the goal', rule: 'H4', explain: 'A roll too big for the goal counts to its end and back.',
    values: { off: 'not allowed', on: 'bounces back' },
  },
  'kinevet:three-tries': {
    name: 'Three tries for a 6', rule: 'H5', explain: 'With no piece out, roll up to three times to get the 6 that brings one out.',
    values: { off: 'no', on: 'yes' },
  },
};

// PRESETS are common sets of options; "Classic rules" is every default.
const PRESETS = {
  kinevet: { name: 'Popular house rules', options: { 'safe-start': 'on', 'three-sixes': 'on', 'three-tries': 'on' } },
  'senet-jequier': { name: 'Rebirth on 15', options: { water: '15' } },
};

// COLOR_OPTION is the option that orders the colours, chosen through
// the seats' swatches rather than as a list of permutations.
const COLOR_OPTION = 'colors';
const COLOR_NAMES = { r: 'red', y: 'yellow', g: 'green', b: 'blue' };

// LEVELS are the computer players offered to players first, each with
// a line that says how it plays; the others are for research.
const LEVELS = {
  easy: ['Computer: easy', 'a beginner: plays well, but one move in three at random'],
  medium: ['Computer: medium', 'a fair player who picks the best move for this throw'],
  hard: ['Computer: hard', 'a strong player who looks several throws ahead'],
  expert: ['Computer: expert', 'the strongest: looks further ahead and takes longer'],
};
const PEOPLE = {
  me: 'you play this seat',
  invite: 'you get a link to send to a friend; only its holder can take the seat',
  anyone: 'the game is listed in the lobby for anyone to join',
};

// seatHint says in a line who will play a seat.
function seatHint(value) {
  if (PEOPLE[value]) return PEOPLE[value];
  if (LEVELS[value]) return LEVELS[value][1];
  const c = computers.find((x) => x.name === value);
  return c ? c.doc : '';
}

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
  $('#ruleset-links').replaceChildren(h('a', { href: '/rules/' + r.name }, 'How to play ' + r.title));
  const box = $('#options');
  box.replaceChildren();
  const shown = r.options.filter((o) => o.key !== COLOR_OPTION);
  $('#options-box').classList.toggle('hidden', shown.length === 0);
  for (const o of shown) box.append(optionField(r, o));
  const presets = $('#presets');
  presets.replaceChildren();
  if (shown.length) {
    presets.append(h('button', { type: 'button', class: 'secondary', 'data-preset': 'classic', onclick: () => preset({}) }, 'Classic rules'));
    const p = PRESETS[r.name];
    if (p) presets.append(h('button', { type: 'button', class: 'secondary', 'data-preset': 'house', onclick: () => preset(p.options) }, p.name));
  }
  seatColors = [];
  showSeats();
}

// optionField is one option as a group of radio buttons.
function optionField(r, o) {
  const text = OPTIONS[`${r.name}:${o.key}`] || { name: o.key, explain: o.doc, values: {} };
  const group = 'opt-' + o.key;
  const choices = h('div', { class: 'choices' }, o.values.map((v) => {
    const input = h('input', { type: 'radio', name: group, value: v, 'data-option': o.key, checked: v === o.default });
    input.addEventListener('change', showSeats);
    return h('label', {}, input, text.values[v] || v);
  }));
  const rule = text.rule ? h('a', { class: 'rule-id', href: `/rules/${r.name}#${text.rule}`, title: `rule ${text.rule} on the rules page` }, text.rule) : null;
  return h('div', { class: 'option', role: 'radiogroup', 'aria-labelledby': group + '-name' },
    h('div', {}, h('span', { class: 'name', id: group + '-name' }, text.name), ' ', rule),
    h('span', { class: 'explain small muted' }, text.explain || ''),
    choices);
}

function preset(options) {
  const r = current();
  for (const o of r.options) {
    const v = options[o.key] || o.default;
    const input = document.querySelector(`input[data-option="${o.key}"][value="${v}"]`);
    if (input) input.checked = true;
  }
  showSeats();
}

function chosenOptions() {
  const opts = {};
  for (const input of document.querySelectorAll('input[data-option]:checked')) opts[input.dataset.option] = input.value;
  const r = current();
  const colors = r.options.find((o) => o.key === COLOR_OPTION);
  if (colors && seatColors.length) {
    const want = seatColors.join('');
    opts[COLOR_OPTION] = colors.values.includes(want) ? want : colors.default;
  }
  return opts;
}

// seatColors is the colour letter chosen for each seat, when the
// ruleset lets players choose colours.
let seatColors = [];

// seatsShown counts the calls of showSeats, so that only the latest one
// draws the seats; body[data-lobby] is "ready" once it has, so that a
// person (or a test) never picks a seat that is about to be redrawn.
let seatsShown = 0;

async function showSeats() {
  const call = ++seatsShown;
  document.body.dataset.lobby = 'loading';
  const r = current();
  const opts = chosenOptions();
  const colorsOpt = r.options.find((o) => o.key === COLOR_OPTION);
  if (colorsOpt) delete opts[COLOR_OPTION]; // the seats' count decides; colours are re-applied below
  const q = Object.entries(opts).map(([k, v]) => 'opt=' + encodeURIComponent(k + '=' + v)).join('&');
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
  const previous = [...document.querySelectorAll('select[data-seat]')].map((s) => s.value);
  box.replaceChildren();
  const seats = decorateSeats(info.board, info.start, info.seats.map((s, i) => ({ ...s, seat: i })));
  if (colorsOpt) {
    const fresh = seats.map((s) => s.cl);
    if (seatColors.length !== seats.length) seatColors = fresh;
  }
  seats.forEach((s, i) => {
    const levels = computers.filter((c) => LEVELS[c.name]);
    const research = computers.filter((c) => !LEVELS[c.name]);
    const sel = h('select', { 'data-seat': i, 'aria-label': `Who plays seat ${i + 1}` },
      h('option', { value: 'me' }, 'Me'),
      h('option', { value: 'invite' }, 'A person I invite (link)'),
      h('option', { value: 'anyone' }, 'Anyone (listed in the lobby)'),
      levels.map((c) => h('option', { value: c.name }, LEVELS[c.name][0])),
      research.length ? h('optgroup', { label: 'Research players' },
        research.map((c) => h('option', { value: c.name, title: c.doc }, 'Computer: ' + c.name))) : null);
    sel.value = previous[i] || (i === 0 ? 'me' : 'medium');
    const hint = h('span', { class: 'seat-hint small muted' }, seatHint(sel.value));
    sel.addEventListener('change', () => { hint.textContent = seatHint(sel.value); });
    const row = h('div', { class: 'seat-row' });
    if (colorsOpt) {
      const c = seatColors[i];
      const name = COLOR_NAMES[c] || `seat ${i + 1}`;
      row.append(h('span', { class: 'seat-name' }, chip(info.board, c), name[0].toUpperCase() + name.slice(1)), swatches(i), sel);
    } else {
      row.append(h('span', { class: 'seat-name' }, chip(info.board, s.cl), s.label), sel);
    }
    row.append(hint);
    box.append(row);
  });
  document.body.dataset.lobby = 'ready';
}

// swatches lets seat i pick its colour; a colour another seat has is
// swapped with it.
function swatches(i) {
  return h('span', { class: 'swatches', role: 'group', 'aria-label': `Colour of seat ${i + 1}` },
    Object.keys(COLOR_NAMES).map((c) => h('button', {
      type: 'button', class: 'swatch ' + c, 'aria-pressed': seatColors[i] === c ? 'true' : 'false',
      'aria-label': COLOR_NAMES[c], title: COLOR_NAMES[c], 'data-color': c, 'data-seat-color': i,
      onclick: () => {
        const j = seatColors.indexOf(c);
        if (j >= 0) seatColors[j] = seatColors[i];
        seatColors[i] = c;
        showSeats();
      },
    })));
}

async function create(ev) {
  ev.preventDefault();
  const seats = [...document.querySelectorAll('select[data-seat]')].map((s) => {
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

// idle reports whether nobody has moved in game g for IDLE.
function idle(g) {
  return Date.now() - new Date(g.updated).getTime() > IDLE;
}

async function refresh() {
  for (const status of ['waiting', 'live', 'over']) {
    let list;
    try { list = (await api('GET', `/api/games?status=${status}&limit=20`)).games; } catch { continue; }
    if (status !== 'over') list = list.filter((g) => !idle(g) || loadSeat(g.id));
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
