package agent

import (
	"context"
	"errors"
)

// stopCheckMask sets how often a search looks at its context: every
// 1,024 chance nodes, well under a millisecond of search, so a stopped
// search frees its core at once while the check costs nothing measurable.
const stopCheckMask = 1<<10 - 1

// contextChooser is a player whose choice can be stopped half-way.
type contextChooser[P comparable, M comparable] interface {
	ChooseContext(ctx context.Context, p P, roll int) (M, error)
}

// ChooseContext asks a for its move in p after roll, giving up with
// ctx's error once ctx ends: a searching player stops its search (a
// server's game was abandoned, or the server shuts down); players that
// choose at once are only checked before they start.
func ChooseContext[P comparable, M comparable](ctx context.Context, a Agent[P, M], p P, roll int) (M, error) {
	if err := ctx.Err(); err != nil {
		var zero M
		return zero, err
	}
	if c, ok := a.(contextChooser[P, M]); ok {
		return c.ChooseContext(ctx, p, roll)
	}
	return a.Choose(p, roll), nil
}

// ChooseContext is Choose, stopped when ctx ends: it then returns ctx's
// error and no move. A search that is not stopped visits the same nodes
// and returns the same move as Choose.
func (a *Expectimax[P, M]) ChooseContext(ctx context.Context, p P, roll int) (M, error) {
	a.done, a.stopped = ctx.Done(), false
	defer func() { a.done = nil }()
	m := a.Choose(p, roll)
	if a.stopped {
		var zero M
		err := ctx.Err()
		if err == nil {
			err = errors.New("search stopped")
		}
		return zero, err
	}
	return m, nil
}

// ChooseContext is perfect's Choose with its fallback search stoppable.
func (a *perfect[P, M]) ChooseContext(ctx context.Context, p P, roll int) (M, error) {
	if _, ok := a.o.Exact(p); !ok {
		return ChooseContext(ctx, a.fallback, p, roll)
	}
	return a.Choose(p, roll), nil
}

// countNode counts a chance node and, every stopCheckMask+1 nodes, looks
// whether the search was cancelled from outside (a channel receive is too
// dear to make at every node). It reports whether the search stopped.
func (a *Expectimax[P, M]) countNode() bool {
	a.nodes++
	a.checks++
	if a.done != nil && a.checks&stopCheckMask == 0 {
		select {
		case <-a.done:
			a.stopped = true
		default:
		}
	}
	return a.stopped
}
