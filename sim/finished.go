package sim

import (
	"fmt"
	"math"
	"slices"
)

// Finished is one finished game of a run, as Config.OnGame receives it
// and Config.Done gives it back: what the report needs of the game, so
// that a run stopped part way can be resumed without playing its
// finished games again (passage sim --journal keeps them in a file).
type Finished struct {
	// Index is the game's number in the run (0 to Config.Games-1): with
	// the run's seed it determines the game.
	Index int `json:"game"`
	// Payoffs by seat.
	Payoffs []float64 `json:"payoffs"`
	// Order[seat] is the entry of Config.Seats at that seat.
	Order []int `json:"order"`
	Turns int   `json:"turns"`
	Moves int   `json:"moves"`
	// Effects counts each special rule (game.Effecter's names, in order).
	Effects []int `json:"effects,omitempty"`
	// Ms holds, per seat, the milliseconds each decision took, to the
	// microsecond.
	Ms [][]float64 `json:"ms"`
	// Unfinished: stopped at Config.MaxTurns turns, won by nobody.
	Unfinished bool `json:"unfinished,omitempty"`
}

// finishedOf is r, game i of the run, as a Finished.
func finishedOf(i int, r result) Finished {
	f := Finished{Index: i, Payoffs: make([]float64, len(r.order)), Order: r.order, Turns: r.turns, Moves: r.moves, Effects: r.effects, Ms: make([][]float64, len(r.times)), Unfinished: r.unfinished}
	copy(f.Payoffs, r.payoffs[:len(r.order)])
	for seat, ts := range r.times {
		f.Ms[seat] = make([]float64, len(ts))
		for k, t := range ts {
			f.Ms[seat][k] = math.Round(t*1000) / 1000
		}
	}
	return f
}

// result is f back as the result of a game played to the end, checked
// against a run of n seats and nEffects special rules: a game kept from
// another run, or a damaged one, is refused rather than counted.
func (f Finished) result(n, nEffects int) (result, error) {
	bad := func(what string) (result, error) {
		return result{}, fmt.Errorf("sim: finished game %d does not fit this run: %s", f.Index, what)
	}
	if len(f.Payoffs) != n || len(f.Order) != n || len(f.Ms) != n {
		return bad(fmt.Sprintf("it has %d seats, the run %d", len(f.Payoffs), n))
	}
	if len(f.Effects) != nEffects {
		return bad(fmt.Sprintf("it counts %d special rules, the game has %d", len(f.Effects), nEffects))
	}
	for seat, j := range f.Order {
		if j < 0 || j >= n || seatOf(j, f.Index, n) != seat {
			return bad("its seating is not the one the run gives that game")
		}
	}
	if f.Turns <= 0 || f.Moves < f.Turns {
		return bad(fmt.Sprintf("%d turns and %d moves", f.Turns, f.Moves))
	}
	if f.Unfinished && slices.ContainsFunc(f.Payoffs, func(p float64) bool { return p != 0 }) {
		return bad("it was left unfinished, yet has payoffs")
	}
	r := result{order: f.Order, turns: f.Turns, moves: f.Moves, effects: f.Effects, times: f.Ms, finished: true, unfinished: f.Unfinished}
	copy(r.payoffs[:], f.Payoffs)
	return r, nil
}
