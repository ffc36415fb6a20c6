package sim

import "math"

// Difference is other minus base with its 95% confidence interval.
type Difference struct {
	Diff float64 `json:"diff"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Comparison is how a run differs from a base run (passage sim
// --compare: each ruleset against the first): the first to throw's win
// rate and the mean game length in turns, each difference with its 95%
// interval, so that a designer reads whether an option changes the
// balance or the length, and by how much, from one line.
type Comparison struct {
	Rules     string     `json:"rules"`
	FirstSeat Difference `json:"first_seat"`
	Turns     Difference `json:"turns"`
}

// Compare compares other with base. The difference of two win rates
// has Newcombe's interval (1998, method 10: from the two Wilson
// intervals, as the rates have); the difference of two means the normal
// one, mean ± 1.96 sqrt(s1²/n1 + s2²/n2), which the hundreds of games of
// a run make good.
func Compare(base, other Report) Comparison {
	p1, p2 := other.FirstSeat, base.FirstSeat
	d := p1.Rate - p2.Rate
	first := Difference{
		Diff: d,
		Low:  d - math.Sqrt(sq(p1.Rate-p1.Low)+sq(p2.High-p2.Rate)),
		High: d + math.Sqrt(sq(p1.High-p1.Rate)+sq(p2.Rate-p2.Low)),
	}
	m := other.Turns.Mean - base.Turns.Mean
	half := math.Inf(1)
	if other.Games > 0 && base.Games > 0 {
		half = z95 * math.Sqrt(sq(other.Turns.SD)/float64(other.Games)+sq(base.Turns.SD)/float64(base.Games))
	}
	return Comparison{Rules: other.Rules, FirstSeat: first, Turns: Difference{Diff: m, Low: m - half, High: m + half}}
}

func sq(x float64) float64 { return x * x }
