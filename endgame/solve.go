package endgame

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"passage/senet"
)

// Tolerance is where value iteration stops: a group of layers is solved
// when no sweep changes a value by more than this and the error left,
// estimated from the steady rate at which the changes shrink, is within
// it too, or, where the rate does not settle soon enough, an aggregation
// step corrects no value by more (solveGroupGraph).
const Tolerance = 1e-6

// Options tunes Solve. The zero value solves on every core without
// progress reports or checkpoints.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS.
	// The result does not depend on it.
	Workers int
	// Progress, when set, is called after every band of every sweep.
	Progress func(Progress)
	// Checkpoint, when set, is the file the solver saves its work to
	// after every layer and when ctx is cancelled, and resumes from.
	Checkpoint string
	// Scratch is the directory for the move graphs of layer groups with
	// more than DiskGraphAbove positions, kept on disk while the group
	// is solved and deleted after it. Empty: every graph in memory.
	// When the last group (K+K) goes to disk, its values also go
	// straight into the table, so that the float32 values of the whole
	// class are never in memory at once (K=4: 1.75 GB).
	Scratch string
	// DiskGraphAbove is the size of group, in positions, above which its
	// graph goes to Scratch; 0 means DiskGraphPositions. The table does
	// not depend on it.
	DiskGraphAbove int64
	// Fallback, when set, is called for each layer group (by its first
	// layer) that stopped on the fallback test after sweeps sweeps: it
	// did not pass the steady test within its budget (the factor by
	// which its changes shrank did not settle, or the error estimated
	// from it stayed over the tolerance), so no estimate bounds its
	// error, which can be over the tolerance (docs/endgame.md, "K=4's
	// stop is not within the tolerance": 3.7 steps of the table on
	// K=4's group 1+4). A resumed solve reports only the groups it
	// solves itself.
	Fallback func(group Layer, sweeps int)
	// Polished, when set, is called for each layer group that stopped on
	// the fallback test and was then solved exactly by policy iteration
	// (docs/endgame.md, "Polishing"): such a group is not reported to
	// Fallback.
	Polished func(PolishReport)

	// plain solves by plain value iteration, generating the moves in
	// every sweep and without aggregation: the slow reference the tests
	// compare the fast method with.
	plain bool
	// tolerance replaces Tolerance when positive (tests).
	tolerance float64
	// maxSweeps replaces MaxGroupSweeps when positive (tests).
	maxSweeps int
	// groups, when positive, stops after that many layer groups (tests
	// that need only the small layers of a large class).
	groups int
	// polishMax replaces PolishMaxPositions when positive (tests).
	polishMax int
}

// Progress is where a solve stands.
type Progress struct {
	Layer  Layer   // the layer being solved (with its colour swap)
	Sweep  int     // the current sweep of value iteration, from 1; 0 while the moves are generated
	Delta  float64 // the largest change of the last finished sweep (1 before)
	Done   int64   // positions of the layer group swept in this sweep
	Total  int64   // positions in the layer group
	Groups [2]int  // layer groups finished, and in all
	// Polish is the round of policy iteration while a group is polished
	// (0 otherwise); Delta is then the largest change a sweep of the
	// round's policy would make, Done the round's GMRES iterations and
	// Total their limit.
	Polish int
}

// ErrInterrupted is returned when ctx was cancelled; the work done is in
// the checkpoint file.
var ErrInterrupted = errors.New("solve interrupted")

// solver holds the values during a solve, as float32 so that K=4 fits
// in memory; they are the mover's probability of winning.
type solver struct {
	c *Class
	// vals are the values of every position, or with a disk graph for
	// the last group (see Options.Scratch) of every position before it.
	vals []float32
	// table receives the last group's values when vals stops before it.
	table     []uint16
	scratch   string
	diskAbove int64
	workers   int
	plain     bool
	tolerance float64
	maxSweeps int
	polishMax int
	closure   atomic.Pointer[string] // a position the class does not hold
	// fallback is Options.Fallback, never nil.
	fallback func(group Layer, sweeps int)
	// polished is Options.Polished, never nil.
	polished func(PolishReport)
}

// Solve computes the table of class c. Layers are solved in order of
// pieces on the board; a layer and its colour swap together by
// Gauss-Seidel value iteration until a sweep changes no value by more
// than Tolerance. Within a sweep the positions go by decreasing sum of
// occupied squares, so that forward moves (which raise it) read values
// of this sweep; positions with the same sum form a band that is updated
// at once from the values before it, which makes the result independent
// of the number of workers.
func Solve(ctx context.Context, c *Class, opt Options) (*Table, error) {
	s, err := newSolver(c, opt)
	if err != nil {
		return nil, err
	}
	if err := s.run(ctx, opt); err != nil {
		return nil, err
	}
	t := &Table{Class: c, vals: s.table}
	if t.vals == nil {
		t.vals = make([]uint16, c.size)
	}
	for i, v := range s.vals {
		t.vals[i] = quantize(float64(v))
	}
	return t, nil
}

// newSolver starts a solve of c: every value 1/2.
func newSolver(c *Class, opt Options) (*solver, error) {
	s := &solver{c: c, workers: opt.Workers, plain: opt.plain, tolerance: opt.tolerance, maxSweeps: opt.maxSweeps, scratch: opt.Scratch, diskAbove: opt.DiskGraphAbove}
	if s.diskAbove <= 0 {
		s.diskAbove = DiskGraphPositions
	}
	n := c.size
	if last := c.groups()[len(c.groups())-1]; !s.plain && s.onDisk(c.groupSize(last)) {
		n, _ = c.Span(last[0])
	}
	s.vals = make([]float32, n)
	hugePages(s.vals)
	if s.tolerance <= 0 {
		s.tolerance = Tolerance
	}
	if s.maxSweeps <= 0 {
		s.maxSweeps = MaxGroupSweeps
	}
	s.polishMax = opt.polishMax
	if s.polishMax <= 0 {
		s.polishMax = PolishMaxPositions
	}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	s.fallback = opt.Fallback
	if s.fallback == nil {
		s.fallback = func(Layer, int) {}
	}
	s.polished = opt.Polished
	if s.polished == nil {
		s.polished = func(PolishReport) {}
	}
	for i := range s.vals {
		s.vals[i] = 0.5
	}
	return s, nil
}

// run solves the layer groups in order, from the checkpoint if there is
// one.
func (s *solver) run(ctx context.Context, opt Options) error {
	c := s.c
	groups := c.groups()
	start, startSweep := 0, 0
	if opt.Checkpoint != "" {
		g, sw, ok, err := loadCheckpoint(opt.Checkpoint, c, s.vals)
		if err != nil {
			return err
		}
		if ok {
			start, startSweep = g, sw
		}
	}
	if opt.groups > 0 && opt.groups < len(groups) {
		groups = groups[:opt.groups]
	}
	for gi := start; gi < len(groups); gi++ {
		sweep := 0
		if gi == start {
			sweep = startSweep
		}
		solveGroup := s.solveGroupGraph
		if s.plain {
			solveGroup = s.solveGroup
		}
		err := solveGroup(ctx, groups[gi], sweep, func(p Progress) {
			if opt.Progress != nil {
				p.Groups = [2]int{gi, len(groups)}
				opt.Progress(p)
			}
		}, func(sweep int) error {
			if opt.Checkpoint == "" {
				return nil
			}
			return saveCheckpoint(opt.Checkpoint, c, gi, sweep, s.vals)
		})
		if err != nil {
			return err
		}
		if opt.Checkpoint != "" && (gi+1 < len(groups) || len(s.vals) == int(c.size)) {
			// (The last group's values may be in s.table only, which the
			// caller writes next.)
			if err := saveCheckpoint(opt.Checkpoint, c, gi+1, 0, s.vals); err != nil {
				return err
			}
		}
	}
	return nil
}

// groups are the layers solved together: a layer and its colour swap,
// which a pass or the end of a turn leads to.
func (c *Class) groups() [][]Layer {
	var out [][]Layer
	for _, l := range c.Layers() {
		switch {
		case l.A == l.B:
			out = append(out, []Layer{l})
		case l.A < l.B:
			out = append(out, []Layer{l, {l.B, l.A}})
		}
	}
	return out
}

// groupSize is the number of positions in group.
func (c *Class) groupSize(group []Layer) int64 {
	var n int64
	for _, l := range group {
		_, ln := c.Span(l)
		n += ln
	}
	return n
}

// onDisk reports whether a group of n positions keeps its move graph on
// disk.
func (s *solver) onDisk(n int64) bool {
	return s.scratch != "" && n > s.diskAbove
}

// bands orders the positions of a group by decreasing sum of occupied
// squares: bands[k] holds the indices with the k-th largest sum.
func (s *solver) bands(group []Layer) [][]int64 {
	bySum := map[int][]int64{}
	maxSum := 0
	for _, l := range group {
		start, n := s.c.Span(l)
		for i := start; i < start+n; i++ {
			m, o := s.c.Boards(l, i)
			sum := squareSum(m | o)
			bySum[sum] = append(bySum[sum], i)
			maxSum = max(maxSum, sum)
		}
	}
	var out [][]int64
	for sum := maxSum; sum >= 0; sum-- {
		if b := bySum[sum]; len(b) > 0 {
			out = append(out, b)
		}
	}
	return out
}

func squareSum(board uint32) int {
	sum := 0
	for m := board; m != 0; m &= m - 1 {
		sum += bits.TrailingZeros32(m)
	}
	return sum
}

// chunk is how many positions a worker takes at a time.
const chunk = 2048

// solveGroup iterates the group's values until they settle. It checks
// ctx between sweeps only, so that an interrupted solve resumes exactly
// where an uninterrupted one would be.
func (s *solver) solveGroup(ctx context.Context, group []Layer, sweep int, progress func(Progress), checkpoint func(sweep int) error) error {
	bands := s.bands(group)
	widest, total := 0, int64(0)
	for _, b := range bands {
		widest = max(widest, len(b))
		total += int64(len(b))
	}
	next := make([]float32, widest)
	delta := 1.0
	for {
		if ctx.Err() != nil {
			if err := checkpoint(sweep); err != nil {
				return err
			}
			return ErrInterrupted
		}
		sweep++
		var swept int64
		maxDelta := 0.0
		for _, band := range bands {
			maxDelta = max(maxDelta, s.sweepBand(band, next[:len(band)]))
			if p := s.closure.Load(); p != nil {
				return fmt.Errorf("endgame: the class is not closed under the rules: a move leads to %s", *p)
			}
			swept += int64(len(band))
			progress(Progress{Layer: group[0], Sweep: sweep, Delta: delta, Done: swept, Total: total})
		}
		delta = maxDelta
		if delta <= s.tolerance {
			return nil
		}
	}
}

// sweepBand computes the new values of band from the current ones into
// next, then stores them, and returns the largest change.
func (s *solver) sweepBand(band []int64, next []float32) float64 {
	var wg sync.WaitGroup
	var cursor atomic.Int64
	workers := min(s.workers, (len(band)+chunk-1)/chunk)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []senet.Move
			for {
				lo := int(cursor.Add(chunk)) - chunk
				if lo >= len(band) {
					return
				}
				for j := lo; j < min(lo+chunk, len(band)); j++ {
					var v float64
					v, buf = s.backup(band[j], buf)
					next[j] = float32(v)
				}
			}
		}()
	}
	wg.Wait()
	maxDelta := 0.0
	for j, i := range band {
		maxDelta = max(maxDelta, math.Abs(float64(next[j])-float64(s.vals[i])))
		s.vals[i] = next[j]
	}
	return maxDelta
}

// backup is the right-hand side of the Bellman equation at index i: the
// expectation over throws of the best move's value for the mover.
func (s *solver) backup(i int64, buf []senet.Move) (float64, []senet.Move) {
	l := s.c.layerOf(i)
	p := s.c.Position(l, i)
	return bellman(s.c.Rules, p, buf, s.value)
}

// bellman is the expected value for the side to throw in p (White) when
// it plays the best move after each throw, valuing positions by value.
func bellman(r *senet.Rules, p senet.Position, buf []senet.Move, value func(senet.Position) float64) (float64, []senet.Move) {
	total := 0.0
	for _, o := range r.Outcomes(p) {
		buf = r.Moves(p, o.Roll, buf[:0])
		best := 0.0
		for _, m := range buf {
			best = max(best, value(r.Apply(p, o.Roll, m)))
		}
		total += o.Prob() * best
	}
	return total, buf
}

// value is White's chance of winning q under the current values.
func (s *solver) value(q senet.Position) float64 {
	if q.Turn() < 0 {
		return float64(1 - q.Winner())
	}
	i, ok := s.c.Lookup(q)
	if !ok {
		msg := s.c.Rules.Format(q)
		s.closure.CompareAndSwap(nil, &msg)
		return 0
	}
	v := float64(s.vals[i])
	if q.Turn() != senet.White {
		v = 1 - v
	}
	return v
}

// layerOf is the layer holding index i.
func (c *Class) layerOf(i int64) Layer {
	for a := 1; a <= c.K; a++ {
		for b := 1; b <= c.K; b++ {
			if s := c.layer[a][b]; i >= s.start && i < s.start+s.n {
				return Layer{a, b}
			}
		}
	}
	panic(fmt.Sprintf("endgame: index %d outside the class", i))
}

// quantize stores a probability in 16 bits.
func quantize(v float64) uint16 {
	return uint16(math.Round(min(max(v, 0), 1) * 65535))
}

// Quantum is the resolution of a stored value.
const Quantum = 1.0 / 65535
