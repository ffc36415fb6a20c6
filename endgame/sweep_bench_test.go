package endgame

import (
	"context"
	"os"
	"runtime/debug"
	"testing"
	"time"
)

// BenchmarkSweepK3 is one sweep of Jéquier's K=3 group 3+3 (10.7
// million positions, values 2.4 times the size of a large cache), its
// move graph in memory.
func BenchmarkSweepK3(b *testing.B) {
	c := mustClass(b, "senet-jequier", nil, 3)
	s, err := newSolver(c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	groups := c.groups()
	g, err := s.buildGraph(context.Background(), groups[len(groups)-1], "", func(int64, int64) {})
	if err != nil {
		b.Fatal(err)
	}
	v, next, changes := benchSweepStart(s, g)
	for b.Loop() {
		if _, _, _, err := g.sweep(v, next, changes, 1, func(int) {}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiskGraphK4 measures K=4's largest group, 4+4 (300,450,150
// positions), with its move graph on disk under $PASSAGE_K4_SCRATCH:
// the graph's build, its size, and one sweep read from disk, with the
// memory the solve would hold (run it under /usr/bin/time -v for the
// peak RSS). The earlier layers' values are all 1/2 here, not solved:
// the work and the memory do not depend on them. Skipped without the
// variable: it needs 17 GB of disk and minutes of CPU.
func BenchmarkDiskGraphK4(b *testing.B) {
	scratch := os.Getenv("PASSAGE_K4_SCRATCH")
	if scratch == "" {
		b.Skip("set PASSAGE_K4_SCRATCH to a directory with 17 GB free")
	}
	debug.SetGCPercent(10) // as passage solve does
	c := mustClass(b, "senet-jequier", nil, 4)
	s, err := newSolver(c, Options{Scratch: scratch})
	if err != nil {
		b.Fatal(err)
	}
	groups := c.groups()
	group := groups[len(groups)-1]
	start := time.Now()
	g, err := s.buildGraph(context.Background(), group, s.scratch, func(int64, int64) {})
	if err != nil {
		b.Fatal(err)
	}
	defer g.close()
	b.Logf("4+4: %d positions, graph built in %s, %d bytes on disk", g.n, time.Since(start).Round(time.Second), g.disk.end)
	releaseMemory()
	v, next, changes := benchSweepStart(s, g)
	level := make([]uint16, g.n)
	b.ResetTimer()
	for b.Loop() {
		_, lo, hi, err := g.sweep(v, next, changes, s.workers, func(int) {})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.aggregate(g, v, changes, lo, hi, level); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSweepStart is what a sweep of g needs: the group's values, all
// 1/2 (the work does not depend on them), room for a band, and the
// change log.
func benchSweepStart(s *solver, g *graph) (values, []float64, *changeLog) {
	v := values{x: make([]float64, g.n), vals: s.vals}
	hugePages(v.x)
	for j := range v.x {
		v.x[j] = 0.5
	}
	return v, make([]float64, g.widestBand()), g.changeLog()
}
