package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"passage/analysis"
)

// TestSzenetTables: passage solve builds Szenet's K=1 table, --verify
// accepts it, and eval and analyze answer exactly inside it, hand
// positions and bonus throws included.
func TestSzenetTables(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "solve", "--rules", "senet-szenet", "--pieces", "1", "--out", dir, "--quiet")
	if code != 0 || !strings.Contains(out, "8152 positions") {
		t.Fatalf("solve: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", "solve", "--verify", filepath.Join(dir, "senet-szenet.k1.pegt"))
	if code != 0 || !strings.HasPrefix(out, "ok: senet-szenet, 1 pieces: 16304 positions") {
		t.Fatalf("verify: %d %q %q", code, out, errOut)
	}
	// White's BA on 30 against Black's on 29: 8/17 (endgame tests).
	const w30b29 = "............................BW w off=wwwwbbbb"
	code, out, errOut = runCLI(t, "", "eval", "--rules", "senet-szenet", "--pos", w30b29, "--tables", dir)
	var got evalOutput
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || !got.Exact || got.Source != "table" ||
		math.Abs(got.Win[0]-8.0/17) > 1e-4 || math.Abs(got.Win[0]+got.Win[1]-1) > 1e-9 {
		t.Fatalf("eval: %d %q %q", code, out, errOut)
	}
	// Black to throw with White's BA in the hand: still the table.
	code, out, errOut = runCLI(t, "", "eval", "--rules", "senet-szenet", "--pos", "............................B. b hand=W off=wwwwbbbb", "--tables", dir)
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || !got.Exact {
		t.Fatalf("eval, hand: %d %q %q", code, out, errOut)
	}
	// White enters with a bonus throw, moves 1-3; Black bears off.
	const record = `passage-record 1
rules senet-szenet
start ............................B. w hand=W off=wwwwbbbb
w 1 in-1
w 2 1-3
b 2 29-off
`
	code, out, errOut = runCLI(t, record, "analyze", "-", "--json", "--level", "greedy", "--tables", dir)
	var rep analysis.Report
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Decisions) != 3 {
		t.Fatalf("analyze: %d %q %q", code, out, errOut)
	}
	for _, d := range rep.Decisions {
		if !d.Exact {
			t.Errorf("analyze: decision %+v is not exact", d)
		}
	}
}
