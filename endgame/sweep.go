package endgame

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
)

// sweep is one Gauss-Seidel sweep over the graph: band by band, each
// band's new values computed in parallel from the values before it, then
// stored together, so the result does not depend on the number of
// workers. It records each position's change in change and returns the
// largest.
func (g *graph) sweep(v values, next []float64, change []float32, workers int) float64 {
	maxDelta := 0.0
	for b := 0; b+1 < len(g.bands); b++ {
		lo, hi := g.bands[b], g.bands[b+1]
		parallel(hi-lo, chunk, workers, func(from, to int) {
			for j := from; j < to; j++ {
				next[j] = g.backup(v, lo+j)
			}
		})
		for j := lo; j < hi; j++ {
			d := next[j-lo] - v.x[j]
			change[j] = float32(d)
			maxDelta = max(maxDelta, math.Abs(d))
			v.x[j] = next[j-lo]
		}
	}
	return maxDelta
}

// parallel calls f on the pieces [from, to) of [0, n), size at a time,
// on up to workers goroutines.
func parallel(n, size, workers int, f func(from, to int)) {
	parallelWorkers(n, size, workers, func(_, from, to int) { f(from, to) })
}

// parallelWorkers is parallel that also tells f which worker (0 to
// workers-1) runs it.
func parallelWorkers(n, size, workers int, f func(w, from, to int)) {
	workers = min(workers, (n+size-1)/size)
	if workers <= 1 {
		for lo := 0; lo < n; lo += size {
			f(0, lo, min(lo+size, n))
		}
		return
	}
	var wg sync.WaitGroup
	var cursor atomic.Int64
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(cursor.Add(int64(size))) - size
				if lo >= n {
					return
				}
				f(w, lo, min(lo+size, n))
			}
		}()
	}
	wg.Wait()
}

// slowAndSteady reports whether the sweeps since the last aggregation
// have reached the regime an aggregation step removes: the largest
// change shrinks by a steady factor, and slowly. Right after an
// aggregation step the fast errors it leaves behind die out first; an
// aggregation before then would bin positions by those instead.
func slowAndSteady(deltas []float64) bool {
	k := len(deltas)
	if k < 3 {
		return false
	}
	r1, r2 := deltas[k-1]/deltas[k-2], deltas[k-2]/deltas[k-3]
	return r1 >= aggSlow && math.Abs(r1-r2) <= aggSteady
}

// aggSlow and aggSteady are the thresholds of slowAndSteady.
const aggSlow, aggSteady = 0.7, 0.05

// solveGroupGraph builds the group's move graph, then sweeps it, with an
// aggregation step whenever the sweeps slow down (slowAndSteady), until
// a sweep changes no value by more than the tolerance and an aggregation
// step then corrects none by more. The group's values are kept apart in
// float64 and stored when it is solved, so an interrupted group starts
// again from its beginning when resumed, exactly as it started before.
func (s *solver) solveGroupGraph(ctx context.Context, group []Layer, sweep int, progress func(Progress), checkpoint func(sweep int) error) error {
	g, err := s.buildGraph(group, func(done, total int64) {
		progress(Progress{Layer: group[0], Sweep: 0, Delta: 1, Done: done, Total: total})
	})
	if err != nil {
		return err
	}
	widest := 0
	for b := 0; b+1 < len(g.bands); b++ {
		widest = max(widest, g.bands[b+1]-g.bands[b])
	}
	n := len(g.order)
	v := values{x: make([]float64, n), vals: s.vals}
	for j, i := range g.order {
		v.x[j] = float64(s.vals[i])
	}
	next := make([]float64, widest)
	change := make([]float32, n)
	var deltas []float64 // since the last aggregation
	for {
		if ctx.Err() != nil {
			// The group's values are still those it started with: the
			// checkpoint resumes it from the start.
			if err := checkpoint(0); err != nil {
				return err
			}
			return ErrInterrupted
		}
		sweep++
		delta := g.sweep(v, next, change, s.workers)
		progress(Progress{Layer: group[0], Sweep: sweep, Delta: delta, Done: int64(n), Total: int64(n)})
		deltas = append(deltas, delta)
		if delta <= s.tolerance {
			// A slow error can hide behind small changes; the
			// aggregation step estimates it.
			if s.aggregate(g, v, change) <= s.tolerance {
				break
			}
			deltas = deltas[:0]
		} else if slowAndSteady(deltas) {
			s.aggregate(g, v, change)
			deltas = deltas[:0]
		}
	}
	for j, i := range g.order {
		s.vals[i] = float32(v.x[j])
	}
	return nil
}
