package agent

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"passage/game"
)

// Level is a named strength a player chooses from, mapped to an agent and
// its budget. The strengths measured against each other are in the
// README.
type Level struct {
	Name string
	Doc  string
}

// Levels lists the named strengths, weakest first, then the plain agents.
var Levels = []Level{
	{"easy", "greedy, but one move in three is random"},
	{"medium", "greedy: the best move one throw ahead"},
	{"hard", "expectimax, 3 throws deep"},
	{"expert", "expectimax, 4 throws deep"},
	{"random", "uniform over the legal moves"},
	{"greedy", "one move ahead with the game's evaluation"},
	{"expectimax", "expectimax, 2 throws deep (expectimax-N for N throws, 1-6)"},
	{"mcts", "Monte Carlo tree search, 2,000 iterations (mcts-N for N iterations)"},
}

// Names lists the accepted agent names.
func Names() []string {
	out := make([]string, len(Levels))
	for i, l := range Levels {
		out[i] = l.Name
	}
	return out
}

// New makes the named agent for g, seeded with seed where it uses chance.
func New[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], name string, seed uint64) (Agent[P, M], error) {
	base, arg, hasArg := strings.Cut(name, "-")
	n := 0
	if hasArg {
		if _, err := fmt.Sscanf(arg, "%d", &n); err != nil || fmt.Sprint(n) != arg || n <= 0 {
			return nil, fmt.Errorf("agent: %q: want %s-N with N a positive number", name, base)
		}
	}
	switch {
	case name == "random":
		return NewRandom(g, seed), nil
	case name == "greedy" || name == "medium":
		return NewGreedy(g, eval), nil
	case name == "easy":
		return &noisy[P, M]{Greedy: NewGreedy(g, eval), rng: rand.New(rand.NewPCG(seed, 0xea5)), p: 1.0 / 3}, nil
	case name == "hard":
		return NewExpectimax(g, eval, ExpectimaxConfig{Depth: 3}), nil
	case name == "expert":
		return NewExpectimax(g, eval, ExpectimaxConfig{Depth: 4}), nil
	case base == "expectimax" && (!hasArg || n <= 6):
		if !hasArg {
			n = 2
		}
		return NewExpectimax(g, eval, ExpectimaxConfig{Depth: n}), nil
	case base == "mcts":
		return NewMCTS(g, eval, MCTSConfig{Iterations: n, Seed: seed}), nil
	}
	return nil, fmt.Errorf("agent: unknown player %q (players: %s)", name, strings.Join(Names(), ", "))
}

// noisy is greedy with a chance p of a random move instead.
type noisy[P comparable, M comparable] struct {
	*Greedy[P, M]
	rng *rand.Rand
	p   float64
}

func (a *noisy[P, M]) Choose(p P, roll int) M {
	if a.rng.Float64() < a.p {
		a.buf = a.g.Moves(p, roll, a.buf[:0])
		return a.buf[a.rng.IntN(len(a.buf))]
	}
	return a.Greedy.Choose(p, roll)
}
