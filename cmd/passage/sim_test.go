package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/sim"
)

// simJSON runs passage sim --json and decodes its report with the
// wall-clock fields removed: everything else must follow from the seed.
func simJSON(t *testing.T, args ...string) any {
	t.Helper()
	code, stdout, stderr := runCLI(t, "", append([]string{"sim", "--json"}, args...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("passage sim --json %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
	}
	var v any
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("passage sim --json %s: %v\n%s", strings.Join(args, " "), err, stdout)
	}
	return withoutTimings(v)
}

// withoutTimings drops the fields that measure time from a decoded
// report: seconds, games_per_sec and each player's median_ms.
func withoutTimings(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"seconds", "games_per_sec", "median_ms"} {
			delete(v, k)
		}
		for k, e := range v {
			v[k] = withoutTimings(e)
		}
	case []any:
		for i, e := range v {
			v[i] = withoutTimings(e)
		}
	}
	return v
}

// TestSimDeterministic: a seeded simulation gives the same report, every
// field but the timings, on every run and with any number of workers;
// the hard player searches within a node budget, so its moves depend on
// its transposition table being the same from run to run.
func TestSimDeterministic(t *testing.T) {
	tests := []struct {
		name string
		args []string
		// cheap: also a third run, and another seed that must give
		// another report.
		cheap bool
	}{
		{"hard", []string{"--rules", "senet-szenet", "--seats", "hard,greedy", "--games", "2", "--seed", "11"}, false},
		{"four seats", []string{"--rules", "kinevet", "--seats", "random,greedy,easy,random", "--games", "40", "--seed", "5"}, true},
		{"compare", []string{"--compare", "senet-jequier:water=15,senet-apokrif", "--seats", "random,easy", "--games", "30", "--seed", "3"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Two runs, each with fresh players, on one worker and on two.
			one := simJSON(t, append(tt.args, "--workers", "1")...)
			two := simJSON(t, append(tt.args, "--workers", "2")...)
			if !reflect.DeepEqual(one, two) {
				t.Errorf("--workers 1 and --workers 2 differ:\n%v\n%v", one, two)
			}
			if !tt.cheap {
				return
			}
			again := simJSON(t, append(tt.args, "--workers", "2")...)
			if !reflect.DeepEqual(two, again) {
				t.Errorf("two runs with --workers 2 differ:\n%v\n%v", two, again)
			}
			other := simJSON(t, append(tt.args, "--workers", "2", "--seed", "12345")...)
			if reflect.DeepEqual(two, other) {
				t.Errorf("another seed gave the same report: the seed is not used")
			}
		})
	}
}

// TestSimErrors: bad sim flags follow the error contract.
func TestSimErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no seats", []string{"--rules", "senet-szenet"}, "--seats is required"},
		{"no games", []string{"--rules", "senet-szenet", "--seats", "random,random", "--games", "0"}, "must be positive"},
		{"seed zero", []string{"--rules", "senet-szenet", "--seats", "random,random", "--seed", "0"}, "--seed must be at least 1"},
		{"rules and compare", []string{"--rules", "senet-szenet", "--compare", "senet-apokrif", "--seats", "random,random"}, "not both"},
		{"unknown compared ruleset", []string{"--compare", "senet-szenet,senet-nope", "--seats", "random,random"}, "senet-nope"},
		{"unknown player", []string{"--rules", "senet-szenet", "--seats", "random,wizard"}, "wizard"},
		{"bad plot file", []string{"--rules", "senet-szenet", "--seats", "random,random", "--games", "2", "--plot", "x.gif"}, "want a .png or .svg file"},
		{"log scale without plot", []string{"--compare", "senet-szenet,senet-apokrif", "--seats", "random,random", "--log-scale"}, "--log-scale needs --plot"},
		{"log scale of one run without plot", []string{"--rules", "senet-szenet", "--seats", "random,random", "--log-scale"}, "--log-scale needs --plot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkCLIError(t, "", tt.want, append([]string{"sim"}, tt.args...)...)
		})
	}
}

// TestSimCompareOptions: each ruleset of --compare takes its options
// after colons, like --opt.
func TestSimCompareOptions(t *testing.T) {
	reports, ok := simJSON(t, "--compare", "senet-jequier:water=15:overshoot=block,senet-szenet", "--seats", "random,random", "--games", "4").([]any)
	if !ok || len(reports) != 2 {
		t.Fatalf("--compare of two rulesets: %v, want two reports", reports)
	}
	for i, want := range []string{"senet-jequier overshoot=block water=15", "senet-szenet"} {
		if got := reports[i].(map[string]any)["rules"]; got != want {
			t.Errorf("report %d: rules %v, want %q", i, got, want)
		}
	}
}

// TestSimPlayersToldApart: players of the same name are told apart by
// the seat each took in the first game, in the text report and the JSON.
func TestSimPlayersToldApart(t *testing.T) {
	code, out, stderr := runCLI(t, "", "sim", "--rules", "senet-szenet", "--seats", "random,random", "--games", "4")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	inOrder(t, out, "random (White in game 1)", "random (Black in game 1)")
	distinct := simJSON(t, "--rules", "senet-szenet", "--seats", "greedy,random", "--games", "4").(map[string]any)
	players := distinct["players"].([]any)
	for i, want := range []string{"White", "Black"} {
		if got := players[i].(map[string]any)["seat"]; got != want {
			t.Errorf("player %d: seat %v, want %q", i, got, want)
		}
	}
	code, out, _ = runCLI(t, "", "sim", "--rules", "senet-szenet", "--seats", "greedy,random", "--games", "4")
	if code != 0 || strings.Contains(out, "in game 1") {
		t.Errorf("players with distinct names get seat labels:\n%s", out)
	}
}

// TestSimPlot writes a comparison plot, and one run's histogram, on a log scale.
func TestSimPlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lengths.svg")
	code, out, stderr := runCLI(t, "", "sim", "--compare", "senet-jequier:water=15,senet-szenet", "--seats", "random,random", "--games", "10", "--plot", path, "--log-scale")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	inOrder(t, out, "Plot written to "+path)
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Game length by ruleset, 10 games each", "random (White in game 1)", "log scale"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the plot lacks %q", want)
		}
	}
	// One run's histogram on a log scale.
	code, _, stderr = runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "random,random", "--games", "10", "--plot", path, "--log-scale")
	if code != 0 || stderr != "" {
		t.Fatalf("one run: exit %d, stderr %q", code, stderr)
	}
	if svg, err = os.ReadFile(path); err != nil || !strings.Contains(string(svg), "moves per game (log scale)") || !strings.Contains(string(svg), "senet-jequier, 10 games") {
		t.Errorf("one run's plot on a log scale lacks its title or axis label (%v)", err)
	}
}

// TestSimPlotNowhere: a plot that cannot be written stops the run
// before its first game (the journal is never begun), not after the
// games, whose report would be lost.
func TestSimPlotNowhere(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "games.jsonl")
	code, out, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "random,random", "--games", "10",
		"--journal", journal, "--plot", filepath.Join(dir, "missing", "lengths.png"))
	if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "cannot write in") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 2, nothing, one line saying where it cannot write", code, out, stderr)
	}
	if _, err := os.Stat(journal); !os.IsNotExist(err) {
		t.Errorf("the journal was begun (%v): games were played before the plot was refused", err)
	}
}

// TestSimMaxTurns: --max-turns stops the long games and says how many,
// in the report for people and in the JSON one.
func TestSimMaxTurns(t *testing.T) {
	args := []string{"sim", "--rules", "senet-jequier", "--seats", "random,greedy", "--games", "6", "--seed", "3", "--max-turns", "5"}
	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 || stderr != "" {
		t.Fatalf("passage %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
	}
	// No Senet game between these players ends in five turns.
	if !strings.Contains(stdout, "unfinished after turn 5 (won by nobody): 6 games") {
		t.Errorf("the report does not count the 6 games stopped after turn 5:\n%s", stdout)
	}
	rep := simJSON(t, args[1:]...).(map[string]any)
	if rep["unfinished"] != 6.0 || rep["max_turns"] != 5.0 {
		t.Errorf("JSON report: unfinished %v, max_turns %v; want 6 and 5", rep["unfinished"], rep["max_turns"])
	}
	if plain := simJSON(t, args[1:len(args)-2]...).(map[string]any); plain["unfinished"] != nil || plain["max_turns"] != nil {
		t.Errorf("without --max-turns the JSON report has unfinished %v, max_turns %v", plain["unfinished"], plain["max_turns"])
	}
}

// TestSimFirstToThrow: the first seat's rate is that of the seat that
// throws first at the start position, whoever plays it: Black in
// senet-jequier (J4), counted here from the journal's games.
func TestSimFirstToThrow(t *testing.T) {
	journal := filepath.Join(t.TempDir(), "games.jsonl")
	rep := simJSON(t, "--rules", "senet-jequier", "--seats", "random,greedy", "--games", "40", "--seed", "9", "--workers", "1", "--journal", journal).(map[string]any)
	if rep["first_to_throw"] != "Black" {
		t.Fatalf("first_to_throw %v, want Black", rep["first_to_throw"])
	}
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	blackWins, games := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g struct {
			Game    *int      `json:"game"`
			Payoffs []float64 `json:"payoffs"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		if g.Game == nil {
			continue // the header
		}
		games++
		if g.Payoffs[1] == 1 {
			blackWins++
		}
	}
	rate := rep["first_seat"].(map[string]any)["rate"].(float64)
	if games != 40 || rate != float64(blackWins)/40 {
		t.Errorf("first_seat rate %v over %d games; Black won %d of them", rate, games, blackWins)
	}
}

// TestInterruptedSim: the interrupt message names the ruleset it cut and,
// with --compare, those played whole before it.
func TestInterruptedSim(t *testing.T) {
	a, b := sim.Report{Rules: "senet-jequier", Games: 100}, sim.Report{Rules: "senet-szenet", Games: 40}
	for _, c := range []struct {
		reports  []sim.Report
		cut      string
		cutGames int
		want     string
	}{
		{[]sim.Report{b}, "senet-szenet", 40, "sim: interrupted; the report covers the 40 games of senet-szenet before the first unfinished one"},
		{[]sim.Report{a, b}, "senet-szenet", 40, "sim: interrupted; the report covers the 40 games of senet-szenet before the first unfinished one, and every game of senet-jequier"},
		{[]sim.Report{a}, "senet-szenet", 0, "sim: interrupted before the first game of senet-szenet ended; the report covers every game of senet-jequier"},
	} {
		if got := interruptedSim(c.reports, c.cut, c.cutGames); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// TestSimCompareTable: sim --compare ends with one line a ruleset, the
// later ones with their differences from the first, as sim.Compare
// computes them from the same runs' JSON.
func TestSimCompareTable(t *testing.T) {
	args := []string{"sim", "--compare", "senet-jequier,senet-jequier:water=15", "--seats", "random,random", "--games", "200", "--seed", "4"}
	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, js, _ := runCLI(t, "", append(args, "--json")...)
	var reps []sim.Report
	if err := json.Unmarshal([]byte(js), &reps); err != nil || len(reps) != 2 {
		t.Fatalf("JSON: %v (%d reports)", err, len(reps))
	}
	c := sim.Compare(reps[0], reps[1])
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	last := strings.Fields(lines[len(lines)-1])
	want := []string{"senet-jequier", "water=15"}
	if len(last) < 2 || last[0] != want[0] || last[1] != want[1] {
		t.Fatalf("last line %q, want the second ruleset's comparison", lines[len(lines)-1])
	}
	sign := "+"
	if c.Turns.Diff < 0 {
		sign = "−"
	}
	if turns := fmt.Sprintf("%s%.1f", sign, math.Abs(c.Turns.Diff)); !slices.Contains(last, turns) {
		t.Errorf("last line %q lacks the turns' difference %s", lines[len(lines)-1], turns)
	}
	if !strings.Contains(stdout, "Compared with senet-jequier") {
		t.Errorf("no comparison head in:\n%s", stdout)
	}
}

// TestSimBySeat: every seat's win rate, whoever played it: the seats'
// wins add up to the games, and the seat that throws first has the
// first-to-throw rate; the text names each seat.
func TestSimBySeat(t *testing.T) {
	args := []string{"sim", "--rules", "kinevet", "--seats", "greedy,random,random,random", "--games", "120", "--seed", "3"}
	_, js, _ := runCLI(t, "", append(args, "--json")...)
	var rep sim.Report
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, s := range rep.BySeat {
		sum += s.Wins
	}
	if len(rep.BySeat) != 4 || sum != float64(rep.Games) {
		t.Errorf("by seat %+v: %d seats, %g wins in %d games", rep.BySeat, len(rep.BySeat), sum, rep.Games)
	}
	if rep.BySeat[0].Seat != rep.FirstToThrow || rep.BySeat[0].Win != rep.FirstSeat {
		t.Errorf("the first seat %+v, the first to throw %s %+v", rep.BySeat[0], rep.FirstToThrow, rep.FirstSeat)
	}
	_, text, _ := runCLI(t, "", args...)
	if !strings.Contains(text, "wins by colour, whoever played it: Red ") || !strings.Contains(text, "; Blue ") {
		t.Errorf("no seats' line in:\n%s", text)
	}
}

// TestSimPlaces: under kinevet's finish=all every game ranks every seat,
// and the report counts each player's places: each player's add up to
// the games, its first places are its wins; where games stop at the first
// winner there are none.
func TestSimPlaces(t *testing.T) {
	var rep sim.Report
	_, js, _ := runCLI(t, "", "sim", "--json", "--rules", "kinevet", "--opt", "finish=all", "--opt", "players=3", "--seats", "greedy,random,random", "--games", "90", "--seed", "5")
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Players {
		sum := 0
		for _, c := range p.Places {
			sum += c
		}
		if len(p.Places) != 3 || sum != rep.Games || float64(p.Places[0]) != p.Wins {
			t.Errorf("%s: places %v in %d games, %g wins", p.Name, p.Places, rep.Games, p.Wins)
		}
	}
	_, js, _ = runCLI(t, "", "sim", "--json", "--rules", "kinevet", "--opt", "players=3", "--seats", "greedy,random,random", "--games", "30")
	rep = sim.Report{}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Players[0].Places != nil {
		t.Errorf("places %v where games stop at the first winner", rep.Players[0].Places)
	}
}

// TestSimRecord: --record N prints game N of the run, the same game the
// run plays: as many throws as the journal counts for it, the same
// winner, and a record that analyze (and so Replay) accepts.
func TestSimRecord(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "run.jsonl")
	if code, _, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "greedy,random", "--games", "4", "--seed", "7", "--journal", journal); code != 0 {
		t.Fatalf("sim: %s", stderr)
	}
	b, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	var game3 sim.Finished
	for _, line := range strings.Split(string(b), "\n") {
		var f sim.Finished
		if json.Unmarshal([]byte(line), &f) == nil && f.Index == 3 && f.Payoffs != nil {
			game3 = f
		}
	}
	code, rec, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "greedy,random", "--seed", "7", "--record", "3")
	if code != 0 {
		t.Fatalf("sim --record: %s", stderr)
	}
	throws := 0
	for _, line := range strings.Split(rec, "\n") {
		if f := strings.Fields(line); len(f) == 3 && (f[0] == "w" || f[0] == "b") {
			throws++
		}
	}
	winner := "w"
	if game3.Payoffs[1] == 1 {
		winner = "b"
	}
	if throws != game3.Moves || !strings.Contains(rec, "winner="+winner) {
		t.Errorf("the record has %d throws and %q; the run's game 3 had %d moves, won by seat %s:\n%s", throws, rec[strings.LastIndex(rec, "end"):], game3.Moves, winner, rec)
	}
	path := filepath.Join(dir, "g3.rec")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "analyze", "--level", "greedy", path); code != 0 {
		t.Errorf("analyze the record: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "greedy,random", "--record", "1", "--json"); code != 2 || !strings.Contains(stderr, "--record") {
		t.Errorf("--record with --json: exit %d, %q", code, stderr)
	}
}

// TestSimCSV: --csv writes one row a game, in game order, whose counts
// add up to the report's, also for a run resumed from its journal.
func TestSimCSV(t *testing.T) {
	dir := t.TempDir()
	path, journal := filepath.Join(dir, "games.csv"), filepath.Join(dir, "run.jsonl")
	args := []string{"sim", "--json", "--rules", "senet-szenet", "--seats", "greedy,random", "--seed", "3", "--journal", journal, "--csv", path}
	// Half the run, then the whole run resumed from the journal.
	runCLI(t, "", append(args, "--games", "10")...)
	code, js, stderr := runCLI(t, "", append(args, "--games", "20")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 21 || rows[0][0] != "game" || rows[0][1] != "White player" {
		t.Fatalf("%d rows, head %v", len(rows), rows[0])
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	turns, effect0 := 0, 0
	for i, row := range rows[1:] {
		if row[0] != strconv.Itoa(i) {
			t.Errorf("row %d is game %s", i, row[0])
		}
		n, _ := strconv.Atoi(row[col["turns"]])
		turns += n
		e, _ := strconv.Atoi(row[col[rep.Effects[0].Name]])
		effect0 += e
	}
	if float64(turns)/20 != rep.Turns.Mean || effect0 != rep.Effects[0].Total {
		t.Errorf("the rows' turns %d and %s %d; the report's mean %.2f and total %d", turns, rep.Effects[0].Name, effect0, rep.Turns.Mean, rep.Effects[0].Total)
	}
	if code, _, stderr := runCLI(t, "", "sim", "--compare", "senet-jequier,senet-szenet", "--seats", "random,random", "--csv", path); code != 2 || !strings.Contains(stderr, "--csv") {
		t.Errorf("--csv with --compare: exit %d, %q", code, stderr)
	}
}
