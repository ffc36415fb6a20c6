package nneval

import (
	"math/bits"

	"passage/senet"
)

// The Senet encoding, from the side to throw's point of view ("own"):
// a one-hot per square for each kind of piece that can stand there
// (own piece, own BA, opponent piece, opponent BA), one-hot counts of
// pieces waiting and borne off for each side, the opening flag (J4),
// and the scalar features of the fitted evaluation (senet.Features,
// tempo to bonus), signed so that positive favours the mover.
const (
	senetOwn     = 0
	senetOwnBA   = senetOwn + senet.Squares
	senetOpp     = senetOwnBA + senet.Squares
	senetOppBA   = senetOpp + senet.Squares
	senetCounts  = senetOppBA + senet.Squares // hand own, hand opp, off own, off opp
	senetMaxN    = 10                         // counts 0-10 (Apokrif pieces=7 is the largest side)
	senetOpening = senetCounts + 4*(senetMaxN+1)
	senetFeat    = senetOpening + 1
	senetInputs  = senetFeat + senet.FeatSquare

	senetEncoding = "senet-v1"
)

// SenetEncoder encodes the positions of one Senet ruleset.
type SenetEncoder struct{ R *senet.Rules }

func (SenetEncoder) Name() string { return senetEncoding }
func (SenetEncoder) Inputs() int  { return senetInputs }
func (SenetEncoder) Seats() int   { return 2 }

// Mover is the side to throw (White once the game is over, which only
// the tests ask).
func (SenetEncoder) Mover(p senet.Position) int { return max(p.Turn(), 0) }

// Encode writes p's inputs.
func (e SenetEncoder) Encode(p senet.Position) (x Sparse) {
	own := max(p.Turn(), 0)
	opp := own ^ 1
	ba := p.BA()
	for i, kinds := range [2][2]int{{senetOwn, senetOwnBA}, {senetOpp, senetOppBA}} {
		side := own ^ i
		for m := p.Board(side); m != 0; m &= m - 1 {
			s := bits.TrailingZeros32(m)
			if ba&(1<<s) != 0 {
				x.add(kinds[1]+s-1, 1)
			} else {
				x.add(kinds[0]+s-1, 1)
			}
		}
	}
	for i, n := range [4]int{p.Hand(own), p.Hand(opp), p.Off(own), p.Off(opp)} {
		x.add(senetCounts+i*(senetMaxN+1)+min(n, senetMaxN), 1)
	}
	if p.Opening() {
		x.add(senetOpening, 1)
	}
	f := e.R.Features(p)
	sign := float32(1)
	if own == senet.Black {
		sign = -1
	}
	for i, v := range f[:senet.FeatSquare] {
		x.add(senetFeat+i, sign*float32(v))
	}
	return x
}

// SenetFromLinear makes a network with hidden units whose skip
// connection reproduces the fitted linear evaluation w: its output is
// Value's estimate (to float32 precision) until training moves it. The
// hidden layer starts with small weights drawn from rnd (a function
// returning values in [-1, 1)) and no say in the output.
func SenetFromLinear(r *senet.Rules, hidden int, rnd func() float64) (*Net, error) {
	n, err := NewNet(senetInputs, hidden, 1)
	if err != nil {
		return nil, err
	}
	if w := r.FittedWeights(); w != nil {
		for s := 1; s <= senet.Squares; s++ {
			piece, ba := float32(w[senet.FeatSquare+s-1]), float32(w[senet.FeatBASquare+s-1])
			n.Skip[senetOwn+s-1] = piece
			n.Skip[senetOwnBA+s-1] = ba
			n.Skip[senetOpp+s-1] = -piece
			n.Skip[senetOppBA+s-1] = -ba
		}
		for i := range senet.FeatSquare {
			n.Skip[senetFeat+i] = float32(w[i])
		}
	}
	randomHidden(n, rnd)
	return n, nil
}

// randomHidden draws the first layer's weights small, scaled by the
// number of inputs a position typically sets, and the biases slightly
// positive so that every unit starts alive.
func randomHidden(n *Net, rnd func() float64) {
	for i := range n.W1 {
		n.W1[i] = float32(0.2 * rnd())
	}
	for j := range n.B1 {
		n.B1[j] = 0.1
	}
}
