package agent

import (
	"math"
	"math/rand/v2"
	"testing"

	"passage/game"
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
