package senet

import (
	"path/filepath"
	"testing"

	"passage/game/gametest"
)

// TestGolden replays one seeded random game per ruleset and compares it,
// throw by throw, with testdata/*-seed1.golden (gametest.Golden); -update
// rewrites the files after an intended change. Jéquier's game uses stream
// 51, a game of 573 throws with drownings, bounces, backward moves and a
// pass (random Jéquier games are long: the median over seeds is about
// 1,700 throws, and stream 1 takes 5,325).
func TestGolden(t *testing.T) {
	for _, tt := range []struct {
		rules, file  string
		seed, stream uint64
	}{
		{"senet-jequier", "jequier-seed1.golden", 1, 51},
		{"senet-szenet", "szenet-seed1.golden", 1, 0},
		{"senet-apokrif", "apokrif-seed1.golden", 1, 0},
	} {
		t.Run(tt.rules, func(t *testing.T) {
			gametest.Golden(t, MustNew(tt.rules, nil), filepath.Join("testdata", tt.file), tt.seed, tt.stream, updating())
		})
	}
}
