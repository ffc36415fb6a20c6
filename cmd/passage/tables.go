package main

import (
	"fmt"
	"os"
	"strings"

	"passage/agent"
	"passage/analysis"
	"passage/endgame"
)

// The computer players hard and expert play perfectly inside the endgame
// tables found in the default directory (passage solve writes them
// there).
func init() {
	agent.SetOracles(func(id string) any {
		dir, ok := oracleDir(id)
		if !ok {
			return nil
		}
		t, err := endgame.Cached(dir, id)
		if err != nil || t == nil {
			return nil // a damaged table is reported by eval and analyze, not in play
		}
		return t
	})
}

// oracleDir is the directory the players of ruleset id find their
// endgame tables in, or false when they use none (only Senet has them).
func oracleDir(id string) (string, bool) {
	dir, err := endgame.DefaultDir()
	return dir, err == nil && strings.HasPrefix(id, "senet-")
}

// tablesStamp names the table the players of ruleset id play perfectly
// inside (endgame.Stamp), "" for none: the one the init above loads.
func tablesStamp(id string) (string, error) {
	dir, ok := oracleDir(id)
	if !ok {
		return "", nil
	}
	return endgame.Stamp(dir, id)
}

// tablesDir is the directory of --tables DIR on the commands that read
// tables, or the default. A directory given that is not there is an
// error (a typing mistake), where a missing table in it is not: the
// commands then estimate. Without a user cache directory (no HOME) and
// no --tables there are no tables: "" (the commands estimate, as with a
// table missing).
func tablesDir(flagValue string) (string, error) {
	if flagValue != "" {
		if fi, err := os.Stat(flagValue); err != nil || !fi.IsDir() {
			return "", usageError{fmt.Sprintf("--tables %s: not a directory", flagValue)}
		}
		return flagValue, nil
	}
	dir, err := endgame.DefaultDir()
	if err != nil {
		return "", nil
	}
	return dir, nil
}

// openJudge makes the judge of ruleset id (canonical or not) at level,
// with the endgame table of the ruleset from dir when there is one.
func openJudge(id, level, dir string) (analysis.TextJudge, error) {
	return analysis.Open(id, level, dir)
}
