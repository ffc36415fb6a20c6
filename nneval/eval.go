package nneval

import (
	"fmt"
	"math"

	"passage/game"
)

// Encoder turns a game's positions into network inputs from the side
// to move's point of view. Seat k of the encoding is the seat k places
// after the mover in turn order.
type Encoder[P comparable] interface {
	// Name identifies the encoding; a weight file records it, and a file
	// made for another encoding is refused.
	Name() string
	// Inputs is the number of inputs.
	Inputs() int
	// Seats is the number of seats of the game.
	Seats() int
	// Mover is the seat the encoding is relative to.
	Mover(p P) int
	// Encode returns p's nonzero inputs. (A value, not a pointer to fill:
	// a pointer passed through the interface would escape to the heap.)
	Encode(p P) Sparse
}

// Eval is a network bound to its game's encoding: the learned
// evaluation. It is safe for concurrent use as long as nobody changes
// the weights, and Evaluate does not allocate.
type Eval[P comparable] struct {
	Net *Net
	// More are further networks of Net's inputs and outputs whose
	// logits are averaged with Net's (an ensemble: independently
	// trained networks err in different places); empty for one
	// network. Gradient trains Net alone.
	More []*Net
	Enc  Encoder[P]
	// digest is the Digest of the embedded file the weights came from,
	// empty for a network trained or read otherwise.
	digest string
}

// Digest is the hex SHA-256 of the embedded weight file e was made
// from, or "" when it was not made from one.
func (e *Eval[P]) Digest() string { return e.digest }

// NewEval binds net to enc after checking that their shapes agree.
func NewEval[P comparable](net *Net, enc Encoder[P]) (*Eval[P], error) {
	want := outputsFor(enc.Seats())
	if net.Inputs != enc.Inputs() || net.Outputs != want {
		return nil, fmt.Errorf("nneval: network %d inputs, %d outputs; encoding %s wants %d, %d",
			net.Inputs, net.Outputs, enc.Name(), enc.Inputs(), want)
	}
	return &Eval[P]{Net: net, Enc: enc}, nil
}

// outputsFor is the number of outputs for a game of n seats: one
// logistic output for two seats, one logit per seat otherwise.
func outputsFor(n int) int {
	if n == 2 {
		return 1
	}
	return n
}

// Add makes net a further member of e's ensemble (More), after checking
// that it has Net's inputs and outputs.
func (e *Eval[P]) Add(net *Net) error {
	if net.Inputs != e.Net.Inputs || net.Outputs != e.Net.Outputs {
		return fmt.Errorf("nneval: ensemble member with %d inputs, %d outputs; the first has %d, %d",
			net.Inputs, net.Outputs, e.Net.Inputs, e.Net.Outputs)
	}
	e.More = append(e.More, net)
	return nil
}

// Evaluate estimates the payoffs of an unfinished position.
func (e *Eval[P]) Evaluate(p P) game.Payoffs {
	x := e.Enc.Encode(p)
	var z [MaxOutputs]float32
	out := z[:e.Net.Outputs]
	e.Net.Logits(x.Active(), out)
	if len(e.More) > 0 {
		var y [MaxOutputs]float32
		for _, n := range e.More {
			n.Logits(x.Active(), y[:len(out)])
			for i := range out {
				out[i] += y[i]
			}
		}
		for i := range out {
			out[i] /= float32(1 + len(e.More))
		}
	}
	return e.payoffs(p, out)
}

// payoffs turns logits (relative to the mover) into payoffs by seat.
func (e *Eval[P]) payoffs(p P, z []float32) game.Payoffs {
	n := e.Enc.Seats()
	var rel [MaxOutputs]float64
	if len(z) == 1 {
		rel[0] = sigmoid(z[0])
		rel[1] = 1 - rel[0]
	} else {
		softmax(z, rel[:n])
	}
	m := e.Enc.Mover(p)
	var out game.Payoffs
	for k := range n {
		out[(m+k)%n] = rel[k]
	}
	return out
}

// Gradient adds to g the gradient of the cross-entropy between the
// network's estimate at p and target (payoffs by seat, summing to 1),
// and returns the estimate. With one logistic output this is the
// log-loss of the mover's share; with a soft-max the cross-entropy
// over the seats. Either way the gradient at the logits is the
// estimate minus the target.
func (e *Eval[P]) Gradient(p P, target game.Payoffs, g *Grads) game.Payoffs {
	x := e.Enc.Encode(p)
	var z [MaxOutputs]float32
	out := z[:e.Net.Outputs]
	e.Net.Logits(x.Active(), out)
	est := e.payoffs(p, out)
	m, n := e.Enc.Mover(p), e.Enc.Seats()
	var dz [MaxOutputs]float32
	for k := range out {
		seat := (m + k) % n
		dz[k] = float32(est[seat] - target[seat])
	}
	e.Net.Grad(x.Active(), dz[:len(out)], g)
	return est
}

// crossEntropy is the cross-entropy of estimate est against target over
// n seats, less the target's own entropy (so 0 for a perfect estimate).
func crossEntropy(est, target game.Payoffs, n int) float64 {
	h := 0.0
	for s := range n {
		if target[s] > 0 {
			h += target[s] * math.Log(target[s]/max(est[s], 1e-12))
		}
	}
	return h
}
