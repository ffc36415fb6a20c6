package server

import (
	"cmp"
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
	// errResigned refuses the token of a person who resigned a game
	// that went on: the computer plays their seat.
	errResigned = &apiError{status: http.StatusConflict, code: "resigned", msg: "you resigned this game: you are out and the computer plays your seat, but you may watch to the end"}
)

// holder checks that token holds a seat of a game not yet over and
// returns its seats still in play (not resigned).
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
	return o.next.inPlay(seats)
}

// inPlay is seats without those that resigned; errResigned when none
// is left.
func (st turnState) inPlay(seats []int) ([]int, error) {
	out := slices.DeleteFunc(slices.Clone(seats), func(s int) bool { return st.g.Seats[s].Resigned > 0 })
	if len(out) == 0 {
		return nil, errResigned
	}
	return out, nil
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

// resign gives the game up at any time of a live game. The lowest of
// the token's seats still in play is the one resigning (with one token
// on every seat, a person playing themself, one at a time). While two
// other seats still play after it, a person's among them, the game goes
// on: the seat is out (Seat.Resigned; it scores nothing, standings) and
// the computer c.by plays it, so that the board and the turns stay as
// the rules have them. Otherwise the game ends: the seats still in play
// that are not the token's win, shared.
func (o *outcome) resign(c command) error {
	seats, err := o.holder(c.token)
	if err != nil {
		return err
	}
	st := &o.next
	if st.g.Status == store.StatusWaiting {
		return errNotStarted
	}
	seat := seats[0]
	var others []int // the seats still in play that are not the token's
	rest, people := 0, false
	for i, s := range st.g.Seats {
		if i == seat || s.Resigned > 0 {
			continue
		}
		rest++
		people = people || s.Kind == store.Human
		if !slices.Contains(seats, i) {
			others = append(others, i)
		}
	}
	// Without a person's seat the rest would be a game between
	// computers, played for nobody (as turnState.next does not play one
	// whose people are all away).
	if rest >= 2 && people {
		o.handTo(seat, c.by, st.g.Turns+1)
		o.events = append(o.events, event{Kind: "resign", Seat: seat})
		return nil
	}
	o.end(endRecord{How: "resign", Seat: seat, Payoffs: winsFor(len(st.g.Seats), others)}, c)
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
	others := 0 // the seats still in play that are not the claimant's
	for i, s := range o.next.g.Seats {
		if !slices.Contains(seats, i) && s.Resigned == 0 {
			others++
		}
	}
	if len(left) < others {
		// With three or four sides, one that left does not end the game
		// for the others still playing (a computer's seat never leaves;
		// a seat that resigned is out).
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
		o.handTo(s, c.by, 0)
		o.events = append(o.events, event{Kind: "handover", Seat: s})
	}
	return nil
}

// handTo gives seat s to computer player by for the rest of the game: a
// hand-over, or with resigned (the throw) a resignation, whose seat
// keeps its token so that its person watches as its holder (inPlay
// refuses them the rest).
func (o *outcome) handTo(s int, by string, resigned int) {
	seat := store.Seat{Kind: by, Resigned: resigned}
	if resigned > 0 {
		seat.TokenHash = o.next.g.Seats[s].TokenHash
	}
	o.next.g.Seats[s] = seat
	o.writes = append(o.writes, storeWrite{kind: writeHandOver, seat: s, player: by, resigned: resigned})
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
	if seat < 0 {
		return fmt.Sprintf("The game ended on throw %d with no single winner", turn)
	}
	what := "brought the last piece home"
	if strings.HasPrefix(rules.ID(), "senet") {
		what = "bore off the last piece"
	}
	text := fmt.Sprintf("%s %s on throw %d", name(seat), what, turn)
	if winner != seat {
		// The computer played the seat after its person resigned.
		text += " but had resigned: the seats still in play share the win"
	}
	return text
}

// resignedText tells the seats that resigned while the game went on,
// for the end of a result's text: "; Red resigned on throw 12".
func resignedText(rules game.Ruleset, seats []store.Seat) string {
	var b strings.Builder
	for i, s := range seats {
		if s.Resigned > 0 {
			b.WriteString("; " + resultText(rules, "resign", i, s.Resigned, -1))
		}
	}
	return b.String()
}

// standings are the payoffs of a game that ended by a move, pay the
// engine's, with the seats that resigned out: they are placed last and
// get 0. The seats still in play keep the engine's order among
// themselves and take, best first, the best of the engine's payoffs
// (seats the engine tied share theirs equally); what the places left
// over were worth is shared equally by the seats still in play. So
// with finish=first a win of a seat that resigned (the computer played
// it home) is shared by the seats still in play, as a resignation that
// ends the game shares it, and with finish=all the places skip the
// seats that resigned.
func standings(pay []float64, seats []store.Seat) []float64 {
	var in []int // the seats still in play, best first
	for i := range pay {
		if i < len(seats) && seats[i].Resigned == 0 {
			in = append(in, i)
		}
	}
	if len(in) == len(pay) || len(in) == 0 {
		return slices.Clone(pay)
	}
	slices.SortStableFunc(in, func(a, b int) int { return cmp.Compare(pay[b], pay[a]) })
	best := slices.Clone(pay)
	slices.SortFunc(best, func(a, b float64) int { return cmp.Compare(b, a) })
	out := make([]float64, len(pay))
	for i := 0; i < len(in); {
		j, sum := i, 0.0
		for ; j < len(in) && pay[in[j]] == pay[in[i]]; j++ {
			sum += best[j]
		}
		for _, s := range in[i:j] {
			out[s] = sum / float64(j-i)
		}
		i = j
	}
	left := 0.0
	for _, p := range best[len(in):] {
		left += p
	}
	for _, s := range in {
		out[s] += left / float64(len(in))
	}
	return out
}
