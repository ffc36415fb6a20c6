package endgame

import (
	"math"
)

// Aggregation (Bertsekas and Castañon, "Adaptive aggregation methods
// for infinite horizon dynamic programming", 1989) removes the slow
// error of value iteration in one step. After many sweeps the error
// left is nearly the same over large sets of positions: a lone piece
// that cannot pass a blocked square wanders back and forth for hundreds
// of turns while nothing else changes, so each sweep moves the whole
// plateau by a tiny step (docs/endgame.md shows such positions), and
// the positions that lead into the plateau inherit its error. Such an
// error shows itself in the last sweep's changes, which are then nearly
// proportional to it: positions whose changes are alike are grouped into
// aggBins bins, and one correction per bin is solved from the small
// linear system of the current best policy restricted to the bins. Sweeps then go on as
// before. The changes are proportional to the error only once one slow
// mode is left, when they shrink by a steady factor: the stopping test
// (solveGroupGraph) waits for that.
const (
	aggBins = 256
	// aggChunk is the fixed number of positions whose sums are added up
	// together, so that the sums do not depend on the number of workers.
	aggChunk = 1 << 16
)

// aggregate applies one aggregation correction to the group's values x,
// binned by the last sweep's changes (in changes, ranging over [lo, hi])
// into bin, and returns the largest correction (0 when the bins' system
// is singular or the changes all equal, and nothing changed).
func (s *solver) aggregate(g *graph, v values, changes *changeLog, lo, hi float64, bin []uint8) (float64, error) {
	if !(hi > lo) {
		return 0, nil
	}
	err := changes.each(func(j int, x float32) {
		bin[j] = uint8(min(aggBins-1, int((float64(x)-lo)/(hi-lo)*aggBins)))
	})
	if err != nil {
		return 0, err
	}
	// Per position, its residual under its best policy d, and a[k][l],
	// the policy's probability mass (signed: -p when the turn passes)
	// from bin k's positions to bin l's. Throw probabilities are
	// multiples of 1/16, so the a sums are exact in any order and each
	// worker keeps its own; the residuals' sums are kept per aggChunk
	// positions, which one worker adds up in order, and added in chunk
	// order.
	type chunkSums struct{ cnt, res [aggBins]float64 }
	n := g.n
	parts := make([]chunkSums, (n+aggChunk-1)/aggChunk)
	workers := max(1, min(s.workers, len(parts)))
	mats := make([][aggBins][aggBins]float64, workers)
	err = g.forChunks(0, n, aggChunk/graphChunk, workers, func(w int, ch *edgeChunk, base, from, to int) {
		ps, a := &parts[from/aggChunk], &mats[w]
		for j := from; j < to; j++ {
			k := bin[j]
			sum := 0.0
			g.policyRow(v, ch, j-base, func(p float64, e uint32) {
				sum += p * v.edge(e)
				if e == winEdge || e&outsideEdge != 0 {
					return
				}
				l := bin[e&indexMask]
				if e&flipEdge != 0 {
					a[k][l] -= p
				} else {
					a[k][l] += p
				}
			})
			ps.cnt[k]++
			ps.res[k] += sum - v.x[j]
		}
	})
	if err != nil {
		return 0, err
	}
	var tot chunkSums
	for _, ps := range parts {
		for k := range aggBins {
			tot.cnt[k] += ps.cnt[k]
			tot.res[k] += ps.res[k]
		}
	}
	var a [aggBins][aggBins]float64
	for w := range mats {
		for k := range aggBins {
			for l := range aggBins {
				a[k][l] += mats[w][k][l]
			}
		}
	}
	// (I - R M W) y = R d, R averaging over each bin; empty bins get y = 0.
	m := make([][]float64, aggBins)
	rhs := make([]float64, aggBins)
	for k := range aggBins {
		m[k] = make([]float64, aggBins)
		m[k][k] = 1
		if tot.cnt[k] == 0 {
			continue
		}
		for l := range aggBins {
			m[k][l] -= a[k][l] / tot.cnt[k]
		}
		rhs[k] = tot.res[k] / tot.cnt[k]
	}
	y, ok := solveDense(m, rhs)
	if !ok {
		return 0, nil
	}
	largest := 0.0
	for k, c := range tot.cnt {
		if c > 0 {
			largest = max(largest, math.Abs(y[k]))
		}
	}
	for j := range v.x {
		v.x[j] = min(1, max(0, v.x[j]+y[bin[j]]))
	}
	return largest, nil
}

// solveDense solves m y = rhs by Gaussian elimination with partial
// pivoting; false when m is singular to working precision or the
// solution is not finite.
func solveDense(m [][]float64, rhs []float64) ([]float64, bool) {
	n := len(rhs)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		rhs[c], rhs[p] = rhs[p], rhs[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k < n; k++ {
				m[r][k] -= f * m[c][k]
			}
			rhs[r] -= f * rhs[c]
		}
	}
	y := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		v := rhs[r]
		for k := r + 1; k < n; k++ {
			v -= m[r][k] * y[k]
		}
		y[r] = v / m[r][r]
		if math.IsNaN(y[r]) || math.IsInf(y[r], 0) {
			return nil, false
		}
	}
	return y, true
}
