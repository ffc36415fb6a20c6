package gametest

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/game"
)

// Perft is game.Perft, which the perft files pin.
func Perft[P comparable, M comparable](g game.Game[P, M], p P, depth int) int64 {
	return game.Perft(g, p, depth)
}

// defaultPerftDepth is how deep an update counts a position that lists
// no depth line yet.
const defaultPerftDepth = 3

// PerftEntry is one position of a perft file with the counts pinned for
// it.
type PerftEntry struct {
	Line   int    // line number of the pos: line
	Rules  string // the ruleset ID of its section
	Pos    string
	Rolls  map[int]int64 // throw -> legal moves
	Depths []int         // depths listed, in file order
	Counts map[int]int64 // depth -> Perft
}

// perftFile is a parsed perft file: its entries, and its lines without
// the counts, which an update keeps verbatim (after[i] is the entry whose
// counts follow kept line i).
type perftFile struct {
	entries []*PerftEntry
	kept    []string
	after   map[int]*PerftEntry
}

// ReadPerft parses the perft file at path.
func ReadPerft(path string) ([]*PerftEntry, error) {
	f, err := readPerft(path)
	return f.entries, err
}

func readPerft(path string) (perftFile, error) {
	out := perftFile{after: map[int]*PerftEntry{}}
	file, err := os.Open(path)
	if err != nil {
		return out, err
	}
	defer file.Close()
	rules := ""
	var cur *PerftEntry
	sc := bufio.NewScanner(file)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fail := func(format string, args ...any) (perftFile, error) {
			return out, fmt.Errorf("%s:%d: %s", path, n, fmt.Sprintf(format, args...))
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			out.kept = append(out.kept, line)
		case strings.HasPrefix(trimmed, "rules:"):
			rules = strings.Join(strings.Fields(strings.TrimPrefix(trimmed, "rules:")), " ")
			if rules == "" {
				return fail("rules: names no ruleset")
			}
			cur = nil
			out.kept = append(out.kept, line)
		case strings.HasPrefix(trimmed, "pos:"):
			if rules == "" {
				return fail("pos: before any rules: line")
			}
			cur = &PerftEntry{Line: n, Rules: rules, Pos: strings.TrimSpace(strings.TrimPrefix(trimmed, "pos:")),
				Rolls: map[int]int64{}, Counts: map[int]int64{}}
			out.entries = append(out.entries, cur)
			out.after[len(out.kept)] = cur
			out.kept = append(out.kept, line)
		case strings.HasPrefix(trimmed, "roll ") || strings.HasPrefix(trimmed, "depth "):
			if cur == nil {
				return fail("%q before any pos: line", trimmed)
			}
			key, val, ok := strings.Cut(trimmed, ":")
			word, num, _ := strings.Cut(key, " ")
			k, err1 := strconv.Atoi(num)
			val = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(val), " moves"), " move")
			v, err2 := strconv.ParseInt(val, 10, 64)
			if !ok || err1 != nil || err2 != nil {
				return fail("cannot read %q (want \"roll R: N moves\" or \"depth D: N\")", trimmed)
			}
			if word == "roll" {
				cur.Rolls[k] = v
			} else {
				if k < 1 {
					return fail("depth %d: depths start at 1", k)
				}
				cur.Depths = append(cur.Depths, k)
				cur.Counts[k] = v
			}
		default:
			return fail("cannot read %q", line)
		}
	}
	return out, sc.Err()
}

// RunPerft recomputes every count pinned in the perft file at path and
// reports each difference; open builds the ruleset a rules: line names.
// With update it rewrites the roll and depth lines instead (the depths
// listed, or 1-3 for a position that lists none) and keeps every other
// line. Every position must be in canonical notation and every rules:
// line a canonical ID.
//
// The format, one for every ruleset's testdata/*.perft:
//
//	rules: ID           starts a section: the ruleset with its options, as ID() prints it
//	pos: POSITION       a position in notation, then its counts:
//	roll R: N moves     the number of legal moves for throw R (a pass counts as one move;
//	                    "1 move" when N is 1)
//	depth D: N          Perft to depth D: depth 1 is the sum of the roll lines, depth 2
//	                    counts every throw, move, throw, move, and so on
//	# ...               a comment; blank lines are ignored
func RunPerft[P comparable, M comparable](t testing.TB, path string, open func(id string) (game.Game[P, M], error), update bool) {
	t.Helper()
	f, err := readPerft(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.entries) == 0 {
		t.Fatalf("%s: no positions", path)
	}
	games := map[string]game.Game[P, M]{}
	var out strings.Builder
	for i, line := range f.kept {
		out.WriteString(line + "\n")
		e := f.after[i]
		if e == nil {
			continue
		}
		where := fmt.Sprintf("%s:%d: %s: %s", path, e.Line, e.Rules, e.Pos)
		g, ok := games[e.Rules]
		if !ok {
			if g, err = open(e.Rules); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if g.ID() != e.Rules {
				t.Fatalf("%s: rules %q is not canonical, write %q", where, e.Rules, g.ID())
			}
			games[e.Rules] = g
		}
		p, err := g.ParsePosition(e.Pos)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if got := g.FormatPosition(p); got != e.Pos {
			t.Errorf("%s: position is not canonical (canonical: %q)", where, got)
		}
		for _, o := range g.Outcomes(p) {
			got := int64(len(g.Moves(p, o.Roll, nil)))
			noun := "moves"
			if got == 1 {
				noun = "move"
			}
			fmt.Fprintf(&out, "roll %d: %d %s\n", o.Roll, got, noun)
			want, ok := e.Rolls[o.Roll]
			switch {
			case update:
			case !ok:
				t.Errorf("%s: no line for roll %d (run with -update)", where, o.Roll)
			case got != want:
				t.Errorf("%s: roll %d: %d moves, want %d", where, o.Roll, got, want)
			}
		}
		if !update && len(e.Rolls) != len(g.Outcomes(p)) {
			t.Errorf("%s: %d roll lines for %d throws", where, len(e.Rolls), len(g.Outcomes(p)))
		}
		depths := e.Depths
		if len(depths) == 0 {
			if !update {
				t.Errorf("%s: no depth lines (run with -update)", where)
			}
			for d := 1; d <= defaultPerftDepth; d++ {
				depths = append(depths, d)
			}
		}
		counts := game.PerftDepths(g, p, slices.Max(depths))
		for _, d := range depths {
			got := counts[d-1]
			fmt.Fprintf(&out, "depth %d: %d\n", d, got)
			if want := e.Counts[d]; !update && got != want {
				t.Errorf("%s: depth %d: %d, want %d", where, d, got, want)
			}
		}
	}
	if update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", path)
	}
}

// SplitID splits a canonical ruleset ID ("senet-jequier water=15") into
// the ruleset's name and its options, for the open function of RunPerft.
func SplitID(id string) (name string, opts map[string]string) {
	f := strings.Fields(id)
	opts = map[string]string{}
	if len(f) == 0 {
		return "", opts
	}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		opts[k] = v
	}
	return f[0], opts
}
