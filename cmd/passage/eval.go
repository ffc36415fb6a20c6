package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
)

// evalOutput is the JSON line of passage eval; field order is the
// contract (docs/cli.md).
type evalOutput struct {
	Pos    string    `json:"pos"`
	Win    []float64 `json:"win"`
	Exact  bool      `json:"exact"`
	Source string    `json:"source"`
}

// cmdEval prints each seat's probability of winning a position.
func cmdEval(args []string, stdout io.Writer) error {
	fs := newFlags("eval", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	pos := fs.String("pos", "", "the `POSITION` in notation (the side to move is about to throw)")
	tables := fs.String("tables", "", "read endgame tables from `DIR` (default: the user cache directory's passage/endgame)")
	level := fs.String("level", "hard", "estimate outside the tables at `LEVEL`: medium, greedy, hard, expert or expectimax-N")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	kit, err := rf.open()
	if err != nil {
		return err
	}
	if *pos == "" {
		return usageError{"--pos is required"}
	}
	dir, err := tablesDir(*tables)
	if err != nil {
		return err
	}
	j, err := openJudge(kit.ID(), *level, dir)
	if err != nil {
		return err
	}
	win, canonical, source, err := j.Win(*pos)
	if err != nil {
		return err
	}
	for i, w := range win {
		win[i] = math.Round(w*1e6) / 1e6
	}
	out := evalOutput{Pos: canonical, Win: win, Exact: source == "table" || source == "result", Source: source}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err = stdout.Write(buf.Bytes())
	return err
}
