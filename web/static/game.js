// The game page: the board, the throw, the players, the moves so far and
// the fair-dice commitment, kept up to date by the game's WebSocket
// stream. Opening /g/ID?seat=N (an invite link) takes seat N.

import { api, loadSeat, saveSeat, seatColor, kindLabel, $, h, BoardView, drawThrow, turnText, boardModule, decorateSeats, houseLegend } from './app.js';

const id = location.pathname.split('/')[2];
let game = null;
let mine = loadSeat(id); // {token, seats} or null
let view = null;
let log = [];
let ws = null;
let backoff = 500;
let verified = false;
let busy = false;
let invites = []; // the open seats' links, shown to seat holders (with their secrets)

function message(s) { $('#message').textContent = s || ''; }

function mySeats() { return mine ? mine.seats : []; }

function myTurn() {
  return game && game.status === 'live' && mySeats().includes(game.toMove);
}

async function init() {
  const params = new URLSearchParams(location.search);
  if (params.has('seat')) {
    const seat = Number(params.get('seat'));
    const body = mine ? { token: mine.token } : {};
    if (params.has('invite')) body.invite = params.get('invite');
    try {
      const res = await api('POST', `/api/games/${id}/seats/${seat}`, body);
      mine = { token: res.token, seats: res.seats };
      saveSeat(id, res.token, res.seats);
    } catch (e) {
      message(`Could not take seat ${seat}: ${e.message}. You are watching.`);
    }
    history.replaceState(null, '', '/g/' + id);
  }
  let first;
  try {
    first = await api('GET', `/api/games/${id}`, undefined, mine && mine.token);
  } catch (e) {
    if (e.status === 403) {
      mine = null;
      first = await api('GET', `/api/games/${id}`);
    } else {
      $('#title').textContent = e.message;
      return;
    }
  }
  game = first.game;
  decorateSeats(game.board, game.start, game.seats);
  if (mine && first.seats) { mine.seats = first.seats; saveSeat(id, mine.token, mine.seats); }
  invites = first.invites || [];
  document.title = `Passage · ${game.title}`;
  $('#rules-link').href = '/rules/' + game.name;
  $('#replay-link').href = `/g/${id}/replay`;
  $('#record-txt').href = `/api/games/${id}/record?download`;
  $('#record-json').href = `/api/games/${id}/record.json?download`;
  let houses = [];
  try { houses = (await api('GET', '/api/rulesets/' + game.name)).houses; } catch { /* drawn without houses */ }
  view = new BoardView($('#board'), game.board, houses);
  $('#legend').replaceChildren(houseLegend(houses));
  await loadLog();
  $('#throw').addEventListener('click', doThrow);
  $('#pass').addEventListener('click', () => doMove('pass'));
  render(null);
  connect();
  setInterval(showDeadline, 1000);
}

async function loadLog() {
  try { log = (await api('GET', `/api/games/${id}/record.json`)).turns; } catch { log = []; }
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/events`);
  ws.onopen = () => {
    backoff = 500;
    if (mine) ws.send(JSON.stringify({ type: 'hello', token: mine.token }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === 'state') onState(msg);
    else if (msg.type === 'error') message(msg.error);
    else if (msg.type === 'hello' && mine) { mine.seats = msg.seats; saveSeat(id, mine.token, mine.seats); render(null); }
  };
  ws.onclose = () => {
    if (game && game.status === 'over') return;
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

async function onState(msg) {
  const prev = game;
  game = msg.game;
  decorateSeats(game.board, game.start, game.seats);
  let animateFrom = null;
  if (game.last && game.last.n === log.length + 1) {
    log.push(game.last);
  } else if (game.turns !== log.length) {
    await loadLog(); // we missed moves (a reconnect): read them again
  }
  if (msg.event && msg.event.kind === 'move' && prev && prev.turns === game.turns - 1) animateFrom = prev.pos;
  render(animateFrom);
}

async function doThrow() {
  if (busy) return;
  busy = true;
  message('');
  try { await api('POST', `/api/games/${id}/throw`, {}, mine.token); } catch (e) { message(e.message); }
  busy = false;
}

async function doMove(move) {
  if (busy) return;
  busy = true;
  message('');
  try {
    await api('POST', `/api/games/${id}/move`, { move, turn: game.turns + 1 }, mine.token);
  } catch (e) { message(e.message); }
  busy = false;
}

function statusText() {
  const seat = game.seats[game.toMove];
  if (game.status === 'over') {
    const w = game.result && game.result.winner >= 0 ? game.seats[game.result.winner] : null;
    const you = w && mySeats().includes(w.seat) ? ' (you)' : '';
    return w ? `Game over: ${w.label}${you} wins.` : 'Game over.';
  }
  if (game.status === 'waiting') return 'Waiting for players: send the invite link of each open seat.';
  if (myTurn()) {
    if (game.roll === null) return `Your turn (${seat.label}): throw.`;
    if (game.moves.length === 1 && game.moves[0].move === 'pass') return `You threw ${game.roll}: no move is possible.`;
    return `You threw ${game.roll}: click a piece, then where it goes.`;
  }
  const who = seat.kind === 'human' && !seat.away ? seat.label : `${seat.label} (computer)`;
  return game.roll === null ? `${who} to throw.` : `${who} threw ${game.roll} and is moving.`;
}

function render(animateFrom) {
  if (!game || !view) return;
  const mod = boardModule(game.board);
  $('#title').textContent = game.title;
  $('#status').textContent = statusText();
  document.body.dataset.status = game.status;
  document.body.dataset.turns = game.turns;
  document.body.dataset.myTurn = myTurn() ? 'yes' : 'no';
  document.body.dataset.roll = game.roll === null ? '' : game.roll;

  const canThrow = myTurn() && game.roll === null;
  $('#throw').disabled = !canThrow;
  $('#throw').classList.toggle('hidden', game.status === 'over' || mySeats().length === 0);
  const onlyPass = myTurn() && game.roll !== null && game.moves.length === 1 && game.moves[0].move === 'pass';
  $('#pass').classList.toggle('hidden', !onlyPass);

  const sticks = $('#sticks');
  if (game.roll !== null) {
    drawThrow(sticks, game.board, game.roll, game.turns);
    $('#throw-text').textContent = `${game.seats[game.toMove].label} threw ${game.roll}`;
  } else if (game.last) {
    drawThrow(sticks, game.board, game.last.roll, game.last.n - 1);
    $('#throw-text').textContent = `last throw: ${game.seats[game.last.seat].label}, ${game.last.roll}`;
  } else {
    sticks.replaceChildren();
    $('#throw-text').textContent = '';
  }

  view.show({
    pos: game.pos,
    moves: game.moves,
    interactive: myTurn() && game.roll !== null,
    last: game.last ? { move: game.last.move, letter: game.seats[game.last.seat].cl } : null,
    animateFrom,
    onMove: doMove,
  });
  $('#notes').textContent = mod.describe(game.pos);

  const ul = $('#seats');
  ul.replaceChildren();
  for (const s of game.seats) {
    const isMine = mySeats().includes(s.seat);
    const li = h('li', { class: s.seat === game.toMove && game.status !== 'over' ? 'to-move' : '', 'data-seat': s.seat },
      h('span', { class: 'chip', style: `background:${seatColor(game.board, s.cl)}` }),
      h('span', {}, s.label), h('span', { class: 'small muted' }, kindLabel(s, isMine)));
    const invite = invites.find((i) => i.seat === s.seat);
    if (s.open && (invite || s.anyone)) {
      const link = invite ? invite.url : `${location.origin}/g/${id}?seat=${s.seat}`;
      li.append(h('div', { class: 'invite' }, 'Invite link: ',
        h('input', { type: 'text', readonly: true, value: link, 'data-invite': s.seat, onfocus: (e) => e.target.select() }),
        ' ', h('a', { href: link }, 'take this seat')));
    }
    ul.append(li);
  }
  showDeadline();

  const ol = $('#log');
  ol.replaceChildren(...log.map((t) => h('li', {}, turnText(t, game.seats))));
  ol.scrollTop = ol.scrollHeight;

  $('#commit').textContent = game.commit;
  if (game.status === 'over' && !verified) {
    verified = true;
    showVerification();
  }
}

function showDeadline() {
  const p = $('#deadline');
  if (!game || !game.deadline || game.status !== 'live') { p.textContent = game && game.timeLimit ? `Time per turn: ${game.timeLimit} s` : ''; return; }
  const left = Math.max(0, Math.round((new Date(game.deadline) - Date.now()) / 1000));
  p.textContent = `${game.seats[game.toMove].label} has ${left} s left, then the computer plays.`;
}

async function showVerification() {
  const box = $('#verification');
  try {
    const v = await api('GET', `/api/games/${id}/verify`);
    box.replaceChildren(
      h('p', {}, 'The seed, revealed now that the game is over:'),
      h('p', { class: 'mono' }, v.diceSeed),
      h('p', { class: v.ok ? 'ok' : 'error', id: 'verify-result' }, (v.ok ? '✓ ' : '✗ ') + v.message),
      h('p', { class: 'muted' }, 'Check it yourself: download the record and run ', h('code', {}, 'passage verify RECORD'), '.'));
  } catch (e) {
    box.textContent = e.message;
  }
}

init().catch((e) => message(e.message));
