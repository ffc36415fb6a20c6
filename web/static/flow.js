// The game page's flow controls (issue 13): resign (after an inline
// confirmation, not window.confirm, so that keyboard users and tests can
// answer it), abort while the server allows it, claim the win or hand an
// away opponent's seat to the computer, and, once the game is over, the
// result, a rematch and a new game. The server decides what is allowed;
// the page only hides what it knows is refused.
//
// The asker of a rematch stays on the finished game (its review and
// replay at hand), as on lichess: the flow says the offer waits for the
// other side, with a link to the new game and a way to withdraw the
// offer (an abort of the new game, refused once the other side has
// joined it); the page follows the new game and goes there when it is
// accepted (game.js, followRematch). After an offer was withdrawn,
// refused or expired, or the rematch aborted once accepted, either side
// may offer a rematch again (the server allows five in all: rematchLast
// marks the last). The page follows the server's rules: a game whose
// other seats nobody took has no rematch (rematchable), and a rematch is called off
// as the server says (rematchOff, or the rematch's own view's
// calledOff).

import { api, h, loadSeat, saveSeat, resultText, ownToken, forget, announce } from './app.js';
import { t, tRules, list } from './i18n.js';

// rematchWaitingText says to the asker of a rematch that waits which
// side is theirs now (the seats swap) and whose answer the offer waits
// for: seats are the new game's (its view, decorated), mine the
// asker's seats in it. Between two seats the other side is "your
// opponent": its colour is the asker's old one, so "waiting for an
// answer from White" read as waiting for oneself. With more seats the
// open ones are named by their colours.
export function rematchWaitingText(rules, seats, mine) {
  const open = seats.filter((s) => s.open).map((s) => s.label);
  const theirs = mine.filter((i) => seats[i]).map((i) => seats[i].label);
  const id = seats.length === 2 ? 'web.status.rematchWaitingOpponent' : 'web.status.rematchWaiting';
  return tRules(id, rules, { Mine: list(theirs), Names: list(open) });
}

// FlowControls draws into box; ctx gives the page's state:
// {id, game(), mySeats(), playingSeats() (those not resigned), token(), message(s), redraw(), rematch(),
// followed(view, go)}: rematch() is the view of the finished game's rematch
// once the page has it (null before), followed(view) hands the page a
// newer one (go false: the page does not go there by itself).
export class FlowControls {
  constructor(box, ctx) {
    this.box = box;
    this.ctx = ctx;
    this.confirming = false; // the resign confirmation is open
    this.noAbort = false;    // the server said it is too late to abort
    this.busy = false;
    this.asking = false;     // a rematch asked for here, its answer not in yet
    this.refused = '';       // why the rematch could not be asked for or accepted
    this.key = '';           // what was drawn last, so focus survives redraws
  }

  // reset forgets what the page was doing when it was left (an answer
  // awaited, the resign question open): a page shown again from the
  // back-forward cache is drawn afresh (game.js, shownAgain).
  reset() {
    this.busy = false;
    this.asking = false;
    this.confirming = false;
    this.key = '';
  }

  // abortable: fewer than two seats have played a turn (the server's
  // rule; it has the last word).
  abortable(log) {
    return !this.noAbort && new Set(log.map((t) => t.seat)).size < 2;
  }

  render(log) {
    const g = this.ctx.game();
    const mine = this.ctx.mySeats();
    const away = g.status === 'live' ? g.seats.filter((s) => s.away && !mine.includes(s.seat)) : [];
    const state = {
      status: g.status, mine: mine.join(), playing: this.ctx.playingSeats().join(), confirming: this.confirming, abort: this.abortable(log),
      away: away.map((s) => s.seat).join(), rematch: g.rematch || '', text: g.result ? g.result.text : '',
      refused: this.refused, next: this.nextKey(g), last: Boolean(g.rematchLast),
      able: Boolean(g.rematchable), off: Boolean(g.rematchOff),
    };
    const key = JSON.stringify(state);
    if (key === this.key) return;
    this.key = key;
    const had = this.box.contains(document.activeElement) ? document.activeElement.dataset.flow : '';
    this.box.replaceChildren(...this.parts(g, mine, away, state));
    if (had) (this.box.querySelector(`[data-flow="${had}"]`) || this.box.querySelector('button, a'))?.focus();
  }

  parts(g, mine, away, state) {
    const out = [];
    const holder = mine.length > 0;
    if (g.status === 'over') {
      if (g.result && g.result.text) out.push(h('p', { id: 'result', class: 'result' }, resultText(g, mine)));
      // The refusal stays beside the buttons, where the player looks
      // (the page's message line may be out of view on a phone).
      if (this.refused) out.push(h('p', { class: 'error small', role: 'alert', 'data-flow': 'refused' }, this.refused));
      const row = h('div', { class: 'flow-buttons' });
      // No rematch of a game whose other seats nobody took (the
      // server's rematchable), and no replay of a game
      // without a turn.
      const joined = Boolean(g.rematchable);
      const gone = this.offerGone(g);
      if (holder && joined && gone) out.push(h('p', { class: 'small', 'data-flow': 'rematch-gone' }, gone));
      if (holder && joined && !this.refused && !(gone && g.rematchLast)) {
        const asked = g.rematch && !gone && loadSeat(g.rematch);
        const next = this.next(g);
        if (asked && next && next.status === 'waiting') {
          // Asked here (or on another page of this device): the offer
          // waits for the other side, who is told on this same page of
          // theirs. Going to the new game is not the thing to do while
          // it waits (this page follows it when the offer is accepted),
          // so neither button is the main one.
          out.push(h('p', { class: 'small', 'data-flow': 'rematch-waiting' }, rematchWaitingText(g.rules, next.seats, asked.seats)));
          row.append(
            h('a', { class: 'button secondary', href: `/g/${g.rematch}#rematch`, 'data-flow': 'open-rematch' }, t('web.flow.openRematch')),
            this.button(t('web.flow.cancelRematch'), 'cancel-rematch', () => this.cancel(), 'secondary'));
        } else if (asked) row.append(h('a', { class: 'button', href: '/g/' + g.rematch, 'data-flow': 'open-rematch' }, t('web.flow.openRematch')));
        else row.append(this.button(g.rematch && !gone ? t('web.flow.acceptRematch') : t('web.flow.rematch'), 'rematch', () => this.rematch()));
      }
      row.append(h('a', { class: 'button secondary', href: '/?rules=' + encodeURIComponent(g.name), 'data-flow': 'new-game' }, t('web.flow.newGame')));
      if (g.turns > 0) row.append(h('a', { class: 'button secondary', href: `/g/${this.ctx.id}/replay`, 'data-flow': 'replay' }, t('web.flow.replay')));
      out.push(row);
      return out;
    }
    // A page whose seats all resigned watches: nothing more to do.
    const playing = this.ctx.playingSeats();
    if (!playing.length || (g.status !== 'live' && g.status !== 'waiting')) return out;
    if (this.confirming) {
      // With three or four seats the game may go on without this one
      // (the server's rule: two other seats still in play, a person's
      // among them).
      const rest = g.seats.filter((s) => s.seat !== playing[0] && !s.resigned);
      const on = rest.length >= 2 && rest.some((s) => s.kind === 'human');
      const others = g.seats.filter((s) => !mine.includes(s.seat) && !s.resigned).length;
      out.push(h('div', { class: 'confirm', role: 'group', 'aria-label': t('web.flow.resignLabel') },
        h('span', {}, (on ? t('web.flow.resignQuestionOn') : t('web.flow.resignQuestion', { Count: others })) + ' '),
        this.button(t('web.flow.resignYes'), 'resign-yes', () => this.end('resign')),
        this.button(t('web.flow.resignNo'), 'resign-no', () => { this.confirming = false; this.rerender(); }, 'secondary')));
      return out;
    }
    const row = h('div', { class: 'flow-buttons' });
    if (away.length) {
      out.push(h('p', { class: 'small' }, t('web.flow.away', { Names: list(away.map((s) => s.label)), Count: away.length })));
      // A claim ends the game for everyone: only when every other side
      // has left (the server's rule; a computer's seat never leaves).
      // A seat that resigned is out: it does not count.
      if (away.length === g.seats.filter((s) => !mine.includes(s.seat) && !s.resigned).length) row.append(this.button(t('web.flow.claim'), 'claim', () => this.end('claim')));
      row.append(this.button(t('web.flow.handover', { Count: away.length }), 'handover', () => this.end('handover'), 'secondary'));
    }
    if (state.abort) row.append(this.button(t('web.flow.abort'), 'abort', () => this.end('abort'), 'secondary'));
    if (g.status === 'live') {
      row.append(this.button(t('web.flow.resign'), 'resign', () => {
        this.confirming = true;
        this.rerender();
        this.box.querySelector('[data-flow="resign-no"]')?.focus();
      }, 'secondary'));
    }
    out.push(row);
    return out;
  }

  // next is the view of g's rematch, once the page has it.
  next(g) {
    const v = g.rematch ? this.ctx.rematch() : null;
    return v && v.id === g.rematch ? v : null;
  }

  // nextKey is what of the rematch's view the flow draws.
  nextKey(g) {
    const v = this.next(g);
    return v ? `${v.status}:${v.seats.filter((s) => s.open).map((s) => s.seat).join()}` : '';
  }

  // offerGone says why g's rematch was called off, or '' while it was
  // not: the server said so (rematchOff), or the rematch's view, newer,
  // says so (calledOff). Its asker withdrew it (the
  // new game was aborted before anyone else joined), nobody took its
  // seats in time, or it was aborted once accepted. Either side may then
  // offer another, unless it was the last the server allows
  // (rematchLast).
  offerGone(g) {
    if (!g.rematch) return '';
    const v = this.next(g);
    if (!v) return g.rematchOff ? t('web.flow.rematchCalledOff') : '';
    if (v.status === 'abandoned') return t('web.flow.rematchExpired');
    if (!v.calledOff) return '';
    return v.seats.some((s) => s.open) ? t('web.flow.rematchWithdrawn') : t('web.flow.rematchCalledOff');
  }

  // offered: this page's player may accept a rematch another asked for
  // (the status line says so, and the offer is announced).
  offered() {
    const g = this.ctx.game();
    return Boolean(g && g.status === 'over' && g.rematch && this.ctx.mySeats().length && !loadSeat(g.rematch) &&
      !this.asking && !this.offerGone(g));
  }

  button(label, flow, onclick, cls) {
    return h('button', { type: 'button', class: cls, 'data-flow': flow, onclick }, label);
  }

  rerender() { this.key = ''; this.ctx.redraw(); }

  // end asks the server to resign, abort, claim or hand over.
  async end(what) {
    if (this.busy) return;
    this.busy = true;
    this.ctx.message('');
    try {
      await api('POST', `/api/games/${this.ctx.id}/${what}`, {}, this.ctx.token());
    } catch (e) {
      if (what === 'abort' && e.status === 409) {
        this.noAbort = true;
        this.ctx.message(t('web.flow.tooLate'));
      } else this.ctx.message(e.message);
    }
    this.busy = false;
    this.confirming = false;
    this.rerender();
  }

  // rematch asks for (or accepts) the next game, with the new token
  // kept as the page keeps every seat's token. An accepted rematch (it
  // is live) opens; the asker stays here while it waits for the other
  // side, and the page goes there when they accept.
  async rematch() {
    if (this.busy) return;
    this.busy = true;
    this.asking = true; // the offer this page makes is not one to accept
    this.ctx.message('');
    // A token of our own, kept until the answer comes: asking again
    // after a lost answer gets the same seats (docs/api.md).
    const pending = `passage.rematch.${this.ctx.id}`;
    try {
      const res = await api('POST', `/api/games/${this.ctx.id}/rematch`, { newToken: ownToken(pending) }, this.ctx.token());
      saveSeat(res.game.id, res.token, res.seats);
      forget(pending);
      if (res.game.status !== 'waiting') {
        // Accepted: this page says so (a link to the rematch) before it
        // goes there, so that Back shows it true, even offline (the page
        // may come back from the back-forward cache as it was left).
        this.asking = false;
        this.busy = false;
        this.ctx.game().rematch = res.game.id;
        this.ctx.followed(res.game, false);
        this.rerender();
        location.assign('/g/' + res.game.id);
        return;
      }
      this.asking = false;
      this.busy = false;
      // The old game's view says so too (its stream may tell later).
      this.ctx.game().rematch = res.game.id;
      this.ctx.followed(res.game);
      this.rerender();
      const said = this.box.querySelector('[data-flow="rematch-waiting"]');
      if (said) announce(said.textContent);
    } catch (e) {
      this.asking = false;
      if (e.status && e.status < 500) {
        forget(pending); // refused, not lost: said where the button was
        this.refused = e.message;
        this.busy = false;
        this.rerender();
        return;
      }
      this.ctx.message(e.message);
      this.busy = false;
    }
  }

  // cancel withdraws this page's rematch offer: an abort of the new game
  // with the asker's token for it, only while it waits for the other
  // side (ifWaiting). Should they accept at the same moment, the server
  // refuses the withdrawal rather than call off the game just accepted,
  // and this page goes there, as it does when it sees the accept.
  async cancel() {
    const g = this.ctx.game();
    const seat = g.rematch && loadSeat(g.rematch);
    if (this.busy || !seat) return;
    this.busy = true;
    this.ctx.message('');
    try {
      const res = await api('POST', `/api/games/${g.rematch}/abort`, { ifWaiting: true }, seat.token);
      this.ctx.followed(res.game);
      const gone = this.offerGone(g);
      if (gone) announce(gone);
    } catch (e) {
      if (e.code === 'not_waiting') {
        location.assign('/g/' + g.rematch); // accepted meanwhile: play it
        return;
      }
      this.ctx.message(e.message);
    }
    this.busy = false;
    this.rerender();
  }
}
