package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"passage/game"
	"passage/internal/store"
)

// Games that end without a last move: a resignation, an abort, a win
// claimed from an opponent who left. The store keeps how in the game's
// result (endRecord as JSON), since the position alone cannot tell.

// endRecord is the stored result of a game that ended without a last
// move.
type endRecord struct {
	How     string    `json:"how"`  // "resign", "abort", "noStart" (aborted: a seat's first turn ran out), "claim" or "noReturn" (every person left)
	Seat    int       `json:"seat"` // who resigned, aborted, did not start or claimed
	Turn    int       `json:"turn"` // the turn in progress
	Payoffs []float64 `json:"payoffs"`
}

var (
	errNotStarted = &apiError{status: http.StatusConflict, code: "not_started", msg: "the game has not started: abort it instead"}
	errTooLate    = &apiError{status: http.StatusConflict, code: "too_late_to_abort", msg: "too late to abort: both sides have moved (resign instead)"}
	errNotLeft    = &apiError{status: http.StatusConflict, code: "no_opponent_left", msg: "no opponent has left: a claim needs an opponent whose time ran out (shown as away)"}
	// errNoneToHandOver is errNotLeft in a hand-over's words.
	errNoneToHandOver = &apiError{status: http.StatusConflict, code: "no_opponent_left", msg: "no opponent has left: a hand-over needs an opponent whose time ran out (shown as away)"}
	errOthersPlay     = &apiError{status: http.StatusConflict, code: "others_still_playing", msg: "other sides still play: a claim needs every other side to have left (hand the seats that left to the computer instead)"}
	// errNotWaiting refuses an abort ifWaiting: the withdrawal of a
	// rematch offer that was accepted meanwhile.
	errNotWaiting = &apiError{status: http.StatusConflict, code: "not_waiting", msg: "the game no longer waits for players: they have taken their seats meanwhile"}
)

// holder checks that token holds a seat of a game not yet over and
// returns its seats.
func (o *outcome) holder(token string) ([]int, error) {
	seats, err := o.next.seatsOf(token)
	if err != nil {
		return nil, err
	}
	switch o.next.g.Status {
	case store.StatusOver:
		return nil, errGameOver
	case store.StatusAbandoned:
		return nil, errAbandoned
	}
	return seats, nil
}

// end makes the game over with rec as its result.
func (o *outcome) end(rec endRecord, c command) {
	st := &o.next
	rec.Turn = st.g.Turns + 1
	b, _ := json.Marshal(rec)
	st.g.Status, st.g.Result, st.g.Updated = store.StatusOver, string(b), c.now
	st.hasRoll, st.roll, st.moves = false, 0, nil
	o.writes = append(o.writes, storeWrite{kind: writeEnd, status: store.StatusOver, result: string(b)})
	o.events = append(o.events, event{Kind: rec.How, Seat: rec.Seat})
}

// winsFor is the payoffs of a game that seats win (shared equally) and
// the others lose.
func winsFor(n int, seats []int) []float64 {
	pay := make([]float64, n)
	for _, s := range seats {
		pay[s] = 1 / float64(len(seats))
	}
	return pay
}

// resign gives the game up at any time of a live game: the other seats
// win. With one token on every seat (a person playing themself) the
// lowest of its seats is the one resigning.
func (o *outcome) resign(c command) error {
	seats, err := o.holder(c.token)
	if err != nil {
		return err
	}
	if o.next.g.Status == store.StatusWaiting {
		return errNotStarted
	}
	n := len(o.next.g.Seats)
	var others []int
	for i := range n {
		if !slices.Contains(seats, i) {
			others = append(others, i)
		}
	}
	o.end(endRecord{How: "resign", Seat: seats[0], Payoffs: winsFor(n, others)}, c)
	return nil
}

// abort calls the game off, with no winner, while fewer than two seats
// have played a turn: waiting for an opponent, or before the reply.
func (o *outcome) abort(c command) error {
	seats, err := o.holder(c.token)
	if err != nil {
		return err
	}
	if c.ifWaiting && o.next.g.Status != store.StatusWaiting {
		return errNotWaiting
	}
	played := 0
	for _, m := range o.next.moved {
		if m {
			played++
		}
	}
	if played >= 2 {
		return errTooLate
	}
	o.end(endRecord{How: "abort", Seat: seats[0], Payoffs: make([]float64, len(o.next.g.Seats))}, c)
	return nil
}

// claim ends a live game in the claimant's favour when every other side
// left: their time limit ran out and the computer plays their seats
// (Away) until they come back.
func (o *outcome) claim(c command) error {
	seats, err := o.holder(c.token)
	if err != nil {
		return err
	}
	if o.next.g.Status == store.StatusWaiting {
		return errNotStarted
	}
	left := o.next.leftBy(seats)
	if len(left) == 0 {
		return errNotLeft
	}
	if len(left) < len(o.next.g.Seats)-len(seats) {
		// With three or four sides, one that left does not end the game
		// for the others still playing (a computer's seat never leaves).
		return errOthersPlay
	}
	o.end(endRecord{How: "claim", Seat: seats[0], Payoffs: winsFor(len(o.next.g.Seats), seats)}, c)
	return nil
}

// leftBy lists the seats of people who left (their time ran out: the
// computer plays them) among the seats not in seats.
func (st turnState) leftBy(seats []int) []int {
	var left []int
	for i, s := range st.g.Seats {
		if !slices.Contains(seats, i) && s.Kind == store.Human && s.Away {
			left = append(left, i)
		}
	}
	return left
}

// handOver gives the seats of opponents who left to computer player
// c.by for the rest of the game: the game goes on, and their tokens no
// longer act.
func (o *outcome) handOver(c command) error {
	seats, err := o.holder(c.token)
	if err != nil {
		return err
	}
	left := o.next.leftBy(seats)
	if o.next.g.Status != store.StatusLive || len(left) == 0 {
		return errNoneToHandOver
	}
	// Who hands over is here: were their own seats away too, the game
	// would otherwise wait for them (turnState.next) as soon as the
	// computer's seats have played.
	o.back(seats, c.now)
	for _, s := range left {
		o.next.g.Seats[s] = store.Seat{Kind: c.by}
		o.writes = append(o.writes, storeWrite{kind: writeHandOver, seat: s, player: c.by})
		o.events = append(o.events, event{Kind: "handover", Seat: s})
	}
	return nil
}

// endResult reads the result of a game that ended without a last move;
// false for a game that ended by its last move (or is not over).
func endResult(g store.Game) (endRecord, bool) {
	var rec endRecord
	if g.Status != store.StatusOver || !strings.HasPrefix(g.Result, "{") {
		return rec, false
	}
	if err := json.Unmarshal([]byte(g.Result), &rec); err != nil || rec.How == "" {
		return rec, false
	}
	return rec, true
}

// resultText says who won and how, for people.
func resultText(rules game.Ruleset, how string, seat, turn, winner int) string {
	name := func(s int) string { n, _ := game.SeatName(rules, game.Player(s)); return n }
	switch how {
	case "resign":
		return fmt.Sprintf("%s resigned on throw %d", name(seat), turn)
	case "abort":
		return fmt.Sprintf("%s aborted the game on throw %d: no winner", name(seat), turn)
	case "noStart":
		return fmt.Sprintf("%s did not play a first turn in time: the game is aborted, no winner", name(seat))
	case "claim":
		return fmt.Sprintf("%s claimed the win on throw %d: the opponent left", name(seat), turn)
	case "noReturn":
		return fmt.Sprintf("Every person left the game and none came back: it was called off on throw %d, no winner", turn)
	}
	if winner < 0 {
		return fmt.Sprintf("The game ended on throw %d with no single winner", turn)
	}
	if strings.HasPrefix(rules.ID(), "senet") {
		return fmt.Sprintf("%s bore off the last piece on throw %d", name(winner), turn)
	}
	return fmt.Sprintf("%s brought the last piece home on throw %d", name(winner), turn)
}
