package sim

import (
	"math"
	"slices"
)

// Rate is a proportion with its 95% confidence interval.
type Rate struct {
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson is the proportion k/n with its 95% Wilson score interval, which
// keeps inside [0, 1] and behaves well near 0 and 1 and for small n
// (Wilson 1927). Fractional k (a draw or a shared place) is allowed.
func Wilson(k float64, n int) Rate {
	if n == 0 {
		return Rate{Low: 0, High: 1}
	}
	nf := float64(n)
	p := k / nf
	z2 := z95 * z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Rate{Rate: p, Low: max(0, centre-half), High: min(1, centre+half)}
}

// Dist summarises a distribution of game lengths.
type Dist struct {
	Mean float64 `json:"mean"`
	// SD is the sample standard deviation, for intervals of the mean
	// (Compare).
	SD     float64 `json:"sd"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
	Max    float64 `json:"max"`
}

// Summarize computes a Dist; it sorts xs.
func Summarize(xs []float64) Dist {
	if len(xs) == 0 {
		return Dist{}
	}
	slices.Sort(xs)
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := 0.0
	if len(xs) > 1 {
		sd = math.Sqrt(ss / float64(len(xs)-1))
	}
	return Dist{
		Mean:   clean(mean),
		SD:     clean(sd),
		Median: clean(Quantile(xs, 0.5)),
		P90:    clean(Quantile(xs, 0.9)),
		Max:    xs[len(xs)-1],
	}
}

// clean rounds x to nine decimals: a report of game lengths (whole
// numbers of turns) then reads 415.3, not 415.29999999999995, the
// rounding error of the interpolation.
func clean(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// Quantile is the q-quantile of sorted xs by linear interpolation
// between closest ranks (the definition of R's type 7 and NumPy's
// default).
func Quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	h := q * float64(len(sorted)-1)
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}
