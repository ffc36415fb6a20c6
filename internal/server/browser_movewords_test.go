package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"passage/internal/i18n"
)

// TestBrowserMoveWords (player review 5: "jobb lett volna: in-1", "El
// Rojo ha jugado in-1 con un 6"): in sentences for people a move that
// enters a piece, bears one off or goes into or inside Ludo's goal is
// said in the page's language, square numbers kept; a move from square
// to square stays as written. The review's verdict on the replay says
// its better move so.
func TestBrowserMoveWords(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	id := resignedAfterFour(t, s)
	markedReview(t, s, id, 2, "29-off")
	ctx, probs := newWatchedPerson(t, browser)
	want := map[string][]string{ // in-1, 29-off, 38-g2, g1-g3, as words
		"en": {"entering a piece on 1", "bearing off from 29", "38 into goal square 2", "goal square 1 to 3"},
		"hu": {"bábu beléptetése (1.\u00a0mező)", "bábu kivezetése (29.\u00a0mező)", "38.\u00a0mezőről a cél 2.\u00a0mezőjére", "a célban 1.\u00a0mezőről 3.\u00a0mezőre"},
	}
	for _, tag := range i18n.Languages {
		lang := tag.String()
		run(t, ctx, "a page in "+lang, chromedp.Navigate(s.url+"/rules?lang="+lang), visible("main"))
		var got []string
		b := get(t, ctx, "the words", chromedp.Evaluate[string](`import('/static/app.js').then((m) =>
			JSON.stringify(['in-1', '29-off', '38-g2', 'g1-g3', '12-15', 'in-11'].map(m.moveWords)))`, chromedp.EvalAwaitPromise))
		if err := json.Unmarshal([]byte(b), &got); err != nil {
			t.Fatal(err)
		}
		for i, w := range got[:4] {
			if strings.Contains(w, "in-") || strings.Contains(w, "-off") || strings.Contains(w, "g2") || strings.Contains(w, "g1") || strings.Contains(w, "{{") || strings.Contains(w, "web.") {
				t.Errorf("%s: move %d in words is %q, still notation", lang, i, w)
			}
		}
		if !strings.Contains(got[0], "1") || !strings.Contains(got[1], "29") || !strings.Contains(got[2], "38") || !strings.Contains(got[5], "11") {
			t.Errorf("%s: the squares are lost: %q", lang, got)
		}
		if got[4] != "12-15" {
			t.Errorf("%s: 12-15 in words is %q, want it as it is", lang, got[4])
		}
		if w, ok := want[lang]; ok && strings.Join(got[:4], "|") != strings.Join(w, "|") {
			t.Errorf("%s: %q, want %q", lang, got[:4], w)
		}

		// The replay's verdict on the marked turn, and the review's note.
		run(t, ctx, "the replay in "+lang, chromedp.Navigate(s.url+"/g/"+id+"/replay?lang="+lang+"#turn=2"))
		waitJS(t, ctx, "the verdict", `document.querySelector('#step .verdict') !== null`)
		verdict := textOf(t, ctx, "#step .verdict")
		if strings.Contains(verdict, "29-off") || !strings.Contains(verdict, got[1]) {
			t.Errorf("%s: the verdict says %q, want %q in it", lang, verdict, got[1])
		}
		if note := textOf(t, ctx, ".review-turn"); strings.Contains(note, "29-off") || !strings.Contains(note, got[1]) {
			t.Errorf("%s: the review's turn note says %q, want %q in it", lang, note, got[1])
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
