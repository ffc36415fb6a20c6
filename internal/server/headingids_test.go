package server

import (
	"strings"
	"testing"
)

// TestHeadingIDsKeepTheirLetters: a heading's ID keeps its letters in
// any script, so that a translated page's sections can be linked to; the
// same heading twice gets a number.
func TestHeadingIDsKeepTheirLetters(t *testing.T) {
	md := newMarkdown()
	page, err := renderMarkdown(md, []byte("# Как кончаются партии\n\n## 1. A játék célja\n\n## Ki nevet a végén?\n\n## Options\n\n## Options\n\n## Endless play: the players know the game's history\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="как-кончаются-партии"`, `id="1-a-játék-célja"`, `id="ki-nevet-a-végén"`, `id="options"`, `id="options-1"`, `id="endless-play-the-players-know-the-games-history"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("no %s in\n%s", want, page)
		}
	}
}
