package endgame

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/nneval"
	"passage/senet"
)

// BenchmarkJequierPerfectLength measures how long Jéquier's endgames
// last when both sides play perfectly, against the computer players:
// from the first position of the K=3 class that each of 300 self-play
// games of expectimax-2 (the embedded network) reaches, every pair of
// players below plays to the end with the same throws. It reports the
// moves to the end and the drownings (J11) per game, and how many of the
// network's chosen drownings inside the class (another move was legal)
// are better than every move that drowns nothing (docs/strength.md,
// "Jéquier: perfect endgames are long"). Skipped without PASSAGE_PERFECT_LENGTH set:
// the K=3 solve alone takes about 110 CPU-seconds.
func BenchmarkJequierPerfectLength(b *testing.B) {
	if os.Getenv("PASSAGE_PERFECT_LENGTH") == "" {
		b.Skip("set PASSAGE_PERFECT_LENGTH=1 to measure (about 2 CPU-minutes)")
	}
	g := senet.MustNew("senet-jequier", nil)
	tab := mustSolve(b, mustClass(b, "senet-jequier", nil, 3))
	const drowning = 1 << 3 // g.EffectNames()[3]
	if g.EffectNames()[3] != "drowning (27)" {
		b.Fatalf("effect 3 is %q, not the drowning", g.EffectNames()[3])
	}
	type chooser func(p senet.Position, roll int) senet.Move
	level := func(name string, seed uint64) chooser {
		a, err := agent.NewLearned(g, g, nneval.ForSenet(g), name, seed)
		if err != nil {
			b.Fatal(err)
		}
		return a.Choose
	}
	// perfect plays a move of the best exact value (tol 0: the first
	// one, as the table's player does); with tol > 0, of the moves within
	// tol of the best, the best of those that drown no piece, if any.
	perfect := func(tol float64) chooser {
		return func(p senet.Position, roll int) senet.Move {
			ms := g.Moves(p, roll, nil)
			vals := make([]float64, len(ms))
			best := -1.0
			for i, m := range ms {
				e, ok := tab.Exact(g.Apply(p, roll, m))
				if !ok {
					b.Fatalf("%s: a move leaves the class", g.FormatPosition(p))
				}
				vals[i] = e[g.ToMove(p)]
				best = max(best, vals[i])
			}
			pick, dry := -1, false
			for i, m := range ms {
				if vals[i] < best-tol {
					continue
				}
				d := tol > 0 && g.Effects(p, roll, m)&drowning == 0
				if pick < 0 || d && !dry || d == dry && vals[i] > vals[pick] {
					pick, dry = i, d
				}
			}
			return ms[pick]
		}
	}
	// chosenDrowning: m drowns a piece where another legal move drowns none.
	chosenDrowning := func(p senet.Position, roll int, m senet.Move) bool {
		if g.Effects(p, roll, m)&drowning == 0 {
			return false
		}
		for _, o := range g.Moves(p, roll, nil) {
			if g.Effects(p, roll, o)&drowning == 0 {
				return true
			}
		}
		return false
	}
	// dryBest is the best exact value of a move that drowns nothing.
	dryBest := func(p senet.Position, roll int) float64 {
		best := -1.0
		for _, o := range g.Moves(p, roll, nil) {
			if g.Effects(p, roll, o)&drowning == 0 {
				best = max(best, value(g, tab, p, roll, o))
			}
		}
		return best
	}
	var starts []senet.Position
	// The network's chosen drownings inside the class, against the best
	// move that drowns nothing: better by more than the table's
	// tolerance (VerifyTolerance), within it, or worse.
	chosen, better, tied := 0, 0, 0
	games := map[string]int{} // whole games' chosen drownings, by player
	played := 0
	for i := 0; len(starts) < 300; i++ {
		played++
		for _, name := range []string{"expectimax-2-linear", "expectimax-2"} {
			players := [2]chooser{level(name, uint64(2*i+1)), level(name, uint64(2*i+2))}
			dice := rand.New(rand.NewPCG(99, uint64(i)))
			entered := false
			for p, n := g.Start(), 0; !g.Over(p) && n < 20000; n++ {
				_, in := tab.Exact(p)
				if in && !entered && name == "expectimax-2" {
					starts, entered = append(starts, p), true
				}
				roll := game.Sample(g.Outcomes(p), dice)
				m := players[g.ToMove(p)](p, roll)
				if chosenDrowning(p, roll, m) {
					games[name]++
					if in && name == "expectimax-2" {
						chosen++
						switch gain := value(g, tab, p, roll, m) - dryBest(p, roll); {
						case gain > VerifyTolerance:
							better++
						case gain >= -VerifyTolerance:
							tied++
						}
					}
				}
				p = g.Apply(p, roll, m)
			}
		}
	}
	for b.Loop() {
		for _, pair := range []struct {
			name    string
			players [2]chooser
		}{
			{"perfect", [2]chooser{perfect(0), perfect(0)}},
			{"perfect-ties", [2]chooser{perfect(VerifyTolerance), perfect(VerifyTolerance)}},
			{"perfect-within-0.001", [2]chooser{perfect(0.001), perfect(0.001)}},
			{"expectimax-2", [2]chooser{level("expectimax-2", 5), level("expectimax-2", 6)}},
			{"expectimax-2-linear", [2]chooser{level("expectimax-2-linear", 5), level("expectimax-2-linear", 6)}},
			{"greedy", [2]chooser{level("greedy", 5), level("greedy", 6)}},
		} {
			moves, drowned := 0, 0
			for i, p := range starts {
				dice := rand.New(rand.NewPCG(7, uint64(i)))
				for n := 0; !g.Over(p) && n < 100000; n++ {
					roll := game.Sample(g.Outcomes(p), dice)
					m := pair.players[g.ToMove(p)](p, roll)
					if g.Effects(p, roll, m)&drowning != 0 {
						drowned++
					}
					p = g.Apply(p, roll, m)
					moves++
				}
			}
			b.ReportMetric(float64(moves)/float64(len(starts)), pair.name+"-moves")
			b.ReportMetric(float64(drowned)/float64(len(starts)), pair.name+"-drownings")
			fmt.Fprintf(os.Stderr, "%-22s %7.1f moves to the end, %5.2f drownings (%d starts)\n", pair.name, float64(moves)/float64(len(starts)), float64(drowned)/float64(len(starts)), len(starts))
		}
	}
	// Reported after the loop, which starts the metrics afresh.
	b.ReportMetric(float64(chosen), "network-drownings-chosen-in-class")
	b.ReportMetric(float64(better), "of-them-better")
	b.ReportMetric(float64(tied), "of-them-tied")
	b.ReportMetric(float64(played), "self-play-games")
	for name, n := range games {
		b.ReportMetric(float64(n)/float64(played), name+"-chosen-drownings/game")
		fmt.Fprintf(os.Stderr, "%s against itself: %.1f drownings a game chosen over a move that drowns nothing (%d games)\n", name, float64(n)/float64(played), played)
	}
	fmt.Fprintf(os.Stderr, "the network chose to drown a piece %d times inside the class where another move drowned nothing: %d better than every such move by more than %.2g, %d within that, %d worse\n", chosen, better, VerifyTolerance, tied, chosen-better-tied)
	fmt.Fprintf(os.Stderr, "%d self-play games for %d starts\n", played, len(starts))
}

// value is the mover's exact chance after playing m with roll from p.
func value(g *senet.Rules, tab *Table, p senet.Position, roll int, m senet.Move) float64 {
	e, _ := tab.Exact(g.Apply(p, roll, m))
	return e[g.ToMove(p)]
}
