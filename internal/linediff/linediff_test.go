package linediff

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// numbers returns the lines "1".."n".
func numbers(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprint(i + 1)
	}
	return s
}

// with returns a copy of lines with line i (1-based) replaced by s.
func with(lines []string, i int, s string) []string {
	c := append([]string(nil), lines...)
	c[i-1] = s
	return c
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name      string
		want, got []string
		diff      string
	}{
		{"equal", []string{"a", "b"}, []string{"a", "b"}, ""},
		{"both empty", nil, []string{}, ""},
		// The cases of the former TestMovesDiff (senet move lists).
		{"missing line", []string{"a", "b", "c"}, []string{"a", "c"}, "  a\n- b\n  c\n"},
		{"extra line", []string{"a", "c"}, []string{"a", "b", "c"}, "  a\n+ b\n  c\n"},
		{"replaced line", []string{"a"}, []string{"b"}, "- a\n+ b\n"},
		{"nothing expected", nil, []string{"pass x"}, "+ pass x\n"},
		{"nothing got", []string{"pass x"}, nil, "- pass x\n"},
		// The cases of the former TestGoldenDiff (golden games).
		{"changed line", []string{"a", "b", "c"}, []string{"a", "x", "c"}, "  a\n- b\n+ x\n  c\n"},
		{"got longer", []string{"a"}, []string{"a", "b"}, "  a\n+ b\n"},
		{"got shorter", []string{"a", "b"}, []string{"c"}, "- a\n- b\n+ c\n"},
		{"empty line", []string{"a", ""}, []string{"a"}, "  a\n- \n"},
		{
			"context and elision",
			[]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"},
			[]string{"1", "2", "3", "4", "5", "x", "7", "8", "9", "10", "11", "12"},
			"  ... (3 equal lines)\n  4\n  5\n- 6\n+ x\n  7\n  8\n  ... (4 equal lines)\n",
		},
		{
			"one equal line between hunks is shown, not elided",
			[]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"},
			[]string{"x", "2", "3", "4", "5", "6", "y", "8", "9"},
			"- 1\n+ x\n  2\n  3\n  4\n  5\n  6\n- 7\n+ y\n  8\n  9\n",
		},
		{
			"two changes far apart",
			[]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"},
			[]string{"x", "2", "3", "4", "5", "6", "7", "8", "9", "y"},
			"- 1\n+ x\n  2\n  3\n  ... (4 equal lines)\n  8\n  9\n- 10\n+ y\n",
		},
		{
			"long input has line numbers",
			numbers(30),
			with(numbers(30), 15, "x"),
			"  ... (12 equal lines)\n@@ -13,5 +13,5 @@\n  13\n  14\n- 15\n+ x\n  16\n  17\n  ... (13 equal lines)\n",
		},
		{
			"long input, lines only added",
			numbers(21)[:20],
			numbers(21),
			"  ... (18 equal lines)\n@@ -19,2 +19,3 @@\n  19\n  20\n+ 21\n",
		},
		{
			"long input from nothing",
			nil,
			append(numbers(21), "x"),
			"@@ -0,0 +1,22 @@\n" + "+ " + strings.Join(append(numbers(21), "x"), "\n+ ") + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Diff(tt.want, tt.got); got != tt.diff {
				t.Errorf("Diff(%q, %q) =\n%s\nwant\n%s", tt.want, tt.got, got, tt.diff)
			}
		})
	}
}

// TestDiffLarge: inputs too large for the table are still diffed
// correctly, and a long diff is cut short with a count of the rest.
func TestDiffLarge(t *testing.T) {
	const n = 3000 // 3000 x 3000 cells is over maxCells
	want, got := numbers(n), numbers(n)
	for i := range got[1 : n-1] {
		got[i+1] = "x" + got[i+1]
	}
	d := Diff(want, got)
	lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
	if head := "@@ -1,3000 +1,3000 @@"; lines[0] != head {
		t.Errorf("first line %q, want %q", lines[0], head)
	}
	if lines[1] != "  1" || lines[2] != "- 2" {
		t.Errorf("lines 2-3 = %q, %q; want %q, %q", lines[1], lines[2], "  1", "- 2")
	}
	if n := len(lines); n != 1+maxOutput+1 {
		t.Errorf("%d lines, want %d", n, 1+maxOutput+1)
	}
	// 199 removals shown of 2998, and none of the 2998 additions.
	if last, want := lines[len(lines)-1], fmt.Sprintf("... (diff cut short: %d more lines differ)", 2*(n-2)-(maxOutput-1)); last != want {
		t.Errorf("last line %q, want %q", last, want)
	}
}

// recorder is a testing.TB that records what Golden reports.
type recorder struct {
	testing.TB
	errors, fatals, logs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) {
	r.fatals = append(r.fatals, fmt.Sprint(args...))
	runtime.Goexit()
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
	runtime.Goexit()
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// golden runs Golden with a recorder, in a goroutine of its own so that
// a fatal report ends only that goroutine.
func golden(t *testing.T, path, got string, update bool) *recorder {
	r := &recorder{TB: t}
	var wg sync.WaitGroup
	wg.Go(func() { Golden(r, path, got, update) })
	wg.Wait()
	return r
}

func TestGolden(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.golden")
	text := "a\nb\nc\n"

	r := golden(t, path, text, false)
	if len(r.fatals) != 1 || !strings.Contains(r.fatals[0], "-update") {
		t.Errorf("missing file: fatal reports %q, want one naming -update", r.fatals)
	}

	r = golden(t, path, text, true)
	if len(r.errors)+len(r.fatals) != 0 || len(r.logs) != 1 {
		t.Errorf("update: errors %q, fatals %q, logs %q; want one log only", r.errors, r.fatals, r.logs)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != text {
		t.Errorf("update wrote %q, %v; want %q", data, err, text)
	}

	r = golden(t, path, text, false)
	if len(r.errors)+len(r.fatals) != 0 {
		t.Errorf("same text: errors %q, fatals %q; want none", r.errors, r.fatals)
	}

	r = golden(t, path, "a\nx\nc\n", false)
	want := path + " differs (-want +got):\n  a\n- b\n+ x\n  c\n  \n"
	if len(r.errors) != 1 || !strings.HasPrefix(r.errors[0], want) || len(r.fatals) != 0 {
		t.Errorf("changed line: errors %q, fatals %q; want one error starting %q", r.errors, r.fatals, want)
	}

	// A missing final newline is a difference too.
	r = golden(t, path, "a\nb\nc", false)
	want = path + " differs (-want +got):\n  a\n  b\n  c\n- \n"
	if len(r.errors) != 1 || !strings.HasPrefix(r.errors[0], want) {
		t.Errorf("no final newline: errors %q, want one starting %q", r.errors, want)
	}
}
