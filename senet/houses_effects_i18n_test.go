package senet

import (
	"strconv"
	"strings"
	"testing"
)

// TestHouseEffectsData: every house carries its effects as data too,
// one per effect sentence, with the numbers the sentences name.
func TestHouseEffectsData(t *testing.T) {
	for _, v := range []*Variant{&Jequier, &Szenet, &Apokrif} {
		for _, h := range v.Houses() {
			if got, want := len(h.Effects), strings.Count(h.Effect, ". ")+1; got != want {
				t.Errorf("%s square %d: %d effects as data for %q", v.Name, h.Square, got, h.Effect)
			}
			for _, e := range h.Effects {
				if e.N != 0 && !strings.Contains(h.Effect, strconv.Itoa(e.N)) {
					t.Errorf("%s square %d: effect %s names %d, the text %q does not", v.Name, h.Square, e.Kind, e.N, h.Effect)
				}
			}
		}
	}
}
