// The game page's flow controls (issue 13): resign (after an inline
// confirmation, not window.confirm, so that keyboard users and tests can
// answer it), abort while the server allows it, claim the win or hand an
// away opponent's seat to the computer, and, once the game is over, the
// result, a rematch and a new game. The server decides what is allowed;
// the page only hides what it knows is refused.

import { api, h, loadSeat, saveSeat, resultText, ownToken, forget } from './app.js';
import { t, list } from './i18n.js';

// FlowControls draws into box; ctx gives the page's state:
// {id, game(), mySeats(), token(), message(s)}.
export class FlowControls {
  constructor(box, ctx) {
    this.box = box;
    this.ctx = ctx;
    this.confirming = false; // the resign confirmation is open
    this.noAbort = false;    // the server said it is too late to abort
    this.busy = false;
    this.refused = '';       // why the rematch could not be asked for or accepted
    this.key = '';           // what was drawn last, so focus survives redraws
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
      status: g.status, mine: mine.join(), confirming: this.confirming, abort: this.abortable(log),
      away: away.map((s) => s.seat).join(), rematch: g.rematch || '', text: g.result ? g.result.text : '',
      refused: this.refused,
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
      // No rematch of a game whose other seats nobody took (aborted
      // before anyone joined), and no replay of a game without a turn.
      const joined = !g.seats.some((s) => s.open);
      if (holder && joined && !this.refused) {
        const asked = g.rematch && loadSeat(g.rematch);
        if (asked) row.append(h('a', { class: 'button', href: '/g/' + g.rematch, 'data-flow': 'open-rematch' }, t('web.flow.openRematch')));
        else row.append(this.button(g.rematch ? t('web.flow.acceptRematch') : t('web.flow.rematch'), 'rematch', () => this.rematch()));
      }
      row.append(h('a', { class: 'button secondary', href: '/?rules=' + encodeURIComponent(g.name), 'data-flow': 'new-game' }, t('web.flow.newGame')));
      if (g.turns > 0) row.append(h('a', { class: 'button secondary', href: `/g/${this.ctx.id}/replay`, 'data-flow': 'replay' }, t('web.flow.replay')));
      out.push(row);
      return out;
    }
    if (!holder || (g.status !== 'live' && g.status !== 'waiting')) return out;
    if (this.confirming) {
      out.push(h('div', { class: 'confirm', role: 'group', 'aria-label': t('web.flow.resignLabel') },
        h('span', {}, t('web.flow.resignQuestion', { Count: g.seats.length - mine.length }) + ' '),
        this.button(t('web.flow.resignYes'), 'resign-yes', () => this.end('resign')),
        this.button(t('web.flow.resignNo'), 'resign-no', () => { this.confirming = false; this.rerender(); }, 'secondary')));
      return out;
    }
    const row = h('div', { class: 'flow-buttons' });
    if (away.length) {
      out.push(h('p', { class: 'small' }, t('web.flow.away', { Names: list(away.map((s) => s.label)), Count: away.length })));
      // A claim ends the game for everyone: only when every other side
      // has left (the server's rule; a computer's seat never leaves).
      if (away.length === g.seats.length - mine.length) row.append(this.button(t('web.flow.claim'), 'claim', () => this.end('claim')));
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

  // rematch asks for (or accepts) the next game and opens it with the
  // new token, kept as the page keeps every seat's token.
  async rematch() {
    if (this.busy) return;
    this.busy = true;
    this.ctx.message('');
    // A token of our own, kept until the answer comes: asking again
    // after a lost answer gets the same seats (docs/api.md).
    const pending = `passage.rematch.${this.ctx.id}`;
    try {
      const res = await api('POST', `/api/games/${this.ctx.id}/rematch`, { newToken: ownToken(pending) }, this.ctx.token());
      saveSeat(res.game.id, res.token, res.seats);
      forget(pending);
      // #rematch: the new game's page says the offer waits for an answer
      // (given on the last game's page) rather than "send the links".
      location.assign('/g/' + res.game.id + (res.game.status === 'waiting' ? '#rematch' : ''));
    } catch (e) {
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
}
