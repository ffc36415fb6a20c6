package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"passage/internal/i18n"
)

// TestBrowserReviewHelp (player review 5): the review's help, a dozen
// lines, is folded under a "How to read this" disclosure, closed at
// first and opened by the keyboard; beside the luck figures one
// sentence, always shown, says what luck is measured against and that a
// long game's sum can pass 100, in every language.
func TestBrowserReviewHelp(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	id := resignedAfterFour(t, s)
	waitReview(t, s, id, "")
	ctx, probs := newWatchedPerson(t, browser)
	for _, tag := range i18n.Languages {
		lang := tag.String()
		run(t, ctx, "open the replay in "+lang, chromedp.Navigate(s.url+"/g/"+id+"/replay?lang="+lang))
		waitJS(t, ctx, "the review", `document.querySelector('table.review-players') !== null`)
		got := get(t, ctx, "the help", chromedp.Evaluate[[]string](`(() => {
			const d = document.querySelector('.review-help');
			const luck = document.querySelector('table.review-players + p.review-luck');
			return [d ? String(d.open) : 'none', d ? d.querySelector('summary').textContent : '', d ? d.querySelector('p').textContent : '', luck ? luck.textContent : '',
				luck ? String(luck.getBoundingClientRect().height > 0) : ''];
		})()`))
		if got[0] != "false" {
			t.Errorf("%s: the review's help is open %s, want a closed disclosure", lang, got[0])
		}
		if got[1] == "" || strings.Contains(got[1], "web.") || len(got[2]) < 200 || strings.Contains(got[2], "{{") {
			t.Errorf("%s: the help's summary %q over %q", lang, got[1], got[2])
		}
		if !strings.Contains(got[3], "100") || strings.Contains(got[3], "web.") || got[4] != "true" {
			t.Errorf("%s: by the luck figures %q (shown: %s), want what luck is and that its sum can pass 100", lang, got[3], got[4])
		}
		if lang == "en" && got[1] != "How to read this" {
			t.Errorf("the summary says %q", got[1])
		}
	}
	run(t, ctx, "focus the summary", chromedp.Focus(chromedp.CSS(".review-help summary")), chromedp.KeyEvent(kb.Enter))
	waitJS(t, ctx, "the help open", `document.querySelector('.review-help').open && document.querySelector('.review-help p').getBoundingClientRect().height > 0`)
	screenshot(t, ctx, "review-help-open")
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserReviewDeeper (player review 6: the review was always made
// at hard, and only the API could ask for expert): under a review of
// estimates a button asks for it again at expert; the panel waits for
// it and draws the expert's review, which offers no such button.
func TestBrowserReviewDeeper(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	id := resignedAfterFour(t, s)
	waitReview(t, s, id, "")
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay?lang=en"))
	waitJS(t, ctx, "the review at hard", `document.querySelector('#review[data-level="hard"] table.review-players') !== null`)
	label := get(t, ctx, "the button", chromedp.Evaluate[string](`(document.querySelector('#review button.review-deeper') || {}).textContent || ''`))
	if label != "Deeper review (expert level, slower)" {
		t.Fatalf("the button under the hard review says %q", label)
	}
	run(t, ctx, "show the button", chromedp.ScrollIntoView(chromedp.CSS("#review button.review-deeper")))
	screenshot(t, ctx, "review-deeper")
	run(t, ctx, "ask for expert", chromedp.Click(chromedp.CSS("#review button.review-deeper")))
	waitJS(t, ctx, "the review at expert", `document.querySelector('#review[data-level="expert"] table.review-players') !== null`)
	if n := get(t, ctx, "buttons", chromedp.Evaluate[int](`document.querySelectorAll('#review button.review-deeper').length`)); n != 0 {
		t.Errorf("the expert's review still offers %d deeper review buttons", n)
	}
	note := get(t, ctx, "the note", chromedp.Evaluate[string](`document.querySelector('#review .review-help').textContent`))
	if !strings.Contains(note, "expert") {
		t.Errorf("the expert's review does not say its level: %q", note)
	}
	// The server made it: the API has the expert's review stored.
	var rep struct{ Level string }
	if err := json.Unmarshal(waitReview(t, s, id, "?level=expert"), &rep); err != nil || rep.Level != "expert" {
		t.Errorf("GET analysis?level=expert: %+v %v", rep, err)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserReviewTurnSaysEstimate (player review 6: the replay's
// verdict said "(estimate)" and the review panel's line on the same
// move did not): the panel's line on a marked or lossy move says that
// its loss is the search's estimate, unless the value is exact.
func TestBrowserReviewTurnSaysEstimate(t *testing.T) {
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	rep := reviewOf(6, func(int) float64 { return 0.5 })
	// Throw 3 is a mistake by the search's estimate, throw 4 an exact
	// loss of half a point, below the marks.
	rep.Decisions[2].Played, rep.Decisions[2].Best, rep.Decisions[2].AfterMove, rep.Decisions[2].AfterBest, rep.Decisions[2].Loss, rep.Decisions[2].Class = "1-3", "2-4", 0.4, 0.5, 0.1, "mistake"
	rep.Decisions[3].Played, rep.Decisions[3].Best, rep.Decisions[3].AfterMove, rep.Decisions[3].AfterBest, rep.Decisions[3].Loss, rep.Decisions[3].Exact = "1-3", "2-4", 0.495, 0.5, 0.005, true
	doc, _ := json.Marshal(rep)
	run(t, ctx, "a page", chromedp.Navigate(s.url+"/rules?lang=en"), visible("main"))
	got := get(t, ctx, "the panel's lines", chromedp.Evaluate[[]string](`import('/static/review.js').then((m) => {
		const box = document.createElement('section');
		document.querySelector('main').append(box);
		const r = new m.Review(box, { id: 'x', board: 'senet', seats: [], over: true, onPick() {} });
		r.rep = `+string(doc)+`;
		r.draw();
		const lines = [3, 4].map((n) => { r.show(n); return box.querySelector('.review-turn').textContent; });
		box.remove();
		return lines;
	})`, chromedp.EvalAwaitPromise))
	if len(got) != 2 || !strings.Contains(got[0], "10.0 points lost (estimate)") {
		t.Errorf("the line on an estimated mistake: %q", got)
	}
	if len(got) == 2 && (strings.Contains(got[1], "estimate") || !strings.Contains(got[1], "points lost")) {
		t.Errorf("the line on an exact loss: %q", got[1])
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
