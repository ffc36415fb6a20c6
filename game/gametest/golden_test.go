package gametest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"passage/game/gametest"
	"passage/senet"
)

// TestGolden: an update writes the game, which then compares equal; the
// same seed gives the same game, another stream another one, and an edited
// file is reported.
func TestGolden(t *testing.T) {
	g := senet.MustNew("senet-szenet", nil)
	path := filepath.Join(t.TempDir(), "x.golden")
	gametest.Golden(t, g, path, 1, 0, true)
	if errs := failures(t, func(tb testing.TB) { gametest.Golden(tb, g, path, 1, 0, false) }); len(errs) > 0 {
		t.Errorf("the same seed: %v", errs)
	}
	if errs := failures(t, func(tb testing.TB) { gametest.Golden(tb, g, path, 1, 1, false) }); len(errs) == 0 {
		t.Error("another stream: no difference reported")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"start .............................. w hand=wwwwWbbbbB\n", "\n1 w ", " winner="} {
		if !strings.Contains(text, want) {
			t.Errorf("the record lacks %q", want)
		}
	}
	edited := strings.Replace(text, "\n1 w ", "\n1 b ", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if errs := failures(t, func(tb testing.TB) { gametest.Golden(tb, g, path, 1, 0, false) }); len(errs) == 0 {
		t.Error("an edited file: no difference reported")
	}
}
