// Package linediff shows how two lists of lines differ, for test failure
// messages: expected and actual move lists, diagrams and golden files.
//
// Diff aligns the lines on a longest common subsequence and prints "-"
// before lines only in want, "+" before lines only in got and two lines of
// context around each change; longer runs of equal lines are elided, and
// inputs of more than 20 lines get unified-diff hunk headers with line
// numbers ("@@ -571,5 +571,4 @@"). Golden compares a generated text with a
// file in testdata, or rewrites the file when asked to.
//
// Usage:
//
//	if d := linediff.Diff(want, got); d != "" {
//		t.Errorf("moves (-want +got):\n%s", d)
//	}
//
//	var update = flag.Bool("update", false, "rewrite testdata")
//	...
//	linediff.Golden(t, "testdata/game.golden", text, *update)
package linediff

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

const (
	// context is how many equal lines are shown on each side of a change.
	context = 2
	// numberAbove is the input length from which hunks carry line numbers.
	numberAbove = 20
	// maxCells bounds the longest-common-subsequence table (in int32s);
	// beyond it the differing middle is shown as all removed, then all
	// added, which is still a correct if not minimal diff.
	maxCells = 1 << 22
	// maxOutput is how many lines of diff are printed before the rest is
	// only counted (a golden game that diverges early differs everywhere).
	maxOutput = 200
)

// op is one line of the alignment: kind ' ' (in both), '-' (want only) or
// '+' (got only); w and g are the 0-based indexes of the line in want and
// got, or for a one-sided line the index of the next line on the other.
type op struct {
	kind byte
	w, g int
}

// Diff returns "" when want and got are equal, and otherwise their
// differences, each output line ending in "\n": a line only in want
// follows "- ", a line only in got "+ ", and an equal line shown as
// context (two on each side of a change) "  ". A run of equal lines left
// out is shown as "  ... (N equal lines)". When either input has more
// than 20 lines, each group of changes is headed, as in a unified diff,
// by "@@ -W,n +G,m @@": the group covers n lines of want from line W and
// m lines of got from line G.
func Diff(want, got []string) string {
	if slices.Equal(want, got) {
		return ""
	}
	ops := align(want, got)
	show := make([]bool, len(ops))
	for k, o := range ops {
		if o.kind != ' ' {
			for c := max(0, k-context); c <= min(len(ops)-1, k+context); c++ {
				show[c] = true
			}
		}
	}
	// Eliding a single line saves nothing: show it.
	for k := range ops {
		if !show[k] && (k == 0 || show[k-1]) && (k+1 == len(ops) || show[k+1]) {
			show[k] = true
		}
	}
	numbered := max(len(want), len(got)) > numberAbove
	var b strings.Builder
	out := 0
	for k := 0; k < len(ops); {
		e := k
		for e < len(ops) && show[e] == show[k] {
			e++
		}
		if !show[k] {
			fmt.Fprintf(&b, "  ... (%d equal lines)\n", e-k)
			k = e
			continue
		}
		if numbered {
			b.WriteString(header(ops[k:e]) + "\n")
		}
		for ; k < e; k++ {
			if out == maxOutput {
				rest := 0
				for _, o := range ops[k:] {
					if o.kind != ' ' {
						rest++
					}
				}
				fmt.Fprintf(&b, "... (diff cut short: %d more lines differ)\n", rest)
				return b.String()
			}
			o := ops[k]
			switch o.kind {
			case ' ':
				b.WriteString("  " + want[o.w] + "\n")
			case '-':
				b.WriteString("- " + want[o.w] + "\n")
			default:
				b.WriteString("+ " + got[o.g] + "\n")
			}
			out++
		}
	}
	return b.String()
}

// header is the unified-diff hunk header of ops, with 1-based line
// numbers; a side with no lines in the hunk is numbered by the line
// before it, as diff -u does.
func header(ops []op) string {
	var wn, gn int
	for _, o := range ops {
		if o.kind != '+' {
			wn++
		}
		if o.kind != '-' {
			gn++
		}
	}
	ws, gs := ops[0].w, ops[0].g
	if wn > 0 {
		ws++
	}
	if gn > 0 {
		gs++
	}
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", ws, wn, gs, gn)
}

// align lines up want and got: their common prefix and suffix, and in
// between a longest common subsequence, removals before additions where
// both are possible.
func align(want, got []string) []op {
	pre := 0
	for pre < len(want) && pre < len(got) && want[pre] == got[pre] {
		pre++
	}
	suf := 0
	for suf < len(want)-pre && suf < len(got)-pre && want[len(want)-1-suf] == got[len(got)-1-suf] {
		suf++
	}
	ops := make([]op, 0, len(want)+len(got))
	for i := range pre {
		ops = append(ops, op{' ', i, i})
	}
	n, m := len(want)-pre-suf, len(got)-pre-suf
	a, c := want[pre:pre+n], got[pre:pre+m]
	if n*m > maxCells {
		for i := range n {
			ops = append(ops, op{'-', pre + i, pre})
		}
		for j := range m {
			ops = append(ops, op{'+', pre + n, pre + j})
		}
	} else {
		// lcs[i*(m+1)+j] is the LCS length of a[i:] and c[j:].
		lcs := make([]int32, (n+1)*(m+1))
		at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if a[i] == c[j] {
					lcs[i*(m+1)+j] = at(i+1, j+1) + 1
				} else {
					lcs[i*(m+1)+j] = max(at(i+1, j), at(i, j+1))
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && a[i] == c[j]:
				ops = append(ops, op{' ', pre + i, pre + j})
				i, j = i+1, j+1
			case i < n && (j == m || at(i+1, j) >= at(i, j+1)):
				ops = append(ops, op{'-', pre + i, pre + j})
				i++
			default:
				ops = append(ops, op{'+', pre + i, pre + j})
				j++
			}
		}
	}
	for k := range suf {
		ops = append(ops, op{' ', len(want) - suf + k, len(got) - suf + k})
	}
	return ops
}

// Golden compares got with the contents of the file at path and reports a
// difference as a test error: the path and the Diff of the lines (-want
// +got). With update set it writes got to the file instead (review the
// change with git diff before committing it). A missing file is fatal.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if want := string(data); got != want {
		d := Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
		t.Errorf("%s differs (-want +got):\n%s(if the change is intended, rerun the test with -update and review the file)", path, d)
	}
}
