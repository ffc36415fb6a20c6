package nneval

import (
	"math"
	"math/bits"

	"passage/ludo"
)

// The Ludo encoding, for each seat relative to the mover (the mover
// first, then the others in turn order): a one-hot per track square by
// the steps the piece has come from its colour's start (0-39), one per
// goal square, and a one-hot of the pieces in the yard (0-4); then the
// turn's state (extra rolls due, sixes in a row, tries towards a six),
// and the logarithm of each seat's share under the hand-made
// evaluation, which lets a network start out as that evaluation.
const (
	ludoSeatInputs = ludo.TrackLen + ludo.GoalLen + ludo.Pieces + 1
	ludoTurn       = ludo.Colors * ludoSeatInputs
	ludoTurnMax    = 4 // extra, sixes and tries each 0-3
	ludoHand       = ludoTurn + 3*ludoTurnMax
	ludoInputs     = ludoHand + ludo.Colors

	ludoEncoding = "ludo-v1"
)

// LudoEncoder encodes the positions of one Ludo ruleset.
type LudoEncoder struct {
	R    *ludo.Rules
	seat [ludo.Colors]int // seat of each colour, -1 when not in play
}

// NewLudoEncoder makes the encoder of r.
func NewLudoEncoder(r *ludo.Rules) *LudoEncoder {
	e := &LudoEncoder{R: r}
	for c := range e.seat {
		e.seat[c] = -1
	}
	for i := range r.NColors {
		e.seat[r.Order[i]] = i
	}
	return e
}

func (*LudoEncoder) Name() string { return ludoEncoding }
func (*LudoEncoder) Inputs() int  { return ludoInputs }
func (e *LudoEncoder) Seats() int { return e.R.NColors }
func (e *LudoEncoder) Mover(p ludo.Position) int {
	return max(int(e.R.ToMove(p)), 0)
}

// Encode writes p's inputs.
func (e *LudoEncoder) Encode(p ludo.Position) (x Sparse) {
	n := e.R.NColors
	m := e.Mover(p)
	rel := func(seat int) int { return (seat - m + n) % n }
	tracks := p.Tracks()
	for i := range n {
		c := int(e.R.Order[i])
		base := rel(i) * ludoSeatInputs
		for m := tracks[c]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			x.add(base+(s-ludo.StartSquare[c]+ludo.TrackLen)%ludo.TrackLen, 1)
		}
	}
	for i := range n {
		c := int(e.R.Order[i])
		base := rel(i) * ludoSeatInputs
		for k := 1; k <= ludo.GoalLen; k++ {
			if p.InGoal(c, k) {
				x.add(base+ludo.TrackLen+k-1, 1)
			}
		}
		x.add(base+ludo.TrackLen+ludo.GoalLen+p.Yard(c), 1)
	}
	for i, v := range [3]int{p.Extra(), p.Sixes(), p.Tries()} {
		x.add(ludoTurn+i*ludoTurnMax+min(v, ludoTurnMax-1), 1)
	}
	hand := e.R.Evaluate(p)
	for i := range n {
		x.add(ludoHand+rel(i), float32(math.Log(max(hand[i], 1e-9))))
	}
	return x
}

// LudoFromHand makes a network whose skip connection reproduces the
// hand-made evaluation (a soft-max over the logarithms of its shares
// gives the shares back) until training moves it; the hidden layer
// starts as SenetFromLinear's does.
func LudoFromHand(r *ludo.Rules, hidden int, rnd func() float64) (*Net, error) {
	n, err := NewNet(ludoInputs, hidden, outputsFor(r.NColors))
	if err != nil {
		return nil, err
	}
	if n.Outputs == 1 { // two seats: the logit is the log-odds of the mover's share
		n.Skip[ludoHand] = 1
		n.Skip[ludoHand+1] = -1
	} else {
		for k := range n.Outputs {
			n.Skip[(ludoHand+k)*n.Outputs+k] = 1
		}
	}
	randomHidden(n, rnd)
	return n, nil
}
