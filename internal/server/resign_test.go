package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"passage/internal/store"
)

// A resignation in a game of three or four seats, while two seats still
// play, takes the seat out and leaves it to the computer: the game goes
// on (player review: "Resigning a 4-player game ends it for all").

func person(tok string) store.Seat { return store.Seat{Kind: store.Human, TokenHash: hashToken(tok)} }

// playOut plays st to its end: first legal moves, by the tokens of
// people's seats (tokens[seat]) and by the computer for the others. It
// fails the test when a seat that resigned is a person's to play.
func playOut(t *testing.T, st turnState, tokens []string) turnState {
	t.Helper()
	for i := 0; st.g.Status == store.StatusLive; i++ {
		if i > 20000 {
			t.Fatal("no end in 10,000 turns")
		}
		if a := st.next(); a.kind == actComputer {
			if !st.hasRoll {
				st = mustApply(t, st, command{kind: cmdComputerThrow, now: machineT0}).next
				continue
			}
			st = mustApply(t, st, command{kind: cmdComputerMove, move: st.moves[0].Move, by: "easy", now: machineT0}).next
			continue
		}
		seat := st.toMove()
		if st.g.Seats[seat].Resigned > 0 {
			t.Fatalf("seat %d resigned but is a person's to play", seat)
		}
		tok := tokens[seat]
		if !st.hasRoll {
			st = mustApply(t, st, command{kind: cmdThrow, token: tok, now: machineT0}).next
			continue
		}
		st = mustApply(t, st, command{kind: cmdMove, token: tok, move: st.moves[0].Move, now: machineT0}).next
	}
	return st
}

// TestMachineResignGoesOn: in a four-person game a resignation hands the
// seat to the computer (the hand-over's write, the token kept) and the
// game goes on; the seat's token may only watch; resignations down to
// one seat still in play end the game, the last one winning.
func TestMachineResignGoesOn(t *testing.T) {
	st := started(machineOf(t, "kinevet", nil, person("a"), person("b"), person("c"), person("d")))
	out := mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0})
	g := out.next.g
	if g.Status != store.StatusLive {
		t.Fatalf("after one of four resigned: status %q, want live", g.Status)
	}
	if got, want := g.Seats[0], (store.Seat{Kind: "easy", TokenHash: hashToken("a"), Resigned: 1}); got != want {
		t.Errorf("the seat that resigned: %+v, want %+v", got, want)
	}
	if len(out.writes) != 1 || out.writes[0] != (storeWrite{kind: writeHandOver, seat: 0, player: "easy", resigned: 1}) {
		t.Errorf("writes %+v, want the hand-over of seat 0 as a resignation on throw 1", out.writes)
	}
	if len(out.events) != 1 || out.events[0].Kind != "resign" || out.events[0].Seat != 0 {
		t.Errorf("events %+v, want a resign of seat 0", out.events)
	}
	// Red was to throw: the computer plays the seat now.
	if a := out.next.next(); a.kind != actComputer || a.seat != 0 {
		t.Errorf("next action %+v, want the computer's for seat 0", a)
	}
	st = out.next
	// The token of the seat that resigned is still the seat's (its page
	// watches as its holder), but acts no more.
	if seats := mustApply(t, st, command{kind: cmdHello, token: "a", now: machineT0}).seats; !slices.Equal(seats, []int{0}) {
		t.Errorf("hello of the resigned token: seats %v, want [0]", seats)
	}
	for _, kind := range []commandKind{cmdThrow, cmdResign, cmdAbort, cmdClaim, cmdHandOver} {
		_, err := st.apply(command{kind: kind, token: "a", move: "x", by: "easy", now: machineT0})
		if err != errResigned || codeOf(err) != "resigned" {
			t.Errorf("%v by the token that resigned: %v, want errResigned", kind, err)
		}
	}
	// The computer's throw, then its move; Yellow is next or Red again.
	st = mustApply(t, st, command{kind: cmdComputerThrow, now: machineT0}).next
	if _, err := st.apply(command{kind: cmdMove, token: "a", move: st.moves[0].Move, now: machineT0}); err != errResigned {
		t.Errorf("a move for the resigned seat by its old token: %v, want errResigned", err)
	}
	st = mustApply(t, st, command{kind: cmdComputerMove, move: st.moves[0].Move, by: "easy", now: machineT0}).next
	if st.last.By != "easy" || st.last.Seat != 0 {
		t.Errorf("the resigned seat's turn: %+v, want the computer's", st.last)
	}

	// Yellow resigns too: Green and Blue still play.
	st = mustApply(t, st, command{kind: cmdResign, token: "b", by: "easy", now: machineT0}).next
	if st.g.Status != store.StatusLive || st.g.Seats[1].Resigned != 2 {
		t.Fatalf("after two of four resigned: status %q, Yellow %+v", st.g.Status, st.g.Seats[1])
	}
	// Green resigns: only Blue is left, who wins.
	out = mustApply(t, st, command{kind: cmdResign, token: "c", by: "easy", now: machineT0})
	if out.next.g.Status != store.StatusOver || len(out.events) != 1 || out.events[0].Kind != "resign" || out.events[0].Seat != 2 {
		t.Fatalf("the third resignation: status %q events %+v, want over by Green's resign", out.next.g.Status, out.events)
	}
	r := gameResult(st.kit.Ruleset, out.next.g)
	if r.How != "resign" || r.Seat != 2 || r.Winner != 3 || !slices.Equal(r.Payoffs, []float64{0, 0, 0, 1}) {
		t.Errorf("result %+v, want Blue to win alone", r)
	}
	if want := "Green resigned on throw 2; Red resigned on throw 1; Yellow resigned on throw 2"; r.Text != want {
		t.Errorf("text %q, want %q", r.Text, want)
	}
}

// TestMachineResignEnds: the game ends as before in a two-seat game,
// when one seat would be left to play, and when only computers would
// play on; the token's seats are out of the win.
func TestMachineResignEnds(t *testing.T) {
	for _, tt := range []struct {
		name  string
		opts  []string
		seats []store.Seat
		pay   []float64
	}{
		{"two seats", []string{"players=2"}, []store.Seat{person("a"), person("b")}, []float64{0, 1}},
		{"a person and three computers", nil, []store.Seat{person("a"), {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}, []float64{0, 1. / 3, 1. / 3, 1. / 3}},
		{"a person and a computer resigned", []string{"players=3"}, []store.Seat{person("a"), {Kind: "easy", TokenHash: hashToken("b"), Resigned: 3}, person("c")}, []float64{0, 0, 1}},
		{"a person playing two of three seats", []string{"players=3"}, []store.Seat{person("a"), person("a"), {Kind: "easy", TokenHash: hashToken("c"), Resigned: 3}}, []float64{0, 0, 0}},
	} {
		st := started(machineOf(t, "kinevet", tt.opts, tt.seats...))
		out := mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0})
		if out.next.g.Status != store.StatusOver {
			t.Errorf("%s: status %q, want over", tt.name, out.next.g.Status)
			continue
		}
		if r := gameResult(st.kit.Ruleset, out.next.g); r.How != "resign" || r.Seat != 0 || !slices.Equal(r.Payoffs, tt.pay) {
			t.Errorf("%s: result %+v, want Red's resignation with payoffs %v", tt.name, r, tt.pay)
		}
	}
	// A person and a computer left besides: the game goes on.
	st := started(machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), store.Seat{Kind: "easy"}))
	if out := mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0}); out.next.g.Status != store.StatusLive {
		t.Errorf("a person and a computer left: status %q, want live", out.next.g.Status)
	}
	// A person playing themself resigns one seat at a time, the lowest.
	st = started(machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("a"), person("a")))
	st = mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0}).next
	if st.g.Status != store.StatusLive || st.g.Seats[0].Resigned == 0 || st.g.Seats[1].Resigned != 0 {
		t.Errorf("a person playing three seats resigns: status %q seats %+v, want Red out and the game on", st.g.Status, st.g.Seats)
	}
}

// TestMachineResignedPlayOut: a three-person game in which Red resigns
// is played to its end, the computer playing Red's seat; Red's payoff
// is 0 and the payoffs still sum to 1, stored as the view tells them.
func TestMachineResignedPlayOut(t *testing.T) {
	for _, opts := range [][]string{{"players=3"}, {"players=3", "finish=all"}, {"finish=all"}} {
		seats := []store.Seat{person("a"), person("b"), person("c")}
		tokens := []string{"a", "b", "c"}
		if len(opts) == 1 {
			seats, tokens = append(seats, person("d")), append(tokens, "d")
		}
		st := started(machineOf(t, "kinevet", opts, seats...))
		st = mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0}).next
		st = playOut(t, st, tokens)
		if st.g.Status != store.StatusOver || st.g.Turns == 0 {
			t.Fatalf("%v: status %q after %d turns", opts, st.g.Status, st.g.Turns)
		}
		r := gameResult(st.kit.Ruleset, st.g)
		var stored []float64
		if err := json.Unmarshal([]byte(st.g.Result), &stored); err != nil || !slices.Equal(stored, r.Payoffs) {
			t.Errorf("%v: stored result %q (%v), want the view's payoffs %v", opts, st.g.Result, err, r.Payoffs)
		}
		sum := 0.0
		for _, p := range r.Payoffs {
			sum += p
		}
		if r.Payoffs[0] != 0 || math.Abs(sum-1) > 1e-9 || r.How != "finish" {
			t.Errorf("%v: result %+v, want Red's payoff 0 and a sum of 1", opts, r)
		}
	}
}

// TestStandings: the payoffs of a game that ended by a move, with the
// seats that resigned out.
func TestStandings(t *testing.T) {
	out := store.Seat{Kind: "easy", Resigned: 5}
	in := store.Seat{Kind: store.Human}
	for _, tt := range []struct {
		name  string
		pay   []float64
		seats []store.Seat
		want  []float64
	}{
		{"nobody resigned", []float64{0, 1, 0}, []store.Seat{in, in, in}, []float64{0, 1, 0}},
		{"finish=first, a seat in play wins", []float64{0, 1, 0, 0}, []store.Seat{out, in, in, in}, []float64{0, 1, 0, 0}},
		{"finish=first, the seat that resigned wins", []float64{1, 0, 0, 0}, []store.Seat{out, in, in, in}, []float64{0, 1. / 3, 1. / 3, 1. / 3}},
		{"finish=all, the seat that resigned first", []float64{1. / 2, 1. / 3, 1. / 6, 0}, []store.Seat{out, in, in, in}, []float64{0, 1. / 2, 1. / 3, 1. / 6}},
		{"finish=all, the seat that resigned second", []float64{1. / 3, 0, 1. / 2, 1. / 6}, []store.Seat{out, in, in, in}, []float64{0, 1. / 6, 1. / 2, 1. / 3}},
		{"finish=all, two resigned", []float64{1. / 2, 1. / 3, 1. / 6, 0}, []store.Seat{out, in, out, in}, []float64{0, 1./2 + 1./12, 0, 1./3 + 1./12}},
		{"finish=all of three, the seat that resigned last", []float64{2. / 3, 1. / 3, 0}, []store.Seat{in, in, out}, []float64{2. / 3, 1. / 3, 0}},
	} {
		got := standings(tt.pay, tt.seats)
		for i := range got {
			if math.Abs(got[i]-tt.want[i]) > 1e-9 {
				t.Errorf("%s: standings(%v) = %v, want %v", tt.name, tt.pay, got, tt.want)
				break
			}
		}
	}
}

// TestResultTextResigned: the result's text tells the resignations of a
// game that went on, and a win of a seat that had resigned.
func TestResultTextResigned(t *testing.T) {
	st := machineOf(t, "kinevet", nil, person("a"), person("b"), person("c"), person("d"))
	rules := st.kit.Ruleset
	if got, want := resultText(rules, "finish", 0, 300, -1), "Red brought the last piece home on throw 300 but had resigned: the seats still in play share the win"; got != want {
		t.Errorf("a resigned seat's finish: %q, want %q", got, want)
	}
	seats := []store.Seat{{Kind: "easy", Resigned: 12}, person("b"), {Kind: "easy", Resigned: 40}, person("d")}
	if got, want := resignedText(rules, seats), "; Red resigned on throw 12; Green resigned on throw 40"; got != want {
		t.Errorf("resignedText = %q, want %q", got, want)
	}
	if got := resignedText(rules, []store.Seat{person("a"), person("b")}); got != "" {
		t.Errorf("resignedText without resignations = %q", got)
	}
}

// TestMachineClaimPastResigned: a seat that resigned is out, so a claim
// needs only the others still in play to have left.
func TestMachineClaimPastResigned(t *testing.T) {
	st := started(machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), person("c")))
	st = mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0}).next
	st.g.Seats[1].Away = true
	out, err := st.apply(command{kind: cmdClaim, token: "c", now: machineT0})
	if err != nil {
		t.Fatalf("claim when the only other person still in play left: %v", err)
	}
	if r := gameResult(st.kit.Ruleset, out.next.g); r.Winner != 2 || !slices.Equal(r.Payoffs, []float64{0, 0, 1}) {
		t.Errorf("claim: %+v, want Green to win", r)
	}
}

// seatedGame is a kinevet game with options opts between people on
// every seat: the creator takes the first, invites the others. It
// returns the game's ID and the seats' tokens.
func seatedGame(t *testing.T, s *testServer, opts map[string]string, n int) (string, []string) {
	t.Helper()
	seats := []seatRequest{{Kind: "human", Take: true}}
	for len(seats) < n {
		seats = append(seats, seatRequest{Kind: "human"})
	}
	c := s.create(t, createRequest{Rules: "kinevet", Options: opts, Seats: seats})
	tokens := []string{c.Token}
	for _, inv := range c.Invites {
		var taken takeResult
		s.ok(t, http.StatusOK, "POST", fmt.Sprintf("/api/games/%s/seats/%d", c.Game.ID, inv.Seat), "", map[string]string{"invite": inv.Secret}, &taken)
		tokens = append(tokens, taken.Token)
	}
	return c.Game.ID, tokens
}

// TestAPIResignGoesOn: in a four-person game Red resigns; watchers are
// told (event resign, the game live), Red's token is refused as
// resigned, the computer plays Red's seat, and the game goes on until
// the third resignation, which ends it: Blue wins. The record tells the
// resignations and still replays.
func TestAPIResignGoesOn(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond, StandIn: "easy"})
	id, tokens := seatedGame(t, s, nil, 4)
	w := s.dial(t, id)
	w.readType("state")
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[0], nil, &resp)
	if v := resp.Game; v.Status != "live" || v.Seats[0].Resigned != 1 || v.Seats[0].Kind != "easy" || v.Result != nil {
		t.Fatalf("after Red resigned: status %q, Red %+v, result %+v", v.Status, v.Seats[0], v.Result)
	}
	m := w.readType("state")
	if m.Event == nil || m.Event.Kind != "resign" || m.Event.Seat != 0 || m.Game.Status != "live" {
		t.Errorf("watchers got event %+v, status %q; want Red's resign, the game live", m.Event, m.Game.Status)
	}
	for _, path := range []string{"/throw", "/resign", "/abort"} {
		if status, b := s.do(t, "POST", "/api/games/"+id+path, tokens[0], nil); status != http.StatusConflict || !strings.Contains(string(b), `"code":"resigned"`) {
			t.Errorf("%s by Red's token after resigning: %d %s, want 409 resigned", path, status, b)
		}
	}
	// Red's token still holds the seat: its page watches as Red.
	var seen struct {
		Seats []int `json:"seats"`
	}
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id, tokens[0], nil, &seen)
	if !slices.Equal(seen.Seats, []int{0}) {
		t.Errorf("the game for Red's token: seats %v, want [0]", seen.Seats)
	}
	s.waitFor(t, id, "the computer to play Red's seat", func(v gameView) bool {
		return v.Last != nil && v.Last.Seat == 0 && v.Last.By == "easy"
	})
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[1], nil, &resp)
	if resp.Game.Status != "live" || resp.Game.Seats[1].Resigned == 0 {
		t.Fatalf("after Yellow resigned too: %q, Yellow %+v", resp.Game.Status, resp.Game.Seats[1])
	}
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[2], nil, &resp)
	r := resp.Game.Result
	if resp.Game.Status != "over" || r == nil || r.How != "resign" || r.Seat != 2 || r.Winner != 3 || !slices.Equal(r.Payoffs, []float64{0, 0, 0, 1}) {
		t.Fatalf("after Green resigned: status %q result %+v, want Blue to win", resp.Game.Status, r)
	}
	if !strings.Contains(r.Text, "Red resigned on throw 1; Yellow resigned on throw ") {
		t.Errorf("result text %q does not tell the earlier resignations", r.Text)
	}
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rec)
	if rec.Seats[0].Resigned != 1 || rec.Seats[1].Resigned == 0 || rec.Seats[2].Resigned != 0 || rec.Result == nil || rec.Result.Text != r.Text {
		t.Errorf("record: seats %+v result %+v", rec.Seats, rec.Result)
	}
	var ver verifyView
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/verify", "", nil, &ver)
	if !ver.OK || ver.Throws != resp.Game.Turns {
		t.Errorf("verify: %+v, want every one of %d throws the seed's", ver, resp.Game.Turns)
	}
}

// TestAPIResignPlayedOut: in a three-person game Red resigns at once;
// the computer plays Red's seat to the end while Yellow and Green play
// theirs, and Red's payoff is 0.
func TestAPIResignPlayedOut(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond, StandIn: "easy"})
	id, tokens := seatedGame(t, s, map[string]string{"players": "3"}, 3)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[0], nil, nil)
	deadline := time.Now().Add(3 * time.Minute)
	v := s.game(t, id)
	for v.Status == "live" {
		if time.Now().After(deadline) {
			t.Fatalf("no end: %+v", stateOf(v))
		}
		if v.ToMove == 0 {
			time.Sleep(2 * time.Millisecond) // the computer plays Red
		} else {
			s.playTurnsOf(t, id, v.ToMove, tokens[v.ToMove])
		}
		v = s.game(t, id)
	}
	r := v.Result
	if v.Status != "over" || r == nil || r.How != "finish" || r.Payoffs[0] != 0 || r.Payoffs[1]+r.Payoffs[2] != 1 {
		t.Fatalf("the end: status %q result %+v, want Red's payoff 0", v.Status, r)
	}
	if !strings.HasSuffix(r.Text, "; Red resigned on throw 1") {
		t.Errorf("result text %q", r.Text)
	}
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rec)
	red := 0
	for _, tn := range rec.Turns {
		if tn.Seat == 0 {
			red++
			if tn.By != "easy" {
				t.Fatalf("Red's turn %d chosen by %q, want the computer", tn.N, tn.By)
			}
		}
	}
	if red == 0 {
		t.Error("the computer played no turn of Red's")
	}
}

// TestRematchOfResigned: in the rematch of a game in which Red resigned,
// Red's seat (moved on by one) is a person's again, not the computer
// that played it after the resignation.
func TestRematchOfResigned(t *testing.T) {
	st := started(machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), store.Seat{Kind: "easy"}))
	st = mustApply(t, st, command{kind: cmdResign, token: "a", by: "easy", now: machineT0}).next
	st.g.Status = store.StatusOver
	g := rematchGame(st.g, 0, []int{1}, "b", machineT0)
	if got := g.Seats[rematchSeat(0, 3)]; got.Kind != store.Human || !got.Open() {
		t.Errorf("Red's seat in the rematch: %+v, want an open person's seat", got)
	}
	if got := g.Seats[rematchSeat(2, 3)]; got.Kind != "easy" {
		t.Errorf("the computer's seat in the rematch: %+v", got)
	}
}
