package endgame

import (
	"math"
)

// Aggregation (Bertsekas and Castañon, "Adaptive aggregation methods
// for infinite horizon dynamic programming", 1989) removes the slow
// error of value iteration in one step. After many sweeps the error
// left is nearly proportional to the last sweep's changes: a lone piece
// that cannot pass a blocked square wanders back and forth for hundreds
// of turns while nothing else changes, so each sweep moves the whole
// plateau by a tiny step (docs/endgame.md shows such positions), and
// the positions that lead into the plateau inherit its error. Positions
// whose changes are alike are grouped into aggBins bins, and the
// correction of a position is its bin's factor times its own last
// change: the factors are solved from the small linear system of the
// current best policy projected on those aggBins directions (Galerkin:
// the columns of W are the changes restricted to one bin each, and the
// system is W^T (I - P) W y = W^T residual). Sweeps then go on as
// before. The changes are proportional to the error only once one slow
// mode is left, when they shrink by a steady factor: the sweep loop
// (solveGroupGraph) waits for that.
//
// Why each position's own change and not one correction per bin: the
// bin around zero holds positions whose error is tiny, of either sign,
// next to positions on the edge of a plateau; one value for all of them
// puts error where there was none. Measured on K=4's group 2+4 (where
// the slowest mode shrinks by 0.9999 a sweep), steps with one value per
// bin never stopped, while weighted steps solved it (docs/endgame.md).
const (
	aggBins = 256
	// aggBlocks is the fixed number of parts of a group whose sums are
	// each added up by one worker in order, then added in part order,
	// so that the sums do not depend on the number of workers.
	aggBlocks = 32
	// aggLevels is the resolution at which a position's last change is
	// kept for the step (the top 8 bits of a level are its bin): two
	// bytes a position rather than a float32, as 4+4's 300 million
	// positions must fit in memory next to their values.
	aggLevels = 1 << 16
)

// aggregate applies one aggregation correction to the group's values x,
// from the last sweep's changes (in changes, ranging over [lo, hi]),
// kept in level, and returns the largest correction (0 when the system
// is singular or the changes all equal, and nothing changed).
func (s *solver) aggregate(g *graph, v values, changes *changeLog, lo, hi float64, level []uint16) (float64, error) {
	if !(hi > lo) {
		return 0, nil
	}
	width := (hi - lo) / aggLevels
	err := changes.each(func(j int, x float32) {
		level[j] = uint16(min(aggLevels-1, int((float64(x)-lo)/width)))
	})
	if err != nil {
		return 0, err
	}
	change := func(j uint32) float64 { return lo + (float64(level[j])+0.5)*width }
	// Per part of the group: a[k][l], the policy's probability mass
	// (signed: -p when the turn passes) from bin k's positions to bin
	// l's, weighted by both positions' changes; per bin the sum of the
	// squared changes, and of the changes times the residual under the
	// best policy.
	type partSums struct {
		a         [aggBins][aggBins]float64
		diag, res [aggBins]float64
	}
	n := g.n
	chunks := (n + graphChunk - 1) / graphChunk
	per := (chunks + aggBlocks - 1) / aggBlocks
	parts := make([]*partSums, (chunks+per-1)/per)
	for i := range parts {
		parts[i] = new(partSums)
	}
	err = g.forChunks(0, n, per, s.workers, func(w int, ch *edgeChunk, base, from, to int) {
		ps := parts[base/(per*graphChunk)]
		for j := from; j < to; j++ {
			k := level[j] >> 8
			dj := change(uint32(j))
			sum := 0.0
			g.policyRow(v, ch, j-base, func(p float64, e uint32) {
				sum += p * v.edge(e)
				if e == winEdge || e&outsideEdge != 0 {
					return
				}
				t := e & indexMask
				wv := dj * p * change(t)
				if e&flipEdge != 0 {
					wv = -wv // x - y and x + (-y) round alike
				}
				ps.a[k][level[t]>>8] += wv
			})
			ps.diag[k] += dj * dj
			ps.res[k] += dj * (sum - v.x[j])
		}
	})
	if err != nil {
		return 0, err
	}
	tot := new(partSums)
	for _, ps := range parts {
		for k := range aggBins {
			for l := range aggBins {
				tot.a[k][l] += ps.a[k][l]
			}
			tot.diag[k] += ps.diag[k]
			tot.res[k] += ps.res[k]
		}
	}
	// Scaled by the largest diagonal so that the elimination's
	// threshold means the same at every size of change; a bin that is
	// empty or whose changes are all nearly zero gets y = 0.
	scale := 0.0
	for k := range aggBins {
		scale = max(scale, tot.diag[k])
	}
	m := make([][]float64, aggBins)
	rhs := make([]float64, aggBins)
	for k := range aggBins {
		m[k] = make([]float64, aggBins)
		if tot.diag[k] <= 1e-12*scale {
			m[k][k] = 1
			continue
		}
		for l := range aggBins {
			m[k][l] = -tot.a[k][l] / scale
		}
		m[k][k] += tot.diag[k] / scale
		rhs[k] = tot.res[k] / scale
	}
	y, ok := solveDense(m, rhs)
	if !ok {
		return 0, nil
	}
	largest := 0.0
	for j := range v.x {
		c := change(uint32(j)) * y[level[j]>>8]
		largest = max(largest, math.Abs(c))
		v.x[j] = min(1, max(0, v.x[j]+c))
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
