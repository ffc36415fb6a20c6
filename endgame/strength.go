package endgame

import (
	"context"
	"fmt"
	"math/rand/v2"

	"passage/senet"
)

// Strength is how well a player chooses inside a table.
type Strength struct {
	Player     string
	Decisions  int     // decisions with more than one legal move
	NonOptimal int     // decisions whose move is worth less than the best
	MeanLoss   float64 // mean over the decisions of best minus chosen value
	// Over[k] counts the decisions whose loss is at least
	// LossThresholds[k]: "non-optimal" counts a loss of one rounding step
	// of the table as much as a blunder, these only losses that matter.
	Over [len(LossThresholds)]int
}

// LossThresholds are the losses in win probability whose shares
// MeasureStrength counts: 0.001, a thousandth of a game, which is 65
// steps of the table's 1/65535 and so far above its rounding, and 0.02,
// the loss analyze calls an inaccuracy (analysis.InaccuracyLoss; this
// package cannot import analysis, a test in cmd/passage keeps the two
// equal).
var LossThresholds = [...]float64{0.001, 0.02}

// Chooser picks a move for the side to move in p after throw roll.
type Chooser interface {
	Choose(p senet.Position, roll int) senet.Move
}

// MeasureStrength draws n positions uniformly from the table's class,
// a mover (White or Black) and a throw by its probability, all from
// seed, and compares each player's move with the best by the table.
// Only decisions with more than one legal move count; a move whose value
// equals the best one's (to the table's resolution) is optimal. It
// fails when 100 draws per decision wanted find too few choices (with
// one piece a side a Senet move is always forced). When ctx is
// cancelled it returns ErrInterrupted with the decisions measured so
// far, which are the first ones of the uninterrupted measurement.
func (t *Table) MeasureStrength(ctx context.Context, name string, player Chooser, n int, seed uint64) (Strength, error) {
	return t.MeasureStrengthWith(ctx, name, player, n, seed, nil)
}

// MeasureStrengthWith is MeasureStrength telling progress (when not nil)
// how many of the n decisions it has measured.
func (t *Table) MeasureStrengthWith(ctx context.Context, name string, player Chooser, n int, seed uint64, progress func(done, total int)) (Strength, error) {
	c, r := t.Class, t.Class.Rules
	rng := rand.New(rand.NewPCG(seed, 0xe9d))
	s := Strength{Player: name}
	var buf []senet.Move
	for draws := 0; s.Decisions < n; draws++ {
		if ctx.Err() != nil {
			if s.Decisions > 0 {
				s.MeanLoss /= float64(s.Decisions)
			}
			return s, ErrInterrupted
		}
		if draws == 100*n {
			return s, fmt.Errorf("%s: only %d of %d draws give a choice of moves", r.ID(), s.Decisions, draws)
		}
		p := c.Sample(rng)
		turn := p.Turn()
		outs := r.Outcomes(p)
		x := rng.IntN(outs[0].Den)
		roll := outs[len(outs)-1].Roll
		for _, o := range outs {
			if x < o.Num {
				roll = o.Roll
				break
			}
			x -= o.Num
		}
		buf = r.Moves(p, roll, buf[:0])
		if len(buf) < 2 {
			continue
		}
		best := 0.0
		for _, mv := range buf {
			e, _ := t.Exact(r.Apply(p, roll, mv))
			best = max(best, e[turn])
		}
		e, _ := t.Exact(r.Apply(p, roll, player.Choose(p, roll)))
		s.Decisions++
		if progress != nil {
			progress(s.Decisions, n)
		}
		if loss := best - e[turn]; loss > 0 {
			s.NonOptimal++
			s.MeanLoss += loss
			for k, th := range LossThresholds {
				if loss >= th {
					s.Over[k]++
				}
			}
		}
	}
	s.MeanLoss /= float64(s.Decisions)
	return s, nil
}

// Sample draws a position of the class uniformly, with White or Black
// to throw (also uniformly), from rng: first the index, then the colour.
func (c *Class) Sample(rng *rand.Rand) senet.Position {
	i := rng.Int64N(c.size)
	return c.PositionFor(c.layerOf(i), i, rng.IntN(2))
}
