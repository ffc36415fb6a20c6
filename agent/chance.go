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
	if a.cfg.Nodes == 0 {
		a.gen++
		a.nodes, a.depth = 0, a.cfg.Depth
		return a.chance(p, a.cfg.Depth, 0, 1)
	}
	total, prev := 0, 0
	v := 0.0
	for depth := 1; depth <= a.cfg.Depth; depth++ {
		a.gen++
		a.nodes = 0
		v = a.chance(p, depth, 0, 1)
		a.depth = depth
		total += a.nodes
		growth := 1.0
		if prev > 0 {
			growth = float64(a.nodes) / float64(prev)
		}
		if float64(a.nodes)*max(growth, 1) > float64(a.cfg.Nodes) || a.nodes == prev {
			break
		}
		prev = a.nodes
	}
	a.nodes = total
	return v
}

// SearchConfig is the search budget of a level that searches ("hard",
// "expert", "expectimax-N"), or false for the others.
func SearchConfig(level string) (ExpectimaxConfig, bool) {
	r, err := parse(level)
	if err != nil || r.algorithm != playExpectimax {
		return ExpectimaxConfig{}, false
	}
	return ExpectimaxConfig{Depth: r.depth, Nodes: r.nodes}, true
}
