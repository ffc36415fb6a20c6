package senet

import (
	"strings"
	"testing"
	"unicode/utf8"

	"passage/internal/i18n"
)

// TestDiagramInEveryLanguage: every ruleset's board draws in every
// language with no message missing, within 72 columns counted in
// characters (the house legend wraps by them), and with the notation's
// squares where the English drawing has them.
func TestDiagramInEveryLanguage(t *testing.T) {
	for _, name := range []string{"senet-jequier", "senet-szenet", "senet-apokrif"} {
		r, err := New(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		english := strings.Split(r.Diagram(r.Start()), "\n")
		for _, tag := range i18n.Languages {
			words, err := i18n.New(tag)
			if err != nil {
				t.Fatal(err)
			}
			d := r.DiagramIn(r.Start(), words)
			if strings.Contains(d, "!diagram.") || strings.Contains(d, "!seat.") {
				t.Errorf("%s %s: a message is missing:\n%s", name, tag, d)
			}
			lines := strings.Split(d, "\n")
			for _, line := range lines {
				if n := utf8.RuneCountInString(line); n > 72 {
					t.Errorf("%s %s: line of %d columns: %q", name, tag, n, line)
				}
			}
			// The first ten lines are the board itself, which only the
			// "off" after square 30 (line 8) translates.
			for i := range 10 {
				if i != 8 && lines[i] != english[i] {
					t.Errorf("%s %s: board line %d = %q, want %q", name, tag, i, lines[i], english[i])
				}
			}
		}
	}
}
