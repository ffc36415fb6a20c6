package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/store"
)

// actor owns one game in memory: its turn state (turns.go) changes only
// in functions run from its mailbox, one at a time, so intents from all
// clients, timers and computer players never race. The actor is the
// I/O around the pure turn machine: it writes each change to the store
// before it holds, broadcasts it, and arms the timers of the game's
// automatic actions.
//
// An actor has no goroutine of its own while its mailbox is empty: one
// is started when something is posted and ends when the mailbox is
// drained, so an idle game costs only its state.
type actor struct {
	srv *Server
	id  string
	// ctx ends when the actor stops: its queued search is dropped and
	// its store writes are cancelled with the server's.
	ctx    context.Context
	cancel context.CancelFunc

	// Touched only from the mailbox.
	st        turnState
	subs      map[*subscriber]struct{}
	epoch     uint64 // counts changes: a timer or answer for an older epoch is stale
	timer     *time.Timer
	deadline  time.Time // the running time limit, shown to clients
	thinking  bool      // a computer's search is queued or running
	published uint64    // messages broadcast, the seq of the game's notes to other nodes
	// here holds the streams whose pages said hello with a seat's token
	// (presence.go); shown is the set of present seats the clients were
	// last sent, hereTimer the presence's next broadcast or expiry, due
	// at hereDue.
	here      map[any]hereEntry
	shown     uint64
	hereTimer *time.Timer
	hereDue   time.Time
	// lastActive is when a command last changed or answered the game, or
	// a stream came or went. It is zero until then, and a refused
	// command leaves it alone: refused commands do not keep a game in
	// memory (and a stranger's intents do not load it: withHolder).
	lastActive time.Time
	// born is when the actor started: a game just loaded is not idle for
	// its first two sweep periods, so that the command that loaded it
	// reaches it before a sweep stops it (with a sweep every few
	// milliseconds, a command could otherwise find its game gone on
	// every try).
	born time.Time

	// history counts the positions the game has been at (its start and
	// the position after every turn), where the game can go on for ever
	// (catalog.Kit.Prolongable): its computer players avoid coming back
	// to a position again and again (agent.ChooseWithHistory). Nil
	// elsewhere.
	history *agent.History[string]

	// owner is the client that created this computer-only game (counted
	// against its cap), or "".
	owner string

	// w takes the game's writes: the store, or with several nodes its
	// view fenced by lease, this node's lease on the game (cluster.go).
	w     store.Store
	lease *store.Lease

	mu      sync.Mutex
	queue   []func()
	running bool
	stopped bool
	done    chan struct{} // closed when the actor has stopped
}

// subscriber is one WebSocket client's queue of encoded messages. The
// actor closes ch when it stops or when the client falls too far behind.
type subscriber struct {
	ch chan []byte
}

// subscriberQueue is how many messages a client may lag behind before
// it is dropped (it reconnects and gets a fresh snapshot).
const subscriberQueue = 64

func newActor(srv *Server, st turnState) *actor {
	ctx, cancel := context.WithCancel(srv.ctx)
	return &actor{
		srv: srv, id: st.g.ID, ctx: ctx, cancel: cancel, st: st, w: srv.st,
		done: make(chan struct{}), born: time.Now(),
	}
}

// post queues f in the mailbox, starting the actor's goroutine if it
// has none; false when the actor has stopped.
func (a *actor) post(f func()) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopped {
		return false
	}
	a.queue = append(a.queue, f)
	if !a.running {
		a.running = true
		go a.drain()
	}
	return true
}

// drain runs the mailbox until it is empty or the actor stops. done
// is closed here, after the function that stopped the actor has
// returned, so that its caller's reply is always sent before done
// closes.
func (a *actor) drain() {
	for {
		a.mu.Lock()
		if a.stopped {
			a.running = false
			a.mu.Unlock()
			close(a.done)
			return
		}
		if len(a.queue) == 0 {
			a.running = false
			a.mu.Unlock()
			return
		}
		f := a.queue[0]
		a.queue[0] = nil
		a.queue = a.queue[1:]
		a.mu.Unlock()
		a.safely(f)
	}
}

// safely runs f; should it panic (a bug: input is validated before it
// gets here), the actor stops, and the game is loaded again from the
// store, where only complete turns are, by the next request.
func (a *actor) safely(f func()) {
	defer func() {
		if v := recover(); v != nil {
			a.srv.log.Error("panic in game actor: game reloaded from the store", "game", a.id, "panic", v, "stack", string(debug.Stack()))
			a.stop()
		}
	}()
	f()
}

// stop ends the actor (from its mailbox; drain then closes done): no
// more timers, the server forgets it, and every subscriber's queue is
// closed after what it holds.
func (a *actor) stop() {
	a.mu.Lock()
	if a.stopped {
		a.mu.Unlock()
		return
	}
	a.stopped = true
	a.queue = nil
	a.mu.Unlock()
	a.cancel()
	if a.timer != nil {
		a.timer.Stop()
	}
	if a.hereTimer != nil {
		a.hereTimer.Stop()
	}
	for s := range a.subs {
		close(s.ch)
		delete(a.subs, s)
	}
	a.srv.forget(a)
	if a.lease != nil && a.srv.hub != nil {
		// The followers on other nodes close and reconnect.
		a.srv.hub.publish(note{game: a.id, fence: a.lease.Fence, seq: a.published + 1})
	}
	a.srv.release(a.lease)
}

// call runs f in the actor and returns its result; errStopped when the
// actor stopped first (the caller looks again).
func call[T any](ctx context.Context, a *actor, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	reply := make(chan result, 1)
	var zero T
	if !a.post(func() { v, err := f(); reply <- result{v, err} }) {
		return zero, errStopped
	}
	select {
	case r := <-reply:
		return r.v, r.err
	case <-a.done:
		// The function may have run just before the stop.
		select {
		case r := <-reply:
			return r.v, r.err
		default:
			return zero, errStopped
		}
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// after runs f in the actor after d unless the game changes meanwhile.
func (a *actor) after(d time.Duration, f func()) {
	epoch := a.epoch
	a.timer = time.AfterFunc(d, func() {
		a.post(func() {
			if a.epoch == epoch {
				f()
			}
		})
	})
}

// do runs command c through the turn machine: the writes first, then
// the new state, the broadcast and the next automatic action. A failed
// write stops the actor, so that the game is read again from the store.
func (a *actor) do(c command) (outcome, error) {
	out, err := a.st.apply(c)
	if err != nil {
		return out, err
	}
	a.lastActive = time.Now()
	if err := a.persist(out.writes); err != nil {
		// The game as stored differs from this one (a conflict) or the
		// store failed: the next request reads it again.
		a.srv.log.Warn("store write refused or failed: game reloaded from the store", "game", a.id, "err", err)
		a.stop()
		if errors.Is(err, store.ErrFenced) {
			return out, errElsewhere // another node runs the game now: try again there
		}
		return out, err
	}
	a.st = out.next
	if len(out.writes) == 0 && len(out.events) == 0 {
		// Nothing changed (a page saying hello as it connects): the
		// computer's search and the timers go on. A new epoch would throw
		// the search away, and a page saying hello again and again would
		// stall it.
		return out, nil
	}
	a.epoch++
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	for _, w := range out.writes {
		switch w.kind {
		case writeTurn:
			if a.history != nil {
				a.history.Add(w.turn.Pos)
			}
			a.srv.metrics.moves.Inc()
			if w.status == store.StatusOver {
				a.srv.metrics.finished.WithLabelValues("move").Inc()
			}
		case writeEnd:
			var rec endRecord
			if json.Unmarshal([]byte(w.result), &rec) == nil {
				a.srv.metrics.finished.WithLabelValues(rec.How).Inc()
			}
		}
	}
	// Before the broadcast, so that the state clients get shows the
	// deadline of the turn that begins, not of the one that ended (and a
	// finished game none).
	a.deadline = time.Time{}
	done := a.st.g.Status.Done()
	if !done {
		a.plan()
	}
	for _, ev := range out.events {
		a.broadcast(&ev)
		if ev.Kind == "move" {
			a.srv.metrics.broadcast.Observe(time.Since(c.now).Seconds())
		}
	}
	if done {
		a.srv.log.Info("game ended", "game", a.id, "status", a.st.g.Status, "turns", a.st.g.Turns, "result", a.st.g.Result)
		if a.st.g.Status == store.StatusOver {
			a.srv.reviews.auto(a.id, a.st.g.Turns)
		}
		a.stop()
	}
	return out, nil
}

// persist makes the writes of a command, in order, with the actor's
// context (the server's, so that shutdown cancels them).
func (a *actor) persist(writes []storeWrite) error {
	ctx, cancel := context.WithTimeout(a.ctx, 10*time.Second)
	defer cancel()
	for _, w := range writes {
		var err error
		switch w.kind {
		case writeTurn:
			err = a.w.AppendTurn(ctx, a.id, w.turn, w.status, w.result)
		case writeSeat:
			err = a.w.TakeSeat(ctx, a.id, w.seat, w.hash, w.status)
		case writeAway:
			err = a.w.SetAway(ctx, a.id, w.seat, w.away)
		case writeEnd:
			err = a.w.End(ctx, a.id, w.status, w.result)
		case writeHandOver:
			err = a.w.HandOver(ctx, a.id, w.seat, w.player, w.resigned)
		case writeThrow:
			err = a.w.MarkThrown(ctx, a.id, w.turn.N)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// plan arms the timer of the next automatic action: a computer's throw
// or move, or the time limit of a person's turn.
func (a *actor) plan() {
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	a.deadline = time.Time{}
	switch next := a.st.next(); next.kind {
	case actComputer:
		if !a.thinking {
			a.after(a.st.botDelay(a.srv.cfg.BotDelay), a.computerStep)
		}
	case actDeadline:
		a.deadline = next.at
		a.after(time.Until(next.at), func() { a.auto(command{kind: cmdTimeout, seat: next.seat}) })
	}
}

// tellAbandoned has the game follow the store, which has marked it
// abandoned (Store.Abandon); a game no longer waiting drops it as stale.
func (a *actor) tellAbandoned() {
	a.post(func() { a.auto(command{kind: cmdAbandon}) })
}

// auto runs an automatic command; a stale one is dropped.
func (a *actor) auto(c command) {
	c.now = time.Now()
	if _, err := a.do(c); err != nil && err != errStale {
		a.srv.log.Error("automatic action", "game", a.id, "command", c.kind, "err", err)
	}
}

// computerName is the computer player that plays seat: its own, or the
// stand-in for a person who is away.
func (a *actor) computerName(seat int) string {
	if name := a.st.g.Seats[seat].Kind; name != store.Human {
		return name
	}
	return a.srv.cfg.StandIn
}

// computerStep is a computer's turn: throw, then (after the pause)
// choose a move on the search pool, so that the actor keeps answering.
func (a *actor) computerStep() {
	next := a.st.next()
	if next.kind != actComputer {
		return
	}
	if !a.st.hasRoll {
		a.auto(command{kind: cmdComputerThrow})
		return
	}
	name := a.computerName(next.seat)
	kit := a.st.kit
	pos, roll, epoch := a.st.g.Pos, a.st.roll, a.epoch
	reached := a.reachedAfter(a.st.moves)
	a.thinking = true
	a.srv.pool.submit(a.ctx, func() {
		move, err := a.srv.choose(a.ctx, kit.ID(), name, pos, roll, reached, func(seed uint64) (agent.TextAgent, error) { return kit.NewPlayer(name, seed) })
		chosen := time.Now()
		a.post(func() {
			a.thinking = false
			if a.ctx.Err() != nil {
				// The server is shutting down (Server.Close cancels
				// every game before it stops them): the search was cut
				// short, so its answer is no move of the computer's;
				// the game goes on from here when the server starts again.
				return
			}
			if a.epoch != epoch {
				a.plan()
				return
			}
			if err != nil || !slices.ContainsFunc(a.st.moves, func(t game.Transition) bool { return t.Move == move }) {
				a.srv.log.Error("computer move: playing the first legal move not worn", "game", a.id, "seat", next.seat, "move", move, "err", err)
				move = fallbackMove(a.st.moves, reached)
			}
			a.auto(command{kind: cmdComputerMove, move: move, by: name, now: chosen})
		})
	})
}

// fallbackMove is the move a computer plays when its search failed: the
// first legal move to a position the game has not reached
// agent.Repeats times already, as the players themselves avoid such a
// move (agent.ChooseWithHistory), so that a failure cannot hold an
// endless game; the first legal move where every move is worn or no
// history is kept.
func fallbackMove(moves []game.Transition, reached func(pos string) int) string {
	if len(moves) == 0 {
		return ""
	}
	for _, t := range moves {
		if reached == nil || reached(t.Pos) < agent.Repeats {
			return t.Move
		}
	}
	return moves[0].Move
}

// reachedAfter is how often the game has been at each position the
// moves lead to, as the search's history (agent.TextAgent's
// ChooseWithHistory): a copy, since the search runs on the pool while
// the actor goes on; nil where the game's history is not kept.
func (a *actor) reachedAfter(moves []game.Transition) func(pos string) int {
	if a.history == nil {
		return nil
	}
	counts := make(map[string]int, len(moves))
	for _, t := range moves {
		counts[t.Pos] = a.history.Reached(t.Pos)
	}
	return func(pos string) int { return counts[pos] }
}

// historyOf is the history of a game of kit that can go on for ever:
// its start and the position after each turn of its log; nil for other
// games.
func historyOf(kit catalog.Kit, g store.Game, turns []store.Turn) *agent.History[string] {
	if !kit.Prolongable {
		return nil
	}
	h := agent.NewHistory(g.Start)
	for _, t := range turns {
		h.Add(t.Pos)
	}
	return h
}

// idle reports whether the actor may leave memory: nobody follows the
// game, no computer is to play, and nothing happened for the idle time.
// A person's time limit is taken up again by the server's sweep
// (Server.wake) when it runs out.
func (a *actor) idle(now time.Time) bool {
	return len(a.subs) == 0 && !a.thinking && a.st.next().kind != actComputer &&
		now.Sub(a.lastActive) >= a.srv.cfg.IdleAfter && now.Sub(a.born) >= 2*a.srv.cfg.SweepEvery
}

// view is the game as clients see it now.
func (a *actor) view() gameView {
	v := stateView(a.st, a.srv.cfg.TimeUnit)
	if !a.deadline.IsZero() {
		d := a.deadline.UTC()
		v.Deadline = &d
	}
	here := a.presentSeats(time.Now())
	for i := range v.Seats {
		v.Seats[i].Present = here&(1<<i) != 0 && v.Seats[i].Kind == store.Human
	}
	return v
}

// stateView is the view of st: the game, with the throw when the seat
// to move has thrown (its legal moves and the moves it blocks) and how a
// first-move rule stands, for a game in memory and one read from the
// store alike.
func stateView(st turnState, unit time.Duration) gameView {
	v := baseView(st.kit, st.g, st.last, unit)
	if st.hasRoll {
		r := st.roll
		v.Roll = &r
		for _, t := range st.moves {
			v.Moves = append(v.Moves, moveView(t))
		}
		v.Blocked = st.kit.Blocks(st.g.Pos, r)
	}
	if st.kit.Opening != nil {
		roll := 0
		if v.Roll != nil {
			roll = *v.Roll
		}
		v.Opening = st.kit.Opening(st.g.Pos, roll)
	}
	return v
}

// broadcast sends the state with ev to every subscriber. A subscriber
// whose queue is full is dropped.
func (a *actor) broadcast(ev *event) {
	a.shown = a.presentSeats(time.Now())
	hub := a.srv.hub
	if len(a.subs) == 0 && (hub == nil || a.lease == nil) {
		return
	}
	v := a.view()
	msg, err := json.Marshal(message{Type: "state", Game: &v, Event: ev})
	if err != nil {
		a.srv.log.Error("encode state", "game", a.id, "err", err)
		return
	}
	a.published++
	if hub != nil && a.lease != nil {
		hub.publish(note{game: a.id, fence: a.lease.Fence, seq: a.published, msg: msg})
	}
	for s := range a.subs {
		select {
		case s.ch <- msg:
		default:
			a.srv.log.Warn("dropping a slow subscriber", "game", a.id)
			close(s.ch)
			delete(a.subs, s)
		}
	}
}

// subscribe adds a client and queues the current state for it.
func (a *actor) subscribe() (*subscriber, error) {
	s := &subscriber{ch: make(chan []byte, subscriberQueue)}
	v := a.view()
	msg, err := json.Marshal(message{Type: "state", Game: &v})
	if err != nil {
		return nil, err
	}
	s.ch <- msg
	if a.subs == nil {
		a.subs = map[*subscriber]struct{}{}
	}
	a.subs[s] = struct{}{}
	a.lastActive = time.Now()
	return s, nil
}

// unsubscribe removes a client that has gone.
func (a *actor) unsubscribe(s *subscriber) (struct{}, error) {
	if _, ok := a.subs[s]; ok {
		delete(a.subs, s)
		close(s.ch)
	}
	a.leave(s)
	a.lastActive = time.Now()
	return struct{}{}, nil
}

// takeResult answers a take.
type takeResult struct {
	Token string   `json:"token"`
	Seats []int    `json:"seats"`
	Game  gameView `json:"game"`
}

// The intents of people, as the API and the WebSocket send them.

func (a *actor) hello(token string) ([]int, error) {
	out, err := a.do(command{kind: cmdHello, token: token, now: time.Now()})
	return out.seats, err
}

func (a *actor) doThrow(token string) (gameView, error) {
	if _, err := a.do(command{kind: cmdThrow, token: token, now: time.Now()}); err != nil {
		return gameView{}, err
	}
	return a.view(), nil
}

func (a *actor) doMove(token, move string, expect *int, submitted time.Time) (gameView, error) {
	if _, err := a.do(command{kind: cmdMove, token: token, move: move, expect: expect, now: submitted}); err != nil {
		return gameView{}, err
	}
	return a.view(), nil
}

// doEnd runs a resign, abort or claim of the holder of token; an abort
// ifWaiting only while the game waits for players.
func (a *actor) doEnd(kind commandKind, token string, ifWaiting bool) (gameView, error) {
	if _, err := a.do(command{kind: kind, token: token, ifWaiting: ifWaiting, by: a.srv.cfg.StandIn, now: time.Now()}); err != nil {
		return gameView{}, err
	}
	return a.view(), nil
}

func (a *actor) doTake(seat int, token, invite, own string) (takeResult, error) {
	fresh, err := takeToken(own)
	if err != nil {
		return takeResult{}, err
	}
	out, err := a.do(command{kind: cmdTake, seat: seat, token: token, invite: invite, newToken: fresh, now: time.Now()})
	if err != nil {
		return takeResult{}, err
	}
	a.srv.log.Info("seat taken", "game", a.id, "seat", seat, "status", a.st.g.Status)
	return takeResult{Token: out.token, Seats: out.seats, Game: a.view()}, nil
}

// commandNames names each command kind, by its constant so that a kind
// added without a name is an empty string (TestCommandNames), not an
// index out of range in a log line.
var commandNames = [cmdKinds]string{
	cmdHello: "hello", cmdTake: "take", cmdThrow: "throw", cmdMove: "move", cmdTimeout: "timeout",
	cmdComputerThrow: "computer throw", cmdComputerMove: "computer move", cmdAbandon: "abandon",
	cmdResign: "resign", cmdAbort: "abort", cmdClaim: "claim", cmdHandOver: "hand over", cmdNoReturn: "no return",
}

func (c commandKind) String() string {
	if int(c) < len(commandNames) && commandNames[c] != "" {
		return commandNames[c]
	}
	return fmt.Sprintf("command %d", int(c))
}
