package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEMatchesCommands: the README names every flag of every
// command and the Go version go.mod requires, so that neither can drift
// from the code unnoticed.
func TestREADMEMatchesCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "Go " + string(m[1]) + " or later"; !strings.Contains(string(readme), want) {
		t.Errorf("README does not say %q (go.mod's go line)", want)
	}
	flagLine := regexp.MustCompile(`(?m)^  --(\S+)`)
	for _, cmd := range []string{"new", "moves", "play", "sim", "serve"} {
		code, stdout, _ := runCLI(t, "", cmd, "-h")
		if code != 0 {
			t.Fatalf("passage %s -h: exit %d", cmd, code)
		}
		flags := flagLine.FindAllStringSubmatch(stdout, -1)
		if len(flags) == 0 {
			t.Fatalf("passage %s -h lists no flags:\n%s", cmd, stdout)
		}
		for _, f := range flags {
			if !strings.Contains(string(readme), "--"+f[1]) {
				t.Errorf("README does not mention passage %s --%s", cmd, f[1])
			}
		}
	}
}
