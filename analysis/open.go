package analysis

import (
	"fmt"
	"strings"

	"passage/agent"
	"passage/endgame"
	"passage/game"
	"passage/internal/catalog"
	"passage/ludo"
	"passage/nneval"
	"passage/senet"
)

// Open makes the judge of ruleset id (canonical or not, options
// included) at level, over notation, with the endgame table of the
// ruleset from the directory tables when there is one there (none when
// tables is ""). It
// evaluates as the player of that name plays: hard and expert with the
// embedded network where the ruleset has one, LEVEL-linear with the
// linear evaluation; but where a Senet ruleset has a review network
// (nneval.ReviewForSenet: Apokrif, whose playing network's values are
// discounted), hard, expert and expectimax-N judge with it, as its values are the
// chances of the players' games. The
// command line (analyze, eval) and the server's game review both judge
// through it, so that they give the same values.
func Open(id, level, tables string) (TextJudge, error) {
	kit, err := catalog.OpenID(id)
	if err != nil {
		return nil, err
	}
	f := strings.Fields(kit.ID())
	opts := map[string]string{}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		opts[k] = v
	}
	if strings.HasPrefix(f[0], "senet-") {
		r, err := senet.New(f[0], opts)
		if err != nil {
			return nil, err
		}
		var oracle agent.Oracle[senet.Position]
		if tables != "" { // "": no tables at all
			t, err := endgame.Find(tables, r.ID())
			if err != nil {
				return nil, err
			}
			if t != nil {
				oracle = t
			}
		}
		j, err := NewJudge(r, agent.EvalOf(level, game.Evaluator[senet.Position](r), nneval.ReviewForSenet(r)), oracle, level)
		if err != nil {
			return nil, err
		}
		return Text(j), nil
	}
	r, err := ludo.New(f[0], opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kit.ID(), err)
	}
	j, err := NewJudge(r, agent.EvalOf(level, game.Evaluator[ludo.Position](r), nneval.ForLudo(r)), nil, level)
	if err != nil {
		return nil, err
	}
	return Text(j), nil
}
