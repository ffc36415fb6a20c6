package server

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// turnState is one game's state as the turn machine sees it: the game
// as stored, plus the throw between throw and move. A person's throw is
// stored as the fact that the turn is thrown (store.Game.Thrown), not
// its value: throw n is a function of the seed, so a game loaded again
// (after a restart, after leaving memory, on another node) draws the
// same throw and its moves again (newTurnState). A computer's throw is
// not stored: the computer throws again as soon as the game is loaded,
// and gets the same throw.
//
// The machine is pure: apply takes a command and returns the next state
// with the store writes that must succeed before it holds and the events
// to tell clients. No I/O, no clock, no randomness: the actor (actor.go)
// brings the time and new tokens in the command, makes the writes, and
// broadcasts.
type turnState struct {
	kit  catalog.Kit
	g    store.Game
	last *store.Turn

	hasRoll bool
	roll    int
	moves   []game.Transition
	// turnStarted is when the turn of the seat to move began, for its
	// time limit.
	turnStarted time.Time
	// moved marks the seats that have played a turn: a game may be
	// aborted until two of them have.
	moved []bool
}

// newTurnState is the state of g as loaded from the store: a turn
// started when the game last changed, thrown when a person threw for it
// (the throw drawn from the seed again, as it was).
func newTurnState(kit catalog.Kit, g store.Game, last *store.Turn) turnState {
	st := turnState{kit: kit, g: g, last: last, turnStarted: g.Updated, moved: make([]bool, len(g.Seats))}
	if g.ThrowPending() {
		// Should the throw fail to come back (it came once, from the
		// same seed and position), the turn is not thrown: the seat's
		// throw then meets the error again and tells it.
		if roll, moves, err := drawThrow(kit, g); err == nil {
			st.hasRoll, st.roll, st.moves = true, roll, moves
		}
	}
	return st
}

// personPlayed reports whether a person's seat has played a turn.
func (st turnState) personPlayed() bool {
	for i, m := range st.moved {
		if m && st.g.Seats[i].Kind == store.Human {
			return true
		}
	}
	return false
}

// since gives a turn that began before t its whole time limit from t
// instead: the server started at t, and the time it was down before
// that counts against nobody's clock.
func (st turnState) since(t time.Time) turnState {
	if st.turnStarted.Before(t) {
		st.turnStarted = t
	}
	return st
}

// withLog marks the seats that played a turn of log.
func (st turnState) withLog(log []store.Turn) turnState {
	for _, t := range log {
		if t.Seat >= 0 && t.Seat < len(st.moved) {
			st.moved[t.Seat] = true
		}
	}
	return st
}

// commandKind is what a command asks for.
type commandKind int

const (
	cmdHello         commandKind = iota // a client shows its token (a person who was away is back)
	cmdTake                             // a person takes an open seat
	cmdThrow                            // a person throws
	cmdMove                             // a person moves
	cmdTimeout                          // the time limit of the seat to move ran out
	cmdComputerThrow                    // a computer (or a stand-in) throws
	cmdComputerMove                     // a computer (or a stand-in) moves
	cmdAbandon                          // the game waited too long and is given up
	cmdResign                           // a person gives the game up
	cmdAbort                            // a person calls the game off before two seats have moved
	cmdClaim                            // a person claims the win from an opponent who left
	cmdHandOver                         // a person gives the seat of an opponent who left to the computer
	cmdNoReturn                         // every person left long ago: the game is called off
	cmdKinds                            // how many kinds there are: not a command
)

// command is one input of the turn machine.
type command struct {
	kind  commandKind
	now   time.Time
	token string // the acting person's seat token
	// newToken is the token a take gives when the person holds none of
	// this game yet (drawn by the actor: the machine has no randomness).
	newToken string
	invite   string // the invite secret of a take
	seat     int    // the seat to take, or whose time ran out
	move     string
	expect   *int   // the turn a move is meant for (Turns+1), if given
	by       string // the computer that chose a computer move, or takes a seat over
	// ifWaiting: an abort only while the game waits for players.
	ifWaiting bool
	// stale: a noReturn calls off a game not updated since.
	stale time.Time
}

// writeKind is a store write the actor makes before a new state holds.
type writeKind int

const (
	writeTurn writeKind = iota
	writeSeat
	writeAway
	writeEnd
	writeHandOver
	writeThrow
)

// storeWrite is one write: a turn with the game's status and result
// after it, a taken seat with the game's status, a seat's Away flag, or
// a person's throw (the number of the turn thrown for, turn.N).
type storeWrite struct {
	kind   writeKind
	turn   store.Turn
	status store.Status
	result string
	seat   int
	hash   string
	player string // the computer player a seat is handed over to
	// resigned: the hand-over is a resignation on this throw (the seat
	// keeps its token; store.Seat.Resigned).
	resigned int
	away     bool
}

// outcome is what a command did.
type outcome struct {
	next   turnState
	writes []storeWrite
	events []event
	// seats and token answer hello and take: the seats the token holds.
	seats []int
	token string
}

// apply runs command c. An error leaves the game as it was: the state is
// not changed and nothing is to be written.
func (st turnState) apply(c command) (outcome, error) {
	next := st
	next.g.Seats = slices.Clone(st.g.Seats)
	next.moved = slices.Clone(st.moved)
	out := outcome{next: next}
	var err error
	switch c.kind {
	case cmdHello:
		err = out.hello(c)
	case cmdTake:
		err = out.take(c)
	case cmdThrow:
		err = out.personThrow(c)
	case cmdMove:
		err = out.personMove(c)
	case cmdTimeout:
		err = out.timeout(c)
	case cmdComputerThrow:
		err = out.computerThrow()
	case cmdComputerMove:
		err = out.computerMove(c)
	case cmdAbandon:
		err = out.abandon()
	case cmdResign:
		err = out.resign(c)
	case cmdAbort:
		err = out.abort(c)
	case cmdClaim:
		err = out.claim(c)
	case cmdHandOver:
		err = out.handOver(c)
	case cmdNoReturn:
		err = out.noReturn(c)
	default:
		err = errors.New("unknown command")
	}
	if err != nil {
		return outcome{next: st}, err
	}
	return out, nil
}

// toMove is the seat to throw, or -1 when the game is over.
func (st turnState) toMove() int {
	p, err := st.kit.ToMove(st.g.Pos)
	if err != nil {
		return -1
	}
	return int(p)
}

// seatsOf lists the seats token holds.
func (st turnState) seatsOf(token string) ([]int, error) {
	if token == "" {
		return nil, errMissingToken
	}
	h := hashToken(token)
	var seats []int
	for i, s := range st.g.Seats {
		if s.TokenHash != "" && subtle.ConstantTimeCompare([]byte(s.TokenHash), []byte(h)) == 1 {
			seats = append(seats, i)
		}
	}
	if len(seats) == 0 {
		return nil, errBadToken
	}
	return seats, nil
}

// action is the next thing the game does by itself.
type action struct {
	kind actionKind
	seat int
	at   time.Time // the deadline of a person's turn
}

type actionKind int

const (
	actNone     actionKind = iota
	actComputer            // a computer (or a stand-in) is to throw or move
	actDeadline            // a person is to play before at
)

// next is the game's next automatic action.
func (st turnState) next() action {
	if st.g.Status != store.StatusLive {
		return action{}
	}
	seat := st.toMove()
	if seat < 0 {
		return action{}
	}
	s := st.g.Seats[seat]
	if s.Kind != store.Human {
		return action{kind: actComputer, seat: seat}
	}
	if s.Away {
		if st.everyPersonAway() {
			// Nobody is left to play against: the stand-in would play
			// the game out between computers, which no client's
			// --max-computer-games counts. It waits for a person.
			return action{}
		}
		return action{kind: actComputer, seat: seat}
	}
	if st.g.TimeLimit > 0 {
		return action{kind: actDeadline, seat: seat, at: st.turnStarted.Add(st.g.TimeLimit)}
	}
	return action{}
}

// paced reports whether a computer's throws and moves wait
// Config.BotDelay, so that people can follow them: while a person still
// plays a seat of the game (one that has not finished, away or not), or
// where no person ever played (a game between computers, which people
// watch). Once every person has finished (Ludo finish=all) or resigned,
// the computers play the places left out without a pause, and the
// watchers get the result at once.
func (st turnState) paced() bool {
	finished := st.kit.Finished(st.g.Pos)
	person := false
	for i, s := range st.g.Seats {
		if s.Kind == store.Human && !slices.Contains(finished, game.Player(i)) {
			return true
		}
		person = person || s.Kind == store.Human || s.Resigned > 0
	}
	return !person
}

// botDelay is the pause before a computer's throw or move: the pace
// given (Config.BotDelay) where the game is paced, none otherwise.
func (st turnState) botDelay(pace time.Duration) time.Duration {
	if st.paced() {
		return pace
	}
	return 0
}

// everyPersonAway reports whether every person's seat of the game is
// away (its time ran out and its person has not acted since).
func (st turnState) everyPersonAway() bool {
	for _, s := range st.g.Seats {
		if s.Kind == store.Human && !s.Away {
			return false
		}
	}
	return true
}

// back marks the away seats among seats as played by their person again.
// A person back on their own turn gets a fresh clock for it: the turn's
// limit ran out already (that is how they went away), and the old clock
// would hand the seat to the computer again at once.
func (o *outcome) back(seats []int, now time.Time) {
	for _, s := range seats {
		if o.next.g.Seats[s].Away {
			o.next.g.Seats[s].Away = false
			if o.next.toMove() == s {
				o.next.turnStarted = now
			}
			o.writes = append(o.writes, storeWrite{kind: writeAway, seat: s, away: false})
			o.events = append(o.events, event{Kind: "back", Seat: s})
		}
	}
}

func (o *outcome) hello(c command) error {
	seats, err := o.next.seatsOf(c.token)
	if err != nil {
		return err
	}
	if o.next.g.Status == store.StatusLive {
		o.back(seats, c.now)
	}
	o.seats = seats
	return nil
}

// actingSeat checks that the token may act now and returns the seat to
// move; a person who was away is back. expect, when not nil, is the
// turn the request was meant for (a move's turn): one already played is
// told as stale before whose turn it is now or whether the game is over,
// so that a client of the seat whose other tab played first can tell
// it from a refusal (the game page then says nothing).
func (o *outcome) actingSeat(token string, now time.Time, expect *int) (int, error) {
	st := &o.next
	seats, err := st.seatsOf(token)
	if err != nil {
		return 0, err
	}
	if expect != nil && *expect != st.g.Turns+1 && st.g.Status != store.StatusWaiting {
		return 0, newError(http.StatusConflict, nil, "stale move: it was meant for turn %d, the game is at turn %d", *expect, st.g.Turns+1).as("stale_move")
	}
	switch st.g.Status {
	case store.StatusWaiting:
		return 0, errWaiting
	case store.StatusOver:
		return 0, errGameOver
	case store.StatusAbandoned:
		return 0, errAbandoned
	}
	seat := st.toMove()
	playing, err := st.inPlay(seats)
	if err != nil || (!slices.Contains(playing, seat) && slices.Contains(seats, seat)) {
		return 0, errResigned // the seat to play resigned: the computer plays it
	}
	if !slices.Contains(playing, seat) {
		name, _ := game.SeatName(st.kit.Ruleset, game.Player(seat))
		return 0, newError(http.StatusConflict, game.ErrNotYourTurn, "not your turn: %s (seat %d) is to play", name, seat).as("not_your_turn")
	}
	o.back(playing, now)
	return seat, nil
}

// drawThrow is throw number g.Turns of g's seed (the throw of turn
// Turns+1) with its legal moves.
func drawThrow(kit catalog.Kit, g store.Game) (int, []game.Transition, error) {
	outcomes, err := kit.Outcomes(g.Pos)
	if err != nil {
		return 0, nil, err
	}
	roll, err := fairdice.Throw(g.Seed, uint64(g.Turns), outcomes)
	if err != nil {
		return 0, nil, err
	}
	moves, err := kit.Moves(g.Pos, roll)
	if err != nil {
		return 0, nil, err
	}
	return roll, moves, nil
}

// throw draws throw number Turns from the seed for seat.
func (o *outcome) throw(seat int) error {
	st := &o.next
	if st.hasRoll {
		return errThrown
	}
	roll, moves, err := drawThrow(st.kit, st.g)
	if err != nil {
		return err
	}
	st.hasRoll, st.roll, st.moves = true, roll, moves
	o.events = append(o.events, event{Kind: "throw", Seat: seat, Roll: roll})
	return nil
}

// personThrow is a person's throw, stored (the turn is thrown) before
// it holds: a restart keeps it, and nobody has to throw again.
func (o *outcome) personThrow(c command) error {
	seat, err := o.actingSeat(c.token, c.now, nil)
	if err != nil {
		return err
	}
	if err := o.throw(seat); err != nil {
		return err
	}
	st := &o.next
	st.g.Thrown = st.g.Turns + 1
	o.writes = append(o.writes, storeWrite{kind: writeThrow, turn: store.Turn{N: st.g.Thrown, Seat: seat, Roll: st.roll}})
	return nil
}

func (o *outcome) personMove(c command) error {
	if c.move == "" {
		return newError(http.StatusBadRequest, game.ErrBadMove, "missing move").as("missing_move")
	}
	st := &o.next
	if _, err := o.actingSeat(c.token, c.now, c.expect); err != nil {
		return err
	}
	if !st.hasRoll {
		return errNotThrown
	}
	i := slices.IndexFunc(st.moves, func(t game.Transition) bool { return t.Move == c.move })
	if i < 0 {
		legal := make([]string, len(st.moves))
		for j, t := range st.moves {
			legal[j] = t.Move
		}
		if _, perr := st.kit.Play(st.g.Pos, st.roll, c.move); errors.Is(perr, game.ErrBadMove) {
			return newError(http.StatusUnprocessableEntity, game.ErrBadMove, "malformed move %q (legal: %s)", clip(c.move), strings.Join(legal, ", ")).as("malformed_move")
		}
		return newError(http.StatusUnprocessableEntity, game.ErrIllegalMove, "illegal move %q with a throw of %d (legal: %s)", clip(c.move), st.roll, strings.Join(legal, ", ")).as("illegal_move")
	}
	o.play(st.moves[i], store.Human, c.now)
	return nil
}

// play makes transition t the next turn.
func (o *outcome) play(t game.Transition, by string, now time.Time) {
	st := &o.next
	seat := st.toMove()
	effects := st.kit.Effects(st.g.Pos, st.roll, t.Move)
	blocked := st.kit.Blocks(st.g.Pos, st.roll)
	status, result := store.StatusLive, ""
	if r := resultOf(st.kit.Ruleset, t.Pos, st.g.Seats); r != nil {
		status = store.StatusOver
		b, _ := json.Marshal(r.Payoffs)
		result = string(b)
	}
	turn := store.Turn{N: st.g.Turns + 1, Seat: seat, Roll: st.roll, Move: t.Move, Pos: t.Pos, By: by, At: now}
	o.writes = append(o.writes, storeWrite{kind: writeTurn, turn: turn, status: status, result: result})
	st.g.Pos, st.g.Turns, st.g.Status, st.g.Result, st.g.Updated = t.Pos, turn.N, status, result, now
	st.last = &turn
	if seat >= 0 && seat < len(st.moved) {
		st.moved[seat] = true
	}
	st.hasRoll, st.roll, st.moves = false, 0, nil
	st.turnStarted = now
	o.events = append(o.events, event{Kind: "move", Seat: seat, Roll: turn.Roll, Move: t.Move, Effects: effects, Blocked: blocked})
}

// take gives an open seat to a person: the holder of the token when it
// holds a seat of this game already, otherwise the new token. A seat by
// invitation needs its invite secret. A take by the token that holds
// the seat already answers again, for a client whose answer was lost.
func (o *outcome) take(c command) error {
	st := &o.next
	if c.seat < 0 || c.seat >= len(st.g.Seats) {
		return newError(http.StatusNotFound, nil, "no seat %d: seats are 0 to %d", c.seat, len(st.g.Seats)-1).as("no_such_seat")
	}
	switch st.g.Status {
	case store.StatusOver:
		return errGameOver
	case store.StatusAbandoned:
		return errAbandoned
	}
	s := st.g.Seats[c.seat]
	token := c.token
	if token == "" {
		token = c.newToken
	}
	if held, err := st.seatsOf(token); err == nil && slices.Contains(held, c.seat) {
		// The token holds the seat already: the take is sent again
		// because its answer was lost. It answers as the first did and
		// changes nothing.
		o.token, o.seats = token, held
		return nil
	}
	if !s.Open() {
		return newError(http.StatusConflict, nil, "seat %d is not open", c.seat).as("seat_taken")
	}
	if c.token != "" {
		if _, err := st.seatsOf(token); err != nil {
			return err
		}
	}
	// A seat by invitation needs its secret, except for a person who
	// holds a seat of the game already: they have the invites anyway.
	if !s.Anyone && c.token == "" && !validInvite(st.g.Seed, c.seat, c.invite) {
		return errNoInvite
	}
	status := store.StatusLive
	for i, s := range st.g.Seats {
		if i != c.seat && s.Open() {
			status = store.StatusWaiting
		}
	}
	h := hashToken(token)
	st.g.Seats[c.seat].TokenHash = h
	st.g.Status = status
	st.g.Updated = c.now
	st.turnStarted = c.now
	o.writes = append(o.writes, storeWrite{kind: writeSeat, seat: c.seat, hash: h, status: status})
	o.events = append(o.events, event{Kind: "seat", Seat: c.seat})
	o.token = token
	o.seats, _ = st.seatsOf(token)
	return nil
}

// timeout hands an idle person's seat to the computer until the person
// acts again, or aborts the game when no person has played a turn yet.
func (o *outcome) timeout(c command) error {
	st := &o.next
	a := st.next()
	if a.kind != actDeadline || a.seat != c.seat || c.now.Before(a.at) {
		return errStale
	}
	if !st.personPlayed() {
		// The game is called off, with no winner, as lichess aborts a
		// game whose side makes no first move. Played on by the computer
		// it would become a game between computers (with only computers'
		// turns so far, or none) that no client's cap counts. Once a
		// person has played, the others' seats go away as usual, so that
		// the people who play keep their game.
		o.end(endRecord{How: "noStart", Seat: c.seat, Payoffs: make([]float64, len(st.g.Seats))}, c)
		return nil
	}
	st.g.Seats[c.seat].Away = true
	o.writes = append(o.writes, storeWrite{kind: writeAway, seat: c.seat, away: true})
	o.events = append(o.events, event{Kind: "away", Seat: c.seat})
	return nil
}

// leftLongAgo reports whether the game's people have left it: not
// updated since stale, and every person away (their time ran out), or,
// in a game without a time limit, where no time runs out, none of them
// has played since.
func (st turnState) leftLongAgo(stale time.Time) bool {
	people := slices.ContainsFunc(st.g.Seats, func(s store.Seat) bool { return s.Kind == store.Human })
	return people && st.g.Updated.Before(stale) && (st.everyPersonAway() || st.g.TimeLimit == 0)
}

// noReturn calls off a game that waits for its people, who left it long
// ago (leftLongAgo: the stand-in does not play such a game, next): no
// winner. The sweep decides when (a game waits --waiting-expiry for its
// people, as for its first players); a game someone came back to, or
// played in, since, drops it as stale.
func (o *outcome) noReturn(c command) error {
	st := &o.next
	if st.g.Status != store.StatusLive || st.next().kind != actNone || !st.leftLongAgo(c.stale) {
		return errStale
	}
	o.end(endRecord{How: "noReturn", Seat: max(st.toMove(), 0), Payoffs: make([]float64, len(st.g.Seats))}, c)
	return nil
}

func (o *outcome) computerThrow() error {
	a := o.next.next()
	if a.kind != actComputer {
		return errStale
	}
	return o.throw(a.seat)
}

// computerMove plays the move a computer chose; a move that is not
// legal (a bug in a player) becomes the first legal move rather than
// stall the game.
func (o *outcome) computerMove(c command) error {
	st := &o.next
	if a := st.next(); a.kind != actComputer || !st.hasRoll {
		return errStale
	}
	i := max(0, slices.IndexFunc(st.moves, func(t game.Transition) bool { return t.Move == c.move }))
	o.play(st.moves[i], c.by, c.now)
	return nil
}

func (o *outcome) abandon() error {
	if o.next.g.Status != store.StatusWaiting {
		return errStale
	}
	// The store has marked the game already (Store.Abandon, for every
	// expired game at once); the machine follows.
	o.next.g.Status = store.StatusAbandoned
	o.events = append(o.events, event{Kind: "abandoned", Seat: -1})
	return nil
}
