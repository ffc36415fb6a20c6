package ludo

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"passage/internal/i18n"
)

// TestDiagramInColumns: in every language the board's squares stay in
// the columns of the English drawing, however many bytes the corners'
// words take (Cyrillic, accents), and no drawing's words are missing
// from a catalog.
func TestDiagramInColumns(t *testing.T) {
	r, err := New("kinevet", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	square := regexp.MustCompile(`g?\d+`)
	columns := func(d string) [][]int {
		var cols [][]int
		for _, line := range strings.Split(d, "\n")[1:12] { // the grid rows
			var at []int
			for _, m := range square.FindAllStringIndex(line, -1) {
				at = append(at, len([]rune(line[:m[0]])))
			}
			cols = append(cols, at)
		}
		return cols
	}
	want := columns(r.Diagram(p))
	for _, tag := range i18n.Languages {
		words, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		d := r.DiagramIn(p, words)
		if strings.Contains(d, "!diagram.") {
			t.Errorf("%s: a message is missing:\n%s", tag, d)
		}
		if got := columns(d); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: squares at columns %v, want %v:\n%s", tag, got, want, d)
		}
	}
}
