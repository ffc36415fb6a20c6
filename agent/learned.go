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
	r, err := parse(name)
	if err != nil {
		return nil, err
	}
	if learned != nil && r.learns(name) {
		return New(g, learnedEval[P]{learned}, name, seed)
	}
	return New(g, eval, name, seed)
}

// learns reports whether the player named name, of recipe r, uses a
// learned evaluation where the game has one: a search player not named
// NAME-linear.
func (r recipe) learns(name string) bool {
	return r.searches() && !strings.HasSuffix(name, LinearSuffix)
}

// Uses tells what the named player plays with besides the rules and
// its seed: a learned evaluation where the game has one (the search
// players not named NAME-linear, as NewLearned makes them), and the
// endgame tables (the levels that play perfectly inside them,
// SetOracles), so that a record of its games can name those (passage
// sim --journal). An unknown name uses neither.
func Uses(name string) (learned, tables bool) {
	r, err := parse(name)
	if err != nil {
		return false, false
	}
	return r.learns(name), r.oracle
}

// EvalOf is the evaluation the player named name searches with: the
// learned one where the game has one (learned not nil) and the player
// uses it (Uses), else eval. A judge of positions at a level (package
// analysis) takes it so that "hard" judges as the hard player plays.
func EvalOf[P comparable](name string, eval, learned game.Evaluator[P]) game.Evaluator[P] {
	if r, err := parse(name); err == nil && learned != nil && r.learns(name) {
		return learnedEval[P]{learned}
	}
	return eval
}

// learnedEval hides any Valuer the game has, so that SearchEval uses the
// learned evaluation.
type learnedEval[P comparable] struct{ e game.Evaluator[P] }

func (l learnedEval[P]) Evaluate(p P) game.Payoffs { return l.e.Evaluate(p) }
