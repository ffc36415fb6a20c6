package senet

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perft counts the (throw, move) sequences of length depth from p: every
// throw of the distribution, every legal move for it (a pass counts as
// one), leaves counted and not weighted by probability. A finished game
// has no throw, so it has no sequences below it. bufs holds one move
// buffer per remaining ply, so the count does not allocate.
func perft(r *Rules, p Position, depth int, bufs [][]Move) int64 {
	if depth == 0 {
		return 1
	}
	if r.Over(p) {
		return 0
	}
	var n int64
	for _, o := range r.Outcomes(p) {
		bufs[depth-1] = r.Moves(p, o.Roll, bufs[depth-1][:0])
		for _, m := range bufs[depth-1] {
			if depth == 1 {
				n++
				continue
			}
			n += perft(r, r.Apply(p, o.Roll, m), depth-1, bufs)
		}
	}
	return n
}

func perftBufs(depth int) [][]Move {
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 8)
	}
	return bufs
}

// defaultPerftDepth is how deep -update counts a position that lists no
// depth line yet.
const defaultPerftDepth = 4

// perftEntry is one "pos:" line of a perft file with its counts.
type perftEntry struct {
	line   int // line number of the pos: line
	rules  *Rules
	pos    string
	rolls  map[int]int64 // roll -> "roll R: N moves"
	depths []int         // depths listed, in file order
	counts map[int]int64 // depth -> "depth D: N"
}

// readPerft parses a perft file. It returns the entries and the lines
// that are kept verbatim on -update (comments, blanks, rules: and pos:),
// each entry's counts to be written after its pos: line.
func readPerft(t *testing.T, path string) (entries []*perftEntry, kept []string, at map[int]*perftEntry) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	at = map[int]*perftEntry{}
	var rules *Rules
	var cur *perftEntry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("%s:%d: %s", path, n, fmt.Sprintf(format, args...))
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			kept = append(kept, line)
		case strings.HasPrefix(trimmed, "rules:"):
			fields := strings.Fields(strings.TrimPrefix(trimmed, "rules:"))
			if len(fields) == 0 {
				fail("rules: names no ruleset")
			}
			r, err := New(fields[0], perftOptions(fields[1:]))
			if err != nil {
				fail("%v", err)
			}
			if r.ID() != strings.Join(fields, " ") {
				fail("rules: %q is not canonical, write %q", strings.Join(fields, " "), r.ID())
			}
			rules, cur = r, nil
			kept = append(kept, line)
		case strings.HasPrefix(trimmed, "pos:"):
			if rules == nil {
				fail("pos: before any rules: line")
			}
			pos := strings.TrimSpace(strings.TrimPrefix(trimmed, "pos:"))
			cur = &perftEntry{line: n, rules: rules, pos: pos, rolls: map[int]int64{}, counts: map[int]int64{}}
			entries = append(entries, cur)
			at[len(kept)] = cur
			kept = append(kept, line)
		case strings.HasPrefix(trimmed, "roll ") || strings.HasPrefix(trimmed, "depth "):
			if cur == nil {
				fail("%q before any pos: line", trimmed)
			}
			key, val, ok := strings.Cut(trimmed, ":")
			word, num, _ := strings.Cut(key, " ")
			k, err1 := strconv.Atoi(num)
			val = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(val), " moves"), " move")
			v, err2 := strconv.ParseInt(val, 10, 64)
			if !ok || err1 != nil || err2 != nil {
				fail("cannot read %q (want \"roll R: N moves\" or \"depth D: N\")", trimmed)
			}
			if word == "roll" {
				cur.rolls[k] = v
			} else {
				cur.depths = append(cur.depths, k)
				cur.counts[k] = v
			}
		default:
			fail("cannot read %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return entries, kept, at
}

func perftOptions(kv []string) map[string]string {
	m := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		m[k] = v
	}
	return m
}

// TestJequierPerft recomputes every count pinned in testdata/jequier.perft (see
// the comment at the top of that file) and compares; with -update it
// rewrites the counts instead.
func TestJequierPerft(t *testing.T) {
	path := filepath.Join("testdata", "jequier.perft")
	entries, kept, at := readPerft(t, path)
	if len(entries) == 0 {
		t.Fatalf("%s: no positions", path)
	}
	var out strings.Builder
	for i, line := range kept {
		out.WriteString(line + "\n")
		e := at[i]
		if e == nil {
			continue
		}
		p, err := e.rules.Parse(e.pos)
		if err != nil {
			t.Errorf("%s:%d: %v", path, e.line, err)
			continue
		}
		if got := e.rules.Format(p); got != e.pos {
			t.Errorf("%s:%d: position %q is not canonical (canonical: %q)", path, e.line, e.pos, got)
		}
		where := fmt.Sprintf("%s:%d: %s: %s", path, e.line, e.rules.ID(), e.pos)
		for _, o := range e.rules.Outcomes(p) {
			got := int64(len(e.rules.Moves(p, o.Roll, nil)))
			noun := "moves"
			if got == 1 {
				noun = "move"
			}
			fmt.Fprintf(&out, "roll %d: %d %s\n", o.Roll, got, noun)
			want, ok := e.rolls[o.Roll]
			switch {
			case updating():
			case !ok:
				t.Errorf("%s: no line for roll %d (run with -update)", where, o.Roll)
			case got != want:
				t.Errorf("%s: roll %d: %d moves, want %d", where, o.Roll, got, want)
			}
		}
		depths := e.depths
		if len(depths) == 0 {
			if !updating() {
				t.Errorf("%s: no depth lines (run with -update)", where)
			}
			for d := 1; d <= defaultPerftDepth; d++ {
				depths = append(depths, d)
			}
		}
		for _, d := range depths {
			got := perft(e.rules, p, d, perftBufs(d))
			fmt.Fprintf(&out, "depth %d: %d\n", d, got)
			if want := e.counts[d]; !updating() && got != want {
				t.Errorf("%s: depth %d: %d, want %d", where, d, got, want)
			}
		}
	}
	if updating() {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", path)
	}
}

// TestJequierPerftDefinition: depth 1 is by definition the sum over throws of
// the number of moves, and depth 2 the sum of depth 1 below each move.
func TestJequierPerftDefinition(t *testing.T) {
	r := jequier(t)
	p := r.Start()
	var sum, below int64
	for _, o := range r.Outcomes(p) {
		moves := r.Moves(p, o.Roll, nil)
		sum += int64(len(moves))
		for _, m := range moves {
			below += perft(r, r.Apply(p, o.Roll, m), 1, perftBufs(1))
		}
	}
	if got := perft(r, p, 1, perftBufs(1)); got != sum || got != 18 {
		t.Errorf("perft(start, 1) = %d, want the sum of moves over throws %d, worked out by hand as 18", got, sum)
	}
	if got := perft(r, p, 2, perftBufs(2)); got != below {
		t.Errorf("perft(start, 2) = %d, want %d", got, below)
	}
	over, err := r.Parse("....bbbbb..................... - off=wwwww winner=w")
	if err != nil {
		t.Fatal(err)
	}
	if got := perft(r, over, 1, perftBufs(1)); got != 0 {
		t.Errorf("perft(finished game, 1) = %d, want 0", got)
	}
	if got := perft(r, over, 0, perftBufs(0)); got != 1 {
		t.Errorf("perft(finished game, 0) = %d, want 1", got)
	}
}
