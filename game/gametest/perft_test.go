package gametest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"passage/game"
	"passage/game/gametest"
	"passage/senet"
)

// TestPerftDefinition: depth 0 is the position itself, depth 1 the sum
// over throws of the legal moves, depth 2 the sum of depth 1 below each
// move; a finished game has nothing below it.
func TestPerftDefinition(t *testing.T) {
	g := senet.MustNew("senet-szenet", nil)
	p, err := g.ParsePosition("......w.b...w.Wb.b.....wbB.... w hand=w asleep=16")
	if err != nil {
		t.Fatal(err)
	}
	var moves, below, below2 int64
	for _, o := range g.Outcomes(p) {
		ms := g.Moves(p, o.Roll, nil)
		moves += int64(len(ms))
		for _, m := range ms {
			below += gametest.Perft(g, g.Apply(p, o.Roll, m), 1)
			below2 += gametest.Perft(g, g.Apply(p, o.Roll, m), 2)
		}
	}
	// One walk counts every depth: each the same as the definition.
	if got, want := game.PerftDepths(g, p, 3), []int64{moves, below, below2}; !slices.Equal(got, want) {
		t.Errorf("PerftDepths(p, 3) = %v, want %v", got, want)
	}
	if got := gametest.Perft(g, p, 0); got != 1 {
		t.Errorf("Perft(p, 0) = %d, want 1", got)
	}
	if got := gametest.Perft(g, p, 1); got != moves {
		t.Errorf("Perft(p, 1) = %d, want %d", got, moves)
	}
	if got := gametest.Perft(g, p, 2); got != below {
		t.Errorf("Perft(p, 2) = %d, want %d", got, below)
	}
}

// TestRunPerftUpdate: an update writes the counts of a new position
// (depths 1-3) and keeps comments; the file then passes, and ReadPerft
// reads the counts back as written.
func TestRunPerftUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.perft")
	text := "# a comment\nrules: senet-jequier\n\n# the start\npos: wbwbwbwbw.b................... b opening=w\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(id string) (game.Game[senet.Position, senet.Move], error) {
		name, opts := gametest.SplitID(id)
		return senet.New(name, opts)
	}
	gametest.RunPerft(t, path, open, true)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := text + "roll 1: 5 moves\nroll 2: 2 moves\nroll 3: 4 moves\nroll 4: 3 moves\nroll 6: 4 moves\n" +
		"depth 1: 18\ndepth 2: 252\ndepth 3: 3509\n"
	if string(data) != want {
		t.Fatalf("updated file:\n%s\nwant:\n%s", data, want)
	}
	gametest.RunPerft(t, path, open, false)
	bad := strings.Replace(want, "depth 2: 252", "depth 2: 251", 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	entries, err := gametest.ReadPerft(path)
	if err != nil || len(entries) != 1 || entries[0].Counts[2] != 251 || entries[0].Rules != "senet-jequier" {
		t.Errorf("ReadPerft = %+v, %v", entries, err)
	}
}

// recorder is a testing.TB that keeps the failures it is told of.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Error(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) {
	r.Error(args...)
	runtime.Goexit()
}

// failures runs f with a recorder and returns what it reported.
func failures(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.errs
}

// TestRunPerftReports: a wrong count, a missing roll line, a position or
// an ID not in canonical form are each reported.
func TestRunPerftReports(t *testing.T) {
	open := func(id string) (game.Game[senet.Position, senet.Move], error) {
		name, opts := gametest.SplitID(id)
		return senet.New(name, opts)
	}
	good := "rules: senet-jequier\npos: wbwbwbwbw.b................... b opening=w\n" +
		"roll 1: 5 moves\nroll 2: 2 moves\nroll 3: 4 moves\nroll 4: 3 moves\nroll 6: 4 moves\ndepth 1: 18\ndepth 2: 252\n"
	tests := []struct {
		name, text, want string
	}{
		{"good", good, ""},
		{"wrong depth", strings.Replace(good, "depth 2: 252", "depth 2: 251", 1), "depth 2: 252, want 251"},
		{"wrong roll", strings.Replace(good, "roll 3: 4 moves", "roll 3: 3 moves", 1), "roll 3: 4 moves, want 3"},
		{"missing roll", strings.Replace(good, "roll 6: 4 moves\n", "", 1), "no line for roll 6"},
		{"not canonical", strings.Replace(good, "rules: senet-jequier", "rules: senet-jequier water=1", 1), "not canonical"},
		{"unreadable", good + "depth two: 5\n", "cannot read"},
		{"depth 0", good + "depth 0: 1\n", "depths start at 1"},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "x.perft")
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		errs := failures(t, func(tb testing.TB) { gametest.RunPerft(tb, path, open, false) })
		got := strings.Join(errs, "\n")
		if tt.want == "" && len(errs) > 0 || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: reported %q, want %q", tt.name, got, tt.want)
		}
	}
}
