// Package nneval is the learned evaluation: a small neural network per
// ruleset, trained by temporal-difference learning from self-play
// (cmd/train), that search uses instead of the fitted linear evaluation
// where weights exist.
//
// The network reads a sparse encoding of the position from the side to
// move's point of view (the raw board plus the game's hand-made
// features), has one hidden layer of rectified linear units and a
// linear skip connection from the inputs to the outputs, and gives one
// logit per seat: a logistic output for Senet (the mover's chance of
// winning) and a soft-max over the seats for Ludo. The skip connection
// lets a network start out as the existing evaluation (the fitted
// linear model for Senet, the hand-made one for Ludo), so training only
// has to add what they miss.
//
// Usage:
//
//	r := senet.MustNew("senet-szenet", nil)
//	if e := nneval.ForSenet(r); e != nil {
//		payoffs := e.Evaluate(r.Start())
//	}
package nneval

import (
	"fmt"
	"math"
)

// MaxHidden is the largest hidden layer inference supports: the
// activations live in a fixed array on the stack so that evaluation
// does not allocate.
const MaxHidden = 128

// MaxOutputs is the largest number of outputs (one per seat).
const MaxOutputs = 4

// MaxActive is the most nonzero inputs an encoding may produce.
const MaxActive = 96

// Input is one nonzero input of a sparse encoding.
type Input struct {
	Index int32
	Value float32
}

// Sparse is an encoded position: its nonzero inputs.
type Sparse struct {
	In [MaxActive]Input
	N  int
}

// add appends input i with value v when v is not zero.
func (s *Sparse) add(i int, v float32) {
	if v != 0 {
		s.In[s.N] = Input{int32(i), v}
		s.N++
	}
}

// Active is the encoded inputs.
func (s *Sparse) Active() []Input { return s.In[:s.N] }

// Net is a network's shape and weights. Rows of W1 and Skip are per
// input, so that a sparse input adds one row.
type Net struct {
	Inputs, Hidden, Outputs int
	W1                      []float32 // Inputs x Hidden
	B1                      []float32 // Hidden
	W2                      []float32 // Outputs x Hidden
	Skip                    []float32 // Inputs x Outputs
	B2                      []float32 // Outputs
}

// NewNet makes a network of the given shape with every weight zero.
func NewNet(inputs, hidden, outputs int) (*Net, error) {
	if inputs < 1 || hidden < 8 || hidden > MaxHidden || hidden%8 != 0 || outputs < 1 || outputs > MaxOutputs || inputs > 1<<20 {
		return nil, fmt.Errorf("nneval: bad shape %d-%d-%d (hidden a multiple of 8 up to %d, outputs 1-%d)", inputs, hidden, outputs, MaxHidden, MaxOutputs)
	}
	return &Net{
		Inputs: inputs, Hidden: hidden, Outputs: outputs,
		W1: make([]float32, inputs*hidden), B1: make([]float32, hidden),
		W2: make([]float32, outputs*hidden), Skip: make([]float32, inputs*outputs),
		B2: make([]float32, outputs),
	}, nil
}

// Params lists the weight arrays in file order.
func (n *Net) Params() [][]float32 { return [][]float32{n.W1, n.B1, n.W2, n.Skip, n.B2} }

// Logits computes the network's output logits for the encoded inputs
// into out (len Outputs). It does not allocate.
func (n *Net) Logits(x []Input, out []float32) {
	var h [MaxHidden]float32
	n.hidden(x, h[:n.Hidden])
	n.output(x, h[:n.Hidden], out)
}

// hiddenGo is hidden in Go, for processors without AVX and as the
// reference the assembly is tested against: eight units at a time, each
// block summed over every input in registers before it is stored. The
// sums are those of adding the rows one after another (the same float32
// operations in the same order, so the same bits) without loading and
// storing h once per input; the fixed-size arrays drop the bounds
// checks of the innermost loop. The conversions round each product
// before it is added: without them the compiler may fuse the multiply
// and the add into one instruction (it does on arm64), which would give
// other bits than the assembly and than amd64.
func (n *Net) hiddenGo(x []Input, h []float32) {
	for j := 0; j < len(h); j += 8 {
		b := (*[8]float32)(n.B1[j : j+8])
		a0, a1, a2, a3, a4, a5, a6, a7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
		for _, in := range x {
			w := (*[8]float32)(n.W1[int(in.Index)*n.Hidden+j:][:8])
			v := in.Value
			a0 += float32(v * w[0])
			a1 += float32(v * w[1])
			a2 += float32(v * w[2])
			a3 += float32(v * w[3])
			a4 += float32(v * w[4])
			a5 += float32(v * w[5])
			a6 += float32(v * w[6])
			a7 += float32(v * w[7])
		}
		o := (*[8]float32)(h[j : j+8])
		o[0], o[1], o[2], o[3] = relu(a0), relu(a1), relu(a2), relu(a3)
		o[4], o[5], o[6], o[7] = relu(a4), relu(a5), relu(a6), relu(a7)
	}
}

// relu is the rectifier as the network was trained with it: a negative
// sum becomes 0, anything else (-0 included) stays as it is.
func relu(a float32) float32 {
	if a < 0 {
		return 0
	}
	return a
}

// output computes the logits from the hidden activations and the skip
// connection, each product rounded before it is added (see hiddenGo).
// Each logit is summed in a register: its terms, and their order, are
// those of adding the skip connection to every logit input by input.
func (n *Net) output(x []Input, h []float32, out []float32) {
	for k := range out {
		z := n.B2[k]
		w := n.W2[k*n.Hidden:][:len(h)]
		for j, a := range h {
			z += float32(a * w[j])
		}
		for _, in := range x {
			z += float32(in.Value * n.Skip[int(in.Index)*n.Outputs+k])
		}
		out[k] = z
	}
}

// Grad adds to g (laid out like n.Params, flattened in order) the
// gradient of the loss with respect to every weight, given the
// gradient dz of the loss with respect to the logits, at inputs x.
// Training uses it; it does not allocate.
func (n *Net) Grad(x []Input, dz []float32, g *Grads) {
	var h [MaxHidden]float32
	n.hidden(x, h[:n.Hidden])
	var dh [MaxHidden]float64
	for k, d := range dz {
		dd := float64(d)
		g.B2[k] += dd
		w := n.W2[k*n.Hidden:][:n.Hidden]
		gw := g.W2[k*n.Hidden:][:n.Hidden]
		for j := range n.Hidden {
			gw[j] += dd * float64(h[j])
			if h[j] > 0 {
				dh[j] += dd * float64(w[j])
			}
		}
	}
	for j := range n.Hidden {
		g.B1[j] += dh[j]
	}
	for _, in := range x {
		v := float64(in.Value)
		gw := g.W1[int(in.Index)*n.Hidden:][:n.Hidden]
		for j := range n.Hidden {
			gw[j] += v * dh[j]
		}
		gs := g.Skip[int(in.Index)*n.Outputs:][:n.Outputs]
		for k, d := range dz {
			gs[k] += v * float64(d)
		}
	}
}

// Grads holds a gradient (or any float64 copy of the weights) in the
// layout of Net.
type Grads struct {
	W1, B1, W2, Skip, B2 []float64
}

// NewGrads makes a zero gradient for n's shape.
func NewGrads(n *Net) *Grads {
	return &Grads{
		W1: make([]float64, len(n.W1)), B1: make([]float64, len(n.B1)), W2: make([]float64, len(n.W2)),
		Skip: make([]float64, len(n.Skip)), B2: make([]float64, len(n.B2)),
	}
}

// Params lists the arrays in file order.
func (g *Grads) Params() [][]float64 { return [][]float64{g.W1, g.B1, g.W2, g.Skip, g.B2} }

// Clear sets every entry to zero.
func (g *Grads) Clear() {
	for _, a := range g.Params() {
		clear(a)
	}
}

// sigmoid is the logistic function.
func sigmoid(z float32) float64 { return 1 / (1 + math.Exp(-float64(z))) }

// softmax turns the first n logits into shares that sum to 1.
func softmax(z []float32, out []float64) {
	top := z[0]
	for _, v := range z[1:] {
		top = max(top, v)
	}
	sum := 0.0
	for i, v := range z {
		out[i] = math.Exp(float64(v - top))
		sum += out[i]
	}
	for i := range z {
		out[i] /= sum
	}
}
