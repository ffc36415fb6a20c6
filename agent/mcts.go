package agent

import (
	"math"
	"math/rand/v2"

	"passage/game"
)

// MCTSConfig tunes an MCTS player.
type MCTSConfig struct {
	// Iterations per decision (default 2,000).
	Iterations int
	// Exploration is the UCT constant c (default 0.5; payoffs lie in [0, 1]).
	Exploration float64
	// Playout is the number of throws played by the greedy policy after
	// a new node before the evaluation takes over (default 4). Senet's
	// random games last thousands of throws, so playouts are cut short
	// and the evaluation scores their end.
	Playout int
	// Epsilon is the chance that a playout move is random rather than
	// greedy (default 0.1).
	Epsilon float64
	// Seed seeds the throws and choices; equal seeds give equal play.
	Seed uint64
}

// MCTS is Monte Carlo tree search over decisions with sampled throws.
// The tree alternates chance positions (a throw is due) and, under each,
// the decision for each throw seen; a throw is drawn from its exact
// probabilities each time a chance node is passed. Decisions are chosen
// by UCT on the mover's own payoff (max-n, so it plays any number of
// seats), new positions are scored by a short epsilon-greedy playout and
// the evaluation, and the most visited move is played.
type MCTS[P comparable, M comparable] struct {
	g      game.Game[P, M]
	eval   game.Evaluator[P]
	cfg    MCTSConfig
	rng    *rand.Rand
	greedy *Greedy[P, M] // the playout policy, on the same evaluation
	nodes  []mnode[P, M]
	buf    []M
	path   []int32
}

// mnode is a chance position in the tree.
type mnode[P comparable, M comparable] struct {
	pos    P
	visits float64
	sum    game.Payoffs
	// rolls[k] is the decision after the k-th outcome, made on first use.
	rolls []mdecision[M]
}

type mdecision[M comparable] struct {
	moves []M
	kids  []int32 // node index per move, -1 before expansion
}

// NewMCTS makes an MCTS player.
func NewMCTS[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], cfg MCTSConfig) *MCTS[P, M] {
	if cfg.Iterations <= 0 {
		cfg.Iterations = 2000
	}
	if cfg.Exploration == 0 {
		cfg.Exploration = 0.5
	}
	if cfg.Playout == 0 {
		cfg.Playout = 4
	}
	if cfg.Epsilon == 0 {
		cfg.Epsilon = 0.1
	}
	return &MCTS[P, M]{g: g, eval: eval, cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x3c75)), greedy: NewGreedy(g, eval)}
}

// Choose runs the search and plays the most visited move.
func (a *MCTS[P, M]) Choose(p P, roll int) M {
	return a.among(p, roll, a.g.Moves(p, roll, nil))
}

// among is Choose with the root's moves given: all the legal moves, or
// those left by chooseAvoiding.
func (a *MCTS[P, M]) among(p P, roll int, moves []M) M {
	if len(moves) == 1 {
		return moves[0]
	}
	a.nodes = a.nodes[:0]
	root := mdecision[M]{moves: moves, kids: make([]int32, len(moves))}
	for i := range root.kids {
		root.kids[i] = -1
	}
	seat := a.g.ToMove(p)
	total := 0.0
	for range a.cfg.Iterations {
		a.path = a.path[:0]
		k := a.selectMove(&root, seat, total)
		if root.kids[k] < 0 {
			root.kids[k] = a.newNode(a.g.Apply(p, roll, root.moves[k]))
		}
		pay := a.descend(root.kids[k])
		total++
		for _, n := range a.path {
			a.nodes[n].visits++
			for s := range pay {
				a.nodes[n].sum[s] += pay[s]
			}
		}
	}
	best, bestN := 0, -1.0
	for i, kid := range root.kids {
		if kid >= 0 && a.nodes[kid].visits > bestN {
			best, bestN = i, a.nodes[kid].visits
		}
	}
	return moves[best]
}

func (a *MCTS[P, M]) newNode(p P) int32 {
	a.nodes = append(a.nodes, mnode[P, M]{pos: p})
	return int32(len(a.nodes) - 1)
}

// descend walks from chance node n down the tree, expands one new node,
// scores it and returns the payoffs, recording the path.
func (a *MCTS[P, M]) descend(n int32) game.Payoffs {
	for {
		a.path = append(a.path, n)
		node := &a.nodes[n]
		if a.g.Over(node.pos) {
			return a.g.Payoffs(node.pos)
		}
		if node.visits == 0 {
			return a.playout(node.pos)
		}
		outs := a.g.Outcomes(node.pos)
		if node.rolls == nil {
			node.rolls = make([]mdecision[M], len(outs))
		}
		k := a.sampleIndex(outs)
		d := &node.rolls[k]
		if d.moves == nil {
			d.moves = a.g.Moves(node.pos, outs[k].Roll, nil)
			d.kids = make([]int32, len(d.moves))
			for i := range d.kids {
				d.kids[i] = -1
			}
		}
		pos := node.pos
		i := a.selectMove(d, a.g.ToMove(pos), node.visits)
		if d.kids[i] < 0 {
			kid := a.newNode(a.g.Apply(pos, outs[k].Roll, d.moves[i]))
			a.nodes[n].rolls[k].kids[i] = kid // a.nodes may have moved
			n = kid
			continue
		}
		n = d.kids[i]
	}
}

// selectMove picks a move of decision d by UCT for seat, trying every
// unvisited move first, in order.
func (a *MCTS[P, M]) selectMove(d *mdecision[M], seat game.Player, parentVisits float64) int {
	best, bestU := 0, math.Inf(-1)
	logN := math.Log(max(parentVisits, 1))
	for i, kid := range d.kids {
		if kid < 0 || a.nodes[kid].visits == 0 {
			return i
		}
		c := &a.nodes[kid]
		u := c.sum[seat]/c.visits + a.cfg.Exploration*math.Sqrt(logN/c.visits)
		if u > bestU {
			best, bestU = i, u
		}
	}
	return best
}

func (a *MCTS[P, M]) sampleIndex(outs []game.Outcome) int {
	x := a.rng.IntN(outs[0].Den)
	for k, o := range outs {
		if x < o.Num {
			return k
		}
		x -= o.Num
	}
	return len(outs) - 1
}

// playout plays a few epsilon-greedy throws from p and evaluates the end.
func (a *MCTS[P, M]) playout(p P) game.Payoffs {
	for range a.cfg.Playout {
		if a.g.Over(p) {
			return a.g.Payoffs(p)
		}
		roll := game.Sample(a.g.Outcomes(p), a.rng)
		a.buf = a.g.Moves(p, roll, a.buf[:0])
		m := a.buf[0]
		if len(a.buf) > 1 {
			if a.rng.Float64() < a.cfg.Epsilon {
				m = a.buf[a.rng.IntN(len(a.buf))]
			} else {
				m = a.greedy.best(p, roll, a.buf)
			}
		}
		p = a.g.Apply(p, roll, m)
	}
	return value(a.g, a.eval, p)
}
