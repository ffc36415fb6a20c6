package agent

import (
	"sync"

	"passage/game"
)

// Oracle knows the exact payoffs of some positions under perfect play,
// as Senet's endgame tables (package endgame) do inside their class.
type Oracle[P comparable] interface {
	// Exact returns each seat's payoff under perfect play, or false when
	// p is outside what the oracle knows.
	Exact(p P) (game.Payoffs, bool)
}

var (
	oracleMu  sync.RWMutex
	oracleFor func(gameID string) any
)

// SetOracles installs the source of oracles that hard and expert
// consult: for a game's ID it returns an Oracle[P] for that game's
// position type, or nil. The programs set it once at start-up (the
// endgame tables in the user cache directory); it is nil otherwise.
func SetOracles(f func(gameID string) any) {
	oracleMu.Lock()
	oracleFor = f
	oracleMu.Unlock()
}

// withOracle makes a play perfectly wherever the installed oracle for g
// knows every position a move leads to, and leaves the rest to a.
func withOracle[P comparable, M comparable](g game.Game[P, M], a Agent[P, M]) Agent[P, M] {
	oracleMu.RLock()
	f := oracleFor
	oracleMu.RUnlock()
	if f == nil {
		return a
	}
	o, ok := f(g.ID()).(Oracle[P])
	if !ok {
		return a
	}
	return &perfect[P, M]{g: g, o: o, fallback: a}
}

// perfect plays the move with the best exact value when the oracle
// knows the position, and asks the fallback otherwise. Ties go to the
// first move in canonical order.
type perfect[P comparable, M comparable] struct {
	g        game.Game[P, M]
	o        Oracle[P]
	fallback Agent[P, M]
	buf      []M
}

func (a *perfect[P, M]) Choose(p P, roll int) M {
	if m, ok := a.exactBest(p, roll, nil); ok {
		return m
	}
	return a.fallback.Choose(p, roll)
}

// exactBest is the move with the best exact value among p's moves after
// roll that avoid does not report (avoid nil: all), or false when the
// oracle does not know p or a position one of them leads to.
func (a *perfect[P, M]) exactBest(p P, roll int, avoid func(M) bool) (M, bool) {
	if _, ok := a.o.Exact(p); !ok {
		var zero M
		return zero, false
	}
	seat := a.g.ToMove(p)
	a.buf = a.g.Moves(p, roll, a.buf[:0])
	if avoid != nil {
		a.buf = without(a.buf, avoid, a.buf[:0])
	}
	best, bestV := a.buf[0], -1.0
	for _, m := range a.buf {
		v, ok := a.o.Exact(a.g.Apply(p, roll, m))
		if !ok {
			return best, false
		}
		if v[seat] > bestV {
			best, bestV = m, v[seat]
		}
	}
	return best, true
}
