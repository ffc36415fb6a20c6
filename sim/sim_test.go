package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync/atomic"
	"testing"

	"passage/agent"
	"passage/game"
)

func TestWilsonKnownValues(t *testing.T) {
	// Reference values from the Wilson score formula as tabulated by
	// Newcombe (1998), Table I, and R's prop.test(correct = FALSE).
	tests := []struct {
		k         float64
		n         int
		low, high float64
	}{
		{8, 10, 0.4902, 0.9433},
		{0, 10, 0, 0.2775},
		{50, 100, 0.4038, 0.5962},
		{81, 263, 0.2553, 0.3662},
	}
	for _, tt := range tests {
		got := Wilson(tt.k, tt.n)
		if math.Abs(got.Low-tt.low) > 1e-4 || math.Abs(got.High-tt.high) > 1e-4 {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, got.Low, got.High, tt.low, tt.high)
		}
		if got.Rate != tt.k/float64(tt.n) {
			t.Errorf("Wilson(%v, %d).Rate = %v", tt.k, tt.n, got.Rate)
		}
	}
}

func TestSummarize(t *testing.T) {
	got := Summarize([]float64{4, 1, 3, 2})
	// 3.7 exactly as written (the interpolation gives 3.7000000000000006,
	// which a report would print as such).
	want := Dist{Mean: 2.5, SD: 1.290994449, Median: 2.5, P90: 3.7, Max: 4} // SD: sqrt(5/3)
	if got != want {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
	if got := Summarize(nil); got != (Dist{}) {
		t.Errorf("Summarize(nil) = %+v", got)
	}
}

// race is a tiny two-seat game for checking the bookkeeping: the seats
// throw alternately, a throw of 2 gives the thrower another throw, and
// the game ends after four throws with seat 0 the winner. A position is
// (throws so far, side to throw).
type race struct{}

type racePos struct{ throws, turn int8 }

func (race) ID() string              { return "race" }
func (race) Players() int            { return 2 }
func (race) Start() racePos          { return racePos{} }
func (race) Over(p racePos) bool     { return p.throws >= 4 }
func (race) FormatMove(m int) string { return strconv.Itoa(m) }
func (r race) ToMove(p racePos) game.Player {
	if r.Over(p) {
		return game.NoPlayer
	}
	return game.Player(p.turn)
}
func (race) Outcomes(racePos) []game.Outcome {
	return []game.Outcome{{Roll: 1, Num: 1, Den: 2}, {Roll: 2, Num: 1, Den: 2}}
}
func (race) Moves(p racePos, roll int, buf []int) []int { return append(buf, 0) }
func (race) Apply(p racePos, roll int, m int) racePos {
	p.throws++
	if roll == 1 {
		p.turn ^= 1
	}
	if p.throws >= 4 {
		p.turn = -1
	}
	return p
}
func (race) Payoffs(racePos) game.Payoffs            { return game.Payoffs{1, 0} }
func (race) ParsePosition(s string) (racePos, error) { return racePos{}, fmt.Errorf("no") }
func (race) FormatPosition(p racePos) string         { return fmt.Sprint(p) }
func (race) ParseMove(s string) (int, error)         { return strconv.Atoi(s) }
func (race) Evaluate(racePos) game.Payoffs           { return game.Payoffs{0.5, 0.5} }

// TestRunBookkeeping checks the statistics on a game whose outcome is
// known: seat 0 always wins, so with the players swapping seats each
// wins exactly half the games and the first seat all of them.
func TestRunBookkeeping(t *testing.T) {
	g := race{}
	factory := func(name string, seed uint64) (agent.Agent[racePos, int], error) {
		return agent.New[racePos, int](g, g, name, seed)
	}
	rep, err := Run[racePos, int](context.Background(), g, factory, Config{Seats: []string{"random", "greedy"}, Games: 10, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Players[0].Wins != 5 || rep.Players[1].Wins != 5 {
		t.Errorf("wins %v and %v, want 5 and 5", rep.Players[0].Wins, rep.Players[1].Wins)
	}
	if rep.FirstSeat.Rate != 1 {
		t.Errorf("first seat rate %v, want 1", rep.FirstSeat.Rate)
	}
	if rep.Moves.Mean != 4 || rep.Moves.Max != 4 || len(rep.Lengths) != 10 {
		t.Errorf("moves %+v (%d lengths), want 4 each", rep.Moves, len(rep.Lengths))
	}
	if rep.Turns.Max > 4 || rep.Turns.Mean < 1 {
		t.Errorf("turns %+v out of range", rep.Turns)
	}
	if d := rep.Players[0].Decisions + rep.Players[1].Decisions; d != 40 {
		t.Errorf("decisions %d, want 40", d)
	}
	again, err := Run[racePos, int](context.Background(), g, factory, Config{Seats: []string{"random", "greedy"}, Games: 10, Seed: 3, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if again.Turns != rep.Turns {
		t.Errorf("the same seed gave turns %+v, then %+v", rep.Turns, again.Turns)
	}
}

func TestRunErrors(t *testing.T) {
	g := race{}
	factory := func(name string, seed uint64) (agent.Agent[racePos, int], error) {
		return agent.New[racePos, int](g, g, name, seed)
	}
	if _, err := Run[racePos, int](context.Background(), g, factory, Config{Seats: []string{"random"}}); err == nil {
		t.Error("one seat for a two-seat game: no error")
	}
	if _, err := Run[racePos, int](context.Background(), g, factory, Config{Seats: []string{"random", "wizard"}}); err == nil {
		t.Error("unknown player: no error")
	}
}

// cancelAfter is a player that cancels the run's context at its calls-th
// decision over the whole run.
type cancelAfter struct {
	calls  *atomic.Int64
	at     int64
	cancel context.CancelFunc
}

func (c cancelAfter) Choose(p racePos, roll int) int {
	if c.calls.Add(1) == c.at {
		c.cancel()
	}
	return 0
}

// TestRunInterrupted: a run cancelled in the middle of game 3 (each game
// of race has four decisions) reports games 0-2 and the context's error.
func TestRunInterrupted(t *testing.T) {
	g := race{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	factory := func(name string, seed uint64) (agent.Agent[racePos, int], error) {
		return cancelAfter{calls: &calls, at: 3*4 + 2, cancel: cancel}, nil
	}
	rep, err := Run[racePos, int](ctx, g, factory, Config{Seats: []string{"a", "b"}, Games: 10, Seed: 3, Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if !rep.Interrupted || rep.Games != 3 || len(rep.Lengths) != 3 {
		t.Fatalf("interrupted %v, %d games, %d lengths; want true, 3, 3", rep.Interrupted, rep.Games, len(rep.Lengths))
	}
	if w := rep.Players[0].Wins + rep.Players[1].Wins; w != 3 {
		t.Errorf("%v wins in all, want 3", w)
	}

	// Cancelled before any game ends: nothing to report.
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := Run[racePos, int](ctx2, g, factory, Config{Seats: []string{"a", "b"}, Games: 10, Workers: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled at once: error %v, want context.Canceled", err)
	}
}

// TestRunMaxThrows: a game longer than Config.MaxThrows throws is an
// error (race takes four throws).
func TestRunMaxThrows(t *testing.T) {
	g := race{}
	factory := func(name string, seed uint64) (agent.Agent[racePos, int], error) {
		return agent.New[racePos, int](g, g, name, seed)
	}
	cfg := Config{Seats: []string{"random", "random"}, Games: 3, MaxThrows: 3}
	if _, err := Run[racePos, int](context.Background(), g, factory, cfg); !errors.Is(err, ErrTooLong) {
		t.Errorf("MaxThrows 3: error %v, want ErrTooLong", err)
	}
	cfg.MaxThrows = 4
	if _, err := Run[racePos, int](context.Background(), g, factory, cfg); err != nil {
		t.Errorf("MaxThrows 4: %v", err)
	}
}
