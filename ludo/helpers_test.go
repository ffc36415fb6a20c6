package ludo

import (
	"strconv"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
)

// noGoals is the GOALS field with every goal empty.
const noGoals = "..../..../..../...."

// pos writes a position from SQUARE+COLOUR tokens for the track
// ("1r 38y"), the GOALS field ("" for all empty) and the rest (TURN and
// keys): pos("5r 8y", "", "r") is
// "....r..y................................ ..../..../..../.... r".
func pos(track, goals, rest string) string {
	b := []byte(strings.Repeat(".", TrackLen))
	for _, tok := range strings.Fields(track) {
		n, err := strconv.Atoi(tok[:len(tok)-1])
		if err != nil || n < 1 || n > TrackLen {
			panic("bad track token " + tok)
		}
		b[n-1] = tok[len(tok)-1]
	}
	if goals == "" {
		goals = noGoals
	}
	return string(b) + " " + goals + " " + rest
}

// rules builds kinevet with options given as KEY=VALUE strings.
func rules(t testing.TB, kv ...string) *Rules {
	t.Helper()
	opts := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		opts[k] = v
	}
	r, err := New("kinevet", opts)
	if err != nil {
		t.Fatalf("New(kinevet, %v): %v", kv, err)
	}
	return r
}

// to is one expected move with the position after it.
func to(move, after string) string { return move + " -> " + after }

// expectMoves checks the legal moves for roll in before, each with the
// position after it, through the text-level adapter (so the positions
// are parsed and validated too).
func expectMoves(t *testing.T, r *Rules, before string, roll int, want ...string) {
	t.Helper()
	ts, err := game.Text(r).Moves(before, roll)
	if err != nil {
		t.Fatalf("%s: Moves(%q, %d): %v", r.ID(), before, roll, err)
	}
	got := make([]string, len(ts))
	for i, tr := range ts {
		got[i] = to(tr.Move, tr.Pos)
	}
	if d := linediff.Diff(want, got); d != "" {
		t.Errorf("%s: moves for %d in %q (-want +got):\n%s", r.ID(), roll, before, d)
	}
}

// expectPlay applies a sequence of (roll, move) steps from start through
// the text-level adapter, checking each against the legal moves, and
// checks the position after each step against want.
func expectPlay(t *testing.T, r *Rules, start string, want []string, steps ...any) {
	t.Helper()
	text := game.Text(r)
	var got []string
	p := start
	for i := 0; i+1 < len(steps); i += 2 {
		roll, move := steps[i].(int), steps[i+1].(string)
		next, err := text.Play(p, roll, move)
		if err != nil {
			t.Fatalf("%s: step %d: roll %d, %s in %q: %v", r.ID(), i/2+1, roll, move, p, err)
		}
		got = append(got, next)
		p = next
	}
	if d := linediff.Diff(want, got); d != "" {
		t.Errorf("%s: positions after each step from %q (-want +got):\n%s", r.ID(), start, d)
	}
}
