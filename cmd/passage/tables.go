package main

import (
	"fmt"
	"strings"

	"passage/agent"
	"passage/analysis"
	"passage/endgame"
	"passage/internal/catalog"
	"passage/ludo"
	"passage/senet"
)

// The computer players hard and expert play perfectly inside the endgame
// tables found in the default directory (passage solve writes them
// there).
func init() {
	agent.SetOracles(func(id string) any {
		dir, err := endgame.DefaultDir()
		if err != nil || !strings.HasPrefix(id, "senet-") {
			return nil
		}
		t, err := endgame.Cached(dir, id)
		if err != nil || t == nil {
			return nil // a damaged table is reported by eval and analyze, not in play
		}
		return t
	})
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
	kit, err := catalog.OpenID(id)
	if err != nil {
		return nil, err
	}
	f := strings.Fields(kit.ID())
	opts := map[string]string{}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		opts[k] = v
	}
	if strings.HasPrefix(f[0], "senet-") {
		r, err := senet.New(f[0], opts)
		if err != nil {
			return nil, err
		}
		var oracle agent.Oracle[senet.Position]
		t, err := endgame.Find(dir, r.ID())
		if err != nil {
			return nil, err
		}
		if t != nil {
			oracle = t
		}
		j, err := analysis.NewJudge(r, r, oracle, level)
		if err != nil {
			return nil, err
		}
		return analysis.Text(j), nil
	}
	r, err := ludo.New(f[0], opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kit.ID(), err)
	}
	j, err := analysis.NewJudge(r, r, nil, level)
	if err != nil {
		return nil, err
	}
	return analysis.Text(j), nil
}
