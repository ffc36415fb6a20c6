package nneval

import (
	"math"
	"math/rand/v2"
	"testing"

	"passage/ludo"
	"passage/senet"
)

// referenceLogits is the network as it was first written: the rows
// added to h one input after another, the rectifier, the hidden layer's
// dot product, then the skip connection added to each logit in memory.
// (Its products are rounded before they are added, as the conversions
// tell the compiler to: without them it fuses the multiply and the add
// on arm64 and with GOAMD64=v3, though not with amd64's default v1.)
// The faster inference (hidden in registers or AVX, each logit summed
// in a register) must give the same bits, so that a sim journal or a
// match played before it is played again move for move.
func referenceLogits(n *Net, x []Input, out []float32) {
	h := make([]float32, n.Hidden)
	copy(h, n.B1)
	for _, in := range x {
		row := n.W1[int(in.Index)*n.Hidden:][:n.Hidden]
		for j := range h {
			h[j] += float32(in.Value * row[j])
		}
	}
	for j, a := range h {
		if a < 0 {
			h[j] = 0
		}
	}
	for k := range out {
		z := n.B2[k]
		for j, a := range h {
			z += float32(a * n.W2[k*n.Hidden+j])
		}
		out[k] = z
	}
	for _, in := range x {
		for k := range out {
			out[k] += float32(in.Value * n.Skip[int(in.Index)*n.Outputs+k])
		}
	}
}

// sameBits fails unless got and want hold the same float32 bits.
func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s: [%d] = %v (%#x), want %v (%#x)", what, i, got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
		}
	}
}

// Random networks of every hidden size in steps of 8 (the assembly's
// blocks of 32 and of 8) and one to four outputs, on random sparse
// inputs with values of either sign: Logits, hidden and hiddenGo give
// the reference's bits.
func TestLogitsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for hidden := 8; hidden <= MaxHidden; hidden += 8 {
		for outputs := 1; outputs <= MaxOutputs; outputs++ {
			n, err := NewNet(200, hidden, outputs)
			if err != nil {
				t.Fatal(err)
			}
			randomize(n, uint64(hidden*10+outputs), 0.5)
			for range 50 {
				var s Sparse
				for range rng.IntN(MaxActive + 1) {
					s.add(rng.IntN(n.Inputs), float32(rng.NormFloat64()))
				}
				x := s.Active()
				want := make([]float32, outputs)
				referenceLogits(n, x, want)
				got := make([]float32, outputs)
				n.Logits(x, got)
				sameBits(t, "Logits", got, want)
				withoutAVX(func() { n.Logits(x, got) })
				sameBits(t, "Logits without AVX", got, want)
				h, hGo := make([]float32, hidden), make([]float32, hidden)
				n.hidden(x, h)
				n.hiddenGo(x, hGo)
				sameBits(t, "hidden against hiddenGo", h, hGo)
			}
		}
	}
}

// The rectifier keeps -0 and NaN as they are and turns every negative
// sum into +0, in the assembly as in Go.
func TestHiddenRectifierEdges(t *testing.T) {
	n, err := NewNet(4, 40, 1)
	if err != nil {
		t.Fatal(err)
	}
	negZero := float32(math.Copysign(0, -1))
	nan := float32(math.NaN())
	for j := range n.B1 {
		n.B1[j] = [...]float32{negZero, 0, -1, 1, nan}[j%5]
	}
	h, hGo := make([]float32, 40), make([]float32, 40)
	n.hidden(nil, h)
	n.hiddenGo(nil, hGo)
	for j := range h {
		if math.Float32bits(h[j]) != math.Float32bits(hGo[j]) {
			t.Fatalf("unit %d (bias %v): %v (%#x), Go %v (%#x)", j, n.B1[j], h[j], math.Float32bits(h[j]), hGo[j], math.Float32bits(hGo[j]))
		}
	}
	if math.Float32bits(h[0]) != math.Float32bits(negZero) || h[2] != 0 || math.Signbit(float64(h[2])) || h[3] != 1 || !math.IsNaN(float64(h[4])) {
		t.Fatalf("rectified %v, want [-0 0 0 1 NaN ...]", h[:5])
	}
}

// The embedded networks (every ensemble member) give the reference's
// bits on positions of random games.
func TestEmbeddedLogitsMatchReference(t *testing.T) {
	for _, spec := range senet.Specs() {
		r := senet.MustNew(spec.Name, nil)
		if ev := ForSenet(r); ev != nil {
			embeddedMatchReference(t, spec.Name, ev.(*Eval[senet.Position]), randomPositions(r, 3000, 8))
		}
	}
	for _, players := range []string{"2", "3", "4"} {
		r := ludo.MustNew("kinevet", map[string]string{"players": players})
		if ev := ForLudo(r); ev != nil {
			embeddedMatchReference(t, "kinevet "+players, ev.(*Eval[ludo.Position]), randomPositions(r, 3000, 8))
		}
	}
}

// embeddedMatchReference checks every member of e on the encodings of
// ps against referenceLogits.
func embeddedMatchReference[P comparable](t *testing.T, name string, e *Eval[P], ps []P) {
	t.Helper()
	for _, n := range append([]*Net{e.Net}, e.More...) {
		got, want := make([]float32, n.Outputs), make([]float32, n.Outputs)
		for _, p := range ps {
			x := e.Enc.Encode(p)
			n.Logits(x.Active(), got)
			referenceLogits(n, x.Active(), want)
			sameBits(t, name, got, want)
		}
	}
}

// withoutAVX runs f with the assembly turned off, as on a processor
// without AVX (or off amd64, where haveAVX is always false).
func withoutAVX(f func()) {
	saved := haveAVX
	haveAVX = false
	defer func() { haveAVX = saved }()
	f()
}
