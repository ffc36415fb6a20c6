// The game page: the board, the throw, the players, the moves so far and
// the fair-dice commitment, kept up to date by the game's WebSocket
// stream. Opening /g/ID?seat=N (an invite link) takes seat N.
//
// The rules are told as they happen: each move's effects (sent by the
// server with the move) go to the status line, the move list and the
// screen reader's live region. A throw with no legal move is passed by
// itself after a pause that shows why; a single possible move is played
// by itself when the player has asked for it. The page throws for the
// player when they have asked for it (Auto-throw), and by itself while
// no throw can give them a choice (every Ludo piece in the yard).

import {
  api, loadSeat, saveSeat, chip, moveWords, kindLabel, $, h, BoardView, drawThrow, turnItem, turnText,
  boardModule, decorateSeats, houseLegend, effectParts, announce, errorText, resultText, blockedText,
  ownToken, forget, forgetSeat, rulesetTitle, rulesetInfo, rulesHref, fitBoard, iconLegend, resignNotes,
} from './app.js';
import { t, tRules, list } from './i18n.js';
import { play } from './sound.js';
import { stored, store } from './prefs.js';
import { FlowControls, rematchWaitingText } from './flow.js';
import { mountReview } from './review.js';

const id = location.pathname.split('/')[2];
const PASS_PAUSE = 1400;   // ms a pass is shown before it is played
const REASON_PAUSE = 1000; // ms more when it says which wall (or rule) blocks
const FORCED_PAUSE = 700;  // ms before a single possible move is played
const THROW_PAUSE = 700;   // ms "your turn" shows before the page throws for the player
const AUTO_KEY = 'passage.autoForced';
const AUTO_THROW_KEY = 'passage.autoThrow';

let game = null;
let mine = loadSeat(id); // {token, seats} or null
let view = null;
let log = [];
let ws = null;
let rulesInfo = null; // the ruleset's view (GET /api/rulesets/NAME): houses, opening square
let backoff = 500;
let failures = 0; // connections closed or refused since the last that opened
let verified = false;
let busy = null; // the throw or move request in flight (a promise), or null
let invites = []; // the open seats' links, shown to seat holders (with their secrets)
let news = '';       // what the last move did, in words
let autoTimer = 0;   // a pass or forced move about to be played
let autoFor = '';    // the turn and throw autoTimer is for
let throwTimer = 0;  // a throw the page is about to make for the player
let throwFor = '';   // the turn throwTimer is for
let flow = null;     // resign, abort, claim, rematch: see flow.js
let review = null;   // the review of the game once it is over (review.js)
let logKey = '';     // what the move list shows (render)
let next = null;     // the view of this finished game's rematch, once known (followRematch)

// keyboardUser is set while the player uses the keyboard: the page then
// moves the focus to what comes next (the Throw button, a piece that
// can move) when the focus was lost with a move. (Set by active.)
let keyboardUser = false;

// message shows s (an error, a refusal) at the foot of the status's
// room, above the board (style.css), for MESSAGE_MS, or until tapped,
// or until the next message: it may cover the status's last line, and
// a watcher takes no action that would clear it. The reason the page
// could not start stays (sticky): nothing works without it.
// good news (a friend joined) is framed as such, not as an error, and
// goes sooner (GOOD_MS): the presence dot says it too.
// A notice held (untilMyTurn) stays until this page's player has played a
// turn of their own (or taps it): the page's own throws and moves clear
// an error of the last one (clearMessage), not it (player review: "Yellow
// resigned" went at the next throw, which the page made by itself).
const MESSAGE_MS = 10000;
const GOOD_MS = 4000;
let messageTimer = 0;
let messageSticky = false;
let messageHeld = false;
let messageNetwork = false; // the notice says the server cannot be reached
function message(s, sticky = false, good = false) {
  clearTimeout(messageTimer);
  messageSticky = Boolean(s) && sticky;
  messageHeld = false;
  messageNetwork = s === t('web.error.network');
  $('#message').textContent = s || '';
  $('#message').classList.toggle('good', Boolean(s) && good);
  if (s && !sticky) messageTimer = setTimeout(() => message(''), good ? GOOD_MS : MESSAGE_MS);
}

// untilMyTurn shows good news held until this page's player has played a
// turn of their own; a page with no seat in play has no turn to wait
// for, and lets it go as other news goes.
function untilMyTurn(s) {
  message(s, false, true);
  if (!playingSeats().length) return;
  clearTimeout(messageTimer);
  messageHeld = true;
}

// clearMessage clears the message line as the player acts: an error of
// the last action goes, a held notice stays.
function clearMessage() {
  if (!messageHeld) message('');
}

// joinedTitle is said in the tab's title after another person took the
// last open seat, until this page's player has seen it: a key or tap
// here, the page shown again after it was hidden, or a move.
// Seeing it changes the title alone: a redraw of the board at the
// pointerdown that says so (active) would replace the piece under the
// pointer before its click, and the player's first tap after the join
// would do nothing (CI found it: TestBrowserAutoPass, a 6 at the start).
let joinedTitle = '';
function seenJoin() {
  if (!joinedTitle) return;
  joinedTitle = '';
  if (game) showTitle();
}
document.addEventListener('visibilitychange', () => { if (!document.hidden) setTimeout(seenJoin, 3000); });
$('#message').addEventListener('click', () => { if (!messageSticky) message(''); });

// The skip link, the page's first stop for Tab, leads to what the
// player does next: the Throw button, or a piece that can move; else to
// the game's section (its address), from which Tab goes on.
// Pressed with Enter, the focus moves once the key is up, so that the
// same press does not also throw.
let keyDown = '';
document.addEventListener('keydown', (e) => { keyDown = e.key; }, true);
document.addEventListener('keyup', () => { keyDown = ''; }, true);
$('#skip-board').addEventListener('click', (e) => {
  const next = [$('#throw'), $('#board .piece.movable')].find((el) => el && !el.disabled && el.getClientRects().length > 0);
  if (!next) return;
  e.preventDefault();
  if (keyDown === 'Enter') document.addEventListener('keyup', () => next.focus(), { once: true });
  else next.focus();
});

// nothingFocused: the focus is nowhere useful (the page, a button that
// was just disabled, or an element drawn over).
function nothingFocused() {
  const e = document.activeElement;
  return !e || e === document.body || e.disabled || !e.isConnected;
}

function mySeats() { return mine ? mine.seats : []; }

// playingSeats are this page's seats still in play: not resigned (a
// seat that resigned while the game went on stays the page's, to watch
// as its holder, but the computer plays it).
function playingSeats() { return mySeats().filter((i) => !(game && game.seats[i] && game.seats[i].resigned)); }

function myTurn() {
  return game && game.status === 'live' && playingSeats().includes(game.toMove);
}

function autoForced() { return stored(AUTO_KEY) === 'on'; }
function autoThrow() { return stored(AUTO_THROW_KEY) === 'on'; }

// throwsItself: the page throws for the player now, after THROW_PAUSE:
// it is their seat's throw, in a live game, the seat not away (the
// computer stands in for it then, and a page left open must not play
// for a person who has gone); and they ticked Auto-throw, or no throw
// can give them anything to choose (the board's idleThrow: every Ludo
// piece of theirs waits in the yard, or is home with no room to move,
// so that only a 6 does anything, and then only brings a piece out).
function throwsItself() {
  if (!mine || !myTurn() || game.roll !== null) return false;
  if (game.seats[game.toMove] && game.seats[game.toMove].away) return false;
  if (autoThrow()) return true;
  const mod = boardModule(game.board);
  return Boolean(mod.idleThrow && mod.idleThrow(game.pos));
}

// inviteLink reads the seat and the secret of an invite link
// (?seat=N&invite=SECRET, or ?seat=N alone for a seat open to anyone)
// from search, the page's query. Chat apps sometimes write the link's
// '&' as '&amp;' (HTML) or as the text '\u0026' (JSON): both are read as
// '&' (a secret is base64url, with neither in it). seat is null when the
// query asks for no seat; damaged is set when it asks for one that is
// not a seat number, or gives an empty secret: no request is made then,
// nor one for seat NaN.
function inviteLink(search) {
  const params = new URLSearchParams(search.replace(/&(?:amp;)+|\\u0026|%5Cu0026/gi, '&'));
  if (!params.has('seat')) return { seat: null };
  const raw = params.get('seat').trim();
  const seat = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  const invite = params.has('invite') ? params.get('invite').trim() : undefined;
  return { seat, invite, damaged: Number.isNaN(seat) || invite === '' };
}

async function init() {
  const link = inviteLink(location.search);
  let refused = null; // the seat the invite link asked for, when the server said no
  if (link.damaged) {
    // Said once the page is drawn; the page goes on as a watcher's.
    refused = { damaged: true };
    history.replaceState(null, '', '/g/' + id);
  } else if (link.seat !== null) {
    const seat = link.seat;
    // A token of our own making, kept until the seat is ours: a take
    // whose answer is lost is sent again with it (here, or by reloading
    // the page, whose address keeps the invite), and the server answers
    // as the first time instead of "seat taken".
    const pending = `passage.take.${id}.${seat}`;
    const body = mine ? { token: mine.token } : { newToken: ownToken(pending) };
    if (link.invite !== undefined) body.invite = link.invite;
    let unsure = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await api('POST', `/api/games/${id}/seats/${seat}`, body);
        mine = { token: res.token, seats: res.seats };
        saveSeat(id, res.token, res.seats);
        forget(pending);
        unsure = false;
        break;
      } catch (e) {
        unsure = !e.status || e.status >= 500; // the take may have happened
        if (!unsure) forget(pending); // refused: the seat will not be this token's
        if (!unsure || attempt === 2) {
          // Said once the seats' names are known. A link without its
          // secret, to a seat by invitation, lost it on the way.
          refused = { seat, error: e.message, code: e.code, damaged: link.invite === undefined && e.code === 'invite_only' };
          break;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    if (!unsure) history.replaceState(null, '', '/g/' + id);
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
  if (refused) {
    // A seat the game lacks is a damaged link too.
    const s = refused.damaged ? null : game.seats[refused.seat];
    // A taken seat in one sentence: "could not be taken" followed by
    // the error's "This seat is already taken" said it twice (player
    // review).
    if (!s) message(t('web.invite.damaged'));
    else if (refused.code === 'seat_taken') message(t('web.game.seatTaken', { Seat: s.label }));
    else message(t('web.game.seatRefused', { Seat: s.label, Error: refused.error }));
  }
  if (mine && first.seats) { mine.seats = first.seats; saveSeat(id, mine.token, mine.seats); }
  invites = first.invites || [];
  $('#rules-link').href = rulesHref(game.rules);
  $('#replay-link').href = `/g/${id}/replay`;
  $('#record-txt').href = `/api/games/${id}/record?download`;
  $('#record-json').href = `/api/games/${id}/record.json?download`;
  // Both at once: on a slow connection each round trip is seconds.
  [rulesInfo] = await Promise.all([rulesetInfo(game.rules), loadLog()]);
  view = new BoardView($('#board'), game.board, rulesInfo.houses);
  $('#legend').replaceChildren(houseLegend(rulesInfo.houses));
  news = recentNews(); // what happened last, after a reload too
  $('#throw').addEventListener('click', () => doThrow());
  const autoT = $('#auto-throw');
  autoT.checked = autoThrow();
  autoT.addEventListener('change', () => {
    store(AUTO_THROW_KEY, autoT.checked ? 'on' : 'off');
    render(null);
  });
  const auto = $('#auto-forced');
  auto.checked = autoForced();
  auto.addEventListener('change', () => {
    store(AUTO_KEY, auto.checked ? 'on' : 'off');
    render(null);
  });
  flow = new FlowControls($('#flow'), {
    id, game: () => game, mySeats, playingSeats, token: () => mine && mine.token, message, redraw: () => render(null),
    rematch: () => next, followed: onRematch,
  });
  render(null);
  fitBoard();
  connect();
  setInterval(showDeadline, 1000);
}

// awaitingRematch: the game is over and this page's player may be
// offered a rematch, which the server sends over a stream opened with
// ?wait=rematch (the game's own stream closes at the end): the game may
// have rematches (rematchable), and none was offered yet, or the last
// was called off (withdrawn, expired, aborted) and another may follow
// it: the server's rule (awaits in rematch.go).
function awaitingRematch() {
  if (!game || game.status !== 'over' || !game.rematchable || mySeats().length === 0) return false;
  return !game.rematch || Boolean(flow && flow.offerGone(game) && !game.rematchLast);
}

// The rematch of a finished game is followed from its page by a player
// of it, over the new game's own stream, as any page of that game
// follows it (a watcher's stream: no token goes on it, and it counts
// against the same cap of streams per address). The asker stays on the
// finished game while the offer waits, and goes to the new game when it
// leaves waiting (the other side accepted); the other side learns here
// that an offer was withdrawn or expired. Once the rematch left waiting
// the stream closes: a rematch being played is not followed from here.
let nextWs = null;       // the rematch's stream
let nextFor = '';        // the rematch nextWs follows
let nextBackoff = 1000;
// The rematch this page saw wait for its other side in this visit: the
// asker's page goes there when it is accepted. A page shown again
// (shownAgain) forgets it: Back from the rematch stays here.
let nextSeenWaiting = '';

function followRematch() {
  const want = game && game.status === 'over' && game.rematch && mySeats().length > 0 &&
    (!next || next.id !== game.rematch || next.status === 'waiting') ? game.rematch : '';
  if (want === nextFor) return;
  if (nextWs) {
    const old = nextWs;
    nextWs = null;
    old.close();
  }
  nextFor = want;
  if (want) openRematchStream();
}

function openRematchStream() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const s = new WebSocket(`${proto}://${location.host}/api/games/${nextFor}/events`);
  nextWs = s;
  s.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === 'state' && msg.game) {
      nextBackoff = 1000;
      onRematch(msg.game);
    }
  };
  s.onclose = () => {
    if (nextWs !== s) return; // closed here: no longer followed
    nextWs = null;
    // Lost while the rematch still waits (or before its first state):
    // again, later.
    setTimeout(() => { if (nextFor && !nextWs) openRematchStream(); }, nextBackoff);
    nextBackoff = Math.min(nextBackoff * 2, 30000);
  };
}

// onRematch takes a newer view of the rematch: from its stream, or the
// answer to asking for it or withdrawing it (flow.js).
// go false: the page does not go to the rematch by itself (it accepted
// it, and goes there).
function onRematch(v, go = true) {
  if (!game || v.id !== game.rematch) return;
  decorateSeats(v.board, v.start, v.seats);
  next = v;
  if (v.status === 'waiting') nextSeenWaiting = v.id;
  // Accepted: the asker (whose device holds a seat of it) plays there.
  // A rematch found live when the page opened (or was shown again) was
  // accepted before: it stays a link, and the review of this game stays
  // open.
  if (go && v.status === 'live' && nextSeenWaiting === v.id && loadSeat(v.id)) {
    location.assign('/g/' + v.id);
    return;
  }
  render(null);
  // Withdrawn or expired: this game's stream, closed at the end, waits
  // for another offer.
  if (awaitingRematch() && ws && ws.readyState === WebSocket.CLOSED) connect();
}

// shownAgain: the page comes back from the browser's back-forward cache
// (Back, after it went to the rematch), its script's state as it was
// left. That is a new visit: the page forgets the rematch it saw wait
// (else, seeing it live now, it went there again at once, and Back
// could never leave it: player review), and what the flow was doing (a
// press whose answer took the page away), and asks for the game and its
// rematch as they are now (the offer accepted since: a link to it).
window.addEventListener('pageshow', (e) => { if (e.persisted) shownAgain(); });
// A page that the browser keeps in its back-forward cache (the player
// went on to the rules, say) closes its streams as it goes: left open,
// the frozen page's game stream stayed open for as long as the browser
// kept the page (the browser answers the server's pings itself), and
// the other players saw this player here all that time. shownAgain
// opens it again; the rematch's stream reopens itself on its close.
window.addEventListener('pagehide', (e) => {
  if (!e.persisted) return;
  ws?.close();
  nextWs?.close();
});
async function shownAgain() {
  nextSeenWaiting = '';
  if (!game) return; // not drawn yet: init is still at work
  if (flow) flow.reset();
  try {
    const res = await api('GET', `/api/games/${id}`, undefined, mine && mine.token);
    game = res.game;
    decorateSeats(game.board, game.start, game.seats);
    if (game.rematch) {
      const v = (await api('GET', `/api/games/${game.rematch}`)).game;
      decorateSeats(v.board, v.start, v.seats);
      next = v;
    }
    if (game.turns !== log.length) await loadLog();
  } catch { /* the streams, opened again, bring the news */ }
  render(null);
  connect();
}

// loadLog reads the turns so far, each with the position before it
// (before), which the rule events' words may need.
async function loadLog() {
  try {
    const rec = await api('GET', `/api/games/${id}/record.json`);
    log = rec.turns.map((tn, i) => ({ ...tn, before: i ? rec.turns[i - 1].pos : rec.start }));
  } catch { log = []; }
}

// comeBack says hello again when a person whose time ran out (an
// away seat of theirs, in a live game) presses a key or taps: the
// server takes the hello as their return and the stand-in stops.
function comeBack() {
  if (!game || game.status !== 'live' || !mine || !ws || ws.readyState !== WebSocket.OPEN) return;
  if (!mySeats().some((i) => game.seats[i] && game.seats[i].away)) return;
  ws.send(JSON.stringify({ type: 'hello', token: mine.token }));
}

// active: a key or a tap anywhere on the page, seen before the page's
// own handlers (capture): the player uses the keyboard or not
// (keyboardUser) and has seen that the friend joined (seenJoin).
function active(e) {
  keyboardUser = e.type === 'keydown';
  seenJoin();
}
document.addEventListener('keydown', active, true);
document.addEventListener('pointerdown', active, true);
// The return (comeBack) is said once the key or the finger is up, after
// the click it makes: the server's answer redraws the page (the seat no
// longer away), and an answer that came between the press and its
// release would move or replace the button pressed, and the press would
// do nothing (CI's TestBrowserHandOver: "Hand over" pressed by a person
// whose own time had run out).
document.addEventListener('keyup', comeBack, true);
document.addEventListener('pointerup', comeBack, true);

function connect() {
  if (ws && ws.readyState !== WebSocket.CLOSED) return; // one stream of the game at a time
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const waiting = awaitingRematch(); // that stream takes no messages
  ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/events${waiting ? '?wait=rematch' : ''}`);
  ws.onopen = () => {
    failures = 0;
    $('#conn').textContent = '';
    // The server is back: a notice that it cannot be reached goes now,
    // not when its time runs out (player review 4).
    if (messageNetwork && !messageSticky) message('');
    render(null); // this page's own seats are here again
    if (mine && !waiting) ws.send(JSON.stringify({ type: 'hello', token: mine.token }));
  };
  ws.onmessage = (ev) => {
    backoff = 500; // a stream that answers, not one closed at once
    const msg = JSON.parse(ev.data);
    if (msg.type === 'state') onState(msg);
    else if (msg.type === 'error') message(errorText(msg.code, msg.error));
    else if (msg.type === 'hello' && mine) { mine.seats = msg.seats; saveSeat(id, mine.token, mine.seats); render(null); }
  };
  ws.onclose = () => {
    if (game && (game.status === 'abandoned' || (game.status === 'over' && !awaitingRematch()))) return;
    render(null); // this page's own seats are not here meanwhile
    // A second failure in a row (not the close at a game's end, which
    // reconnects at once to wait for a rematch) is said until the page
    // is connected again, as moves made meanwhile do not show; the
    // server may also have refused the stream (too many open).
    if (++failures >= 2) $('#conn').textContent = t('web.status.reconnecting');
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

async function onState(msg) {
  const prev = game;
  const wasMyTurn = myTurn();
  game = msg.game;
  decorateSeats(game.board, game.start, game.seats);
  if (mine) {
    // A seat handed to the computer (handover) is no longer ours; one
    // that resigned is, to watch the game as its holder.
    const still = mine.seats.filter((n) => game.seats[n] && (game.seats[n].kind === 'human' || game.seats[n].resigned));
    if (still.length === 0) {
      // Every seat of ours: the token acts no more, so this page watches.
      mine = null;
      forgetSeat(id);
      message(t('web.game.seatHandedOver'));
    } else if (still.length !== mine.seats.length) { mine.seats = still; saveSeat(id, mine.token, still); }
  }
  let animateFrom = null;
  const ev = msg.event || {};
  if (ev.kind === 'move' && game.last && game.last.n === log.length + 1) {
    const before = log.length ? log[log.length - 1].pos : game.start;
    log.push({ ...game.last, effects: ev.effects || [], blocked: ev.blocked || [], before });
  } else if (game.turns !== log.length) {
    await loadLog(); // we missed moves (a reconnect): read them again
  }
  if (ev.kind === 'move' && prev && prev.turns === game.turns - 1) {
    animateFrom = prev.pos;
    const t = log[log.length - 1];
    news = recentNews();
    announce(turnText(t, game.seats, game.board));
    const eff = t.effects || [];
    if (eff.some((e) => /drown/.test(e))) play('drown');
    else if (eff.some((e) => /attack|capture/.test(e))) play('capture');
    else if (t.move !== 'pass') play('move');
  }
  if (ev.kind === 'move') joinedTitle = '';
  // A held notice goes once the player has had a turn of their own, or
  // at the end of the game (the status says the end then).
  if (messageHeld && ((ev.kind === 'move' && game.last && playingSeats().includes(game.last.seat)) || game.status !== 'live')) message('');
  // Another player resigned and the game goes on without them: said in
  // the message line (this page's own resignation is the status line's).
  if (ev.kind === 'resign' && game.status === 'live' && game.seats[ev.seat] && !mySeats().includes(ev.seat)) {
    untilMyTurn(tr('web.game.otherResigned', { Seat: game.seats[ev.seat].label }));
  }
  // The waiting game became live as another person took a seat: the
  // player who sent the link is told, in the message line, the title
  // and by the turn's sound.
  const joined = ev.kind === 'seat' && prev && prev.status === 'waiting' && game.status === 'live' &&
    mySeats().length > 0 && !mySeats().includes(ev.seat) && game.seats[ev.seat];
  if (joined) {
    message(tr('web.game.joined', { Seat: game.seats[ev.seat].label }), false, true);
    joinedTitle = t('web.title.joined');
  }
  render(animateFrom, ev.kind === 'throw');
  if (game.status === 'over' && prev && prev.status !== 'over') {
    play('end');
    announce(statusText());
  } else if (myTurn() && !wasMyTurn && game.roll === null) {
    play('turn');
    announce(statusText());
  } else if (ev.kind === 'throw') {
    announce(statusText());
  } else if (ev.kind === 'rematch' && flow.offered()) {
    play('turn');
    announce(t('web.flow.rematchOffered'));
  } else if (joined) {
    play('turn'); // the message line says it (role alert)
  }
}

// tr is message id in the words of this game's ruleset: Spanish says
// "las Blancas" of a Senet side and "el Rojo" of a Ludo colour, and its
// verbs agree (web.status.toThrow@kinevet).
function tr(id, args) { return tRules(id, game.rules, args); }

// moveNews says what the rules did on turn t, e.g. "White threw 4 and
// attacks: the two pieces swap places; throws again."
function moveNews(tn) {
  const seat = game.seats[tn.seat];
  const who = seat ? seat.label : tn.letter;
  const why = blockedText(tn.blocked);
  if (tn.move === 'pass') return why ? tr('web.news.passWhy', { Who: who, Roll: tn.roll, Why: why }) : tr('web.news.pass', { Who: who, Roll: tn.roll });
  const said = (tn.effects || []).map((e) => effectParts(e, tn, game.board)[1]);
  if (why) said.push(why);
  if (!said.length) return tr('web.news.played', { Who: who, Move: moveWords(tn.move), Roll: tn.roll });
  return tr('web.news.playedEffects', { Who: who, Move: moveWords(tn.move), Roll: tn.roll, Effects: said.join(t('web.status.semicolon')) });
}

// HITS are the effects that send a piece of another side back: when one
// of them happened since this person's last turn, the news says so even
// if more turns came after it (three computer colours move in a second).
const HITS = new Set(['capture (K6)', 'attack (swap)', 'middle of three attacked (A13)']);
const NEWS_MOST = 3;

// recentNews says what happened last: the last turn, and before it any
// turn since this person's own last one that hit a piece, at most
// NEWS_MOST sentences; a watcher is told the last turn.
function recentNews() {
  if (!log.length) return '';
  const last = log.length - 1;
  const told = [log[last]];
  if (mySeats().length) {
    for (let i = last - 1; i >= 0 && !mySeats().includes(log[i].seat); i--) {
      if ((log[i].effects || []).some((e) => HITS.has(e))) told.unshift(log[i]);
    }
  }
  return told.slice(-NEWS_MOST).map(moveNews).join(' ');
}

// A throw or move refused because the seat's throw or move has happened
// already (another tab of the same player, whose state this page's
// stream has not brought yet) is no error from the player's view: the
// page says nothing, and the new state comes on the stream. A move
// says which turn it is for, so that the server tells a move already
// played (stale_move) from one out of turn.
const ALREADY_THROWN = 'already_thrown';
const ALREADY_PLAYED = 'stale_move';

// send makes a throw or move request once the one in flight, if any,
// is answered. A click is never lost to a request still in flight: the
// stream may bring the next turn (the computer's reply, an extra throw)
// before the answer to the last move, and a Throw pressed then used to
// do nothing. still says whether the action still holds once it is its
// turn to be sent (a second click of the same throw does not).
async function send(path, body, still) {
  while (busy) await busy.catch(() => {});
  if (!still()) return;
  const req = api('POST', path, body, mine.token);
  busy = req;
  try { await req; } finally { if (busy === req) busy = null; }
}

// doThrow throws for this page's seat and reports whether asking again
// is pointless: the throw is made, or was not this seat's to make any
// more, or the server refused it (said); false when the connection
// failed or the server did (the throw may be tried again).
async function doThrow() {
  if (!mine || !myTurn() || game.roll !== null) return true;
  clearMessage();
  // A throw carries no turn, as a move does: one queued behind a move
  // (send) that was sent for a turn already played throws the turn
  // after it, which is harmless: the throw is not the player's choice
  // (it comes from the game's seed), and still() drops it unless it is
  // this seat's throw to make.
  try {
    await send(`/api/games/${id}/throw`, {}, () => myTurn() && game.roll === null);
  } catch (e) {
    if (e.code === ALREADY_THROWN) return true;
    message(e.message);
    return Boolean(e.status) && e.status < 500; // refused: asking again will not change it
  }
  return true;
}

// doMove plays a move and reports whether the turn was played: the
// server took the move, or the turn had been played already (stale_move:
// another tab of the player moved first), which asking again cannot
// change.
async function doMove(move) {
  if (!mine) return false;
  clearMessage();
  const turn = game.turns + 1;
  let sent = false;
  try {
    await send(`/api/games/${id}/move`, { move, turn }, () => (sent = game.turns + 1 === turn && game.roll !== null));
  } catch (e) {
    if (e.code === ALREADY_PLAYED) return true;
    message(e.message);
    return false;
  }
  return sent;
}

function onlyPass() {
  return game.roll !== null && game.moves.length === 1 && game.moves[0].move === 'pass';
}

// endText says who won and how.
function endText() {
  if (game.result) return resultText(game, mySeats());
  return t('web.result.over');
}

function statusText() {
  const seat = game.seats[game.toMove];
  if (game.status === 'over') return endText();
  if (game.status === 'waiting') {
    // The holder with links to send is told to send them; anyone else
    // (a rematch's asker, whose opponent accepts on the old page, or a
    // watcher) which seats are still to be taken.
    const open = game.seats.filter((s) => s.open).map((s) => s.label);
    // The asker of a rematch waits for the other side's answer on the
    // last game's page; the link stays below in case that page is closed.
    // The seats swap in a rematch: the asker is told which side is
    // theirs now, and whose answer the offer waits for (flow.js).
    if (location.hash === '#rematch' && mySeats().length) return rematchWaitingText(game.rules, game.seats, mySeats());
    if (mySeats().length && myInvites().length) return tr('web.status.waiting');
    return tr('web.status.waitingFor', { Names: list(open), Count: open.length });
  }
  if (game.status === 'abandoned') return tr('web.status.abandoned');
  // Away: this person's time ran out, and the computer stands in (or the
  // game waits) until they are back, which any key or tap says
  // (comeBack). Said first, whoever's turn it is.
  const away = mySeats().find((i) => game.seats[i] && game.seats[i].away);
  if (away !== undefined) return tr('web.status.youAway', { Seat: game.seats[away].label });
  // Every seat of this page resigned: out, it watches the rest.
  if (mySeats().length && !playingSeats().length) {
    return tr('web.status.youResigned', { Seat: list(mySeats().map((i) => game.seats[i].label)) });
  }
  // why: the moves a wall (or the BA) took away, in words.
  const why = game.roll === null ? '' : blockedText(game.blocked);
  if (myTurn()) {
    if (game.roll === null) return throwsItself() ? tr('web.status.throwingForYou', { Seat: seat.label }) : tr('web.status.yourThrow', { Seat: seat.label });
    if (onlyPass()) return why ? tr('web.status.passingWhy', { Roll: game.roll, Why: why }) : tr('web.status.passing', { Roll: game.roll });
    const also = why ? ' ' + tr('web.status.why', { Why: why[0].toUpperCase() + why.slice(1) }) : '';
    if (game.moves.length === 1 && autoForced()) return tr('web.status.forced', { Roll: game.roll }) + also;
    return tr('web.status.pick', { Roll: game.roll }) + also;
  }
  const who = seat.kind === 'human' && !seat.away ? seat.label : tr('web.status.computer', { Seat: seat.label });
  // The first throw says who begins: in Jéquier it is Black, whoever
  // took the first seat (player review 3: "You take the first seat",
  // then Black to throw, unexplained).
  if (game.roll === null && game.turns === 0) return tr('web.status.begins', { Who: who });
  if (game.roll === null) return tr('web.status.toThrow', { Who: who });
  if (onlyPass()) return why ? tr('web.status.noMoveWhy', { Who: who, Roll: game.roll, Why: why }) : tr('web.status.noMove', { Who: who, Roll: game.roll });
  return tr('web.status.moving', { Who: who, Roll: game.roll });
}

// scheduleAuto plays a pass, or a single possible move when asked for,
// after a pause long enough to read why.
function scheduleAuto() {
  const key = `${game.turns}:${game.roll}`;
  const want = myTurn() && game.roll !== null && (onlyPass() || (game.moves.length === 1 && autoForced()));
  if (!want) {
    if (autoTimer) { clearTimeout(autoTimer); autoTimer = 0; autoFor = ''; }
    return;
  }
  if (autoFor === key) return;
  clearTimeout(autoTimer);
  autoFor = key;
  const move = game.moves[0].move;
  autoTimer = setTimeout(async () => {
    autoTimer = 0;
    if (!game || `${game.turns}:${game.roll}` !== key) return;
    if (!(await doMove(move))) {
      // Not taken (busy, or the connection failed): try again shortly.
      autoFor = '';
      setTimeout(() => render(null), PASS_PAUSE);
    }
  }, onlyPass() ? PASS_PAUSE + (game.blocked && game.blocked.length ? REASON_PAUSE : 0) : FORCED_PAUSE);
}

// scheduleThrow throws for the player (throwsItself) after THROW_PAUSE,
// once for each turn: the throw is the server's (POST throw, as the
// button's), sent through the same queue as a click (send), which drops
// it if the throw has been made meanwhile (another tab of the player's,
// or the button); the server refuses a second one (already_thrown),
// which is no error here. A throw not sent (the connection failed) is
// tried again after a pause.
function scheduleThrow() {
  const key = String(game.turns);
  if (!throwsItself()) {
    if (throwTimer) { clearTimeout(throwTimer); throwTimer = 0; throwFor = ''; }
    return;
  }
  if (throwFor === key) return;
  clearTimeout(throwTimer);
  throwFor = key;
  throwTimer = setTimeout(async () => {
    throwTimer = 0;
    if (!game || String(game.turns) !== key || !throwsItself()) return;
    if (!(await doThrow())) {
      throwFor = '';
      setTimeout(() => render(null), PASS_PAUSE);
    }
  }, THROW_PAUSE);
}

// showTitle names the game on the page and in the tab's title, which
// says first that a friend joined or that it is this player's turn.
function showTitle() {
  const title = rulesetTitle(game.rules);
  $('#title').textContent = title;
  const prefix = joinedTitle || (myTurn() ? t('web.title.yourTurn') : '');
  document.title = `${prefix ? prefix + ' ' : ''}${title} · Passage`;
}

function render(animateFrom, freshThrow) {
  if (!game || !view) return;
  const mod = boardModule(game.board);
  showTitle();
  const base = statusText();
  const status = $('#status');
  if (game.status === 'over' && game.result && game.result.text) {
    // The result stands right below (#result, with the buttons); the
    // status line tells a holder of the rematch the other side asked for.
    status.textContent = flow.offered() ? t('web.flow.rematchOffered') : '';
  } else if (news && game.status !== 'over') {
    // What the last move did on a line of its own, so that it is not
    // read as part of what the side to move does next.
    status.replaceChildren(h('span', { class: 'news' }, news), ' ', base);
  } else status.textContent = base;
  document.body.dataset.status = game.status;
  document.body.dataset.turns = game.turns;
  document.body.dataset.myTurn = myTurn() ? 'yes' : 'no';
  document.body.dataset.roll = game.roll === null ? '' : game.roll;
  document.body.dataset.throwsItself = throwsItself() ? 'yes' : 'no';

  const canThrow = myTurn() && game.roll === null;
  const throwButton = $('#throw');
  // A page whose seats all resigned watches, as one that holds none.
  const watching = playingSeats().length === 0;
  document.body.classList.toggle('watching', watching);
  throwButton.disabled = !canThrow;
  throwButton.classList.toggle('hidden', game.status === 'over' || watching);
  // With Auto-throw under it, which goes with it: no room kept for them
  // on a watcher's page.
  $('.throw-box').classList.toggle('hidden', game.status === 'over' || watching);
  // A page that holds no seat has no button to keep in place: the
  // controls take no room (an empty row on a phone) until there is a
  // throw to show.
  $('.controls').classList.toggle('hidden', watching && game.roll === null && !game.last);

  const sticks = $('#sticks');
  if (game.roll !== null) {
    drawThrow(sticks, game.board, game.rules, game.roll, game.turns, freshThrow);
    $('#throw-text').textContent = t('web.throw.now', { Who: game.seats[game.toMove].label, Roll: game.roll });
  } else if (game.last) {
    drawThrow(sticks, game.board, game.rules, game.last.roll, game.last.n - 1, false);
    $('#throw-text').textContent = t('web.throw.last', { Who: game.seats[game.last.seat].label, Roll: game.last.roll });
  } else {
    sticks.replaceChildren();
    $('#throw-text').textContent = '';
  }

  view.show({
    pos: game.pos,
    moves: game.moves,
    interactive: myTurn() && game.roll !== null && !onlyPass(),
    last: game.last ? { move: game.last.move, letter: game.seats[game.last.seat].cl } : null,
    animateFrom,
    onMove: doMove,
  });
  $('#notes').textContent = mod.describe(game.pos, rulesInfo, game.opening, game.moves, game.status !== 'live' && game.status !== 'waiting');
  if (keyboardUser && nothingFocused()) {
    if (canThrow) throwButton.focus();
    else if (myTurn()) $('#board .piece.movable')?.focus();
  }
  scheduleAuto();
  scheduleThrow();

  const ul = $('#seats');
  ul.replaceChildren();
  for (const s of game.seats) {
    const isMine = mySeats().includes(s.seat);
    const li = h('li', { class: s.seat === game.toMove && game.status !== 'over' ? 'to-move' : '', 'data-seat': s.seat },
      chip(game.board, s.cl), h('span', {}, s.label), presenceMark(s, isMine), h('span', { class: 'small muted' }, kindLabel(s, isMine)));
    ul.append(li);
  }
  showInvites();
  // Over, the flow's buttons (rematch, new game, replay) come under the
  // status, above the board, where a phone shows them without
  // scrolling; during play (resign, abort) they stay with the players.
  const flowBox = $('#flow');
  const flowHome = game.status === 'over' ? $('#after') : $('#seats').parentElement;
  // Moving the box drops the focus of a button in it: the keyboard's
  // place comes back on the same button, or the first one there now.
  const focused = flowBox.contains(document.activeElement) ? document.activeElement.dataset.flow || '-' : '';
  if (flowBox.parentElement !== flowHome) flowHome.append(flowBox);
  // The move preferences matter while the game is played, and to a
  // player: a page that holds no seat (a spectator's) has no moves.
  for (const box of ['#auto-forced', '#touch-confirm']) $(box).parentElement.classList.toggle('hidden', game.status === 'over' || watching);
  flow.render(log);
  followRematch();
  if (focused && !flowBox.contains(document.activeElement)) {
    (flowBox.querySelector(`[data-flow="${focused}"]`) || flowBox.querySelector('button, a'))?.focus();
  }
  showDeadline();

  const ol = $('#log');
  ol.classList.remove('loading'); // "no moves yet" only once the game is in
  // Over, each entry leads to its turn in the replay, which shows the
  // board there and the review's verdict in words (a tap on a phone,
  // which shows no tooltip: player review 4), with the keyboard's place
  // on the entry.
  const over = game.status === 'over';
  // Drawn again only when it changes, as the board is (BoardView.show):
  // a message that adds no turn (another player's page opening or
  // closing) neither replaces the entry under a press nor takes a list
  // the player reads back to its end.
  const listKey = JSON.stringify([log.length, log[log.length - 1] || null, over, game.seats.map((s) => s.resigned || 0)]);
  if (listKey !== logKey) {
    logKey = listKey;
    ol.replaceChildren(...log.flatMap((t, i) => [...resignNotes(game.seats, game.rules, i + 1),
      turnItem(t, game.seats, game.board, { title: turnText(t, game.seats, game.board), ...(over ? { 'data-turn': i + 1 } : {}) },
        over ? () => toReplay(i + 1, 'log') : null)]),
    ...resignNotes(game.seats, game.rules, log.length + 1));
    ol.scrollTop = ol.scrollHeight;
  }
  $('#icons-legend').replaceChildren(...iconLegend(log));
  // Nothing to review in a game without a throw (aborted at once).
  if (game.status === 'over' && game.turns > 0 && !review) {
    review = mountReview({ id, board: game.board, seats: game.seats, over: true, at: Infinity, onPick: (n) => toReplay(n, 'graph') });
  }
  if (review) review.markLog(ol);

  $('#commit').textContent = game.commit;
  // An abandoned game never reveals its seed: no promise of it.
  if (game.status === 'abandoned') $('#verification').replaceChildren();
  if (game.status === 'over' && !verified) {
    verified = true;
    showVerification();
  }
}

// toReplay opens the replay at turn n, the keyboard's place on what led
// there (the graph or the move list), so that its arrow keys or Tab go
// on from it there.
function toReplay(n, from) {
  location.href = `/g/${id}/replay#turn=${n}&focus=${from}`;
}

// presenceMark is a dot by a person's seat that says whether its player
// has the game open (the server's present: a page of theirs on the
// game's stream), with the words for screen readers and a title; this
// page's own seats are here while its stream is open. Nothing for a
// computer, an open seat, or a game that has ended.
function presenceMark(s, isMine) {
  if (s.kind !== 'human' || s.open || game.status === 'over' || game.status === 'abandoned') return null;
  const here = isMine ? Boolean(ws && ws.readyState === WebSocket.OPEN) : s.present;
  const word = here ? 'here' : 'gone';
  return h('span', { class: `presence ${word}`, title: here ? t('web.presence.hereTitle') : t('web.presence.goneTitle'), 'data-presence': word },
    h('span', { class: 'visually-hidden' }, here ? t('web.presence.here') : t('web.presence.gone')));
}

// myInvites are the links of the open seats that this page may hand
// out: with their secrets for the seat holder, or the plain address of
// a seat anyone may take. They start with this page's origin, not the
// invite's url: the server may not know the scheme a proxy in front of
// it was reached with, and the page does.
function myInvites() {
  return game.seats.filter((s) => s.open).flatMap((s) => {
    const invite = invites.find((i) => i.seat === s.seat);
    if (!invite && !s.anyone) return [];
    return [{ seat: s, url: `${location.origin}${invite ? invite.path : `/g/${id}?seat=${s.seat}`}` }];
  });
}

// showInvites puts the links to send under the status, above the board,
// each with a Copy button (and Share where the device has it), drawn
// again only when they change so that a selection or focus survives.
function showInvites() {
  const box = $('#invites');
  const links = myInvites();
  const key = links.map((l) => l.url).join(' ');
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...links.map(({ seat, url }) => {
    const input = h('input', { type: 'text', readonly: true, value: url, 'data-invite': seat.seat, onfocus: (e) => e.target.select(), 'aria-label': t('web.invite.label', { Seat: seat.label }) });
    const copy = h('button', { type: 'button', class: 'secondary', 'data-copy': seat.seat, onclick: () => copyLink(input, copy) }, t('web.invite.copy'));
    const buttons = [copy];
    if (navigator.share) buttons.push(h('button', { type: 'button', class: 'secondary', onclick: () => navigator.share({ url }).catch(() => {}) }, t('web.invite.share')));
    // A rematch's open seat is the last opponent's, who accepts on the
    // last game's page (or by this link, should that page be closed):
    // the asker is not offered to take it on this device.
    const take = location.hash === '#rematch' ? [] : [h('a', { class: 'small', href: url }, t('web.invite.take'))];
    return h('div', { class: 'invite' },
      h('span', { class: 'invite-label' }, t('web.invite.label', { Seat: seat.label })),
      h('div', { class: 'invite-row' }, input, ...buttons),
      ...take);
  }));
}

// copyLink copies an invite link, and says so on its button for a
// while, and to screen readers.
async function copyLink(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    if (!document.execCommand('copy')) { message(t('web.invite.copyFailed')); return; }
  }
  button.textContent = t('web.invite.copied');
  announce(t('web.invite.copied'));
  clearTimeout(button.copiedTimer);
  button.copiedTimer = setTimeout(() => { button.textContent = t('web.invite.copy'); }, 2000);
}

// LOW_TIME is when the time left is shown as running low, in seconds.
const LOW_TIME = 10;

// showDeadline says, every second, how long the seat to move has left:
// in words under the status, and as a clock (m:ss) in its row of the
// players, both marked when it runs low.
function showDeadline() {
  const p = $('#deadline');
  const live = game && game.deadline && game.status === 'live';
  for (const c of document.querySelectorAll('#seats .clock')) {
    if (!live || c.parentElement.dataset.seat !== String(game.toMove)) c.remove();
  }
  if (!live) { p.textContent = game && game.timeLimit ? t('web.deadline.perTurn', { Count: game.timeLimit }) : ''; p.classList.remove('low'); return; }
  const left = Math.max(0, Math.round((new Date(game.deadline) - Date.now()) / 1000));
  // A time limit running out before any person has played aborts the
  // game (the server's rule); the log is trusted only when complete.
  const first = log.length === game.turns && !log.some((tn) => game.seats[tn.seat] && game.seats[tn.seat].kind === 'human');
  // When every other person's seat is away, the computer does not stand
  // in for this one too (the server's rule): the game waits for them.
  const alone = game.seats.every((s, i) => i === game.toMove || s.kind !== 'human' || s.away);
  const key = first ? 'web.deadline.firstTurn' : alone ? 'web.deadline.waits' : 'web.deadline.left';
  p.textContent = t(key, { Seat: game.seats[game.toMove].label, Count: left });
  const low = left <= LOW_TIME;
  p.classList.toggle('low', low);
  const row = $(`#seats li[data-seat="${game.toMove}"]`);
  if (!row) return;
  // The words above say it for screen readers; the clock is for the eye.
  const clock = row.querySelector('.clock') || row.appendChild(h('span', { class: 'clock', 'aria-hidden': 'true' }));
  clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  clock.classList.toggle('low', low);
}

async function showVerification() {
  const box = $('#verification');
  try {
    const v = await api('GET', `/api/games/${id}/verify`);
    box.replaceChildren(
      h('p', {}, t('web.dice.revealed')),
      h('p', { class: 'mono' }, v.diceSeed),
      h('p', { class: v.ok ? 'ok' : 'error', id: 'verify-result' }, (v.ok ? '✓ ' : '✗ ') + (v.ok ? t('web.dice.verified', { Count: v.throws }) : t('web.dice.failed', { Reason: v.message }))),
      h('p', { class: 'muted' }, t('web.dice.checkYourself') + ' ', h('code', {}, 'passage verify RECORD')));
  } catch (e) {
    box.textContent = e.message;
  }
}

init().catch((e) => message(e.message, true));
