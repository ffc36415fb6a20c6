package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"passage/analysis"
	"passage/endgame"
)

// solveTiny builds the K=1 table of senet-jequier with passage solve and
// returns its directory.
func solveTiny(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", dir, "--quiet")
	if code != 0 || !strings.Contains(out, "812 positions") {
		t.Fatalf("solve: %d %q %q", code, out, errOut)
	}
	return dir
}

// TestEvalWithoutCacheDir: with no user cache directory (neither
// XDG_CACHE_HOME nor HOME) and no --tables there are no tables, and eval
// estimates as it does with a table missing, rather than failing.
func TestEvalWithoutCacheDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	code, out, errOut := runCLI(t, "", "eval", "--rules", "senet-jequier", "--pos", "...........................wb. w off=wwwwbbbb", "--level", "greedy")
	if code != 0 || !strings.Contains(out, `"exact":false,"source":"evaluation"`) {
		t.Errorf("eval without a cache directory: exit %d, %q %q", code, out, errOut)
	}
}

// TestSolveProgressWhere: the bar is drawn on a terminal or with
// --progress, not into a file or a pipe (the tests' standard error is
// neither a terminal); with --progress its last drawing is the end of
// the solve, not a frame a throttled redraw skipped past.
func TestSolveProgressWhere(t *testing.T) {
	code, _, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", t.TempDir())
	if code != 0 || errOut != "" {
		t.Fatalf("solve into a pipe: exit %d, stderr %q; want 0 and no bar", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", t.TempDir(), "--progress")
	frames := strings.Split(strings.TrimSuffix(errOut, "\n"), "\r")
	if last := frames[len(frames)-1]; code != 0 || !strings.HasPrefix(last, "layer 1+1 (group 1 of 1)") || !strings.Contains(last, "100%") {
		t.Fatalf("solve --progress: exit %d, last frame %q; want the bar at 100%%", code, last)
	}
}

// TestSolvePolishNote: a layer group that stops on the fallback test
// (Szenet K=1's one group, endgame.TestStoppingTests) is then solved by
// policy iteration, which one line on stderr says, and the solve
// succeeds; a solve whose groups all stop on the steady test (Jéquier
// K=1) says nothing. (A group too large to polish gets the fallback
// warning instead: endgame.TestStoppingTests.)
func TestSolvePolishNote(t *testing.T) {
	code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-szenet", "--pieces", "1", "--out", t.TempDir(), "--quiet")
	if code != 0 || !strings.Contains(out, "8152 positions") {
		t.Fatalf("solve: %d %q %q", code, out, errOut)
	}
	if !strings.HasPrefix(errOut, "solve: layer group 1+1 stopped on the fallback test; solved by policy iteration instead (") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q, want one line naming group 1+1", errOut)
	}
	code, out, errOut = runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", t.TempDir(), "--quiet")
	if code != 0 || errOut != "" {
		t.Errorf("Jéquier K=1: %d %q %q, want no warning", code, out, errOut)
	}
}

// TestSolveDiskGraph: with every move graph on disk (--disk-graph-above
// 1) solve writes the same file as with the graphs in memory, and
// leaves its scratch directory empty.
func TestSolveDiskGraph(t *testing.T) {
	mem := filepath.Join(solveTiny(t), "senet-jequier.k1.pegt")
	dir, scratch := t.TempDir(), t.TempDir()
	code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", dir,
		"--quiet", "--disk-graph-above", "1", "--scratch", scratch)
	if code != 0 {
		t.Fatalf("solve: %d %q %q", code, out, errOut)
	}
	want, err := os.ReadFile(mem)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "senet-jequier.k1.pegt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("the table solved with its graphs on disk differs from the one solved in memory")
	}
	if left, _ := os.ReadDir(scratch); len(left) != 0 {
		t.Errorf("%d files left in the scratch directory", len(left))
	}
}

func TestSolveAndVerify(t *testing.T) {
	dir := solveTiny(t)
	file := filepath.Join(dir, "senet-jequier.k1.pegt")
	code, out, errOut := runCLI(t, "", "solve", "--verify", file)
	if code != 0 || !strings.HasPrefix(out, "ok: senet-jequier, 1 pieces: 1624 positions") || !strings.Contains(out, "none of the 812 positions rests on endless play, from 0 of them") {
		t.Fatalf("verify: %d %q %q", code, out, errOut)
	}
	// With --progress, a bar for each of its two checks, to the end.
	_, again, errOut := runCLI(t, "", "solve", "--verify", file, "--progress")
	for _, want := range []string{"verify: the Bellman equation, positions [##############################] 100% 812/812", "verify: endless play, layer groups [##############################] 100% 2/2"} {
		// The same verdict (its times differ from run to run).
		if !strings.HasPrefix(again, "ok: senet-jequier, 1 pieces: 1624 positions") || !strings.Contains(errOut, want) {
			t.Errorf("verify --progress: stderr %q lacks %q", errOut, want)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data[100] ^= 0xff
	os.WriteFile(file, data, 0o644)
	code, out, errOut = runCLI(t, "", "solve", "--verify", file)
	if code != 2 || out != "" || !strings.Contains(errOut, "checksum") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("damaged file: %d %q %q", code, out, errOut)
	}
}

func TestEval(t *testing.T) {
	dir := solveTiny(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"inside the table, White on 30 wins", []string{"--rules", "senet-jequier", "--pos", "...........b.................w w off=wwwwbbbb", "--tables", dir},
			`{"pos":"...........b.................w w off=wwwwbbbb","win":[1,0],"exact":true,"source":"table"}` + "\n"},
		{"Black on 30 blocks White on 29", []string{"--rules", "senet-jequier", "--pos", "............................wb w off=wwwwbbbb", "--tables", dir},
			`{"pos":"............................wb w off=wwwwbbbb","win":[0,1],"exact":true,"source":"table"}` + "\n"},
		{"finished game", []string{"--rules", "senet-jequier", "--pos", ".........................b.... - off=wwwwwbbbb winner=w", "--tables", dir},
			`{"pos":".........................b.... - off=wwwwwbbbb winner=w","win":[1,0],"exact":true,"source":"result"}` + "\n"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, "", append([]string{"eval"}, tc.args...)...)
		if code != 0 || out != tc.want {
			t.Errorf("%s: %d %q %q, want %q", tc.name, code, out, errOut, tc.want)
		}
	}
	// Outside the table: the level's estimate, for each seat.
	code, out, _ := runCLI(t, "", "eval", "--rules", "senet-jequier", "--pos", "wbwbwbwbw.b................... b opening=w", "--tables", dir, "--level", "expectimax-2")
	var got evalOutput
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Exact || got.Source != "search" || len(got.Win) != 2 || got.Win[0]+got.Win[1] < 0.999999 || got.Win[0] <= 0 || got.Win[0] >= 1 {
		t.Errorf("start position: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "eval", "--rules", "kinevet", "--players", "4", "--pos", "........................................ ..../..../..../.... r", "--level", "greedy")
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Source != "evaluation" || len(got.Win) != 4 {
		t.Errorf("kinevet: %d %q", code, out)
	}
}

// TestEvalErrors: the error contract of moves: one line on stderr,
// nothing on stdout, status 2.
func TestEvalErrors(t *testing.T) {
	for _, args := range [][]string{
		{"eval"},
		{"eval", "--rules", "senet-jequier"},
		{"eval", "--rules", "nope", "--pos", "x"},
		{"eval", "--rules", "senet-jequier", "--pos", "bad"},
		{"eval", "--rules", "senet-jequier", "--pos", "...........b.................w w off=wwwwbbbb", "--level", "mcts"},
		{"eval", "--rules", "senet-jequier", "--pos", "...........b.................w w off=wwwwbbbb", "stray"},
		{"solve", "--rules", "senet-szenet", "--pieces", "3", "--out", t.TempDir()}, // 712,844,366 positions: too many
		{"solve", "--rules", "senet-jequier", "--pieces", "5", "--out", t.TempDir()},
		{"solve", "--rules", "kinevet", "--pieces", "1", "--out", t.TempDir()},
		{"solve", "--rules", "senet-jequier", "--pieces", "1", "--out", t.TempDir(), "--disk-graph-above", "0"},
		{"solve", "--verify", filepath.Join(t.TempDir(), "missing.pegt")},
		{"eval", "--rules", "senet-jequier", "--pos", "...........b.................w w off=wwwwbbbb", "--tables", filepath.Join(t.TempDir(), "typo")},
		{"analyze"},
		{"analyze", filepath.Join(t.TempDir(), "missing")},
		{"analyze", "--tables", filepath.Join(t.TempDir(), "typo"), filepath.Join(t.TempDir(), "missing")},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "passage: ") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

const analyzeRecord = `passage-record 1
rules senet-jequier
start ..........w.....b........b.... w off=wwwwbbb
w 1 11-12
w 3 12-15
b 2 17-19
`

func TestAnalyze(t *testing.T) {
	dir := solveTiny(t)
	code, out, errOut := runCLI(t, analyzeRecord, "analyze", "-", "--json", "--level", "expectimax-1", "--tables", dir)
	var rep analysis.Report
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	if len(rep.Decisions) != 3 || len(rep.Players) != 2 || rep.Decisions[2].Played != "17-19" {
		t.Fatalf("%+v", rep)
	}
	code, out, errOut = runCLI(t, analyzeRecord, "analyze", "--level", "greedy", "--tables", dir, "-")
	if code != 0 || !strings.Contains(out, "w: accuracy") || !strings.Contains(out, "b: accuracy") || errOut != "" {
		t.Fatalf("text review: %d %q %q (no bar into a pipe)", code, out, errOut)
	}
	// With --progress, a bar counts the turns to the last.
	code, again, errOut := runCLI(t, analyzeRecord, "analyze", "--level", "greedy", "--tables", dir, "--progress", "-")
	frames := strings.Split(strings.TrimSuffix(errOut, "\n"), "\r")
	if last := frames[len(frames)-1]; code != 0 || again != out || !strings.HasPrefix(last, "analyze: turn [") || !strings.Contains(last, "100% 3/3") {
		t.Errorf("analyze --progress: exit %d, last frame %q; want the same review and a bar ending at 3/3", code, last)
	}
}

// TestSolveStrengthReport: --strength prints per player the shares of
// non-optimal decisions and of losses over each threshold, the higher
// threshold being analyze's inaccuracy.
func TestSolveStrengthReport(t *testing.T) {
	if endgame.LossThresholds[len(endgame.LossThresholds)-1] != analysis.InaccuracyLoss {
		t.Fatalf("the last loss threshold %v is not analyze's inaccuracy %v", endgame.LossThresholds, analysis.InaccuracyLoss)
	}
	dir := t.TempDir()
	if code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "2", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("solve: %d %q %q", code, out, errOut)
	}
	code, out, errOut := runCLI(t, "", "solve", "--strength", filepath.Join(dir, "senet-jequier.k2.pegt"), "--agents", "random,greedy", "--positions", "200")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 4 || lines[1] != "player\tdecisions\tnon-optimal\tloss >= 0.001\tloss >= 0.02\tmean loss" {
		t.Fatalf("strength: %d %q %q", code, out, errOut)
	}
	for _, line := range lines[2:] {
		var name string
		var decisions int
		var share [3]float64
		var mean float64
		if _, err := fmt.Sscanf(line, "%s\t%d\t%f%%\t%f%%\t%f%%\t%f", &name, &decisions, &share[0], &share[1], &share[2], &mean); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if decisions != 200 || !(share[0] >= share[1] && share[1] >= share[2] && share[0] > 0 && mean > 0) {
			t.Errorf("%q: the shares must shrink as the threshold grows", line)
		}
	}
}

// TestSolveStrengthPlayersAsTheyPlay: --strength measures hard with the
// network it plays with and hard-linear with the linear evaluation (it
// made every player search with the linear one), so the two rows
// differ; with --progress a bar counts each player's decisions.
func TestSolveStrengthPlayersAsTheyPlay(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "", "solve", "--rules", "senet-jequier", "--pieces", "2", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("solve K=2: %s", errOut)
	}
	code, out, errOut := runCLI(t, "", "solve", "--strength", filepath.Join(dir, "senet-jequier.k2.pegt"), "--agents", "hard,hard-linear", "--positions", "40", "--progress")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 {
		t.Fatalf("exit %d, %q %q", code, out, errOut)
	}
	hard, _ := strings.CutPrefix(lines[2], "hard\t")
	linear, _ := strings.CutPrefix(lines[3], "hard-linear\t")
	if hard == linear {
		t.Errorf("hard and hard-linear measure alike (%q): one of them does not play with its own evaluation", hard)
	}
	for _, p := range []string{"hard", "hard-linear"} {
		if !strings.Contains(errOut, "strength: "+p+", decisions [##############################] 100% 40/40") {
			t.Errorf("no bar of %s's 40 decisions in %q", p, errOut)
		}
	}
}

// TestSolveStrengthInterrupted: an interrupted --strength prints what it
// measured (here nothing but the header) and reports the interruption,
// exit status 130.
func TestSolveStrengthInterrupted(t *testing.T) {
	file := filepath.Join(solveTiny(t), "senet-jequier.k1.pegt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out strings.Builder
	err := measureStrength(ctx, file, []string{"greedy"}, 10, 1, &out, func(string) *countBar { return nil })
	if !errors.As(err, new(interrupted)) || strings.Count(out.String(), "\n") != 2 {
		t.Fatalf("%v, %q", err, out.String())
	}
}

// TestSolveStrength: --strength reports errors by the contract; the
// measurement itself is tested in package endgame (it needs K=2).
func TestSolveStrength(t *testing.T) {
	dir := solveTiny(t)
	file := filepath.Join(dir, "senet-jequier.k1.pegt")
	for _, args := range [][]string{
		{"solve", "--strength", file, "--agents", "greedy", "--positions", "5"}, // every move forced
		{"solve", "--strength", file, "--agents", "nobody"},
		{"solve", "--strength", file, "--positions", "0"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: %d %q %q", args, code, out, errOut)
		}
	}
}

// TestSolveRefusesIgnoredFlags: a flag that solve's mode would ignore is
// an error, before anything is read or built.
func TestSolveRefusesIgnoredFlags(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.pegt")
	checkCLIError(t, "", "--pieces does not apply to --verify", "solve", "--verify", missing, "--pieces", "3")
	checkCLIError(t, "", "--rules does not apply to --strength", "solve", "--strength", missing, "--rules", "senet-jequier")
	checkCLIError(t, "", "--quiet does not apply to --strength", "solve", "--strength", missing, "--quiet")
	checkCLIError(t, "", "either --strength or --verify", "solve", "--strength", missing, "--verify", missing)
	out := t.TempDir()
	checkCLIError(t, "", "--agents does not apply to building a table", "solve", "--rules", "senet-jequier", "--pieces", "1", "--out", out, "--agents", "hard")
	if entries, _ := os.ReadDir(out); len(entries) > 0 {
		t.Errorf("a refused solve wrote %d files", len(entries))
	}
}
