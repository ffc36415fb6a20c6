package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSzenetCommands checks that senet-szenet is reachable through the
// scriptable commands (docs/cli.md): rules, new and moves, and that a
// throw of 6 is an error under it.
func TestSzenetCommands(t *testing.T) {
	cases := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // exact standard output
		wantErr    string // a part of standard error
	}{
		{"listed", []string{"rules"}, 0, "", ""},
		{"new", []string{"new", "--rules", "senet-szenet"}, 0,
			".............................. w hand=wwwwWbbbbB\n", ""},
		{"moves: enter", []string{"moves", "--rules", "senet-szenet", "--pos", ".............................. w hand=wwwwWbbbbB", "--roll", "1"}, 0,
			`{"roll":1,"moves":[{"move":"in-1","pos":"w............................. w hand=wwwWbbbbB bonus=1"}]}` + "\n", ""},
		{"moves: S19 beats entering", []string{"moves", "--rules", "senet-szenet", "--pos", "...........................w.. w hand=wwwWbbbbB", "--roll", "1"}, 0,
			`{"roll":1,"moves":[{"move":"28-29","pos":"............................w. b hand=wwwWbbbbB"}]}` + "\n", ""},
		{"no throw of 6", []string{"moves", "--rules", "senet-szenet", "--pos", ".............................. w hand=wwwwWbbbbB", "--roll", "6"}, 2,
			"", "senet-szenet cannot throw 6"},
		{"one BA each", []string{"moves", "--rules", "senet-szenet", "--pos", "W............................. w hand=wwwWbbbbB", "--roll", "1"}, 2,
			"", "w has 2 BAs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(c.args, strings.NewReader(""), &stdout, &stderr)
			if status != c.wantStatus {
				t.Fatalf("status = %d, want %d (stderr %q)", status, c.wantStatus, stderr.String())
			}
			if c.name == "listed" {
				if !strings.Contains(stdout.String(), "senet-szenet\t") {
					t.Errorf("passage rules = %q, want a senet-szenet line", stdout.String())
				}
				return
			}
			if got := stdout.String(); got != c.wantOut {
				t.Errorf("stdout = %q, want %q", got, c.wantOut)
			}
			if !strings.Contains(stderr.String(), c.wantErr) || (c.wantErr == "") != (stderr.Len() == 0) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), c.wantErr)
			}
		})
	}
}
