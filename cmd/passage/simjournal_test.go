package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"passage/internal/catalog"
	"passage/sim"
)

// TestSimJournal: --journal keeps every finished game, and a run given
// a journal cut short (a run stopped part way, its last line half
// written) plays the games missing and reports what the whole run does.
func TestSimJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	args := []string{"--rules", "kinevet", "--seats", "random,greedy,easy,random", "--games", "24", "--seed", "5"}
	full := simJSON(t, append(args, "--journal", path)...)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) != 1+24+1 || lines[25] != "" || !strings.HasPrefix(lines[0], `{"journal":"passage sim","version":4,"rules":"kinevet`) {
		t.Fatalf("journal of 24 games: %d lines, header %q", len(lines)-1, lines[0])
	}
	if again := simJSON(t, append(args, "--journal", path)...); !reflect.DeepEqual(full, again) {
		t.Errorf("a run whose games are all in the journal reports otherwise:\n%v\n%v", full, again)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Errorf("a run with nothing left to play changed its journal")
	}

	// Stopped after nine games, the tenth half written.
	cut := strings.Join(lines[:10], "") + lines[10][:len(lines[10])/2]
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	if resumed := simJSON(t, append(args, "--journal", path, "--workers", "1")...); !reflect.DeepEqual(full, resumed) {
		t.Errorf("resumed run differs from the whole one:\n%v\n%v", full, resumed)
	}
	after, _ := os.ReadFile(path)
	if got := strings.Count(string(after), "\n"); got != 25 || !strings.HasPrefix(string(after), strings.Join(lines[:10], "")) {
		t.Errorf("resumed journal: %d lines, want the 10 kept and 15 more", got)
	}
}

// TestSimJournalRefused: a journal of another run, or a file that is
// not one, is refused with one line and left as it was.
func TestSimJournalRefused(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // no endgame tables
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	simJSON(t, "--rules", "senet-jequier", "--seats", "expectimax-1,greedy", "--games", "3", "--seed", "2", "--journal", path)
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The header names the embedded Jéquier weights, which expectimax-1
	// plays with (their digest is checked in package nneval), and no
	// tables (no seat plays with them).
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kit, err := catalog.OpenID("senet-jequier")
	if err != nil {
		t.Fatal(err)
	}
	weights := `"weights":"` + kit.Weights + `","tables":""}`
	header, games, _ := strings.Cut(string(data), "\n")
	if !strings.HasSuffix(header, weights) {
		t.Fatalf("header %s does not end in %s", header, weights)
	}
	// The same run begun by a program with other weights, or by one
	// that wrote version 1 (whose header named no weights or tables).
	otherWeights := filepath.Join(dir, "other-weights.jsonl")
	forged := strings.Replace(header, weights, `"weights":"`+strings.Repeat("ab", 32)+`","tables":""}`, 1)
	if err := os.WriteFile(otherWeights, []byte(forged+"\n"+games), 0o644); err != nil {
		t.Fatal(err)
	}
	version1 := filepath.Join(dir, "version1.jsonl")
	old := strings.Replace(strings.Replace(header, `"version":4`, `"version":1`, 1), ","+weights, "}", 1)
	if err := os.WriteFile(version1, []byte(old+"\n"+games), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, file string
		args       []string
		want       string
	}{
		{"other seed", path, []string{"--rules", "senet-jequier", "--seats", "expectimax-1,greedy", "--seed", "3"}, `journal of another run (--rules "senet-jequier" --seats "expectimax-1,greedy" --seed 2)`},
		{"other seats", path, []string{"--rules", "senet-jequier", "--seats", "greedy,expectimax-1", "--seed", "2"}, "journal of another run"},
		{"other options", path, []string{"--rules", "senet-jequier", "--opt", "water=15", "--seats", "expectimax-1,greedy", "--seed", "2"}, "journal of another run"},
		{"other weights", otherWeights, []string{"--rules", "senet-jequier", "--seats", "expectimax-1,greedy", "--seed", "2"},
			`played with other weights (sha256 "abababababab"; this program's are ` + weightsName(kit.Weights) + ")"},
		{"version 1", version1, []string{"--rules", "senet-jequier", "--seats", "expectimax-1,greedy", "--seed", "2"}, "journal version 1, this program writes 4 and cannot tell whether it may resume it"},
		{"a limit now", path, []string{"--rules", "senet-jequier", "--seats", "expectimax-1,greedy", "--seed", "2", "--max-turns", "50"}, "journal of a run with --max-turns 0; give the same limit"},
		{"negative limit", filepath.Join(dir, "new.jsonl"), []string{"--rules", "senet-jequier", "--seats", "random,greedy", "--max-turns", "-1"}, "--max-turns must be 0 (no limit) or positive"},
		{"not a journal", other, []string{"--rules", "senet-jequier", "--seats", "expectimax-1,greedy"}, "not a passage sim journal"},
		{"with compare", filepath.Join(dir, "new.jsonl"), []string{"--compare", "senet-jequier,senet-szenet", "--seats", "expectimax-1,greedy"}, "cannot be used with --compare"},
		{"bad player", filepath.Join(dir, "new.jsonl"), []string{"--rules", "senet-jequier", "--seats", "random,wizard"}, "wizard"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := os.ReadFile(tt.file)
			checkCLIError(t, "", tt.want, append(append([]string{"sim"}, tt.args...), "--games", "2", "--journal", tt.file)...)
			after, err := os.ReadFile(tt.file)
			if !bytes.Equal(before, after) || (before == nil) != os.IsNotExist(err) {
				t.Errorf("%s changed", tt.file)
			}
		})
	}
}

// TestSimJournalWriteFails: once a write fails, record says so (sim
// then stops the run) and close reports the failure.
func TestSimJournalWriteFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	j, done, err := openJournal(path, journalHeader{Rules: "senet-jequier", Seats: []string{"a", "b"}, Seed: 1})
	if err != nil || len(done) != 0 {
		t.Fatalf("new journal: %v, %d games", err, len(done))
	}
	game := sim.Finished{Index: 0, Payoffs: []float64{1, 0}, Order: []int{0, 1}, Turns: 1, Moves: 1, Ms: [][]float64{{1}, {}}}
	if !j.record(game) {
		t.Fatalf("first record failed: %v", j.err)
	}
	j.f.Close() // the disk goes away under it
	if j.record(game) {
		t.Errorf("record on a closed file reported success")
	}
	if err := j.close(); err == nil || !strings.Contains(err.Error(), "sim: journal "+path) {
		t.Errorf("close after a failed write: %v", err)
	}
}

// TestSimJournalTables: the header names the endgame table that hard
// and expert would play perfectly inside, by file name and checksum, so
// that a journal begun without tables is refused once one is solved.
func TestSimJournalTables(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	args := []string{"sim", "--rules", "senet-jequier", "--seats", "hard-linear,random", "--games", "2", "--seed", "4", "--journal", path}
	simJSON(t, args[1:]...)
	before, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(before, []byte(`,"tables":""}`)) {
		t.Fatalf("journal without tables: %v %q", err, before)
	}
	if code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--quiet"); code != 0 {
		t.Fatalf("solve into the cache: %d %q %q", code, out, errOut)
	}
	table, err := os.ReadFile(filepath.Join(cache, "passage", "endgame", "senet-jequier.k1.pegt"))
	if err != nil {
		t.Fatal(err)
	}
	stamp := fmt.Sprintf("senet-jequier.k1.pegt sha256:%x", table[len(table)-32:])
	checkCLIError(t, "", `played with other endgame tables (none; the players would now use "`+stamp+`")`, args...)
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("the refused journal changed")
	}
	fresh := filepath.Join(t.TempDir(), "run.jsonl")
	simJSON(t, append(args[1:len(args)-1], fresh)...)
	if data, err := os.ReadFile(fresh); err != nil || !bytes.Contains(data, []byte(`,"tables":"`+stamp+`"}`)) {
		t.Errorf("journal with a table: %v %q, want it named %q", err, data, stamp)
	}
	plain := filepath.Join(t.TempDir(), "plain.jsonl")
	simJSON(t, "--rules", "senet-jequier", "--seats", "random,greedy", "--games", "1", "--journal", plain)
	if data, err := os.ReadFile(plain); err != nil || !bytes.Contains(data, []byte(`,"weights":"","tables":""}`)) {
		t.Errorf("journal of random and greedy: %v %q, want neither weights nor tables", err, data)
	}
}

// TestSimJournalHistory: where the players know the game's history
// (Apokrif), the header says so, and a journal begun by players that did
// not (a program from before, whose players kept holds for ever) is
// refused.
func TestSimJournalHistory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	args := []string{"--rules", "senet-apokrif", "--seats", "random,greedy", "--games", "2", "--seed", "4", "--journal", path}
	simJSON(t, args...)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, games, _ := strings.Cut(string(data), "\n")
	if !strings.Contains(header, `"history":2`) {
		t.Fatalf("Apokrif's header %s does not name the history rule", header)
	}
	before := filepath.Join(dir, "before.jsonl")
	if err := os.WriteFile(before, []byte(strings.Replace(header, `,"history":2`, "", 1)+"\n"+games), 0o644); err != nil {
		t.Fatal(err)
	}
	checkCLIError(t, "", "its games were played by players that did not know the game's history", append([]string{"sim"}, append(args[:len(args)-1], before)...)...)
}
