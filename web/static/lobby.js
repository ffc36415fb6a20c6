// The lobby: create a game (ruleset, rules options in plain words,
// who sits where and in which colour), and the lists of games waiting
// for players, being played and finished.

import { api, saveSeat, loadSeat, $, h, chip, decorateSeats, levelName, optionValue, resultText, rulesHref, COLOR_OPTION } from './app.js';
import { COLOR_NAMES } from './ludo.js';
import { t, has } from './i18n.js';
import { stored, store } from './prefs.js';

let rulesets = [];
let computers = [];

// IDLE hides games nobody has moved in for this long (ms).
const IDLE = 30 * 60 * 1000;

// OPTIONS are the options said in words for players: each has a name,
// a one-line explanation and its values in words in the catalogs
// (web.option.RULESET.KEY.name, .explain, .value.VALUE), and the rule
// it sets (a small link into the rules page). An option missing here is
// shown as the server names it.
const OPTIONS = {
  'senet-jequier:water': 'J11',
  'senet-jequier:overshoot': 'J14',
  'senet-apokrif:pieces': 'A2',
  'kinevet:players': 'K1',
  'kinevet:goal-jump': 'K7',
  'kinevet:finish': 'K9',
  'kinevet:safe-start': 'H1',
  'kinevet:six-rolls': 'H2',
  'kinevet:three-sixes': 'H3',
  'kinevet:goal-bounce': 'H4',
  'kinevet:three-tries': 'H5',
};

// optionText is option o of ruleset r in words: name, explain, rule and
// value(v).
function optionText(r, o) {
  const rule = OPTIONS[`${r.name}:${o.key}`];
  if (!rule) return { name: o.key, explain: o.doc, rule: '', value: (v) => v };
  const base = `web.option.${r.name}.${o.key}`;
  return {
    name: t(base + '.name'), explain: t(base + '.explain'), rule,
    value: (v) => optionValue(r.name, o.key, v),
  };
}

// PRESETS are common sets of options; "Classic rules" is every default.
const PRESETS = {
  kinevet: { id: 'web.preset.houseRules', options: { 'safe-start': 'on', 'three-sixes': 'on', 'three-tries': 'on' } },
  'senet-jequier': { id: 'web.preset.rebirth15', options: { water: '15' } },
};

// COLOR_OPTION (app.js) is the option that orders the colours, chosen
// through the seats' swatches rather than as a list of permutations.

// LEVELS are the computer players offered to players first, each with
// a line that says how it plays (web.level.NAME and .doc); the others
// are for research.
const LEVELS = ['easy', 'medium', 'hard', 'expert'];
// QUICK_LEVEL keeps the level last chosen for "Play the computer".
const QUICK_LEVEL = 'passage.quickLevel';
const PEOPLE = ['me', 'invite', 'anyone'];

// levelDoc says how a computer player plays, in the page's language
// when the catalogs know it (web.level.NAME.doc).
function levelDoc(c) {
  return has(`web.level.${c.name}.doc`) ? t(`web.level.${c.name}.doc`) : c.doc;
}

// seatHint says in a line who will play a seat.
function seatHint(value) {
  if (PEOPLE.includes(value)) return t(`web.people.${value}.doc`);
  if (LEVELS.includes(value)) return t(`web.level.${value}.doc`);
  const c = computers.find((x) => x.name === value);
  return c ? levelDoc(c) : '';
}

async function init() {
  const data = await api('GET', '/api/rulesets');
  rulesets = data.rulesets;
  computers = data.computers;
  const sel = $('#ruleset');
  for (const r of rulesets) sel.append(h('option', { value: r.name }, t('ruleset.' + r.name)));
  const params = new URLSearchParams(location.search);
  const want = params.get('rules');
  if (want && rulesets.some((r) => r.name === want)) sel.value = want;
  sel.addEventListener('change', showOptions);
  $('#create').addEventListener('submit', create);
  // One press, lichess's way: the game and rules chosen above, you in
  // the first seat, the computer (at the level beside the button, medium
  // unless the player chose another before) or a friend by link in the
  // second, the computer in the others.
  const level = $('#quick-level');
  level.append(...LEVELS.map((l) => h('option', { value: l }, levelName(l))));
  const kept = stored(QUICK_LEVEL);
  level.value = LEVELS.includes(kept) ? kept : 'medium';
  level.addEventListener('change', () => store(QUICK_LEVEL, level.value));
  $('#quick-computer').addEventListener('click', () => quickStart(level.value));
  $('#quick-friend').addEventListener('click', () => quickStart('invite'));
  showOptions();
  // A rules page's "Play a game with these rules" names its options
  // (?opt=KEY=VALUE, repeated): they are chosen as a preset would; an
  // option or value the ruleset does not have is left at its default.
  // Ludo's colours (colors=gr) go to the seats' swatches (linkColors).
  const opts = Object.fromEntries(params.getAll('opt').map((kv) => kv.split('=', 2)).filter((kv) => kv.length === 2));
  if (want && Object.keys(opts).length) {
    linkColors(opts);
    preset(opts);
  }
  refresh();
  setInterval(refresh, 4000);
}

// PLAYERS_OPTION is the option that says how many play (Ludo's
// players=2), which the colours named in play must match.
const PLAYERS_OPTION = 'players';

// colorsNote says, under the game's description (#colors-note: in view
// where the lobby opens, before the quick buttons that would use the
// usual colours), that the colours a link named could not be used; ''
// when there is nothing to say.
let colorsNote = '';

// linkColors chooses the colours a link names (colors=gr, from a rules
// page's "Play a game with these rules") for the seats, in turn order,
// as if the person had pressed the swatches; with no players= in the
// link, as many players as colours. A value that is not an order of the
// ruleset's colours, or that names more or fewer colours than the
// players= of the link, leaves every seat its usual colour, and a line
// under the game's description says so (colorsNote). Call it before preset(opts).
function linkColors(opts) {
  const r = current();
  const colorsOpt = r.options.find((o) => o.key === COLOR_OPTION);
  const v = opts[COLOR_OPTION];
  if (!colorsOpt || v === undefined || v === colorsOpt.default) return;
  const count = r.options.find((o) => o.key === PLAYERS_OPTION);
  const n = String(v.length);
  const fits = colorsOpt.values.includes(v) && (!count || count.values.includes(n) && (opts[PLAYERS_OPTION] ?? n) === n);
  if (!fits) {
    colorsNote = t('web.lobby.linkColorsBad', { Colors: v });
    return;
  }
  if (count) opts[PLAYERS_OPTION] = n;
  seatColors = [...v];
}

function current() {
  return rulesets.find((r) => r.name === $('#ruleset').value);
}

function showOptions() {
  const r = current();
  // What the game is and what sets it apart, for a newcomer choosing
  // (web.intro.RULESET, which the rules index shows too).
  $('#ruleset-about').textContent = t(`web.intro.${r.name}`);
  $('#ruleset-links').replaceChildren(h('a', { href: rulesHref(r.name) }, t('web.lobby.howToPlay', { Title: t('ruleset.' + r.name) })));
  const box = $('#options');
  box.replaceChildren();
  const shown = r.options.filter((o) => o.key !== COLOR_OPTION);
  $('#options-box').classList.toggle('hidden', shown.length === 0);
  for (const o of shown) box.append(optionField(r, o));
  const presets = $('#presets');
  presets.replaceChildren();
  if (shown.length) {
    presets.append(h('button', { type: 'button', class: 'secondary', 'data-preset': 'classic', 'aria-pressed': 'false', onclick: () => preset({}) }, t('web.preset.classic')));
    const p = PRESETS[r.name];
    if (p) presets.append(h('button', { type: 'button', class: 'secondary', 'data-preset': 'house', 'aria-pressed': 'false', onclick: () => preset(p.options) }, t(p.id)));
    markPresets();
  }
  seatColors = [];
  colorsNote = '';
  showSeats();
}

// optionField is one option as a group of radio buttons.
function optionField(r, o) {
  const text = optionText(r, o);
  const group = 'opt-' + o.key;
  const choices = h('div', { class: 'choices' }, o.values.map((v) => {
    const input = h('input', { type: 'radio', name: group, value: v, 'data-option': o.key, checked: v === o.default });
    input.addEventListener('change', () => { markPresets(); showSeats(); });
    return h('label', {}, input, text.value(v));
  }));
  const rule = text.rule ? h('a', { class: 'rule-id', href: `/rules/${r.name}#${text.rule}`, title: t('web.lobby.ruleLink', { Rule: text.rule }) }, text.rule) : null;
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
  markPresets();
  showSeats();
}

// markPresets shows which preset, if any, the rules chosen now are:
// its button is pressed (aria-pressed), the other not.
function markPresets() {
  const r = current();
  const chosen = chosenOptions();
  const is = (options) => r.options.filter((o) => o.key !== COLOR_OPTION).every((o) => chosen[o.key] === (options[o.key] || o.default));
  const house = PRESETS[r.name];
  for (const b of document.querySelectorAll('#presets [data-preset]')) {
    b.setAttribute('aria-pressed', String(is(b.dataset.preset === 'classic' ? {} : house.options)));
  }
}

// showRulesLink points "How to play" at the rules page of the rules
// chosen now, with their options, as the game page's Rules link does
// (rulesHref): id is the ruleset's ID under the options chosen, as the
// server writes it, and colors, when given, the colours chosen by hand
// (the seats' own order is the default), so that the page's box and
// diagrams follow them.
function showRulesLink(id, colors) {
  const [name, ...kvs] = id.split(' ');
  if (colors) kvs.push(COLOR_OPTION + '=' + colors);
  const link = $('#ruleset-links a');
  if (link) link.href = rulesHref([name, ...kvs.sort()].join(' '));
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
  creatable(false); // a press now would send the seats of the game before
  const r = current();
  const opts = chosenOptions();
  const colorsOpt = r.options.find((o) => o.key === COLOR_OPTION);
  if (colorsOpt) delete opts[COLOR_OPTION]; // the seats' count decides; colours are re-applied below
  const note = $('#colors-note');
  note.textContent = colorsOpt ? colorsNote : '';
  note.hidden = note.textContent === '';
  const q = Object.entries(opts).map(([k, v]) => 'opt=' + encodeURIComponent(k + '=' + v)).join('&');
  const box = $('#seats');
  let info;
  try {
    info = await api('GET', `/api/rulesets/${r.name}?${q}`);
    if (call !== seatsShown) return; // a later call draws the seats
    $('#create-error').textContent = '';
    creatable(true);
  } catch (e) {
    if (call !== seatsShown) return;
    $('#create-error').textContent = e.message;
    creatable(false);
    box.replaceChildren();
    document.body.dataset.lobby = 'ready';
    return;
  }
  const previous = [...document.querySelectorAll('select[data-seat]')].map((s) => s.value);
  box.replaceChildren();
  const seats = decorateSeats(info.board, info.start, info.seats.map((s, i) => ({ ...s, seat: i })));
  let colors = '';
  if (colorsOpt) {
    const fresh = seats.map((s) => s.cl);
    if (seatColors.length !== seats.length) seatColors = fresh;
    if (seatColors.join('') !== fresh.join('')) colors = seatColors.join('');
  }
  showRulesLink(info.id, colors);
  seats.forEach((s, i) => {
    const levels = computers.filter((c) => LEVELS.includes(c.name));
    const research = computers.filter((c) => !LEVELS.includes(c.name));
    const sel = h('select', { 'data-seat': i, 'aria-label': t('web.lobby.whoPlays', { N: i + 1 }) },
      PEOPLE.map((p) => h('option', { value: p }, t(`web.people.${p}`))),
      levels.map((c) => h('option', { value: c.name }, t('web.level.computer', { Level: levelName(c.name) }))),
      research.length ? h('optgroup', { label: t('web.lobby.research') },
        research.map((c) => h('option', { value: c.name, title: levelDoc(c) }, t('web.level.computer', { Level: c.name })))) : null);
    sel.value = previous[i] || (i === 0 ? 'me' : 'medium');
    const hint = h('span', { class: 'seat-hint small muted' }, seatHint(sel.value));
    sel.addEventListener('change', () => { hint.textContent = seatHint(sel.value); });
    const row = h('div', { class: 'seat-row' });
    if (colorsOpt) {
      const c = seatColors[i];
      const name = COLOR_NAMES[c] ? t('seat.' + COLOR_NAMES[c]) : t('web.lobby.seatN', { N: i + 1 });
      row.append(h('span', { class: 'seat-name' }, chip(info.board, c), name), h('span', { class: 'seat-choice' }, swatches(i), sel));
    } else {
      row.append(h('span', { class: 'seat-name' }, chip(info.board, s.cl), s.label), h('span', { class: 'seat-choice' }, sel));
    }
    row.append(hint);
    box.append(row);
  });
  // Two sides without a colour option (Senet): one press swaps who
  // plays White and who Black, as lichess lets a player choose a colour.
  if (!colorsOpt && seats.length === 2) {
    box.append(h('p', { class: 'swap-sides' }, h('button', { type: 'button', class: 'secondary', id: 'swap-sides', onclick: swapSides },
      h('span', { 'aria-hidden': 'true' }, '⇅ '), t('web.lobby.swapSides'))));
  }
  document.body.dataset.lobby = 'ready';
}

// swapSides swaps the choices of the two seats.
function swapSides() {
  const [a, b] = document.querySelectorAll('select[data-seat]');
  [a.value, b.value] = [b.value, a.value];
  for (const s of [a, b]) s.dispatchEvent(new Event('change'));
}

// swatches lets seat i pick its colour; a colour another seat has is
// swapped with it.
function swatches(i) {
  return h('span', { class: 'swatches', role: 'group', 'aria-label': t('web.lobby.colourOf', { N: i + 1 }) },
    Object.keys(COLOR_NAMES).map((c) => h('button', {
      type: 'button', class: 'swatch ' + c, 'aria-pressed': seatColors[i] === c ? 'true' : 'false',
      'aria-label': t('seat.' + COLOR_NAMES[c]), title: t('seat.' + COLOR_NAMES[c]), 'data-color': c, 'data-seat-color': i,
      onclick: () => {
        const j = seatColors.indexOf(c);
        if (j >= 0) seatColors[j] = seatColors[i];
        seatColors[i] = c;
        colorsNote = ''; // the person has chosen
        showSeats();
      },
    })));
}

// creatable enables or disables every button that creates a game.
function creatable(on) {
  for (const id of ['#create-button', '#quick-computer', '#quick-friend']) $(id).disabled = !on;
}

// quickStart creates a game with you in the first seat, second in the
// second (a seat choice: a level, 'invite') and elsewhere the computer:
// at second's level when that is one (against the computer, every
// opponent plays at the level chosen), else medium.
function quickStart(second) {
  const others = second === 'invite' ? 'medium' : second;
  document.querySelectorAll('select[data-seat]').forEach((s, i) => {
    s.value = i === 0 ? 'me' : i === 1 ? second : others;
    s.dispatchEvent(new Event('change'));
  });
  create();
}

async function create(ev) {
  ev?.preventDefault();
  const seats = [...document.querySelectorAll('select[data-seat]')].map((s) => {
    if (s.value === 'me') return { kind: 'human', take: true };
    if (s.value === 'invite') return { kind: 'human' };
    if (s.value === 'anyone') return { kind: 'human', anyone: true };
    return { kind: s.value };
  });
  const body = { rules: current().name, options: chosenOptions(), seats, timeLimit: Number($('#time-limit').value) };
  const start = $('#start').value.trim();
  if (start) body.start = start;
  if ($('#create-button').disabled) return; // one game per press: a second click or Enter waits for the first
  creatable(false);
  try {
    const res = await api('POST', '/api/games', body);
    if (res.token) saveSeat(res.game.id, res.token, res.seats);
    location.href = '/g/' + res.game.id;
  } catch (e) {
    $('#create-error').textContent = e.message;
    creatable(true);
  }
}

function seatSummary(g) {
  const who = (s) => (s.open ? t('web.lobby.open') : s.kind === 'human' ? t('web.seat.person') : t('web.seat.computer', { Level: levelName(s.kind) }));
  return g.seats.map((s) => t('web.lobby.seatSummary', { Seat: s.label, Who: who(s) })).join(', ');
}

// idle reports whether nobody has moved in game g for IDLE.
function idle(g) {
  return Date.now() - new Date(g.updated).getTime() > IDLE;
}

// shown is what each list shows, so that an unchanged list is not drawn
// again (which would take the keyboard's focus away every few seconds).
const shown = {};

// keepSame is the list's entry old brought up to date with fresh (the
// same game), each part of it that has not changed kept as it is: a game
// being played changes its line at every move, and its link drawn again
// under a press (between its pointerdown and its pointerup) would take
// no click, the player's tap lost.
function keepSame(old, fresh) {
  const a = [...old.childNodes], b = [...fresh.childNodes];
  if (a.length !== b.length) return fresh;
  a.forEach((node, i) => { if (!node.isEqualNode(b[i])) old.replaceChild(b[i], node); });
  return old;
}

async function refresh() {
  for (const status of ['waiting', 'live', 'over']) {
    let list;
    try { list = (await api('GET', `/api/games?status=${status}&limit=20`)).games; } catch { continue; }
    if (status !== 'over') list = list.filter((g) => !idle(g) || loadSeat(g.id));
    const key = JSON.stringify(list.map((g) => [g.id, g.turns, g.seats, !!loadSeat(g.id)]));
    if (shown[status] === key) continue;
    shown[status] = key;
    const ul = $('#' + status);
    // A changed list keeps the focus on the same game's same link.
    const focused = ul.contains(document.activeElement) ? document.activeElement : null;
    const item = focused && focused.closest('li[data-game]');
    const refocus = item && { game: item.dataset.game, index: [...item.querySelectorAll('a')].indexOf(focused) };
    const before = new Map([...ul.children].filter((li) => li.dataset.game).map((li) => [li.dataset.game, li]));
    const items = [];
    if (!list.length) items.push(h('li', { class: 'muted' }, t('web.lobby.none')));
    ul.closest('.card').classList.toggle('empty', !list.length);
    for (const g of list) {
      decorateSeats(g.board, g.start, g.seats);
      const mine = loadSeat(g.id);
      const links = [];
      if (status === 'waiting') {
        for (const s of g.seats.filter((s) => s.open && s.anyone)) links.push(h('a', { class: 'button', href: `/g/${g.id}?seat=${s.seat}` }, t('web.lobby.joinAs', { Seat: s.label })));
        if (mine) links.push(h('a', { href: '/g/' + g.id }, t('web.lobby.yourGame')));
      } else if (status === 'live') {
        links.push(h('a', { href: '/g/' + g.id }, mine ? t('web.lobby.play') : t('web.lobby.watch')));
      } else {
        links.push(h('a', { href: `/g/${g.id}/replay` }, t('web.lobby.replay')));
      }
      // A finished game says how it ended (a resignation too), on which
      // turn and who won, in the words of the game's own page.
      const line = status === 'over' && g.result ? `${seatSummary(g)} · ${resultText(g, [])}`
        : g.turns ? t('web.lobby.gameLine', { Seats: seatSummary(g), Turn: g.turns }) : seatSummary(g);
      const li = h('li', { 'data-game': g.id },
        h('strong', {}, t('ruleset.' + g.name)), h('span', { class: 'small muted' }, line), ...links);
      items.push(before.has(g.id) ? keepSame(before.get(g.id), li) : li);
    }
    if (items.length !== ul.children.length || items.some((li, i) => ul.children[i] !== li)) ul.replaceChildren(...items);
    if (refocus) {
      const li = [...ul.children].find((el) => el.dataset.game === refocus.game);
      const link = li && li.querySelectorAll('a')[refocus.index];
      if (link) link.focus();
    }
  }
}

init().catch((e) => { $('#create-error').textContent = e.message; });
