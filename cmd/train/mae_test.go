package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"passage/endgame"
	"passage/game"
	"passage/nneval"
	"passage/senet"
)

// smallTable solves the K=2 Jéquier class into dir and returns it.
func smallTable(t *testing.T, dir string) *endgame.Table {
	t.Helper()
	r := senet.MustNew("senet-jequier", nil)
	c, err := endgame.NewClass(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := endgame.Solve(context.Background(), c, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.WriteFile(filepath.Join(dir, endgame.FileName(r.ID(), 2))); err != nil {
		t.Fatal(err)
	}
	return tab
}

// The table's own values have no error, from either colour's side;
// a constant estimate has the error of its distance from the values.
func TestErrorsAgainstTheTable(t *testing.T) {
	tab := smallTable(t, t.TempDir())
	exact := func(p senet.Position) game.Payoffs { e, _ := tab.Exact(p); return e }
	half := func(senet.Position) game.Payoffs { return game.Payoffs{0.5, 0.5} }
	white := func(p senet.Position) game.Payoffs { // right for White only
		e, _ := tab.Exact(p)
		return game.Payoffs{e[senet.White], e[senet.White]}
	}
	rep := measureErrors(tab, []namedEval{{"exact", exact}, {"half", half}, {"white", white}}, 2000, 7)
	if r := rep.Rows[0]; r.MAE != 0 || r.RMSE != 0 || r.Decisions != 2000 || r.NonOptimal != 0 || r.MeanLoss != 0 {
		t.Errorf("the table against itself: %+v", r)
	}
	if r := rep.Rows[1]; r.MAE <= 0.01 || r.MAE >= 0.5 || r.RMSE < r.MAE || r.NonOptimal < 0.2 || r.MeanLoss <= 0 {
		t.Errorf("constant 1/2 (which takes the first move): %+v", r)
	}
	if r := rep.Rows[2]; r.MAE <= 0.01 {
		t.Errorf("White's value for both sides: MAE %g; the positions have Black to throw too", r.MAE)
	}
	if again := measureErrors(tab, []namedEval{{"half", half}}, 2000, 7); again.Rows[0] != rep.Rows[1] {
		t.Errorf("the same seed gave %v, then %v", rep.Rows[1], again.Rows[0])
	}
}

// -mae prints a row per evaluation: the linear one, the hand-made one
// and each -weights file.
func TestMAECommand(t *testing.T) {
	dir := t.TempDir()
	smallTable(t, dir)
	w := filepath.Join(dir, "w.nnw")
	tiny(t, dir)
	code, out, errs := runTrain("-rules", "senet-jequier", "-mae", dir, "-mae-positions", "500", "-weights", w)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// A header of three lines, the linear and hand-made rows, the
	// embedded network's row when Jéquier has one, and the -weights row.
	want := 6
	if nneval.ForSenet(senet.MustNew("senet-jequier", nil)) != nil {
		want++
	}
	if len(lines) != want || !strings.Contains(lines[0], "500 positions") || !strings.Contains(lines[0], "K=2") {
		t.Fatalf("output:\n%s", out)
	}
	for _, line := range lines[3:] {
		f := strings.Fields(line)
		for _, s := range append(f[len(f)-4:len(f)-2], f[len(f)-1]) {
			if v, err := strconv.ParseFloat(s, 64); err != nil || v <= 0 || v >= 0.5 {
				t.Errorf("row %q: %q is not an error in (0, 0.5)", line, s)
			}
		}
		if v, err := strconv.ParseFloat(strings.TrimSuffix(f[len(f)-2], "%"), 64); err != nil || v <= 0 || v >= 100 {
			t.Errorf("row %q: %q is not a share of non-optimal moves", line, f[len(f)-2])
		}
	}
	if !strings.Contains(lines[3], "fitted linear") || !strings.Contains(lines[len(lines)-1], w) {
		t.Errorf("rows:\n%s", out)
	}
}

func TestMAEErrorsFollowTheContract(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-rules", "senet-jequier", "-mae", dir},                             // no table there
		{"-rules", "kinevet", "-mae", dir},                                   // no tables for Ludo
		{"-rules", "senet-jequier", "-mae", dir, "-mae-positions", "0"},      // no positions
		{"-rules", "senet-jequier", "-weights", filepath.Join(dir, "w.nnw")}, // -weights alone
		{"-rules", "senet-jequier", "-tables", dir, "-games", "1"},           // no table there
		{"-rules", "kinevet", "-tables", dir, "-games", "1"},                 // no tables for Ludo
	} {
		code, out, errs := runTrain(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "train: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one line", args, code, out, errs)
		}
	}
}

// -tables trains on the table's exact values: other weights than
// without, the same on any number of workers, and the command in the
// header says so.
func TestTrainingWithTables(t *testing.T) {
	tables := t.TempDir()
	smallTable(t, tables)
	plain := tiny(t, t.TempDir())
	dir := t.TempDir()
	one := tiny(t, dir, "-tables", tables, "-workers", "1")
	if bytes.Equal(one, plain) {
		t.Error("-tables did not change the weights")
	}
	if two := tiny(t, t.TempDir(), "-tables", tables, "-workers", "2"); !bytes.Equal(one, two) {
		t.Error("-tables: 1 and 2 workers wrote different weights")
	}
	code, out, _ := runTrain("-info", filepath.Join(dir, "w.nnw"))
	if code != 0 || !strings.Contains(out, "-seed 1 -tables "+tables+"\n") {
		t.Errorf("header:\n%s", out)
	}
}
