package endgame

import (
	"context"
	"math"
	"os"
	"testing"
)

// BenchmarkApokrifGroupError measures how far the sweeps' stop (Apokrif
// is not polished; TestPolishApokrif) leaves Apokrif K=2's
// group 1+2 (layers 1+2 and 2+1, 21,924 positions) from the solution
// its sweeps converge to (docs/endgame.md, "Apokrif's stop is far from
// the tolerance"). The reference starts from the stop and sweeps on until no value changes by more than
// changeFloor, which plain sweeps take hundreds of thousands of sweeps
// to reach (the slowest mode shrinks by about 1 - 3e-5 a sweep); every
// extrapolationWindow sweeps it extrapolates along the values' change
// over the window (below), which gets there in a few thousand. It
// reports the largest difference, the positions more than half a
// quantum off and the reference's sweeps. Skipped without
// PASSAGE_APOKRIF_ERROR set, as it measures the solver rather than its
// speed (a few CPU-seconds).
func BenchmarkApokrifGroupError(b *testing.B) {
	if os.Getenv("PASSAGE_APOKRIF_ERROR") == "" {
		b.Skip("set PASSAGE_APOKRIF_ERROR=1 to measure (a few CPU-seconds)")
	}
	c := mustClass(b, "senet-apokrif", nil, 2)
	var got []float32
	for b.Loop() {
		got = append([]float32(nil), solveValues(b, c, Options{groups: 2})...)
	}
	s, err := newSolver(c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	copy(s.vals, got)
	sweeps := convergeGroup(b, s, c.groups()[1])
	worst, off := distance(got, s.vals)
	b.ReportMetric(worst, "max-error")
	b.ReportMetric(float64(off), "positions-over-half-a-quantum")
	b.ReportMetric(float64(sweeps), "reference-sweeps")
}

// extrapolationWindow is the number of sweeps over which convergeGroup
// measures the values' change.
const extrapolationWindow = 200

// convergeGroup sweeps a group from the values in s.vals until no value
// changes by more than changeFloor, and stores the result in s.vals; it
// returns the sweeps taken, and fails b where the values still move
// after ten times MaxGroupSweeps. Over two windows of extrapolationWindow
// sweeps the values change by c1 and then c2; where one slow mode is
// left, c2 = rho c1 with rho = |c2|/|c1| the mode's factor over a
// window, and the change still to come is c2 rho/(1 - rho), which is
// added at once. Fast errors put back by a poor step die out in the next
// windows, and the sweeps alone decide where the values end: the result
// is a fixed point to changeFloor whatever the steps did.
func convergeGroup(b testing.TB, s *solver, group []Layer) int {
	b.Helper()
	g, v := loadGroup(b, s, group)
	defer g.close()
	next := make([]float64, g.widestBand())
	changes := g.changeLog()
	anchor := append([]float64(nil), v.x...)
	last := 0.0 // the norm of the last window's change, 0 after a step
	for sweeps := 1; ; sweeps++ {
		delta, _, _, err := g.sweep(v, next, changes, s.workers, func(int) {})
		if err != nil {
			b.Fatal(err)
		}
		if delta <= changeFloor {
			storeGroup(b, s, g, v)
			return sweeps
		}
		if sweeps == MaxGroupSweeps*10 {
			// Not a reference: the values are still moving.
			b.Fatalf("group %d+%d still changes by %.2g after %d sweeps", group[0].A, group[0].B, delta, sweeps)
		}
		if sweeps%extrapolationWindow != 0 {
			continue
		}
		norm := 0.0
		for j := range v.x {
			d := v.x[j] - anchor[j]
			norm += d * d
		}
		norm = math.Sqrt(norm)
		if last > 0 && norm < last {
			f := norm / last
			f /= 1 - f
			for j := range v.x {
				v.x[j] = min(1, max(0, v.x[j]+(v.x[j]-anchor[j])*f))
			}
			norm = 0
		}
		last = norm
		copy(anchor, v.x)
	}
}

// loadGroup builds a group's move graph and its values from s.vals, for
// the tests that work on one group; the caller closes the graph.
func loadGroup(t testing.TB, s *solver, group []Layer) (*graph, values) {
	t.Helper()
	g, err := s.buildGraph(context.Background(), group, "", func(int64, int64) {})
	if err != nil {
		t.Fatal(err)
	}
	v := values{x: make([]float64, g.n), vals: s.vals}
	if err := g.eachOrder(func(j int, i uint32) { v.x[j] = float64(s.vals[i]) }); err != nil {
		t.Fatal(err)
	}
	return g, v
}

// storeGroup stores a group's values into s.vals, as float32.
func storeGroup(t testing.TB, s *solver, g *graph, v values) {
	t.Helper()
	if err := g.eachOrder(func(j int, i uint32) { s.vals[i] = float32(v.x[j]) }); err != nil {
		t.Fatal(err)
	}
}
