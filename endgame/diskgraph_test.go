package endgame

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestDiskGraphMatchesMemory: with every group's move graph on disk
// (and the last group written straight into the table, as K=4 does),
// the table is the one the graphs in memory give, bit for bit, with
// another number of workers too, and the scratch directory is left
// empty. Szenet K=1's one group is polished (polish.go), reading its
// policy's system from the disk graph.
func TestDiskGraphMatchesMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		k    int
	}{{"senet-jequier", 2}, {"senet-apokrif", 1}, {"senet-szenet", 1}} {
		name := tc.name
		c := mustClass(t, name, nil, tc.k)
		mem := mustSolve(t, c)
		scratch := t.TempDir()
		for _, workers := range []int{1, 3} {
			disk, err := Solve(context.Background(), c, Options{Workers: workers, Scratch: scratch, DiskGraphAbove: 1})
			if err != nil {
				t.Fatal(err)
			}
			sameTable(t, mem, disk, "graphs in memory", "graphs on disk")
		}
		if left, _ := os.ReadDir(scratch); len(left) != 0 {
			t.Errorf("%s: %d files left in the scratch directory", name, len(left))
		}
	}
}

// TestDiskGraphResumes: a solve with graphs on disk interrupted in its
// last group, whose values go straight into the table, resumes from its
// checkpoint to the same table.
func TestDiskGraphResumes(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 2)
	mem := mustSolve(t, c)
	dir := t.TempDir()
	opt := Options{Scratch: filepath.Join(dir, "tmp"), Checkpoint: filepath.Join(dir, "solve.partial"), DiskGraphAbove: 1}
	ctx, cancel := context.WithCancel(context.Background())
	interrupted := opt
	interrupted.Progress = func(p Progress) {
		if p.Groups[0] == p.Groups[1]-1 && p.Sweep == 2 {
			cancel()
		}
	}
	if _, err := Solve(ctx, c, interrupted); err != ErrInterrupted {
		t.Fatalf("interrupted solve: %v", err)
	}
	resumed, err := Solve(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, mem, resumed, "straight through in memory", "resumed on disk")
}

// TestInterruptDuringBuild: an interrupt while a group's move graph is
// being built stops the solve there (K=4's 4+4 takes about eleven
// minutes to build), leaves no scratch files, and the resumed solve
// gives the same table.
func TestInterruptDuringBuild(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 2)
	mem := mustSolve(t, c)
	dir := t.TempDir()
	scratch := filepath.Join(dir, "tmp")
	opt := Options{Scratch: scratch, Checkpoint: filepath.Join(dir, "solve.partial"), DiskGraphAbove: 1, Workers: 2}
	ctx, cancel := context.WithCancel(context.Background())
	interrupted := opt
	built := int64(-1)
	interrupted.Progress = func(p Progress) {
		if p.Groups[0] == p.Groups[1]-1 && p.Sweep == 0 && p.Done > 0 && built < 0 {
			built = p.Done
			cancel()
		}
		if p.Sweep > 0 && p.Groups[0] == p.Groups[1]-1 {
			t.Errorf("swept after the interrupt during the build (%d of %d positions built then)", built, p.Total)
		}
	}
	if _, err := Solve(ctx, c, interrupted); err != ErrInterrupted {
		t.Fatalf("interrupted solve: %v", err)
	}
	if built < 0 {
		t.Fatal("the last group's build reported no progress")
	}
	if left, _ := os.ReadDir(scratch); len(left) > 0 {
		t.Errorf("scratch files left after the interrupt: %v", left)
	}
	resumed, err := Solve(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, mem, resumed, "straight through in memory", "resumed after an interrupted build")
}

func sameTable(t *testing.T, a, b *Table, aName, bName string) {
	t.Helper()
	if len(a.vals) != len(b.vals) {
		t.Fatalf("%d values %s, %d %s", len(a.vals), aName, len(b.vals), bName)
	}
	for i := range a.vals {
		if a.vals[i] != b.vals[i] {
			t.Fatalf("%s index %d: %d %s, %d %s", a.Class.Rules.ID(), i, a.vals[i], aName, b.vals[i], bName)
		}
	}
}
