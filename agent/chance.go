package agent

import "passage/game"

// Value is seat's expected payoff at p, where a throw is due, searched
// like Search: one throw deeper at a time while the node budget allows.
// Game analysis (package analysis) values the positions each candidate
// move leads to with it, for any seat, so that every move of a decision
// is valued the same way.
func (a *Expectimax[P, M]) Value(p P, seat game.Player) float64 {
	if a.g.Over(p) {
		return a.g.Payoffs(p)[seat]
	}
	a.root = seat
	v := 0.0
	a.deepen(func(depth int) {
		a.gen++
		if a.maxn {
			v = a.chanceN(p, depth)[seat]
		} else {
			v = a.chance(p, depth, 0, 1)
		}
	})
	return v
}

// SearchConfig is the search budget of a level that searches ("hard",
// "expert", "expectimax-N"), or false for the others.
func SearchConfig(level string) (ExpectimaxConfig, bool) {
	r, err := parse(level)
	if err != nil || r.algorithm != playExpectimax {
		return ExpectimaxConfig{}, false
	}
	return ExpectimaxConfig{Depth: r.depth, Nodes: r.nodes, MaxN: r.maxn}, true
}
