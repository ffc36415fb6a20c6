package agent

import (
	"hash/fnv"
	"reflect"
	"slices"

	"passage/game"
)

// ExpectimaxConfig tunes an Expectimax player.
type ExpectimaxConfig struct {
	// Depth is the number of throws searched, the current one included:
	// 1 is one move ahead (like Greedy), 2 adds every reply to every
	// throw of the next side, and so on. With Nodes set it is the
	// deepest search tried.
	Depth int
	// Nodes, when set, makes the search iteratively deepen: depth 1, 2,
	// ... up to Depth, going one throw deeper only while the nodes the
	// next depth is predicted to visit (the last depth's count times its
	// growth) stay within Nodes. The budget counts positions, not time,
	// so the search stays deterministic on any machine, and it adapts
	// the depth to the branching of the game and the position.
	Nodes int
	// TableBits sizes the transposition table at 1<<TableBits entries
	// (default 16).
	TableBits int
	// MaxN, with more than two seats, searches max-n (maxn.go): each
	// seat plays for its own payoff. Without it such games are searched
	// paranoid, as if every other seat played against the searching one.
	// Two seats are always searched as the one two-sided tree they are.
	MaxN bool
}

// Expectimax searches the game tree to a fixed number of throws, with
// decision nodes (the mover picks a move) and chance nodes (the next
// throw, weighted by its exact probability), and evaluates the horizon
// with the game's evaluation.
//
// With more than two seats it searches paranoid: every other seat is
// assumed to play against the searching seat, so the tree is a two-sided
// one and the same pruning applies; under Config.MaxN it searches max-n
// instead, each seat for its own payoff (maxn.go). Two-sided values are
// the searching seat's payoff in [0, 1], which bounds every chance node
// and allows Star1 pruning (Ballard 1983): a chance node stops as soon
// as the throws seen so far, with the unseen ones at the best or worst
// possible value, put it outside the window. Moves are ordered by their evaluation so that
// alpha-beta cuts early, and a transposition table keyed by the position
// value keeps each chance node's value for the depth it was searched to.
// The table is indexed by the position's own fixed key (game.Keyer), so
// two players searching the same position visit the same nodes and reach
// the same depth in every run: the search is deterministic.
type Expectimax[P comparable, M comparable] struct {
	g      game.Game[P, M]
	eval   game.Evaluator[P]
	cfg    ExpectimaxConfig
	root   game.Player
	table  []ttEntry[P]
	mask   uint64
	key    func(P) uint64
	maxn   bool          // search max-n (maxn.go) rather than two-sided
	vtable []vecEntry[P] // max-n's transposition table
	gen    uint32
	plies  [][]child[P, M] // per depth, reused so search does not allocate
	moves  [][]M           // per depth, likewise
	nodes  int
	depth  int // the depth the last search completed

	// done, when set by ChooseContext, ends the search early once closed;
	// stopped records that it did, so that every level returns at once.
	done    <-chan struct{}
	stopped bool
	checks  uint // chance nodes since the search began, to pace the check of done

	// avoid, when set by chooseAvoiding, leaves moves out at the root.
	avoid func(M) bool
}

type child[P comparable, M comparable] struct {
	move  M
	pos   P
	score float64      // vals[root], what the two-sided search orders by
	vals  game.Payoffs // every seat's leaf value, for max-n
}

type ttEntry[P comparable] struct {
	pos   P
	gen   uint32
	depth int8
	root  game.Player
	bound int8 // boundExact, boundLower, boundUpper
	value float64
}

const (
	boundExact int8 = iota + 1
	boundLower
	boundUpper
)

// NewExpectimax makes an expectimax player.
func NewExpectimax[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], cfg ExpectimaxConfig) *Expectimax[P, M] {
	if cfg.Depth < 1 {
		cfg.Depth = 1
	}
	if cfg.TableBits == 0 {
		cfg.TableBits = 16
	}
	a := &Expectimax[P, M]{
		g: g, eval: eval, cfg: cfg,
		mask:  1<<cfg.TableBits - 1,
		key:   positionKey(g),
		maxn:  g.Players() > 2 && cfg.MaxN,
		plies: make([][]child[P, M], cfg.Depth+1),
		moves: make([][]M, cfg.Depth+1),
	}
	if a.maxn {
		a.vtable = make([]vecEntry[P], 1<<cfg.TableBits)
	} else {
		a.table = make([]ttEntry[P], 1<<cfg.TableBits)
	}
	return a
}

// Nodes is the number of positions the last Choose visited.
func (a *Expectimax[P, M]) Nodes() int { return a.nodes }

// Depth is the number of throws the last Choose searched.
func (a *Expectimax[P, M]) Depth() int { return a.depth }

// Choose searches and returns the best move for the side to move. A
// forced move (the only legal one, a pass included) is returned without
// a search: the table is not carried from one search to the next, so
// this changes nothing but the time.
func (a *Expectimax[P, M]) Choose(p P, roll int) M {
	a.moves[0] = a.g.Moves(p, roll, a.moves[0][:0])
	if len(a.moves[0]) == 1 {
		a.nodes, a.depth = 0, 0
		return a.moves[0][0]
	}
	m, _ := a.Search(p, roll)
	return m
}

// Search returns the best move and its value for the side to move: its
// expected payoff under the search.
func (a *Expectimax[P, M]) Search(p P, roll int) (M, float64) {
	var best M
	var bestV float64
	search := a.searchDepth
	if a.maxn {
		search = a.searchDepthN
	}
	a.deepen(func(depth int) { best, bestV = search(p, roll, depth) })
	return best, bestV
}

// deepen runs search to cfg.Depth throws at once when there is no node
// budget, and otherwise one throw deeper at a time, from 1, while the
// budget allows. After it a.nodes is the total visited and a.depth the
// deepest search completed. Search and Value both deepen this way, so
// every value the search gives is found with the same budget.
func (a *Expectimax[P, M]) deepen(search func(depth int)) {
	a.stopped = false
	if a.cfg.Nodes == 0 {
		a.nodes, a.depth = 0, a.cfg.Depth
		search(a.cfg.Depth)
		return
	}
	total, prev := 0, 0
	for depth := 1; depth <= a.cfg.Depth; depth++ {
		a.nodes = 0
		search(depth)
		if a.stopped {
			break
		}
		a.depth = depth
		total += a.nodes
		growth := 1.0
		if prev > 0 {
			growth = float64(a.nodes) / float64(prev)
		}
		if float64(a.nodes)*max(growth, 1) > float64(a.cfg.Nodes) || a.nodes == prev {
			break // too costly, or the tree is fully searched
		}
		prev = a.nodes
	}
	a.nodes = total
}

// searchDepth searches depth throws deep.
func (a *Expectimax[P, M]) searchDepth(p P, roll, depth int) (M, float64) {
	a.root = a.g.ToMove(p)
	a.gen++
	kids := a.children(p, roll, depth, true)
	best, bestV := a.firstKept(kids), -1.0
	alpha := 0.0
	for _, k := range kids {
		if a.avoided(k.move) {
			continue
		}
		v := a.next(k, depth-1, alpha, 1)
		if v > bestV {
			best, bestV = k.move, v
			alpha = max(alpha, v)
		}
	}
	return best, bestV
}

// children lists the moves of p with the positions they lead to and
// their leaf values; for the two-sided search ordered best first for the
// side that chooses (max for the root seat, min for the others), for
// max-n, which does not prune, in the order of Moves.
func (a *Expectimax[P, M]) children(p P, roll, depth int, maximize bool) []child[P, M] {
	kids := a.plies[depth][:0]
	a.moves[depth] = a.g.Moves(p, roll, a.moves[depth][:0])
	for _, m := range a.moves[depth] {
		next := a.g.Apply(p, roll, m)
		vals := a.leaf(next)
		kids = append(kids, child[P, M]{move: m, pos: next, score: vals[a.root], vals: vals})
	}
	if len(kids) > 1 && depth > 1 && !a.maxn {
		slices.SortStableFunc(kids, func(x, y child[P, M]) int {
			if maximize {
				x, y = y, x
			}
			switch {
			case x.score < y.score:
				return -1
			case x.score > y.score:
				return 1
			}
			return 0
		})
	}
	a.plies[depth] = kids
	return kids
}

// leaf is every seat's payoff at a finished position or its evaluation
// otherwise.
func (a *Expectimax[P, M]) leaf(p P) game.Payoffs {
	a.nodes++
	return value(a.g, a.eval, p)
}

// next is the value of child k searched depth more throws: at the
// horizon, or when the game is over, the leaf value children already
// computed for move ordering (counted as a visit, as leaf would).
func (a *Expectimax[P, M]) next(k child[P, M], depth int, alpha, beta float64) float64 {
	if depth == 0 {
		a.nodes++
		return k.score
	}
	return a.chance(k.pos, depth, alpha, beta)
}

// chance is the value of position p, where a throw is due, searched
// depth more throws, within the window (alpha, beta).
func (a *Expectimax[P, M]) chance(p P, depth int, alpha, beta float64) float64 {
	if a.stopped {
		return 0 // the search is abandoned; the value is never used
	}
	if depth == 0 || a.g.Over(p) {
		return a.leaf(p)[a.root]
	}
	slot := &a.table[a.key(p)&a.mask]
	if slot.gen == a.gen && slot.pos == p && slot.root == a.root && int(slot.depth) == depth {
		switch {
		case slot.bound == boundExact,
			slot.bound == boundLower && slot.value >= beta,
			slot.bound == boundUpper && slot.value <= alpha:
			return slot.value
		}
	}
	if a.countNode() {
		return 0 // the search is abandoned; the value is never used
	}
	// Star1: with the unseen throws at 0 (worst) or 1 (best), the
	// node's value lies in [sum, sum+rest].
	outs := a.g.Outcomes(p)
	sum, rest := 0.0, 1.0
	bound := boundExact
	for _, o := range outs {
		w := o.Prob()
		rest -= w
		lo := (alpha - sum - rest) / w // child value below lo: node fails low
		hi := (beta - sum) / w         // child value above hi: node fails high
		v := a.decision(p, o.Roll, depth, max(lo, 0), min(hi, 1))
		sum += w * v
		if sum+rest <= alpha {
			sum, bound = sum+rest, boundUpper
			break
		}
		if sum >= beta {
			bound = boundLower
			break
		}
	}
	*slot = ttEntry[P]{pos: p, gen: a.gen, depth: int8(depth), root: a.root, bound: bound, value: sum}
	return sum
}

// decision is the value of p after throw roll: the best move for the
// side to move (the root seat maximises, the others minimise).
func (a *Expectimax[P, M]) decision(p P, roll, depth int, alpha, beta float64) float64 {
	maximize := a.g.ToMove(p) == a.root
	kids := a.children(p, roll, depth, maximize)
	if maximize {
		best := 0.0
		for i := range kids {
			v := a.next(a.plies[depth][i], depth-1, max(alpha, best), beta)
			best = max(best, v)
			if best >= beta {
				break
			}
		}
		return best
	}
	best := 1.0
	for i := range kids {
		v := a.next(a.plies[depth][i], depth-1, alpha, min(beta, best))
		best = min(best, v)
		if best <= alpha {
			break
		}
	}
	return best
}

// positionKey is the fixed hash the transposition table is indexed by:
// the position's own Key when it has one, otherwise a hash of its
// notation (slower, but as deterministic).
func positionKey[P comparable, M comparable](g game.Game[P, M]) func(P) uint64 {
	var zero P
	if _, ok := any(zero).(game.Keyer); ok {
		// The method expression P.Key, taken once: calling Key through
		// the interface would box every position, an allocation per
		// node for positions larger than a word (Ludo's).
		m, _ := reflect.TypeFor[P]().MethodByName("Key")
		return m.Func.Interface().(func(P) uint64)
	}
	return func(p P) uint64 {
		h := fnv.New64a()
		h.Write([]byte(g.FormatPosition(p)))
		return h.Sum64()
	}
}
