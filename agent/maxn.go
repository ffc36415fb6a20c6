package agent

import (
	"fmt"
	"strings"

	"passage/game"
)

// Max-n search (Luckhardt and Irani 1986) with chance nodes, for games
// of more than two seats. A node's value is a vector, one payoff per
// seat: at a decision the mover takes the move best for its own payoff,
// and a chance node averages the vectors over the throws. The paranoid
// alternative (every other seat minimising the searching seat's payoff)
// reads a four-player race like Ludo as three players ganging up on one,
// who then hides from captures the others would rarely make and passes
// up moves that are good for it; max-n expects each seat to race for
// itself, as it does. Max-n allows no alpha-beta cut-offs, so within the
// same node budget it searches shallower; the transposition table and
// iterative deepening work as in the two-sided search.

// vecEntry is a max-n transposition table entry: the value vector of a
// chance node searched depth throws. The vector does not depend on the
// searching seat, so neither does the entry.
type vecEntry[P comparable] struct {
	pos   P
	gen   uint32
	depth int8
	vals  game.Payoffs
}

// searchDepthN is searchDepth for max-n: the root seat's best move and
// its payoff, depth throws deep.
func (a *Expectimax[P, M]) searchDepthN(p P, roll, depth int) (M, float64) {
	a.root = a.g.ToMove(p)
	a.gen++
	kids := a.children(p, roll, depth, true)
	best, bestV := a.firstKept(kids), -1.0
	for i := range kids {
		k := a.plies[depth][i]
		if a.avoided(k.move) {
			continue
		}
		if v := a.nextN(k, depth-1)[a.root]; v > bestV {
			best, bestV = k.move, v
		}
	}
	return best, bestV
}

// nextN is every seat's value of child k searched depth more throws.
func (a *Expectimax[P, M]) nextN(k child[P, M], depth int) game.Payoffs {
	if depth == 0 {
		a.nodes++
		return k.vals
	}
	return a.chanceN(k.pos, depth)
}

// chanceN is every seat's value of position p, where a throw is due,
// searched depth more throws: the throws' values weighted by their
// probabilities.
func (a *Expectimax[P, M]) chanceN(p P, depth int) game.Payoffs {
	if a.stopped {
		return game.Payoffs{} // the search is abandoned; the value is never used
	}
	if depth == 0 || a.g.Over(p) {
		return a.leaf(p)
	}
	slot := &a.vtable[a.key(p)&a.mask]
	if slot.gen == a.gen && slot.pos == p && int(slot.depth) == depth {
		return slot.vals
	}
	if a.countNode() {
		return game.Payoffs{} // the search is abandoned; the value is never used
	}
	var sum game.Payoffs
	for _, o := range a.g.Outcomes(p) {
		w := o.Prob()
		v := a.decisionN(p, o.Roll, depth)
		for s := range sum {
			sum[s] += w * v[s]
		}
	}
	*slot = vecEntry[P]{pos: p, gen: a.gen, depth: int8(depth), vals: sum}
	return sum
}

// decisionN is every seat's value of p after throw roll: the values
// after the move best for the side to move, the first such move in the
// order of Moves on a tie.
func (a *Expectimax[P, M]) decisionN(p P, roll, depth int) game.Payoffs {
	mover := a.g.ToMove(p)
	kids := a.children(p, roll, depth, true)
	var best game.Payoffs
	bestV := -1.0
	for i := range kids {
		if v := a.nextN(a.plies[depth][i], depth-1); v[mover] > bestV {
			best, bestV = v, v[mover]
		}
	}
	return best
}

// MaxNSuffix, appended to the name of an expectimax player ("hard-maxn",
// "expectimax-3-maxn"; before -linear: "hard-maxn-linear"), searches
// max-n where there are more than two seats, for comparison with the
// paranoid search the levels play.
const MaxNSuffix = "-maxn"

// parseMaxN checks a name ending in MaxNSuffix.
func parseMaxN(name, base string) (recipe, error) {
	if strings.HasSuffix(base, MaxNSuffix) || strings.HasSuffix(base, LinearSuffix) {
		return recipe{}, fmt.Errorf("agent: %q: write NAME%s%s, each once", name, MaxNSuffix, LinearSuffix)
	}
	r, err := parse(base)
	if err == nil && r.algorithm != playExpectimax {
		err = fmt.Errorf("agent: %q: only expectimax players (hard, expert, expectimax-N) take %s", name, MaxNSuffix)
	}
	r.maxn = true
	return r, err
}
