package agent

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"passage/game"
)

// Level is a named player a person chooses from: a strength (easy ...
// expert) or a plain agent, with the algorithm and budget it plays with.
// The strengths measured against each other are in the README.
type Level struct {
	Name string
	Doc  string
	play recipe
}

// algorithm is how a level chooses its moves.
type algorithm uint8

const (
	playRandom algorithm = iota
	playGreedy
	playNoisyGreedy // greedy, with a random move at rate noise
	playExpectimax
	playMCTS
)

// recipe is a level's algorithm and budget. A level with maxN > 0 also
// accepts the name NAME-N, 1 <= N <= maxN, N replacing its budget
// (expectimax-3: three throws deep; mcts-500: 500 iterations).
type recipe struct {
	algorithm  algorithm
	noise      float64 // playNoisyGreedy: the share of random moves
	depth      int     // playExpectimax: throws searched (the deepest with nodes)
	nodes      int     // playExpectimax: the node budget of iterative deepening, or 0
	iterations int     // playMCTS
	maxN       int
	// oracle: play perfectly where an Oracle (endgame table) knows the
	// position (SetOracles).
	oracle bool
	// maxn: playExpectimax searches max-n with more than two seats
	// (NAME-maxn).
	maxn bool
}

// Levels lists the named players, the strengths weakest first, then the
// plain agents. It is the one table of players: New reads its recipes.
var Levels = []Level{
	{"easy", "greedy, but one move in three is random", recipe{algorithm: playNoisyGreedy, noise: 1.0 / 3}},
	{"medium", "greedy: the best move one throw ahead", recipe{algorithm: playGreedy}},
	{"hard", "expectimax, as deep as 120,000 positions allow (4.5-6 throws on average, at most 8)",
		recipe{algorithm: playExpectimax, depth: 8, nodes: 120_000, oracle: true}},
	{"expert", "expectimax, as deep as 1,000,000 positions allow (5.5-7 throws on average, at most 12)",
		recipe{algorithm: playExpectimax, depth: 12, nodes: 1_000_000, oracle: true}},
	{"random", "uniform over the legal moves", recipe{algorithm: playRandom}},
	{"greedy", "one move ahead with the game's evaluation", recipe{algorithm: playGreedy}},
	{"expectimax", "expectimax, 2 throws deep (on the command line, expectimax-N searches N throws, 1-6)",
		recipe{algorithm: playExpectimax, depth: 2, maxN: 6}},
	{"mcts", "Monte Carlo tree search, 2,000 iterations (on the command line, mcts-N runs N iterations)",
		recipe{algorithm: playMCTS, iterations: 2000, maxN: 1_000_000}},
}

// Names lists the accepted agent names.
func Names() []string {
	out := make([]string, len(Levels))
	for i, l := range Levels {
		out[i] = l.Name
	}
	return out
}

// parse finds the recipe a player name stands for: a level's, or for
// NAME-N a numbered level's with its budget replaced by N.
func parse(name string) (recipe, error) {
	if base, ok := strings.CutSuffix(name, LinearSuffix); ok {
		return parseLinear(name, base)
	}
	if base, ok := strings.CutSuffix(name, MaxNSuffix); ok {
		return parseMaxN(name, base)
	}
	base, arg, numbered := strings.Cut(name, "-")
	i := slices.IndexFunc(Levels, func(l Level) bool { return l.Name == base })
	if i < 0 {
		return recipe{}, fmt.Errorf("agent: unknown player %q (players: %s)", name, strings.Join(Names(), ", "))
	}
	r := Levels[i].play
	if !numbered {
		return r, nil
	}
	if r.maxN == 0 {
		return recipe{}, fmt.Errorf("agent: %q: %s takes no number", name, base)
	}
	n, err := strconv.Atoi(arg)
	if err != nil || strconv.Itoa(n) != arg || n <= 0 {
		return recipe{}, fmt.Errorf("agent: %q: want %s-N with N a positive number", name, base)
	}
	if n > r.maxN {
		return recipe{}, fmt.Errorf("agent: %q: budget out of range (%s-1 to %s-%d)", name, base, base, r.maxN)
	}
	switch r.algorithm {
	case playExpectimax:
		r.depth = n
	case playMCTS:
		r.iterations = n
	}
	return r, nil
}

// Check reports whether name is an agent New can make.
func Check(name string) error {
	_, err := parse(name)
	return err
}

// New makes the named agent for g, seeded with seed where it uses chance.
func New[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], name string, seed uint64) (Agent[P, M], error) {
	r, err := parse(name)
	if err != nil {
		return nil, err
	}
	switch r.algorithm {
	case playRandom:
		return NewRandom(g, seed), nil
	case playGreedy:
		return NewGreedy(g, eval), nil
	case playNoisyGreedy:
		return &noisy[P, M]{Greedy: NewGreedy(g, eval), rng: rand.New(rand.NewPCG(seed, 0xea5)), p: r.noise}, nil
	case playExpectimax:
		a := NewExpectimax(g, SearchEval(eval), ExpectimaxConfig{Depth: r.depth, Nodes: r.nodes, MaxN: r.maxn})
		if r.oracle {
			return withOracle(g, a), nil
		}
		return a, nil
	default: // playMCTS
		return NewMCTS(g, SearchEval(eval), MCTSConfig{Iterations: r.iterations, Seed: seed}), nil
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
