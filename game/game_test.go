package game_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"passage/game"
	"passage/senet"
)

func TestSampleFollowsProbabilities(t *testing.T) {
	outs := []game.Outcome{{Roll: 1, Num: 1, Den: 4}, {Roll: 2, Num: 3, Den: 4}}
	rng := rand.New(rand.NewPCG(7, 7))
	count := map[int]int{}
	const n = 40000
	for range n {
		count[game.Sample(outs, rng)]++
	}
	// 1/4 of 40,000 is 10,000 with a standard deviation near 87: a
	// window of six deviations fails only on a broken sampler.
	if got := count[1]; got < 9480 || got > 10520 {
		t.Errorf("roll 1 drawn %d times in %d, want about %d", got, n, n/4)
	}
	if count[1]+count[2] != n {
		t.Errorf("rolls outside the outcomes: %v", count)
	}
}

func TestPossible(t *testing.T) {
	outs := []game.Outcome{{Roll: 1, Num: 1, Den: 2}, {Roll: 6, Num: 1, Den: 2}}
	for roll, want := range map[int]bool{1: true, 6: true, 5: false, 0: false} {
		if got := game.Possible(outs, roll); got != want {
			t.Errorf("Possible(%d) = %v, want %v", roll, got, want)
		}
	}
}

func TestMatchRejectsAndKeepsState(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	m := game.NewMatch(g, g.Start())
	start := m.Position()
	mv := func(s string) senet.Move {
		t.Helper()
		x, err := senet.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name   string
		player game.Player
		roll   int
		move   senet.Move
		want   error
	}{
		{"wrong seat", senet.White, 2, mv("11-13"), game.ErrNotYourTurn},
		{"impossible throw", senet.Black, 5, mv("11-16"), game.ErrBadRoll},
		{"illegal move", senet.Black, 2, mv("11-14"), game.ErrIllegalMove},
		{"not a legal pass", senet.Black, 2, senet.Pass, game.ErrIllegalMove},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := m.Play(tt.player, tt.roll, tt.move)
			if !errors.Is(err, tt.want) {
				t.Errorf("Play = %v, want %v", err, tt.want)
			}
			if m.Position() != start || len(m.History()) != 0 {
				t.Errorf("a rejected move changed the match")
			}
		})
	}
	if err := m.Play(senet.Black, 2, mv("11-13")); err != nil {
		t.Fatalf("legal move: %v", err)
	}
	want := []game.Step[senet.Move]{{Player: senet.Black, Roll: 2, Move: mv("11-13")}}
	if got := m.History(); !slices.Equal(got, want) {
		t.Errorf("History = %v, want %v", got, want)
	}
	if got := g.FormatPosition(m.Position()); got != "wbwbwbwbw...b................. w opening=w" {
		t.Errorf("position after 11-13 = %q", got)
	}
	if _, err := m.Legal(7); !errors.Is(err, game.ErrBadRoll) {
		t.Errorf("Legal(7) = %v, want ErrBadRoll", err)
	}
}

func TestMatchGameOver(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	over, err := g.ParsePosition(".....b.b.b.b.b................ - off=wwwww winner=w")
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(g, over)
	if err := m.Play(senet.Black, 1, senet.Pass); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Play after the end = %v, want ErrGameOver", err)
	}
	if _, err := m.Legal(1); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Legal after the end = %v, want ErrGameOver", err)
	}
	if !m.Over() || m.ToMove() != game.NoPlayer {
		t.Errorf("Over = %v, ToMove = %d", m.Over(), m.ToMove())
	}
}

func TestSpecOptions(t *testing.T) {
	spec := game.Spec{Name: "x", Options: []game.Option{
		{Key: "water", Values: []string{"1", "15"}, Default: "1"},
		{Key: "overshoot", Values: []string{"bounce", "block"}, Default: "bounce"},
	}}
	opts, err := spec.ParseOptions([]string{"water=15"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := spec.CanonicalID(opts), "x water=15"; got != want {
		t.Errorf("CanonicalID = %q, want %q", got, want)
	}
	opts["overshoot"] = "block"
	if got, want := spec.CanonicalID(opts), "x overshoot=block water=15"; got != want {
		t.Errorf("CanonicalID = %q, want %q", got, want)
	}
	for _, bad := range [][]string{{"water"}, {"depth=2"}, {"water=2"}, {"water=1", "water=15"}} {
		if _, err := spec.ParseOptions(bad); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("ParseOptions(%q) = %v, want ErrBadOption", bad, err)
		}
	}
	if got := len(spec.Combinations()); got != 4 {
		t.Errorf("Combinations: %d, want 4", got)
	}
}

func TestTextRulesErrors(t *testing.T) {
	r := game.Text(senet.MustNew("senet-jequier", nil))
	start := r.Start()
	if _, err := r.Moves(start, 5); !errors.Is(err, game.ErrBadRoll) {
		t.Errorf("Moves roll 5 = %v, want ErrBadRoll", err)
	}
	if _, err := r.Moves("w", 1); !errors.Is(err, game.ErrBadPosition) {
		t.Errorf("Moves on a bad position = %v, want ErrBadPosition", err)
	}
	if _, err := r.Play(start, 2, "11-14"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("Play illegal = %v, want ErrIllegalMove", err)
	}
	if _, err := r.Play(start, 2, "eleven"); !errors.Is(err, game.ErrBadMove) {
		t.Errorf("Play malformed = %v, want ErrBadMove", err)
	}
	got, err := r.Play(start, 2, "11-13")
	if err != nil || got != "wbwbwbwbw...b................. w opening=w" {
		t.Errorf("Play 11-13 = %q, %v", got, err)
	}
}

// TestSamplerMatchesOutcomes: the table holds each throw Num times, so
// every throw is drawn with its exact probability.
func TestSamplerMatchesOutcomes(t *testing.T) {
	outs := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16}, {Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 6, Num: 1, Den: 16}}
	s := game.NewSampler(outs)
	rng := rand.New(rand.NewPCG(1, 2))
	count := map[int]int{}
	const n = 160000
	for range n {
		count[s.Sample(rng)]++
	}
	for _, o := range outs {
		want := n * o.Num / o.Den
		// Six standard deviations of a binomial count.
		if d := count[o.Roll] - want; d*d > 36*want {
			t.Errorf("throw %d drawn %d times, want about %d", o.Roll, count[o.Roll], want)
		}
	}
}

// TestOptionErrors: a bad option is an *OptionError, whose data (the
// kind, the option, the value and what was allowed) a page words in its
// reader's language, and whose message is the API's English one.
func TestOptionErrors(t *testing.T) {
	spec := game.Spec{Name: "x", Options: []game.Option{
		{Key: "water", Values: []string{"1", "15"}, Default: "1"},
		{Key: "overshoot", Values: []string{"bounce", "block"}, Default: "bounce"},
	}}
	for _, tt := range []struct {
		kv   []string
		want game.OptionError
		msg  string
	}{
		{[]string{"water"}, game.OptionError{Kind: game.OptionSyntax, Ruleset: "x", Key: "water"}, `invalid option: "water" is not KEY=VALUE`},
		{[]string{"depth=2"}, game.OptionError{Kind: game.OptionUnknown, Ruleset: "x", Key: "depth", Value: "2", Allowed: []string{"water", "overshoot"}}, `invalid option: x has no option "depth" (options: water, overshoot)`},
		{[]string{"water=1", "water=15"}, game.OptionError{Kind: game.OptionTwice, Ruleset: "x", Key: "water", Value: "15"}, "invalid option: option water given twice"},
		{[]string{"water=16"}, game.OptionError{Kind: game.OptionValue, Ruleset: "x", Key: "water", Value: "16", Allowed: []string{"1", "15"}}, "invalid option: water=16: want one of 1, 15"},
	} {
		_, err := spec.ParseOptions(tt.kv)
		var oe *game.OptionError
		if !errors.As(err, &oe) || !errors.Is(err, game.ErrBadOption) {
			t.Errorf("ParseOptions(%q) = %v, want an OptionError wrapping ErrBadOption", tt.kv, err)
			continue
		}
		if !reflect.DeepEqual(*oe, tt.want) {
			t.Errorf("ParseOptions(%q) = %+v, want %+v", tt.kv, *oe, tt.want)
		}
		if err.Error() != tt.msg {
			t.Errorf("ParseOptions(%q): %q, want %q", tt.kv, err.Error(), tt.msg)
		}
	}
	none := game.Spec{Name: "y"}
	if _, err := none.ParseOptions([]string{"a=b"}); err == nil || err.Error() != `invalid option: y has no option "a" (options: none)` {
		t.Errorf("no options: %v", err)
	}
}
