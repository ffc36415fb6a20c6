package nneval

import "golang.org/x/sys/cpu"

// haveAVX reports whether hiddenAVX can run here (AVX, with the
// operating system saving its registers).
var haveAVX = cpu.X86.HasAVX

// hiddenAVX adds the inputs' rows of w to h and rectifies the sums,
// with AVX (hidden_amd64.s).
//
//go:noescape
func hiddenAVX(h []float32, w []float32, x []Input, stride int)

// hidden computes the rectified hidden activations into h, with AVX
// where the processor has it.
func (n *Net) hidden(x []Input, h []float32) {
	// The assembly reads rows of W1 without bounds checks, so it runs only
	// on a network of NewNet's shape; anything else takes the Go path,
	// whose bounds checks panic as they always did.
	if !haveAVX || n.Hidden%8 != 0 || len(h) != n.Hidden || len(n.B1) != n.Hidden || len(n.W1) != n.Inputs*n.Hidden {
		n.hiddenGo(x, h)
		return
	}
	for _, in := range x {
		if uint32(in.Index) >= uint32(n.Inputs) {
			panic("nneval: input index out of range")
		}
	}
	copy(h, n.B1)
	hiddenAVX(h, n.W1, x, n.Hidden)
}
