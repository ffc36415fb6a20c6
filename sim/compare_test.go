package sim

import (
	"math"
	"testing"
)

// TestCompare: Newcombe's interval for the difference of two win rates,
// checked against the worked example of Newcombe (1998), table II,
// example (a): 56/70 against 48/80, difference 0.2000, interval 0.0524
// to 0.3339; and the normal interval of a difference of means.
func TestCompare(t *testing.T) {
	base := Report{Games: 80, FirstSeat: Wilson(48, 80), Turns: Dist{Mean: 100, SD: 20}}
	other := Report{Rules: "x", Games: 70, FirstSeat: Wilson(56, 70), Turns: Dist{Mean: 110, SD: 30}}
	c := Compare(base, other)
	near := func(got, want, tol float64) bool { return math.Abs(got-want) <= tol }
	if !near(c.FirstSeat.Diff, 0.2, 1e-12) || !near(c.FirstSeat.Low, 0.0524, 5e-5) || !near(c.FirstSeat.High, 0.3339, 5e-5) {
		t.Errorf("first seat %+v, want 0.2000 [0.0524, 0.3339]", c.FirstSeat)
	}
	half := 1.959963984540054 * math.Sqrt(30*30/70.0+20*20/80.0)
	if !near(c.Turns.Diff, 10, 1e-12) || !near(c.Turns.Low, 10-half, 1e-9) || !near(c.Turns.High, 10+half, 1e-9) {
		t.Errorf("turns %+v, want 10 ± %.4f", c.Turns, half)
	}
}

// TestSummarizeSD: the sample standard deviation.
func TestSummarizeSD(t *testing.T) {
	if d := Summarize([]float64{2, 4, 4, 4, 5, 5, 7, 9}); !(math.Abs(d.SD-2.138089935) < 1e-9) {
		t.Errorf("SD %v, want 2.138089935", d.SD)
	}
}
