// The game page's flow controls (issue 13): resign (after an inline
// confirmation, not window.confirm, so that keyboard users and tests can
// answer it), abort while the server allows it, claim the win or hand an
// away opponent's seat to the computer, and, once the game is over, the
// result, a rematch and a new game. The server decides what is allowed;
// the page only hides what it knows is refused.

import { api, h, loadSeat, saveSeat } from './app.js';

// FlowControls draws into box; ctx gives the page's state:
// {id, game(), mySeats(), token(), message(s)}.
export class FlowControls {
  constructor(box, ctx) {
    this.box = box;
    this.ctx = ctx;
    this.confirming = false; // the resign confirmation is open
    this.noAbort = false;    // the server said it is too late to abort
    this.busy = false;
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
      if (g.result && g.result.text) out.push(h('p', { id: 'result', class: 'result' }, this.resultText(g, mine)));
      const row = h('div', { class: 'flow-buttons' });
      if (holder) {
        const asked = g.rematch && loadSeat(g.rematch);
        if (asked) row.append(h('a', { class: 'button', href: '/g/' + g.rematch, 'data-flow': 'open-rematch' }, 'Go to the rematch'));
        else row.append(this.button(g.rematch ? 'Accept rematch' : 'Rematch', 'rematch', () => this.rematch()));
      }
      row.append(h('a', { class: 'button secondary', href: '/?rules=' + encodeURIComponent(g.name), 'data-flow': 'new-game' }, 'New game'),
        h('a', { class: 'button secondary', href: `/g/${this.ctx.id}/replay`, 'data-flow': 'replay' }, 'Replay'));
      out.push(row);
      return out;
    }
    if (!holder || (g.status !== 'live' && g.status !== 'waiting')) return out;
    if (this.confirming) {
      out.push(h('div', { class: 'confirm', role: 'group', 'aria-label': 'Resign?' },
        h('span', {}, 'Resign this game? Your opponents win. '),
        this.button('Yes, resign', 'resign-yes', () => this.end('resign')),
        this.button('Keep playing', 'resign-no', () => { this.confirming = false; this.rerender(); }, 'secondary')));
      return out;
    }
    const row = h('div', { class: 'flow-buttons' });
    if (away.length) {
      const names = away.map((s) => s.label).join(' and ');
      out.push(h('p', { class: 'small' }, `${names} left; the computer is playing for them.`));
      row.append(this.button('Claim the win', 'claim', () => this.end('claim')),
        this.button('Let the computer play for them', 'handover', () => this.end('handover'), 'secondary'));
    }
    if (state.abort) row.append(this.button('Abort', 'abort', () => this.end('abort'), 'secondary'));
    if (g.status === 'live') {
      row.append(this.button('Resign', 'resign', () => {
        this.confirming = true;
        this.rerender();
        this.box.querySelector('[data-flow="resign-no"]')?.focus();
      }, 'secondary'));
    }
    out.push(row);
    return out;
  }

  resultText(g, mine) {
    const r = g.result;
    const w = r.winner >= 0 ? g.seats[r.winner] : null;
    if (!w) return `${r.text}.`;
    return `${r.text}: ${w.label}${mine.includes(w.seat) ? ' (you)' : ''} wins.`;
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
        this.ctx.message('Too late to abort: both sides have played.');
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
    try {
      const res = await api('POST', `/api/games/${this.ctx.id}/rematch`, {}, this.ctx.token());
      saveSeat(res.game.id, res.token, res.seats);
      location.assign('/g/' + res.game.id);
    } catch (e) {
      this.ctx.message(e.message);
      this.busy = false;
    }
  }
}
