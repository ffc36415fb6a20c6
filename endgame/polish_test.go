package endgame

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestGMRESSlowMode: on a system whose sweeps shrink the error by only
// 1 - 1e-6 a sweep (a ring of positions, each passing nearly all its
// weight to the next, some with the turn passing), GMRES reaches the
// solution Gaussian elimination gives, to 1e-12, in a few dozen
// iterations, where plain sweeps would need tens of millions.
func TestGMRESSlowMode(t *testing.T) {
	const n = 200
	rng := rand.New(rand.NewPCG(1, 2))
	s := &policySystem{start: make([]int32, n+1), cst: make([]float64, n), self: make([]float64, n)}
	dense := make([][]float64, n) // I - M
	for j := range n {
		dense[j] = make([]float64, n)
		dense[j][j] = 1
		s.start[j] = int32(len(s.cols))
		leak := 1e-6
		if j%7 == 0 {
			leak = 0.3 // a few rows with a real exit
		}
		next, other := (j+1)%n, rng.IntN(n)
		for other == j || other == next {
			other = rng.IntN(n)
		}
		w := 1 - leak
		// Most of the weight to the next position, a little elsewhere;
		// every third row passes the turn (coefficient -p, constant p).
		split := [2]float64{w * 0.9, w * 0.1}
		for k, to := range []int{next, other} {
			coef := split[k]
			if (j+k)%3 == 0 {
				s.cst[j] += coef
				coef = -coef
			}
			s.cols = append(s.cols, int32(to))
			s.coefs = append(s.coefs, coef)
			dense[j][to] -= coef
		}
		s.cst[j] += leak * rng.Float64()
	}
	s.start[n] = int32(len(s.cols))
	want, ok := solveDense(dense, append([]float64(nil), s.cst...))
	if !ok {
		t.Fatal("the dense system is singular")
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = 0.5
	}
	it, converged := s.gmres(x, newKrylov(polishBasis, n), polishBasis, polishIterations, polishResidual, func(int, float64) {})
	if !converged {
		t.Fatalf("GMRES did not converge in %d iterations", it)
	}
	worst := 0.0
	for i := range x {
		worst = max(worst, math.Abs(x[i]-want[i]))
	}
	if worst > 1e-12 {
		t.Errorf("GMRES is %.3g from the solution after %d iterations", worst, it)
	}
	if it > 200 {
		t.Errorf("GMRES took %d iterations", it)
	}
}

// TestPolishApokrif: Apokrif K=2's group 1+2 stops on the fallback test
// 258 quanta from the fixed point its sweeps converge to
// (docs/endgame.md); the solver does not polish Apokrif (its equation
// has many solutions), but the method, run on that stop, reaches the
// same fixed point to float32's rounding. The reference sweeps from
// the stop until no value changes by more than changeFloor
// (convergeGroup, with its extrapolation steps): independent of the
// policy iteration.
func TestPolishApokrif(t *testing.T) {
	c := mustClass(t, "senet-apokrif", nil, 2)
	var fallbacks []Layer
	stop := solveValues(t, c, Options{groups: 2, Fallback: func(l Layer, _ int) { fallbacks = append(fallbacks, l) }})
	if len(fallbacks) != 1 || fallbacks[0] != (Layer{1, 2}) {
		t.Errorf("fallbacks %v, want group 1+2 reported, not polished", fallbacks)
	}
	group := c.groups()[1]
	polish := func() ([]float32, PolishReport) {
		s, err := newSolver(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		copy(s.vals, stop)
		g, v := loadGroup(t, s, group)
		defer g.close()
		rep, err := s.polishGroup(context.Background(), g, v, make([]float64, g.widestBand()), g.changeLog(), group[0], func(Progress) {})
		if err != nil {
			t.Fatal(err)
		}
		storeGroup(t, s, g, v)
		return s.vals, rep
	}
	polished, rep := polish()
	if !rep.Kept || rep.Moved < 100*Quantum {
		t.Errorf("polish report %+v, want kept, moving values by hundreds of quanta", rep)
	}
	s, err := newSolver(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	copy(s.vals, stop)
	convergeGroup(t, s, group)
	worst, off := distance(polished, s.vals)
	if worst > 2e-7 || off > 0 {
		t.Errorf("the polished values are up to %.3g from the converged ones, %d positions over half a quantum", worst, off)
	}
}

// TestPolishInterrupted: a solve interrupted while it polishes (Szenet
// K=1's one group) resumes from the group's start and ends with the
// table an uninterrupted solve writes, on one core or several.
func TestPolishInterrupted(t *testing.T) {
	interrupted := false
	checkDeterministic(t, mustClass(t, "senet-szenet", nil, 1), 2, func(p Progress) bool {
		interrupted = interrupted || p.Polish > 0
		return p.Polish > 0
	})
	if !interrupted {
		t.Error("the solve never polished")
	}
}
