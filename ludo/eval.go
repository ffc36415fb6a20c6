package ludo

import (
	"math"
	"math/bits"

	"passage/game"
)

// Evaluation weights, in steps of progress.
const (
	evalOut      = 6  // a piece brought out of the yard onto the track
	evalHome     = 8  // a piece in the goal can no longer be captured
	evalGoalStep = 4  // each goal square deeper (K7: exact rolls, no passing)
	evalDanger   = 1  // scales the expected loss to pieces within reach behind
	evalTempo    = 3  // the colour to roll is about one roll ahead
	evalScale    = 25 // steps of lead per unit of the soft-max
	evalReachUp  = 6  // the farthest one roll carries a piece
	// evalLead is a tie-break: each piece also scores its steps squared
	// times this, so that of two moves of the same length the one that
	// takes the leading piece on is the better, by far less than a step.
	// Without it the tie went to the first move in square order, which
	// is the rearmost piece for Red but the leading one for Green (they
	// start at 1 and 21): greedy played stronger as Green than as Red
	// (two-player greedy against greedy: the first to throw won 45% with
	// colors=rg, 57% with gr). Leading pieces first is the stronger
	// tie-break (docs/agents.md, "Ties in Ludo").
	evalLead = 1e-6
)

// Evaluate estimates each seat's share of the result: every colour scores
// the steps its pieces have travelled (pieces out of the yard and in the
// goal earn a bonus; a tie-break favours the leading piece, evalLead), less the expected loss of pieces that an opponent
// piece up to six squares behind could capture with one roll (1/6 each
// roll that hits, the piece's progress lost), and a soft-max over the
// scores gives the shares, which sum to 1 as payoffs do.
func (r *Rules) Evaluate(p Position) game.Payoffs {
	var score [Colors]float64
	var occupied uint64
	for c := range Colors {
		occupied |= p.track[c]
	}
	for i := range r.NColors {
		c := int(r.Order[i])
		s := 0.0
		for k := 1; k <= GoalLen; k++ {
			if p.InGoal(c, k) {
				// K7: a piece short of the deepest free goal square
				// still needs exact rolls and blocks the pieces behind
				// it, so depth in the goal counts for more than steps.
				s += TrackLen + evalHome + evalGoalStep*float64(k-1)
			}
		}
		for m := p.track[c]; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			steps := r.steps(c, sq)
			s += float64(steps) + evalOut + evalLead*float64(steps*steps)
			if r.Safe&(1<<sq) != 0 {
				continue
			}
			// Opponent pieces 1-6 squares behind can land here.
			hunters := 0
			for d := 1; d <= evalReachUp; d++ {
				from := (sq-d-1+TrackLen)%TrackLen + 1
				if occupied&^p.track[c]&(1<<from) != 0 {
					hunters++
				}
			}
			s -= evalDanger * float64(hunters) / 6 * float64(steps+evalOut)
		}
		score[i] = s
	}
	if p.turn >= 0 {
		score[r.seat(int(p.turn))] += evalTempo
	}
	var out game.Payoffs
	sum, top := 0.0, math.Inf(-1)
	for i := range r.NColors {
		top = max(top, score[i])
	}
	for i := range r.NColors {
		out[i] = math.Exp((score[i] - top) / evalScale)
		sum += out[i]
	}
	for i := range r.NColors {
		out[i] /= sum
	}
	return out
}

// steps is how far a piece of colour c on track square sq has come from
// its start square (0-39).
func (r *Rules) steps(c, sq int) int {
	return (sq - StartSquare[c] + TrackLen) % TrackLen
}
