package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"passage/internal/catalog"
)

// runCLI runs the command line with args and stdin and returns its exit
// status, standard output and standard error.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestCLIOutput pins the output of the scriptable commands
// (docs/cli.md): exact text and JSON with keys in order.
func TestCLIOutput(t *testing.T) {
	const start = "wbwbwbwbw.b................... b opening=w"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"new", []string{"new", "--rules", "senet-jequier"}, start + "\n"},
		{"new with an option", []string{"new", "--rules", "senet-jequier", "--opt", "water=15"}, start + "\n"},
		{
			"moves J4 opening position",
			[]string{"moves", "--rules", "senet-jequier", "--pos", start, "--roll", "3"},
			`{"roll":3,"moves":[` +
				`{"move":"2-5","pos":"wwwbbbwbw.b................... w opening=w"},` +
				`{"move":"4-7","pos":"wbwwwbbbw.b................... w opening=w"},` +
				`{"move":"6-9","pos":"wbwbwwwbb.b................... w opening=w"},` +
				`{"move":"11-14","pos":"wbwbwbwbw....b................ w opening=w"}]}` + "\n",
		},
		{
			"moves J4 forced opening move",
			[]string{"moves", "--rules", "senet-jequier", "--pos", "wbwbwbwbw....b................ w opening=w", "--roll", "2"},
			`{"roll":2,"moves":[{"move":"9-11","pos":"wbwbwbwb..w..b................ b"}]}` + "\n",
		},
		{
			"moves J13 J16 last piece borne off",
			[]string{"moves", "--rules", "senet-jequier", "--pos", "....................b...b....w w off=wwwwbbb", "--roll", "2"},
			`{"roll":2,"moves":[{"move":"30-off","pos":"....................b...b..... - off=wwwwwbbb winner=w"}]}` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", tt.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("passage %s: exit %d, stderr %q; want 0 and nothing", strings.Join(tt.args, " "), code, stderr)
			}
			if stdout != tt.want {
				t.Errorf("passage %s (-want +got):\n-%s+%s", strings.Join(tt.args, " "), tt.want, stdout)
			}
		})
	}
}

func TestCLIRulesLists(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "rules")
	if code != 0 || stderr != "" {
		t.Fatalf("passage rules: exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	found := false
	for _, l := range lines {
		id, name, ok := strings.Cut(l, "\t")
		if !ok || id == "" || name == "" || strings.Contains(name, "\t") {
			t.Errorf("line %q: want ID<tab>name", l)
		}
		found = found || l == "senet-jequier\tSenet after Jéquier (Pusch)"
	}
	if !found {
		t.Errorf("passage rules does not list senet-jequier:\n%s", stdout)
	}
}

// TestCLIErrors checks the error contract of docs/cli.md: exit status 2,
// exactly one line on stderr starting "passage: " that names the
// problem, nothing on stdout.
func TestCLIErrors(t *testing.T) {
	const jq = "senet-jequier"
	const start = "wbwbwbwbw.b................... b opening=w"
	tests := []struct {
		name string
		args []string
		want string // part of the error line
	}{
		{"no command", nil, "no command (commands: rules, new,"},
		{"a newline in a value stays one line", []string{"new", "--rules", jq, "--opt", "water=1\n5"}, `water=1\n5`},
		{"verify takes no flags", []string{"verify", "--bogus"}, "flag provided but not defined: --bogus"},
		{"a newline in a file name stays one line", []string{"verify", "no\nsuch.txt"}, `no\nsuch.txt`},
		{"unknown command", []string{"fly"}, `unknown command "fly"`},
		{"verify of two files", []string{"verify", "a", "b"}, "want one argument, the record file (- for standard input); got 2"},
		{"an unknown level says so", []string{"eval", "--rules", jq, "--pos", start, "--level", "nope"}, `level "nope": agent: unknown player "nope"`},
		{"a level out of range says so", []string{"eval", "--rules", jq, "--pos", start, "--level", "expectimax-9"}, "budget out of range"},
		{"solve without K", []string{"solve", "--rules", jq, "--pieces", "0"}, "--pieces K is required, K at least 1"},
		{"solve on minus two cores", []string{"solve", "--verify", "x.pegt", "--workers", "-2"}, "--workers must be positive"},
		{"a journal nowhere", []string{"sim", "--rules", jq, "--seats", "random,random", "--journal", "/nonexistent/dir/j.jsonl"}, "cannot write in /nonexistent/dir"},
		{"unknown ruleset new", []string{"new", "--rules", "senet-nope"}, `unknown ruleset "senet-nope"`},
		{"unknown ruleset moves", []string{"moves", "--rules", "senet-nope", "--pos", start, "--roll", "1"}, "unknown ruleset"},
		{"missing --rules", []string{"new"}, "--rules is required"},
		{"unknown option", []string{"new", "--rules", jq, "--opt", "speed=9"}, `has no option "speed"`},
		{"bad option value", []string{"new", "--rules", jq, "--opt", "water=3"}, "water=3: want one of 1, 15"},
		{"option not KEY=VALUE", []string{"new", "--rules", jq, "--opt", "water"}, "not KEY=VALUE"},
		{"players disagreeing", []string{"new", "--rules", "kinevet", "--opt", "players=3", "--players", "4"}, "played by 3 players, not 4"},
		{"players with compare", []string{"sim", "--compare", "senet-jequier,senet-szenet", "--players", "2", "--seats", "random,random"}, "or --compare, not both"},
		{"option twice", []string{"new", "--rules", jq, "--opt", "water=1", "--opt", "water=15"}, "given twice"},
		{"unknown flag", []string{"new", "--rules", jq, "--colour", "red"}, "flag provided but not defined"},
		{"stray argument", []string{"new", "--rules", jq, "extra"}, `unexpected argument "extra"`},
		{"malformed position", []string{"moves", "--rules", jq, "--pos", "wbw b", "--roll", "1"}, "position: board has 3 squares, want 30"},
		{"square 27 occupied", []string{"moves", "--rules", jq, "--pos", "wbwbwbwb.b................w... b", "--roll", "1"}, "position: square 27 cannot hold a piece"},
		{"eleven pieces", []string{"moves", "--rules", jq, "--pos", "wbwbwbwbwbw................... b", "--roll", "1"}, "w has 6 pieces"},
		{"bad turn", []string{"moves", "--rules", jq, "--pos", "wbwbwbwbw.b................... r", "--roll", "1"}, `turn "r"`},
		{"roll 7", []string{"moves", "--rules", jq, "--pos", start, "--roll", "7"}, "impossible throw: senet-jequier cannot throw 7"},
		{"roll 5", []string{"moves", "--rules", jq, "--pos", start, "--roll", "5"}, "cannot throw 5"},
		{"roll not a number", []string{"moves", "--rules", jq, "--pos", start, "--roll", "two"}, `roll: "two" is not a number`},
		{"game over", []string{"moves", "--rules", jq, "--pos", "....................b...b..... - off=wwwwwbbb winner=w", "--roll", "1"}, "game is over"},
		{"missing --pos", []string{"moves", "--rules", jq, "--roll", "1"}, "--pos is required"},
		{"missing --roll", []string{"moves", "--rules", jq, "--pos", start}, "--roll is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkCLIError(t, "", tt.want, tt.args...)
		})
	}
}

// checkCLIError runs args and checks the error contract.
func checkCLIError(t *testing.T, stdin, want string, args ...string) {
	t.Helper()
	code, stdout, stderr := runCLI(t, stdin, args...)
	cmd := "passage " + strings.Join(args, " ")
	if code != 2 {
		t.Errorf("%s: exit status %d, want 2", cmd, code)
	}
	if stdout != "" {
		t.Errorf("%s: stdout %q, want nothing", cmd, stdout)
	}
	if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || !strings.HasPrefix(stderr, "passage: ") {
		t.Errorf("%s: stderr %q, want exactly one line starting \"passage: \"", cmd, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("%s: stderr %q, want it to contain %q", cmd, stderr, want)
	}
}

// TestCLIHelp checks that -h prints a command's usage once, on stdout.
func TestCLIHelp(t *testing.T) {
	for _, c := range commandList {
		cmd := c.name
		t.Run(cmd, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", cmd, "-h")
			if code != 0 || stderr != "" {
				t.Errorf("passage %s -h: exit %d, stderr %q; want 0 and nothing", cmd, code, stderr)
			}
			if got := strings.Count(stdout, "Usage of passage "+cmd+":"); got != 1 {
				t.Errorf("passage %s -h prints the usage %d times, want once:\n%s", cmd, got, stdout)
			}
			// What it does and an example, then the flags as typed.
			inOrder(t, stdout, "passage "+cmd+": "+c.what, "Example:\n  passage "+cmd)
			for line := range strings.Lines(stdout) {
				if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") {
					t.Errorf("passage %s -h writes a flag with one dash: %q", cmd, line)
				}
			}
			if code, again, _ := runCLI(t, "", "help", cmd); code != 0 || again != stdout {
				t.Errorf("passage help %s: exit %d, and not what -h prints:\n%s", cmd, code, again)
			}
			// A flag whose default depends on others states it once.
			for line := range strings.Lines(stdout) {
				if strings.Count(line, "(default") > 1 {
					t.Errorf("passage %s -h states a default twice: %s", cmd, line)
				}
			}
		})
	}
}

// TestCLIHelpAndVersion: passage help lists every command, help of an
// unknown one is an error, and version names the program.
func TestCLIHelpAndVersion(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "help")
	if code != 0 {
		t.Fatalf("passage help: exit %d", code)
	}
	for _, c := range commandList {
		if !strings.Contains(stdout, "  passage "+c.name) || !strings.Contains(stdout, c.what) {
			t.Errorf("passage help does not list %s (%s)", c.name, c.what)
		}
	}
	checkCLIError(t, "", `unknown command "nonsense"`, "help", "nonsense")
	if code, again, _ := runCLI(t, "", "help", "help"); code != 0 || again != stdout {
		t.Errorf("passage help help: exit %d, not the general usage", code)
	}
	checkCLIError(t, "", `invalid boolean value "maybe" for --json`, "sim", "--json=maybe")
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "passage ") || !strings.Contains(stdout, " go1.") || strings.Count(stdout, "\n") != 1 {
			t.Errorf("passage %s: exit %d, %q %q; want one line naming the program and its Go release", args[0], code, stdout, stderr)
		}
	}
}

// TestCLIRulesAsWritten: --rules takes a ruleset as records and reports
// write it, its options after its name.
func TestCLIRulesAsWritten(t *testing.T) {
	_, want, _ := runCLI(t, "", "new", "--rules", "kinevet", "--opt", "players=2")
	code, got, stderr := runCLI(t, "", "new", "--rules", "kinevet players=2")
	if code != 0 || got != want {
		t.Errorf("new --rules 'kinevet players=2': exit %d, %q %q; want %q", code, got, stderr, want)
	}
	checkCLIError(t, "", "option players given twice", "new", "--rules", "kinevet players=2", "--opt", "players=2")
}

// TestCLIPlayersAndOption: --players N beside --opt players=N is the
// same thing said twice, not an error.
func TestCLIPlayersAndOption(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "new", "--rules", "kinevet", "--opt", "players=3", "--players", "3")
	if code != 0 || stdout != "........................................ ..../..../..../.... r colors=ryg\n" {
		t.Errorf("new --opt players=3 --players 3: exit %d, %q %q", code, stdout, stderr)
	}
}

// TestRulesDescribesOne: rules --rules ID prints the ruleset as the
// server's API does, its throws' probabilities adding up to one.
func TestRulesDescribesOne(t *testing.T) {
	for _, args := range [][]string{{"--rules", "senet-szenet"}, {"--rules", "kinevet", "--players", "2"}, {"--rules", "senet-jequier water=15"}} {
		code, out, stderr := runCLI(t, "", append([]string{"rules"}, args...)...)
		var v catalog.View
		if code != 0 || strings.Count(out, "\n") != 1 || json.Unmarshal([]byte(out), &v) != nil {
			t.Fatalf("rules %v: exit %d, %q %q", args, code, out, stderr)
		}
		num, den := 0, 0
		for _, o := range v.Outcomes {
			num, den = num+o.Num, o.Den
		}
		if len(v.Outcomes) == 0 || num != den || v.Players != len(v.Seats) || v.Start == "" {
			t.Errorf("rules %v: %+v", args, v)
		}
	}
	if _, out, _ := runCLI(t, "", "rules", "--rules", "kinevet", "--players", "2"); !strings.Contains(out, `"id":"kinevet players=2","players":2`) {
		t.Errorf("rules --rules kinevet --players 2: %s", out)
	}
	checkCLIError(t, "", `unknown ruleset "nope"`, "rules", "--rules", "nope")
}
