//go:build !amd64

package nneval

// hidden computes the rectified hidden activations into h.
func (n *Net) hidden(x []Input, h []float32) { n.hiddenGo(x, h) }
