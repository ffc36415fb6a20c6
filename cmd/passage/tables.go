package main

import (
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

// tablesFlag is --tables DIR on the commands that read tables.
func tablesDir(flagValue string) (string, error) {
	if flagValue != "" {
		return flagValue, nil
	}
	return endgame.DefaultDir()
}

// openJudge makes the judge of ruleset id (canonical or not) at level,
// with the endgame table of the ruleset from dir when there is one.
func openJudge(id, level, dir string) (analysis.TextJudge, error) {
	return analysis.Open(id, level, dir)
}
