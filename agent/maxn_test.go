package agent

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"passage/game"
	"passage/ludo"
)

// referenceN is plain max-n expectimax without table: every seat's
// value of chance node p, depth throws deep, the mover taking the first
// move best for itself.
func referenceN[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], p P, depth int) game.Payoffs {
	if depth == 0 || g.Over(p) {
		return value(g, eval, p)
	}
	var sum game.Payoffs
	for _, o := range g.Outcomes(p) {
		v := referenceDecisionN(g, eval, p, o.Roll, depth)
		for s := range sum {
			sum[s] += o.Prob() * v[s]
		}
	}
	return sum
}

func referenceDecisionN[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], p P, roll, depth int) game.Payoffs {
	mover := g.ToMove(p)
	var best game.Payoffs
	bestV := math.Inf(-1)
	for _, m := range g.Moves(p, roll, nil) {
		if v := referenceN(g, eval, g.Apply(p, roll, m), depth-1); v[mover] > bestV {
			best, bestV = v, v[mover]
		}
	}
	return best
}

// TestMaxNMatchesReference: on four-player Ludo the search's value is
// the plain max-n value at depths 1-3, for Search and for Value.
func TestMaxNMatchesReference(t *testing.T) {
	g := ludo.MustNew("kinevet", nil)
	for depth := 1; depth <= 3; depth++ {
		a := NewExpectimax(g, g, ExpectimaxConfig{Depth: depth, MaxN: true})
		for i, p := range randomPositions(g, 25, uint64(depth)) {
			for _, o := range g.Outcomes(p) {
				_, got := a.Search(p, o.Roll)
				want := referenceDecisionN(g, g, p, o.Roll, depth)[g.ToMove(p)]
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("depth %d position %d %s roll %d: search value %v, reference %v",
						depth, i, g.FormatPosition(p), o.Roll, got, want)
				}
			}
			for seat := range game.Player(g.Players()) {
				got, want := a.Value(p, seat), referenceN(g, g, p, depth)[seat]
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("depth %d position %d %s: Value for seat %d %v, reference %v",
						depth, i, g.FormatPosition(p), seat, got, want)
				}
			}
		}
	}
}

// TestMaxNTwoSeats: with two seats max-n and the two-sided search are
// the same tree (payoffs sum to 1, so the opponent's best is the
// searching seat's worst); MaxN changes nothing there, and the search
// still matches the two-sided reference.
func TestMaxNTwoSeats(t *testing.T) {
	g := ludo.MustNew("kinevet", map[string]string{"players": "2"})
	a := NewExpectimax(g, g, ExpectimaxConfig{Depth: 3, MaxN: true})
	if a.maxn {
		t.Fatal("two seats searched max-n")
	}
	for i, p := range randomPositions(g, 30, 5) {
		for _, o := range g.Outcomes(p) {
			_, v := a.Search(p, o.Roll)
			want := referenceDecision(g, g, p, o.Roll, 3, g.ToMove(p))
			wantN := referenceDecisionN(g, g, p, o.Roll, 3)[g.ToMove(p)]
			if math.Abs(v-want) > 1e-9 || math.Abs(want-wantN) > 1e-9 {
				t.Fatalf("position %d %s roll %d: search %v, two-sided reference %v, max-n reference %v",
					i, g.FormatPosition(p), o.Roll, v, want, wantN)
			}
		}
	}
}

// tree is a hand-built three-seat game: each position names its seat to
// move, its throws and, per throw, its moves (the next positions); a
// finished position has payoffs.
type tree struct{ nodes map[int]treeNode }

type treeNode struct {
	seat  game.Player
	rolls map[int][]int // throw -> next positions
	outs  []game.Outcome
	pay   game.Payoffs // for a finished position
}

func (t tree) ID() string                          { return "tree" }
func (t tree) Players() int                        { return 3 }
func (t tree) Start() int                          { return 0 }
func (t tree) Over(p int) bool                     { return t.nodes[p].rolls == nil }
func (t tree) Outcomes(p int) []game.Outcome       { return t.nodes[p].outs }
func (t tree) Apply(p, roll, m int) int            { return m }
func (t tree) Payoffs(p int) game.Payoffs          { return t.nodes[p].pay }
func (t tree) Evaluate(p int) game.Payoffs         { return t.nodes[p].pay }
func (t tree) FormatPosition(p int) string         { return strconv.Itoa(p) }
func (t tree) FormatMove(m int) string             { return strconv.Itoa(m) }
func (t tree) ParsePosition(s string) (int, error) { return strconv.Atoi(s) }
func (t tree) ParseMove(s string) (int, error)     { return strconv.Atoi(s) }
func (t tree) Moves(p, roll int, buf []int) []int  { return append(buf, t.nodes[p].rolls[roll]...) }
func (t tree) ToMove(p int) game.Player {
	if t.Over(p) {
		return game.NoPlayer
	}
	return t.nodes[p].seat
}

// TestMaxNHandBuilt: seat 0 throws 1 and chooses between positions 1
// and 2, where seat 1 throws.
//
//	Position 1, throw 1 (1/2): seat 1 picks 10 (0.5, 0.4, 0.1) or 11 (0.1, 0.3, 0.6);
//	            throw 2 (1/2): one move, to 12 (0.2, 0.2, 0.6).
//	Position 2, throw 1 (1/1): seat 1 picks 20 (0.3, 0.4, 0.3) or 21 (0.35, 0.3, 0.35).
//
// Max-n: seat 1 takes 10 (0.4 > 0.3), so position 1 is worth
// (0.5+0.2)/2 = 0.35 to seat 0, and 20 (0.4), worth 0.3: seat 0 plays 1.
// Paranoid: seat 1 takes 11 (0.1 < 0.5) and 20 (0.3 < 0.35), so position
// 1 is worth (0.1+0.2)/2 = 0.15 and 2 0.3: seat 0 plays 2.
func TestMaxNHandBuilt(t *testing.T) {
	half := []game.Outcome{{Roll: 1, Num: 1, Den: 2}, {Roll: 2, Num: 1, Den: 2}}
	one := []game.Outcome{{Roll: 1, Num: 1, Den: 1}}
	g := tree{map[int]treeNode{
		0:  {seat: 0, outs: one, rolls: map[int][]int{1: {1, 2}}},
		1:  {seat: 1, outs: half, rolls: map[int][]int{1: {10, 11}, 2: {12}}},
		2:  {seat: 1, outs: one, rolls: map[int][]int{1: {20, 21}}},
		10: {pay: game.Payoffs{0.5, 0.4, 0.1}},
		11: {pay: game.Payoffs{0.1, 0.3, 0.6}},
		12: {pay: game.Payoffs{0.2, 0.2, 0.6}},
		20: {pay: game.Payoffs{0.3, 0.4, 0.3}},
		21: {pay: game.Payoffs{0.35, 0.3, 0.35}},
	}}
	for _, tt := range []struct {
		maxn  bool
		move  int
		value float64
	}{{true, 1, 0.35}, {false, 2, 0.3}} {
		for depth := 2; depth <= 4; depth++ {
			name := fmt.Sprintf("maxn=%v depth=%d", tt.maxn, depth)
			a := NewExpectimax[int, int](g, g, ExpectimaxConfig{Depth: depth, MaxN: tt.maxn})
			m, v := a.Search(0, 1)
			if m != tt.move || math.Abs(v-tt.value) > 1e-12 {
				t.Errorf("%s: move %d with value %v, want %d with %v", name, m, v, tt.move, tt.value)
			}
			if got := a.Value(1, 2); tt.maxn && math.Abs(got-(0.1+0.6)/2) > 1e-12 {
				t.Errorf("%s: position 1 worth %v to seat 2, want 0.35", name, got)
			}
		}
	}
}

func TestMaxNSuffixNames(t *testing.T) {
	for _, ok := range []string{"hard-maxn", "expert-maxn", "expectimax-3-maxn", "hard-maxn-linear", "expectimax-2-maxn-linear"} {
		r, err := parse(ok)
		if err != nil || !r.maxn || r.algorithm != playExpectimax {
			t.Errorf("%s: %+v, %v", ok, r, err)
		}
		if cfg, _ := SearchConfig(ok); !cfg.MaxN {
			t.Errorf("%s: SearchConfig without MaxN", ok)
		}
	}
	if r, _ := parse("hard"); r.maxn {
		t.Error("hard searches max-n")
	}
	for _, bad := range []string{"greedy-maxn", "mcts-maxn", "mcts-50-maxn", "hard-linear-maxn", "hard-maxn-maxn", "-maxn", "maxn", "expectimax-9-maxn"} {
		if err := Check(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestMaxNLevelSearchesMaxN: expectimax-2-maxn plays the move of a
// two-throw max-n search on four-player Ludo, and that search differs
// from the paranoid one somewhere.
func TestMaxNLevelSearchesMaxN(t *testing.T) {
	g := ludo.MustNew("kinevet", nil)
	a, err := New[ludo.Position, ludo.Move](g, g, "expectimax-2-maxn", 1)
	if err != nil {
		t.Fatal(err)
	}
	maxn := NewExpectimax(g, g, ExpectimaxConfig{Depth: 2, MaxN: true})
	paranoid := NewExpectimax(g, g, ExpectimaxConfig{Depth: 2})
	differ := 0
	for _, p := range randomPositions(g, 200, 3) {
		for _, o := range g.Outcomes(p) {
			got, want := a.Choose(p, o.Roll), maxn.Choose(p, o.Roll)
			if got != want {
				t.Fatalf("%s roll %d: expectimax-2-maxn plays %s, max-n search %s", g.FormatPosition(p), o.Roll, got, want)
			}
			if paranoid.Choose(p, o.Roll) != want {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("max-n and paranoid never chose differently")
	}
}

// TestMaxNDoesNotAllocate: once its buffers have grown, a max-n search
// allocates nothing, as the two-sided search does not.
func TestMaxNDoesNotAllocate(t *testing.T) {
	g := ludo.MustNew("kinevet", nil)
	for _, maxn := range []bool{false, true} {
		a := NewExpectimax(g, g, ExpectimaxConfig{Depth: 4, Nodes: 20_000, MaxN: maxn})
		positions := randomPositions(g, 20, 4)
		search := func() {
			for _, p := range positions {
				a.Search(p, 6)
			}
		}
		search()
		if n := testing.AllocsPerRun(5, search); n != 0 {
			t.Errorf("maxn=%v: %v allocations per run of %d searches", maxn, n, len(positions))
		}
	}
}
