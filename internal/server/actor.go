package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// errStopped is returned by call when the actor has stopped (its game
// ended, or the server shuts down); the caller looks again.
var errStopped = errors.New("actor stopped")

// actor owns one live game: a single goroutine runs every change to it,
// so intents from all clients and the computer players are applied one
// at a time. An intent is validated (token, turn, legality), then the
// change is written to the store, and only then broadcast.
type actor struct {
	srv *Server
	id  string
	kit catalog.Kit
	log *slog.Logger

	// The game, as stored, and the state between throw and move, which
	// is not stored: throw n is a function of the seed, so after a
	// restart the same throw comes again.
	g       store.Game
	last    *store.Turn
	hasRoll bool
	roll    int
	moves   []game.Transition

	subs map[*subscriber]struct{}

	inbox chan func()
	done  chan struct{} // closed when the goroutine has stopped

	// epoch counts changes; a timer or a computer's answer made for an
	// older epoch is ignored.
	epoch       uint64
	timer       *time.Timer
	turnStarted time.Time
	deadline    time.Time
	thinking    bool // a computer player is choosing a move
	finished    bool
}

// subscriber is one WebSocket client's queue of encoded messages. The
// actor closes ch when it stops or when the client falls too far behind.
type subscriber struct {
	ch chan []byte
}

// subscriberQueue is how many messages a client may lag behind before
// it is dropped (it reconnects and gets a fresh snapshot).
const subscriberQueue = 64

func newActor(srv *Server, kit catalog.Kit, g store.Game, last *store.Turn) *actor {
	return &actor{
		srv: srv, id: g.ID, kit: kit, g: g, last: last,
		log:         srv.log.With("game", g.ID),
		subs:        map[*subscriber]struct{}{},
		inbox:       make(chan func(), 16),
		done:        make(chan struct{}),
		turnStarted: time.Now(),
	}
}

// run is the actor's goroutine.
func (a *actor) run(ctx context.Context) {
	defer close(a.done)
	a.plan()
	for !a.finished {
		select {
		case f := <-a.inbox:
			a.safely(f)
		case <-ctx.Done():
			a.finished = true
		}
	}
	a.stop()
}

// safely runs f; should it panic (a bug: input is validated before it
// gets here), the actor stops, and the game is loaded again from the
// store, where only complete turns are, by the next request.
func (a *actor) safely(f func()) {
	defer func() {
		if v := recover(); v != nil {
			a.log.Error("panic in game actor: game reloaded from the store", "panic", v, "stack", string(debug.Stack()))
			a.finished = true
		}
	}()
	f()
}

// stop ends the actor: no more timers, the server forgets it, and every
// subscriber's queue is closed after what it holds.
func (a *actor) stop() {
	if a.timer != nil {
		a.timer.Stop()
	}
	a.srv.forget(a)
	for s := range a.subs {
		close(s.ch)
		delete(a.subs, s)
		a.srv.metrics.subscribers.Add(-1)
	}
}

// call runs f in the actor's goroutine and returns its result.
func call[T any](ctx context.Context, a *actor, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	reply := make(chan result, 1)
	var zero T
	select {
	case a.inbox <- func() { v, err := f(); reply <- result{v, err} }:
	case <-a.done:
		return zero, errStopped
	case <-ctx.Done():
		return zero, ctx.Err()
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

// post queues f from another goroutine (a timer, a computer player);
// it is dropped when the actor has stopped.
func (a *actor) post(f func()) {
	select {
	case a.inbox <- f:
	case <-a.done:
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

// toMove is the seat to throw, or -1 when the game is over.
func (a *actor) toMove() int {
	p, err := a.kit.ToMove(a.g.Pos)
	if err != nil {
		return -1
	}
	return int(p)
}

// changed marks a change: pending timers and answers become stale.
func (a *actor) changed() {
	a.epoch++
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
}

// plan schedules the next automatic action: a computer's throw or move,
// or the time limit of a person's turn.
func (a *actor) plan() {
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	a.deadline = time.Time{}
	if a.g.Status != store.StatusLive {
		return
	}
	seat := a.toMove()
	if seat < 0 {
		return
	}
	s := a.g.Seats[seat]
	if s.Kind != store.Human || s.Away {
		if !a.thinking {
			a.after(a.srv.cfg.BotDelay, a.botStep)
		}
		return
	}
	if a.g.TimeLimit > 0 {
		a.deadline = a.turnStarted.Add(a.g.TimeLimit)
		a.after(time.Until(a.deadline), func() { a.timeout(seat) })
	}
}

// botName is the computer player that plays seat: its own, or the
// stand-in for a person who is away.
func (a *actor) botName(seat int) string {
	if name := a.g.Seats[seat].Kind; name != store.Human {
		return name
	}
	return a.srv.cfg.StandIn
}

// botStep is a computer's turn: throw, then (after the pause) choose a
// move in a goroutine of its own, so that the actor keeps answering.
func (a *actor) botStep() {
	seat := a.toMove()
	if seat < 0 {
		return
	}
	if !a.hasRoll {
		if err := a.throwNow(seat); err != nil {
			a.log.Error("computer throw", "err", err)
			return
		}
		a.plan()
		return
	}
	name := a.botName(seat)
	b, release, err := a.srv.borrowBot(a.kit, name)
	if err != nil {
		a.log.Error("computer player", "seat", seat, "err", err)
		return
	}
	pos, roll, epoch := a.g.Pos, a.roll, a.epoch
	a.thinking = true
	go func() {
		move, err := choose(b, pos, roll)
		release()
		submitted := time.Now()
		a.post(func() {
			a.thinking = false
			if a.epoch != epoch {
				a.plan()
				return
			}
			i := slices.IndexFunc(a.moves, func(t game.Transition) bool { return t.Move == move })
			if err != nil || i < 0 {
				a.log.Error("computer move", "seat", seat, "move", move, "err", err)
				i = 0 // play the first legal move rather than stall the game
			}
			if err := a.apply(a.moves[i], name, submitted); err != nil {
				a.log.Error("computer move", "seat", seat, "err", err)
				a.after(time.Second, a.botStep)
			}
		})
	}()
}

// choose asks a computer player for its move, turning a panic into an
// error.
func choose(b agent.TextAgent, pos string, roll int) (move string, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("computer player panicked: %v", v)
		}
	}()
	return b.Choose(pos, roll)
}

// timeout hands an idle person's seat to the computer until the person
// acts again.
func (a *actor) timeout(seat int) {
	if a.toMove() != seat || a.g.Seats[seat].Away {
		return
	}
	if err := a.setAway(seat, true); err != nil {
		a.log.Error("time limit", "seat", seat, "err", err)
		return
	}
	a.log.Info("time limit: computer takes the seat", "seat", seat, "standIn", a.srv.cfg.StandIn)
	a.broadcast(&event{Kind: "away", Seat: seat})
	a.plan()
}

func (a *actor) setAway(seat int, away bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.srv.st.SetAway(ctx, a.id, seat, away); err != nil {
		return err
	}
	a.g.Seats[seat].Away = away
	a.changed()
	return nil
}

// throwNow draws throw number Turns from the seed for seat and
// broadcasts it.
func (a *actor) throwNow(seat int) error {
	outcomes, err := a.kit.Outcomes(a.g.Pos)
	if err != nil {
		return err
	}
	roll, err := fairdice.Throw(a.g.Seed, uint64(a.g.Turns), outcomes)
	if err != nil {
		return err
	}
	moves, err := a.kit.Moves(a.g.Pos, roll)
	if err != nil {
		return err
	}
	a.changed()
	a.hasRoll, a.roll, a.moves = true, roll, moves
	a.broadcast(&event{Kind: "throw", Seat: seat, Roll: roll})
	return nil
}

// apply plays transition t as the next turn: it is written to the store
// first, and only then becomes the game's state and is broadcast.
func (a *actor) apply(t game.Transition, by string, submitted time.Time) error {
	seat := a.toMove()
	effects := a.kit.Effects(a.g.Pos, a.roll, t.Move)
	now := time.Now().UTC()
	status, result := store.StatusLive, ""
	if r := resultOf(a.kit.Ruleset, t.Pos); r != nil {
		status = store.StatusOver
		b, _ := json.Marshal(r.Payoffs)
		result = string(b)
	}
	turn := store.Turn{N: a.g.Turns + 1, Seat: seat, Roll: a.roll, Move: t.Move, Pos: t.Pos, By: by, At: now}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.srv.st.AppendTurn(ctx, a.id, turn, status, result); err != nil {
		return fmt.Errorf("store turn %d: %w", turn.N, err)
	}
	a.changed()
	a.g.Pos, a.g.Turns, a.g.Status, a.g.Result, a.g.Updated = t.Pos, turn.N, status, result, now
	a.last = &turn
	a.hasRoll, a.roll, a.moves = false, 0, nil
	a.turnStarted = now
	a.srv.metrics.move()
	a.broadcast(&event{Kind: "move", Seat: seat, Roll: turn.Roll, Move: t.Move, Effects: effects})
	a.srv.metrics.latency(time.Since(submitted))
	if status == store.StatusOver {
		a.log.Info("game over", "turns", turn.N, "result", result)
		a.finished = true
		return nil
	}
	a.plan()
	return nil
}

// view is the game as clients see it now.
func (a *actor) view() gameView {
	v := baseView(a.kit, a.g, a.last, a.srv.cfg.TimeUnit)
	if a.hasRoll {
		r := a.roll
		v.Roll = &r
		for _, t := range a.moves {
			v.Moves = append(v.Moves, moveView(t))
		}
	}
	if !a.deadline.IsZero() {
		d := a.deadline.UTC()
		v.Deadline = &d
	}
	return v
}

// broadcast sends the state with ev to every subscriber. A subscriber
// whose queue is full is dropped.
func (a *actor) broadcast(ev *event) {
	if len(a.subs) == 0 {
		return
	}
	v := a.view()
	msg, err := json.Marshal(message{Type: "state", Game: &v, Event: ev})
	if err != nil {
		a.log.Error("encode state", "err", err)
		return
	}
	for s := range a.subs {
		select {
		case s.ch <- msg:
		default:
			a.log.Warn("dropping a slow subscriber")
			close(s.ch)
			delete(a.subs, s)
			a.srv.metrics.subscribers.Add(-1)
		}
	}
}

// hashToken is what the store keeps of a seat token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// seatsOf lists the seats token holds.
func (a *actor) seatsOf(token string) ([]int, error) {
	if token == "" {
		return nil, errMissingToken
	}
	h := hashToken(token)
	var seats []int
	for i, s := range a.g.Seats {
		if s.TokenHash != "" && subtle.ConstantTimeCompare([]byte(s.TokenHash), []byte(h)) == 1 {
			seats = append(seats, i)
		}
	}
	if len(seats) == 0 {
		return nil, errBadToken
	}
	return seats, nil
}

// actingSeat checks that token may act now and returns the seat to
// move. A person who was away is back.
func (a *actor) actingSeat(token string) (int, error) {
	seats, err := a.seatsOf(token)
	if err != nil {
		return 0, err
	}
	switch a.g.Status {
	case store.StatusWaiting:
		return 0, errWaiting
	case store.StatusOver:
		return 0, errGameOver
	}
	a.back(seats)
	seat := a.toMove()
	if !slices.Contains(seats, seat) {
		name, _ := game.SeatName(a.kit.Ruleset, game.Player(seat))
		return 0, newError(http.StatusConflict, game.ErrNotYourTurn, "not your turn: %s (seat %d) is to play", name, seat)
	}
	return seat, nil
}

// back clears the Away flag of seats.
func (a *actor) back(seats []int) {
	for _, s := range seats {
		if a.g.Seats[s].Away {
			if err := a.setAway(s, false); err != nil {
				a.log.Error("seat back", "seat", s, "err", err)
				continue
			}
			a.broadcast(&event{Kind: "back", Seat: s})
			a.plan()
		}
	}
}

// hello answers a client that shows its token: the seats it holds.
func (a *actor) hello(token string) ([]int, error) {
	seats, err := a.seatsOf(token)
	if err != nil {
		return nil, err
	}
	if a.g.Status == store.StatusLive {
		a.back(seats)
	}
	return seats, nil
}

// doThrow is a person's throw intent.
func (a *actor) doThrow(token string) (gameView, error) {
	seat, err := a.actingSeat(token)
	if err != nil {
		return gameView{}, err
	}
	if a.hasRoll {
		return gameView{}, errThrown
	}
	if err := a.throwNow(seat); err != nil {
		return gameView{}, err
	}
	a.plan()
	return a.view(), nil
}

// doMove is a person's move intent. expect, when not nil, is the turn
// number the client means to play (the game's Turns+1).
func (a *actor) doMove(token, move string, expect *int, submitted time.Time) (gameView, error) {
	if move == "" {
		return gameView{}, newError(http.StatusBadRequest, game.ErrBadMove, "missing move")
	}
	seat, err := a.actingSeat(token)
	if err != nil {
		return gameView{}, err
	}
	if expect != nil && *expect != a.g.Turns+1 {
		return gameView{}, newError(http.StatusConflict, nil, "stale move: it was meant for turn %d, the game is at turn %d", *expect, a.g.Turns+1)
	}
	if !a.hasRoll {
		return gameView{}, errNotThrown
	}
	i := slices.IndexFunc(a.moves, func(t game.Transition) bool { return t.Move == move })
	if i < 0 {
		legal := make([]string, len(a.moves))
		for j, t := range a.moves {
			legal[j] = t.Move
		}
		_, perr := a.kit.Play(a.g.Pos, a.roll, move)
		if errors.Is(perr, game.ErrBadMove) {
			return gameView{}, newError(http.StatusUnprocessableEntity, game.ErrBadMove, "malformed move %q (legal: %s)", move, strings.Join(legal, ", "))
		}
		return gameView{}, newError(http.StatusUnprocessableEntity, game.ErrIllegalMove, "illegal move %q with a throw of %d (legal: %s)", move, a.roll, strings.Join(legal, ", "))
	}
	if err := a.apply(a.moves[i], store.Human, submitted); err != nil {
		a.log.Error("move", "seat", seat, "err", err)
		return gameView{}, err
	}
	return a.view(), nil
}

// doTake gives open seat to a person: the holder of token when it holds
// a seat of this game already, otherwise a new token.
func (a *actor) doTake(seat int, token string) (takeResult, error) {
	if seat < 0 || seat >= len(a.g.Seats) {
		return takeResult{}, newError(http.StatusNotFound, nil, "no seat %d: seats are 0 to %d", seat, len(a.g.Seats)-1)
	}
	if !a.g.Seats[seat].Open() {
		return takeResult{}, newError(http.StatusConflict, nil, "seat %d is not open", seat)
	}
	if token != "" {
		if _, err := a.seatsOf(token); err != nil {
			return takeResult{}, err
		}
	} else {
		token = newToken()
	}
	status := store.StatusLive
	for i, s := range a.g.Seats {
		if i != seat && s.Open() {
			status = store.StatusWaiting
		}
	}
	h := hashToken(token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.srv.st.TakeSeat(ctx, a.id, seat, h, status); err != nil {
		return takeResult{}, err
	}
	a.changed()
	a.g.Seats[seat].TokenHash = h
	a.g.Status = status
	a.turnStarted = time.Now()
	a.log.Info("seat taken", "seat", seat, "status", status)
	a.broadcast(&event{Kind: "seat", Seat: seat})
	a.plan()
	seats, _ := a.seatsOf(token)
	return takeResult{Token: token, Seats: seats, Game: a.view()}, nil
}

type takeResult struct {
	Token string   `json:"token"`
	Seats []int    `json:"seats"`
	Game  gameView `json:"game"`
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
	a.subs[s] = struct{}{}
	a.srv.metrics.subscribers.Add(1)
	return s, nil
}

// unsubscribe removes a client that has gone.
func (a *actor) unsubscribe(s *subscriber) (struct{}, error) {
	if _, ok := a.subs[s]; ok {
		delete(a.subs, s)
		close(s.ch)
		a.srv.metrics.subscribers.Add(-1)
	}
	return struct{}{}, nil
}
