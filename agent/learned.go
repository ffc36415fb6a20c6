package agent

import (
	"fmt"
	"strings"

	"passage/game"
)

// LinearSuffix, appended to the name of a search player ("hard-linear",
// "mcts-500-linear"), keeps the game's own search evaluation (for
// Senet the fitted linear model) where a learned one exists, so that
// the two can be compared.
const LinearSuffix = "-linear"

// searches reports whether players of recipe r search with an
// evaluation (and so can use a learned one).
func (r recipe) searches() bool {
	return r.algorithm == playExpectimax || r.algorithm == playMCTS
}

// parseLinear checks a name ending in LinearSuffix.
func parseLinear(name, base string) (recipe, error) {
	if strings.HasSuffix(base, LinearSuffix) {
		return recipe{}, fmt.Errorf("agent: %q: %s once is enough", name, LinearSuffix)
	}
	s, err := parse(base)
	if err == nil && !s.searches() {
		err = fmt.Errorf("agent: %q: only search players (hard, expert, expectimax-N, mcts-N) take %s", name, LinearSuffix)
	}
	return s, err
}

// NewLearned makes the named agent as New does, except that the search
// players (hard, expert, expectimax-N, mcts-N) use learned, when it is
// not nil, as their evaluation; NAME-linear and the other players use
// eval as New would.
func NewLearned[P comparable, M comparable](g game.Game[P, M], eval, learned game.Evaluator[P], name string, seed uint64) (Agent[P, M], error) {
	s, err := parse(name)
	if err != nil {
		return nil, err
	}
	if learned != nil && s.searches() && !strings.HasSuffix(name, LinearSuffix) {
		return New(g, learnedEval[P]{learned}, name, seed)
	}
	return New(g, eval, name, seed)
}

// learnedEval hides any Valuer the game has, so that SearchEval uses the
// learned evaluation.
type learnedEval[P comparable] struct{ e game.Evaluator[P] }

func (l learnedEval[P]) Evaluate(p P) game.Payoffs { return l.e.Evaluate(p) }
