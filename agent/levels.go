package agent

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
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
	{"hard", "expectimax, as deep as 120,000 positions allow (4.5-6 throws on average, at most 8)"},
	{"expert", "expectimax, as deep as 1,000,000 positions allow (5.5-7 throws on average, at most 12)"},
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

// spec is a parsed agent name: a kind and its number, if any
// ("expectimax-3", "mcts-500").
type spec struct {
	kind string
	n    int
}

// parse checks an agent name.
func parse(name string) (spec, error) {
	if base, ok := strings.CutSuffix(name, LinearSuffix); ok {
		return parseLinear(name, base)
	}
	base, arg, hasArg := strings.Cut(name, "-")
	s := spec{kind: base}
	if hasArg {
		n, err := strconv.Atoi(arg)
		if err != nil || strconv.Itoa(n) != arg || n <= 0 {
			return s, fmt.Errorf("agent: %q: want %s-N with N a positive number", name, base)
		}
		s.n = n
	}
	switch {
	case !hasArg && slices.Contains(Names(), name):
		return s, nil
	case base == "expectimax" && s.n <= 6, base == "mcts" && s.n <= 1_000_000:
		return s, nil
	case base == "expectimax" || base == "mcts":
		return s, fmt.Errorf("agent: %q: budget out of range (expectimax-1 to -6, mcts-1 to -1000000)", name)
	}
	return s, fmt.Errorf("agent: unknown player %q (players: %s)", name, strings.Join(Names(), ", "))
}

// Check reports whether name is an agent New can make.
func Check(name string) error {
	_, err := parse(name)
	return err
}

// New makes the named agent for g, seeded with seed where it uses chance.
func New[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], name string, seed uint64) (Agent[P, M], error) {
	s, err := parse(name)
	if err != nil {
		return nil, err
	}
	switch s.kind {
	case "random":
		return NewRandom(g, seed), nil
	case "greedy", "medium":
		return NewGreedy(g, eval), nil
	case "easy":
		return &noisy[P, M]{Greedy: NewGreedy(g, eval), rng: rand.New(rand.NewPCG(seed, 0xea5)), p: 1.0 / 3}, nil
	case "hard":
		return NewExpectimax(g, SearchEval(eval), ExpectimaxConfig{Depth: 8, Nodes: 120_000}), nil
	case "expert":
		return NewExpectimax(g, SearchEval(eval), ExpectimaxConfig{Depth: 12, Nodes: 1_000_000}), nil
	case "expectimax":
		return NewExpectimax(g, SearchEval(eval), ExpectimaxConfig{Depth: max(s.n, 2*boolInt(s.n == 0))}), nil
	default: // "mcts", as parse allows no other
		return NewMCTS(g, SearchEval(eval), MCTSConfig{Iterations: s.n, Seed: seed}), nil
	}
}

// Valuer is implemented by games with an evaluation made for search
// (for Senet, a logistic model fitted to self-play results) besides the
// hand-made one that the greedy players use.
type Valuer[P comparable] interface {
	Value(p P) game.Payoffs
}

// SearchEval is the evaluation search uses: the game's Value when it has
// one, otherwise eval.
func SearchEval[P comparable](eval game.Evaluator[P]) game.Evaluator[P] {
	if v, ok := eval.(Valuer[P]); ok {
		return valuer[P]{v}
	}
	return eval
}

type valuer[P comparable] struct{ v Valuer[P] }

func (v valuer[P]) Evaluate(p P) game.Payoffs { return v.v.Value(p) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
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
