// Package analysis reviews games: the win probability of every position
// of a record, the loss of every move against the best one, the luck of
// every throw and each player's accuracy. Values are exact where an
// oracle (a Senet endgame table) knows the position and otherwise the
// chosen level's estimate: its evaluation (greedy, medium) or an
// expectimax search from the side of the seat being judged (hard,
// expert, expectimax-N). docs/analysis.md gives the definitions.
//
// Usage:
//
//	j, err := analysis.NewJudge(g, g, table, "hard")
//	rep, err := j.Analyze(rec)
package analysis

import (
	"fmt"

	"passage/agent"
	"passage/game"
)

// Judge values positions of one game for every seat.
type Judge[P comparable, M comparable] struct {
	g      game.Game[P, M]
	eval   game.Evaluator[P]
	oracle agent.Oracle[P]
	search *agent.Expectimax[P, M]
	level  string
	cache  map[key[P]]float64
	buf    []M
}

type key[P comparable] struct {
	p    P
	seat game.Player
}

// NewJudge makes a judge for g that trusts oracle (may be nil) where it
// knows the position and estimates elsewhere at level: greedy or medium
// (the game's evaluation), hard, expert or expectimax-N (a search with a
// quarter of the level's node budget per position, so that judging one
// turn, which values the position and each legal move's result, costs
// about one decision of the level).
func NewJudge[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], oracle agent.Oracle[P], level string) (*Judge[P, M], error) {
	j := &Judge[P, M]{g: g, eval: eval, oracle: oracle, level: level, cache: map[key[P]]float64{}}
	switch cfg, ok := agent.SearchConfig(level); {
	case ok:
		if cfg.Nodes > 0 {
			cfg.Nodes = max(cfg.Nodes/4, 1)
		}
		j.search = agent.NewExpectimax(g, agent.SearchEval(eval), cfg)
	case level == "greedy" || level == "medium":
		j.eval = agent.SearchEval(eval)
	default:
		if err := agent.Check(level); err != nil {
			return nil, fmt.Errorf("level %q: %w", level, err) // unknown, or out of range
		}
		return nil, fmt.Errorf("level %q cannot judge positions (levels: medium, greedy, hard, expert, expectimax-N)", level)
	}
	return j, nil
}

// Value is seat's probability of winning at p, where a throw is due,
// and whether it is exact (the game is over or the oracle knows p).
func (j *Judge[P, M]) Value(p P, seat game.Player) (float64, bool) {
	if j.g.Over(p) {
		return j.g.Payoffs(p)[seat], true
	}
	if j.oracle != nil {
		if e, ok := j.oracle.Exact(p); ok {
			return e[seat], true
		}
	}
	k := key[P]{p, seat}
	if v, ok := j.cache[k]; ok {
		return v, false
	}
	var v float64
	if j.search != nil {
		v = j.search.Value(p, seat)
	} else {
		v = j.eval.Evaluate(p)[seat]
	}
	j.cache[k] = v
	return v, false
}

// Win is every seat's probability of winning at p and whether the values
// are exact. With two seats the second is one minus the first; with
// more, each seat is valued from its own side.
func (j *Judge[P, M]) Win(p P) ([]float64, bool) {
	n := j.g.Players()
	out := make([]float64, n)
	if n == 2 && !j.g.Over(p) {
		mover := j.g.ToMove(p)
		v, exact := j.Value(p, mover)
		out[mover], out[1-mover] = v, 1-v
		return out, exact
	}
	exact := true
	for s := range n {
		v, e := j.Value(p, game.Player(s))
		out[s] = v
		exact = exact && e
	}
	return out, exact
}
