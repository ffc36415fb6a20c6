package senet

import (
	"flag"
	"iter"
	"strings"
	"testing"

	"passage/internal/linediff"
)

// The -update flag rewrites the pinned testdata (move counts, golden games)
// from the engine instead of comparing with it, for example
//
//	go test ./senet -run 'Perft|Golden' -update
//
// Other test files of the package may register the same flag, so it is
// registered here only if it does not exist yet (package variables are
// initialised before init functions run).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden and move-count files in testdata")
	}
}

// updating reports whether the run was asked to rewrite testdata.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// checkMoves asserts the legal moves of r for throw roll in pos: want
// holds "MOVE POSITION" strings, the moves in canonical order, each with
// the position it leads to. pos must be canonical notation. Every
// ruleset's rule tables (runCases, runSzCases, runApokrifCases) check
// their rows with it.
func checkMoves(t *testing.T, r *Rules, pos string, roll int, want []string) {
	t.Helper()
	p, err := r.Parse(pos)
	if err != nil {
		t.Fatalf("%s: parse %q: %v", r.ID(), pos, err)
	}
	if got := r.Format(p); got != pos {
		t.Fatalf("%s: test position %q is not canonical (canonical: %q)", r.ID(), pos, got)
	}
	var got []string
	for _, m := range r.Moves(p, roll, nil) {
		got = append(got, m.String()+" "+r.Format(r.Apply(p, roll, m)))
	}
	if d := linediff.Diff(want, got); d != "" {
		t.Errorf("%s\n  position %s, throw %d: moves (-want +got):\n%s", r.ID(), pos, roll, d)
	}
}

// everyRuleset yields every Senet ruleset under every combination of its
// options, each named by its spec name and options joined with commas
// ("senet-jequier,overshoot=block,water=15").
func everyRuleset() iter.Seq2[string, *Rules] {
	return func(yield func(string, *Rules) bool) {
		for _, spec := range Specs() {
			for _, combo := range spec.Combinations() {
				opts := map[string]string{}
				for _, kv := range combo {
					k, v, _ := strings.Cut(kv, "=")
					opts[k] = v
				}
				if !yield(strings.Join(append([]string{spec.Name}, combo...), ","), MustNew(spec.Name, opts)) {
					return
				}
			}
		}
	}
}
