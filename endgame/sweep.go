package endgame

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// sweep is one Gauss-Seidel sweep over the graph: band by band, each
// band's new values computed in parallel from the values before it, then
// stored together, so the result does not depend on the number of
// workers. It records each position's change in log and returns the
// largest change and the range of the recorded changes. done is called
// after each band with the positions swept so far.
func (g *graph) sweep(v values, next []float64, log *changeLog, workers int, done func(int)) (maxDelta, lo, hi float64, err error) {
	lo, hi = math.Inf(1), math.Inf(-1)
	if len(g.gathered) < max(1, workers) {
		g.gathered = make([][]float64, max(1, workers)) // before the workers start
	}
	if err := log.start(); err != nil {
		return 0, 0, 0, err
	}
	for b := 0; b+1 < len(g.bands); b++ {
		blo, bhi := g.bands[b], g.bands[b+1]
		err := g.forChunks(blo, bhi, 1, workers, func(w int, ch *edgeChunk, base, from, to int) {
			// First every edge's value, then the rows: the loads of the
			// first loop do not wait for each other (see gatherEdges).
			e0, e1 := ch.edgeRange(from-base, to-base)
			vals := g.gatherEdges(w, v, ch.edges[e0:e1])
			for j := from; j < to; j++ {
				k := j - base
				at := int(ch.first[k]) - e0
				next[j-blo] = g.backup(vals[at:], ch.edges[e0+at:], ch.counts[k], j)
			}
		})
		if err != nil {
			return 0, 0, 0, err
		}
		for j := blo; j < bhi; j++ {
			d := next[j-blo] - v.x[j]
			c := float32(d)
			log.put(j, c)
			lo, hi = min(lo, float64(c)), max(hi, float64(c))
			maxDelta = max(maxDelta, math.Abs(d))
			v.x[j] = next[j-blo]
		}
		done(bhi)
	}
	return maxDelta, lo, hi, log.finish()
}

// parallelWorkers calls f on the pieces [from, to) of [0, n), size at a
// time, on up to workers goroutines, telling f which worker (0 to
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

// aggregateStep is one aggregation step, its levels made when first
// needed; it returns the largest correction.
func (s *solver) aggregateStep(g *graph, v values, changes *changeLog, lo, hi float64, level *[]uint16) (float64, error) {
	if *level == nil {
		*level = make([]uint16, g.n)
	}
	return s.aggregate(g, v, changes, lo, hi, *level)
}

// steadyRate returns the factor by which the largest change shrinks a
// sweep once that factor is steady: the last three sweeps since the last
// aggregation step shrank it by factors that agree to within aggSteady.
// Until then it returns 0. Only a steady factor says what is left: the
// error then lies almost wholly along one slow mode, the changes are
// nearly proportional to it, and so an aggregation step binned by them
// removes it, and the error left is about delta*r/(1-r). Before, the
// changes mix modes; measured on K=3's group 2+3 and K=4's group 2+4,
// steps taken then (at a looser 0.05) put in as much slow error as they
// took out, and a change under the tolerance still left errors of 2e-5
// to 4e-5 (K=3) and of the order of 1e-3 (K=4) that plain sweeps went
// on moving.
func steadyRate(deltas []float64) float64 {
	k := len(deltas)
	if k < 4 || deltas[k-2] == 0 || deltas[k-3] == 0 || deltas[k-4] == 0 {
		return 0
	}
	r1, r2, r3 := deltas[k-1]/deltas[k-2], deltas[k-2]/deltas[k-3], deltas[k-3]/deltas[k-4]
	if math.Abs(r1-r2) > aggSteady || math.Abs(r2-r3) > aggSteady {
		return 0
	}
	// Near 1, agreeing to aggSteady says nothing: factors of 0.9990 and
	// 0.9999 agree to 1e-3, yet leave errors of 1,000 and 10,000 times
	// the change. So they must also agree to a tenth of 1 - r, the part
	// of the error a sweep removes. On K=4's group 2+4 the steps taken
	// without this kept putting back errors of 1e-4 to 6e-4 until the
	// budget ran out; with it their corrections shrank to 8.8e-7 by
	// sweep 299. A factor of 1 or more (a stall, a drift) keeps the
	// plain test: there is no mode to wait for.
	if r1 < 1 && (math.Abs(r1-r2) > aggRelSteady*(1-r1) || math.Abs(r2-r3) > aggRelSteady*(1-r1)) {
		return 0
	}
	return r1
}

// aggSlow is the steady factor from which an aggregation step is worth
// taking; aggSteady is how closely three factors must agree for a step
// (steadyRate), and aggRelSteady how closely relative to 1 - r.
const aggSlow, aggSteady, aggRelSteady = 0.7, 1e-3, 0.1

// minSteadySweeps is the least the steady test may take: a small group
// reaches the tolerance in a dozen sweeps, before its rate has settled.
const minSteadySweeps = 50

// MaxGroupSweeps is the most sweeps a layer group may take. The slowest
// groups measured, K=4's 1+4, 2+4 and 3+4, stopped in 291 to 338; a
// group still sweeping after this many is not converging (a stopping
// test that its aggregation steps never let pass), and the solve ends
// with an error instead of running until it is interrupted.
const MaxGroupSweeps = 20000

// changeFloor is a change below which the sweeps have reached the
// rounding of float64 values near 1: the group is solved whatever the
// factor, which rounding makes unsteady.
const changeFloor = 1e-13

// solveGroupGraph builds the group's move graph, then sweeps it until
// its error is below the tolerance. Once the largest change shrinks by a
// steady factor r (steadyRate), either r is at least aggSlow, and an
// aggregation step removes the slow error; the group is solved when such
// a step corrects no value by more than the tolerance and the sweep
// before it changed none by more. Or r is smaller, and the group is
// solved when the error left, about delta*r/(1-r), is within the
// tolerance. Where the rate has not settled after as many sweeps again
// as the group took to get under the tolerance (at least
// minSteadySweeps), the group stops at the first aggregation step under
// the tolerance that corrects no value by more. The group's values are
// kept apart in
// float64 and stored when it is solved, so an interrupted group starts
// again from its beginning when resumed, exactly as it started before.
// A group of more than DiskGraphPositions positions keeps its graph on
// disk (Options.Scratch); its values and the earlier layers' stay in
// memory.
func (s *solver) solveGroupGraph(ctx context.Context, group []Layer, sweep int, progress func(Progress), checkpoint func(sweep int) error) error {
	scratch := ""
	if s.onDisk(s.c.groupSize(group)) {
		scratch = s.scratch
	}
	// interrupted saves the checkpoint of an interrupt: the group's
	// values are still those it started with (they are stored only
	// when it is solved), so it resumes from its start.
	interrupted := func() error {
		if err := checkpoint(0); err != nil {
			return err
		}
		return ErrInterrupted
	}
	g, err := s.buildGraph(ctx, group, scratch, func(done, total int64) {
		progress(Progress{Layer: group[0], Sweep: 0, Delta: 1, Done: done, Total: total})
	})
	if err == ErrInterrupted {
		return interrupted()
	}
	if err != nil {
		return err
	}
	defer g.close()
	if g.disk != nil {
		// The build's index maps are garbage now: give their memory
		// back before the values take it.
		releaseMemory()
	}
	n := g.n
	v := values{x: make([]float64, n), vals: s.vals}
	hugePages(v.x)
	err = g.eachOrder(func(j int, i uint32) {
		v.x[j] = 0.5 // the start of every group (a group is stored only when solved)
		if int(i) < len(s.vals) {
			v.x[j] = float64(s.vals[i])
		}
	})
	if err != nil {
		return err
	}
	next := make([]float64, g.widestBand())
	changes := g.changeLog()
	var level []uint16   // aggregation's levels, kept for the next step
	var deltas []float64 // since the last aggregation
	last := 1.0          // the last sweep's largest change, for progress
	// under is how many sweeps the group took to first change no value
	// by more than the tolerance: the steady test may take as many
	// again, and at least minSteadySweeps, before the group falls back
	// on the plain one.
	first, under := sweep, 0
	fellBack := false
	for {
		if ctx.Err() != nil {
			return interrupted()
		}
		sweep++
		delta, lo, hi, err := g.sweep(v, next, changes, s.workers, func(done int) {
			progress(Progress{Layer: group[0], Sweep: sweep, Delta: last, Done: int64(done), Total: int64(n)})
		})
		if err != nil {
			return err
		}
		progress(Progress{Layer: group[0], Sweep: sweep, Delta: delta, Done: int64(n), Total: int64(n)})
		deltas = append(deltas, delta)
		last = delta
		if delta <= changeFloor {
			break
		}
		if sweep-first >= s.maxSweeps {
			return fmt.Errorf("endgame: layer group %d+%d did not converge in %d sweeps (the last changed a value by %.2g)", group[0].A, group[0].B, sweep-first, delta)
		}
		if delta > s.tolerance {
			// On the way down, a step as soon as the sweeps shrink the
			// change slowly and steadily. Speed, not the result, depends
			// on it; but a step taken before the factor settles (on K=4's
			// group 2+4, at two factors agreeing to 0.05) bins a mix of
			// modes and can put back more error than it removes, so that
			// the change cycles above the tolerance for ever.
			if steadyRate(deltas) >= aggSlow {
				if _, err := s.aggregateStep(g, v, changes, lo, hi, &level); err != nil {
					return err
				}
				deltas = deltas[:0]
			}
			continue
		}
		if under == 0 {
			under = sweep - first
		}
		// Under the tolerance: the steady test while its budget lasts,
		// then the plain one (an aggregation step at every sweep).
		steady := sweep-first <= under+max(under, minSteadySweeps)
		r := steadyRate(deltas)
		if steady && r == 0 {
			continue // the rate has not settled yet
		}
		if steady && r < aggSlow {
			if delta*r/(1-r) <= s.tolerance {
				break
			}
			continue
		}
		corr, err := s.aggregateStep(g, v, changes, lo, hi, &level)
		if err != nil {
			return err
		}
		if corr <= s.tolerance {
			fellBack = !steady
			break
		}
		deltas = deltas[:0]
	}
	if fellBack {
		// No estimate bounds the stop's error: solve the group exactly
		// where that is sound, else warn.
		var rep PolishReport
		if s.mayPolish(g.n) {
			rep, err = s.polishGroup(ctx, g, v, next, changes, group[0], progress)
			if err == ErrInterrupted {
				return interrupted()
			}
			if err != nil {
				return err
			}
		}
		if rep.Kept {
			s.polished(rep)
		} else {
			s.fallback(group[0], sweep-first)
		}
	}
	level, changes, next = nil, nil, nil
	if g.disk != nil {
		releaseMemory()
	}
	return g.eachOrder(func(j int, i uint32) {
		if int(i) < len(s.vals) {
			s.vals[i] = float32(v.x[j])
			return
		}
		// The last group when the values of all fit no longer:
		// straight into the table, as the stored float32 would be.
		if s.table == nil {
			s.table = make([]uint16, s.c.size)
		}
		s.table[i] = quantize(float64(float32(v.x[j])))
	})
}

// releaseMemory collects garbage and returns it to the operating
// system at once, between the phases of a group whose arrays are large.
func releaseMemory() {
	runtime.GC()
	debug.FreeOSMemory()
}

// widestBand is the number of positions of the graph's largest band: the
// room a sweep needs for a band's new values before it stores them.
func (g *graph) widestBand() int {
	widest := 0
	for b := 0; b+1 < len(g.bands); b++ {
		widest = max(widest, g.bands[b+1]-g.bands[b])
	}
	return widest
}
