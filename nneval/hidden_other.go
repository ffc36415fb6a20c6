//go:build !amd64

package nneval

// haveAVX is false: the assembly is amd64's.
var haveAVX = false

// hidden computes the rectified hidden activations into h.
func (n *Net) hidden(x []Input, h []float32) { n.hiddenGo(x, h) }
