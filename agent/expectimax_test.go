package agent

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// reference is plain expectimax without pruning, ordering or table: the
// value of chance node p for seat root, depth throws deep.
func reference[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], p P, depth int, root game.Player) float64 {
	if depth == 0 || g.Over(p) {
		return value(g, eval, p)[root]
	}
	sum := 0.0
	for _, o := range g.Outcomes(p) {
		sum += o.Prob() * referenceDecision(g, eval, p, o.Roll, depth, root)
	}
	return sum
}

func referenceDecision[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], p P, roll, depth int, root game.Player) float64 {
	maximize := g.ToMove(p) == root
	best := math.Inf(1)
	if maximize {
		best = math.Inf(-1)
	}
	for _, m := range g.Moves(p, roll, nil) {
		v := reference(g, eval, g.Apply(p, roll, m), depth-1, root)
		if maximize {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// randomPositions plays random games and collects positions along them.
func randomPositions[P comparable, M comparable](g game.Game[P, M], n int, seed uint64) []P {
	rng := rand.New(rand.NewPCG(seed, 2))
	var out []P
	p := g.Start()
	for len(out) < n {
		if g.Over(p) {
			p = g.Start()
		}
		if rng.IntN(7) == 0 {
			out = append(out, p)
		}
		roll := game.Sample(g.Outcomes(p), rng)
		moves := g.Moves(p, roll, nil)
		p = g.Apply(p, roll, moves[rng.IntN(len(moves))])
	}
	return out
}

func TestExpectimaxMatchesReference(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	for depth := 1; depth <= 3; depth++ {
		a := NewExpectimax(g, g, ExpectimaxConfig{Depth: depth})
		for i, p := range randomPositions(g, 40, uint64(depth)) {
			for _, o := range g.Outcomes(p) {
				_, got := a.Search(p, o.Roll)
				want := referenceDecision(g, g, p, o.Roll, depth, g.ToMove(p))
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("depth %d position %d %s roll %d: search value %v, reference %v",
						depth, i, g.FormatPosition(p), o.Roll, got, want)
				}
			}
		}
	}
}

// TestExpectimaxHandChecked: positions whose values are known without
// any evaluation. White's last piece on 29 bears off with a 1 (J13) and
// wins: value 1 at depth 1. Black to move while White's last piece waits
// on 30: whatever Black does, White's next throw bears it off (J13), so
// at depth 2 Black's value is exactly 0.
func TestExpectimaxHandChecked(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	tests := []struct {
		pos   string
		roll  int
		depth int
		move  string
		value float64
	}{
		{"bbbbb.......................w. w off=wwww", 1, 1, "29-off", 1},
		{".bbbbb.......................w b off=wwww", 2, 2, "", 0},
		{".bbbbb.......................w b off=wwww", 2, 3, "", 0},
	}
	for _, tt := range tests {
		p, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		a := NewExpectimax(g, g, ExpectimaxConfig{Depth: tt.depth})
		m, v := a.Search(p, tt.roll)
		if v != tt.value || (tt.move != "" && m.String() != tt.move) {
			t.Errorf("%s roll %d depth %d: %s with value %v, want %q with %v", tt.pos, tt.roll, tt.depth, m, v, tt.move, tt.value)
		}
	}
}

// TestExpectimaxChoose: Choose returns the move Search finds, and a
// forced move (a pass included) without searching at all.
func TestExpectimaxChoose(t *testing.T) {
	g := senet.MustNew("senet-szenet", nil)
	a := NewExpectimax(g, SearchEval[senet.Position](g), ExpectimaxConfig{Depth: 3, Nodes: 5000})
	forced, choices := 0, 0
	for i, p := range randomPositions(g, 150, 9) {
		for _, o := range g.Outcomes(p) {
			got := a.Choose(p, o.Roll)
			nodes := a.Nodes()
			want, _ := a.Search(p, o.Roll)
			if got != want {
				t.Fatalf("position %d %s roll %d: Choose %s, Search %s", i, g.FormatPosition(p), o.Roll, got, want)
			}
			if len(g.Moves(p, o.Roll, nil)) == 1 {
				forced++
				if nodes != 0 {
					t.Fatalf("position %d %s roll %d: forced move searched %d positions", i, g.FormatPosition(p), o.Roll, nodes)
				}
			} else {
				choices++
			}
		}
	}
	if forced == 0 || choices == 0 {
		t.Fatalf("%d forced moves and %d choices: the test saw too little", forced, choices)
	}
}

// notationOnly is a game whose positions (ints) have no key of their
// own; only FormatPosition is implemented.
type notationOnly struct{ game.Game[int, int] }

func (notationOnly) FormatPosition(p int) string { return fmt.Sprintf("pos %d", p) }

// TestPositionKeyFallback: positions without a Key of their own are
// indexed by a hash of their notation, the same in every run.
func TestPositionKeyFallback(t *testing.T) {
	key := positionKey[int, int](notationOnly{})
	h := fnv.New64a()
	h.Write([]byte("pos 7"))
	if got, want := key(7), h.Sum64(); got != want {
		t.Errorf("key(7) = %#x, want the FNV-1a hash of its notation %#x", got, want)
	}
	if key(7) == key(8) {
		t.Errorf("positions 7 and 8 share a key")
	}
}

// TestPositionKeyIsTheKeyMethod: positions with a Key of their own are
// indexed by it, without boxing them (TestMaxNDoesNotAllocate).
func TestPositionKeyIsTheKeyMethod(t *testing.T) {
	g := ludo.MustNew("kinevet", nil)
	key := positionKey[ludo.Position, ludo.Move](g)
	for _, p := range randomPositions(g, 50, 8) {
		if got, want := key(p), p.Key(); got != want {
			t.Fatalf("%s: key %#x, Key() %#x", g.FormatPosition(p), got, want)
		}
	}
}
