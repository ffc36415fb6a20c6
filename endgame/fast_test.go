package endgame

import (
	"context"
	"math"
	"runtime"
	"testing"
)

// solveValues solves c with opt and returns the unquantized values.
func solveValues(t *testing.T, c *Class, opt Options) []float32 {
	t.Helper()
	s, err := newSolver(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.run(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	return s.vals
}

// TestFastMatchesPlain: the move graph, the analytic self-loops and the
// aggregation steps give the values plain value iteration gives (which
// generates the moves in every sweep and has none of them), to two
// quanta: the plain method's own stopping error on these classes is
// below one quantum.
func TestFastMatchesPlain(t *testing.T) {
	cases := []struct {
		name string
		opts map[string]string
		k    int
	}{
		{"senet-jequier", nil, 1},
		{"senet-jequier", map[string]string{"water": "15", "overshoot": "block"}, 1},
		{"senet-apokrif", nil, 1},
		{"senet-jequier", nil, 2},
	}
	for _, tc := range cases {
		c := mustClass(t, tc.name, tc.opts, tc.k)
		fast := mustValues(t, c)
		plain := solveValues(t, c, Options{plain: true})
		worst, at := 0.0, 0
		for i := range fast {
			if d := math.Abs(float64(fast[i]) - float64(plain[i])); d > worst {
				worst, at = d, i
			}
		}
		t.Logf("%s K=%d: largest difference %.2g", c.Rules.ID(), tc.k, worst)
		if worst > 2*Quantum {
			i := int64(at)
			t.Errorf("%s K=%d: %s: fast %v, plain %v", c.Rules.ID(), tc.k,
				c.Rules.Format(c.Position(c.layerOf(i), i)), fast[at], plain[at])
		}
	}
}

// TestAggregationDeterministic: Apokrif's K=2 class, where aggregation
// steps run hundreds of times, gives the same values bit for bit on
// every core and with another number of workers.
func TestAggregationDeterministic(t *testing.T) {
	c := mustClass(t, "senet-apokrif", nil, 2)
	other := 1
	if runtime.GOMAXPROCS(0) == 1 {
		other = 3
	}
	all := mustValues(t, c)
	some := solveValues(t, c, Options{Workers: other})
	for i := range all {
		if all[i] != some[i] {
			t.Fatalf("index %d: %v on every core, %v with %d workers", i, all[i], some[i], other)
		}
	}
}

// TestSlowAndSteady: aggregation waits for three sweeps whose largest
// change shrinks slowly and by a steady factor.
func TestSlowAndSteady(t *testing.T) {
	cases := []struct {
		deltas []float64
		want   bool
	}{
		{[]float64{1e-3, 0.9e-3}, false},               // too few sweeps
		{[]float64{1e-3, 0.9e-3, 0.81e-3}, true},       // factor 0.9 twice
		{[]float64{1e-3, 0.5e-3, 0.25e-3}, false},      // fast: plain sweeps do well
		{[]float64{1e-3, 0.5e-3, 0.45e-3}, false},      // factor 0.5 then 0.9: not steady yet
		{[]float64{5e-3, 1e-3, 0.8e-3, 0.64e-3}, true}, // only the last three count
	}
	for _, tc := range cases {
		if got := slowAndSteady(tc.deltas); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.deltas, got, tc.want)
		}
	}
}
