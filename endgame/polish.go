package endgame

import (
	"context"
	"math"
	"slices"
)

// Polishing: policy iteration with Krylov solves, for the groups whose
// sweeps stop on the fallback test (docs/endgame.md, "Polishing"). In
// K=4's group 1+4 the slowest modes hardly move the changes and the stop
// leaves errors of 3.7 quanta; in Apokrif's group 1+2 a mode shrinks by
// 1 - 3.4e-5 a sweep and the stop is 258 quanta off. For a fixed choice
// of one move per position and throw (a policy) the Bellman equation is
// linear, x = c + M x, and GMRES on the fixed point of one Gauss-Seidel
// sweep of it takes the slow modes out in a few dozen iterations. The
// policy is then improved where another move is better, and solved
// again, until no choice changes: Newton's method on the Bellman
// equation, which converges in a few rounds from values near the
// solution. Where the game can go on for ever (Apokrif) the equation has
// many solutions and the caller does not polish.

const (
	// PolishMaxPositions bounds the groups polished: a polish holds
	// about 900 bytes a position (the Krylov basis, (polishBasis+1) x 8
	// bytes, the policy's system and the values before): K=4's group
	// 1+4, 1,187,550 positions, takes 1.1 GB.
	PolishMaxPositions = 1 << 21
	// polishBasis is GMRES's longest restart length; a polish starts
	// at polishFirstBasis and doubles it after every round that ends
	// unsolved. Apokrif K=3's group 1+3 needs many directions at once:
	// restarted every 20 or 50 iterations from the unpolished 1+2,
	// GMRES crawled (10,000 iterations left a change of 1e-12), every
	// 100 it got there in 3,078; short restarts are cheaper where they
	// do (each iteration costs one sweep plus one pass over as many
	// vectors as the basis holds).
	polishBasis      = 100
	polishFirstBasis = 25
	// A round solves its policy's system with at most
	// polishRoundIterations GMRES iterations: a policy that is still
	// wrong need not be solved exactly before it is improved (modified
	// policy iteration). polishRounds and polishIterations bound the
	// rounds and the iterations in all.
	polishRoundIterations = 300
	polishRounds          = 200
	polishIterations      = 10000
	// polishTies is how much better another move must be before the
	// policy switches to it: below it the two are equal up to rounding,
	// and switching between equals could cycle.
	polishTies = 1e-12
	// polishResidual is the largest change one sweep of a policy's
	// system may leave for its solve to count as done.
	polishResidual = 1e-14
	// polishFloor is the largest change a Bellman sweep of the polished
	// values may make for them to be kept: a fixed point up to rounding.
	polishFloor = 1e-12
)

// PolishReport says what polishing a group did.
type PolishReport struct {
	Group      Layer   // the group, by its first layer
	Rounds     int     // policies solved
	Iterations int     // GMRES iterations in all rounds
	Moved      float64 // largest change of a value from the sweeps' stop
	Change     float64 // largest change of the Bellman sweep after: <= polishFloor when kept
	Kept       bool    // the polished values replaced the sweeps' (else they were put back)
}

// policySystem is the linear system of one policy, row by row in local
// order: a position's constant (wins, earlier layers, and the 1 of
// 1 - V where the turn passes), the coefficient of its own value and
// the others'.
type policySystem struct {
	start []int32 // row j's entries are cols[start[j]:start[j+1]]
	cols  []int32
	coefs []float64
	cst   []float64
	self  []float64
}

// polishGroup polishes the group's values v.x in place (the graph may be
// on disk: the policy's system is read from it once a round). It keeps
// the result only where a Bellman sweep of it (with the sweeps' buffer
// next and change log) then changes no value by more than polishFloor,
// and otherwise puts the sweeps' values back. The caller decides
// whether the group may be polished (mayPolish).
func (s *solver) polishGroup(ctx context.Context, g *graph, v values, next []float64, changes *changeLog, group Layer, progress func(Progress)) (PolishReport, error) {
	rep := PolishReport{Group: group}
	before := slices.Clone(v.x)
	nt := len(g.probs)
	pol := make([]uint32, g.n*nt)
	ws, m := newKrylov(polishBasis, g.n), polishFirstBasis
	solved := false // the last policy's system was solved to polishResidual
	for round := 0; round < polishRounds && rep.Iterations < polishIterations; round++ {
		if ctx.Err() != nil {
			copy(v.x, before)
			return rep, ErrInterrupted
		}
		changed, err := g.improve(v, pol, round == 0, s.workers)
		if err != nil {
			return rep, err
		}
		if changed == 0 && solved {
			break
		}
		sys, err := g.system(v, pol)
		if err != nil {
			return rep, err
		}
		rep.Rounds++
		it, ok := sys.gmres(v.x, ws, m, min(polishRoundIterations, polishIterations-rep.Iterations), polishResidual, func(it int, residual float64) {
			progress(Progress{Layer: group, Polish: rep.Rounds, Delta: residual, Done: int64(rep.Iterations + it), Total: polishIterations})
		})
		rep.Iterations += it
		solved = ok
		if !ok {
			m = min(2*m, polishBasis)
		}
	}
	for j, x := range v.x {
		rep.Moved = max(rep.Moved, math.Abs(x-before[j]))
	}
	change, _, _, err := g.sweep(v, next, changes, s.workers, func(int) {})
	if err != nil {
		return rep, err
	}
	rep.Change = change
	rep.Kept = change <= polishFloor
	if !rep.Kept {
		copy(v.x, before)
	}
	return rep, nil
}

// mayPolish says whether a group of n positions may be polished: at most
// PolishMaxPositions (the basis's memory), and not where a compulsory
// stop (Apokrif's 26, A23) lets a side prolong the game for ever: the
// equation then has many solutions, and the one the polish finds can
// rest on endless play (docs/endgame.md, "Polishing").
func (s *solver) mayPolish(n int) bool {
	return n <= s.polishMax && s.c.Rules.CompulsoryStop == 0
}

// improve sets pol, per local position and throw, to the best edge under
// v (policyRow's: the first of equals), keeping the current choice
// unless that edge is better by more than polishTies (with fresh, pol
// holds no choice yet and takes every best edge); it returns how many
// choices changed.
func (g *graph) improve(v values, pol []uint32, fresh bool, workers int) (int, error) {
	nt := len(g.probs)
	changed := make([]int, (g.n+graphChunk-1)/graphChunk)
	err := g.forChunks(0, g.n, 1, workers, func(_ int, ch *edgeChunk, base, from, to int) {
		for j := from; j < to; j++ {
			i := j * nt // the choice of the throw policyRow gives next
			g.policyRow(v, ch, j-base, func(_ float64, best uint32) {
				if fresh || best != pol[i] && v.edge(best) > v.edge(pol[i])+polishTies {
					pol[i] = best
					changed[j/graphChunk]++
				}
				i++
			})
		}
	})
	total := 0
	for _, c := range changed {
		total += c
	}
	return total, err
}

// system is the linear system of policy pol: the edges into earlier
// layers (whose values are final) and the wins are constants.
func (g *graph) system(v values, pol []uint32) (*policySystem, error) {
	nt := len(g.probs)
	s := &policySystem{start: make([]int32, g.n+1), cst: make([]float64, g.n), self: make([]float64, g.n)}
	s.cols = make([]int32, 0, g.n*nt)
	s.coefs = make([]float64, 0, g.n*nt)
	// One worker takes the chunks in order, so rows are appended in order.
	err := g.forChunks(0, g.n, 1, 1, func(_ int, ch *edgeChunk, base, from, to int) {
		for j := from; j < to; j++ {
			s.start[j] = int32(len(s.cols))
			_, counts := ch.row(j - base)
			for t, p := range g.probs {
				if counts>>(3*t)&maxEdges == 0 {
					continue // no move: the throw counts 0, as in backup
				}
				e := pol[j*nt+t]
				switch {
				case e == winEdge:
					s.cst[j] += p
				case e&outsideEdge != 0:
					s.cst[j] += p * v.edge(e)
				default:
					k, coef := int32(e&indexMask), p
					if e&flipEdge != 0 {
						s.cst[j] += p
						coef = -p
					}
					if int(k) == j {
						s.self[j] += coef // a lost throw that gives another
						continue
					}
					s.cols = append(s.cols, k)
					s.coefs = append(s.coefs, coef)
				}
			}
		}
	})
	s.start[g.n] = int32(len(s.cols))
	return s, err
}

// sweep is one Gauss-Seidel sweep of the system in place, in local
// order; without the constants it is the sweep's linear part.
func (s *policySystem) sweep(y []float64, constants bool) {
	for j := range s.cst {
		sum := 0.0
		if constants {
			sum = s.cst[j]
		}
		for k := s.start[j]; k < s.start[j+1]; k++ {
			sum += s.coefs[k] * y[s.cols[k]]
		}
		y[j] = sum / (1 - s.self[j])
	}
}

// krylov is GMRES's memory, kept from round to round: the basis of
// m+1 vectors and the sweep of zero.
type krylov struct {
	basis [][]float64
	d     []float64
}

func newKrylov(m, n int) *krylov {
	ws := &krylov{basis: make([][]float64, m+1), d: make([]float64, n)}
	for i := range ws.basis {
		ws.basis[i] = make([]float64, n)
	}
	return ws
}

// gmres solves x = G(x), G one Gauss-Seidel sweep of the system, from x:
// G(x) = T x + d with T linear, so (I - T) x = d, solved by GMRES
// restarted every m iterations (Saad and Schultz, 1986; m at most the
// vectors of ws's basis less one). It stops when
// a sweep would change no value by more than tol, or after maxIter
// iterations; it returns the iterations and whether it got there, and
// calls progress at every restart with the sweep's largest change.
func (s *policySystem) gmres(x []float64, ws *krylov, m, maxIter int, tol float64, progress func(it int, change float64)) (int, bool) {
	m = min(m, len(ws.basis)-1)
	basis, d := ws.basis, ws.d
	clear(d)
	s.sweep(d, true)                   // G(0)
	apply := func(in, out []float64) { // out = (I - T) in
		copy(out, in)
		s.sweep(out, false)
		for i := range out {
			out[i] = in[i] - out[i]
		}
	}
	h := make([][]float64, m+1)
	for i := range h {
		h[i] = make([]float64, m)
	}
	cs, sn, gv, y := make([]float64, m), make([]float64, m), make([]float64, m+1), make([]float64, m)
	for it := 0; ; {
		// The residual d - (I - T) x is the sweep's change at x.
		r := basis[0]
		apply(x, r)
		change := 0.0
		for i := range r {
			r[i] = d[i] - r[i]
			change = max(change, math.Abs(r[i]))
		}
		progress(it, change)
		if change <= tol {
			return it, true
		}
		if it >= maxIter {
			return it, false
		}
		beta := norm(r)
		scale(r, 1/beta)
		clear(gv)
		gv[0] = beta
		k := 0
		for k < m && it < maxIter {
			it++
			w := basis[k+1]
			apply(basis[k], w)
			for i := 0; i <= k; i++ { // modified Gram-Schmidt
				h[i][k] = dot(w, basis[i])
				axpy(w, -h[i][k], basis[i])
			}
			hk1 := norm(w)
			h[k+1][k] = hk1
			if hk1 > 0 {
				scale(w, 1/hk1)
			}
			for i := range k { // the earlier rotations, then a new one
				a, b := h[i][k], h[i+1][k]
				h[i][k], h[i+1][k] = cs[i]*a+sn[i]*b, -sn[i]*a+cs[i]*b
			}
			rr := math.Hypot(h[k][k], hk1)
			if rr == 0 {
				break // singular: restart from what the basis gave
			}
			cs[k], sn[k] = h[k][k]/rr, hk1/rr
			h[k][k], h[k+1][k] = rr, 0
			gv[k+1] = -sn[k] * gv[k]
			gv[k] *= cs[k]
			k++
			// The basis spans the solution (hk1 = 0), or GMRES's own
			// estimate of the residual is far below the goal.
			if hk1 == 0 || math.Abs(gv[k]) <= tol/1000 {
				break
			}
		}
		// x += V y, y from the triangular system H y = g.
		for i := k - 1; i >= 0; i-- {
			sum := gv[i]
			for l := i + 1; l < k; l++ {
				sum -= h[i][l] * y[l]
			}
			y[i] = sum / h[i][i]
		}
		for i := range k {
			axpy(x, y[i], basis[i])
		}
	}
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }

func scale(a []float64, f float64) {
	for i := range a {
		a[i] *= f
	}
}

func axpy(y []float64, a float64, x []float64) {
	for i := range y {
		y[i] += a * x[i]
	}
}
