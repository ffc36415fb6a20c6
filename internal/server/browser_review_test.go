package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"passage/analysis"
	"passage/internal/i18n"
)

// TestBrowserReview: a finished game's replay shows its review (the
// graph of the first seat's share in its colour and the second's above
// it, the current turn marked, the marks in
// the move list as the review classes them, each player's accuracy and
// luck), going to a marked turn draws the better move on the board,
// clicking the graph and its arrow keys move the replay, and the page
// has no overflow at 390 px and no serious accessibility violation, in
// light and dark colours. The finished game's page shows the review too
// and its graph leads to the replay at the turn clicked.
func TestBrowserReview(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond})
	browser := newBrowser(t)
	axe := axeSource(t)

	// Players who play one move in three at random make mistakes: the
	// review has marks to show. The dice are not seeded, and a game
	// of 435 turns once had no inaccuracy: up to five games are played
	// for one that has.
	var id string
	var rep analysis.Report
	marked := 0
	first := analysis.Decision{}
	for attempt := 0; attempt < 5 && marked == 0; attempt++ {
		c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}})
		id = c.Game.ID
		s.waitFor(t, id, "the end", func(v gameView) bool { return v.Status == "over" })
		rep = analysis.Report{}
		if err := json.Unmarshal(waitReview(t, s, id, ""), &rep); err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Decisions {
			if d.Class != "" {
				if marked == 0 {
					first = d
				}
				marked++
			}
		}
	}
	n := len(rep.Decisions)
	if marked == 0 {
		t.Fatalf("five games between easy players (the last of %d turns) had no inaccuracy: nothing to show", n)
	}

	for _, size := range []struct {
		w, h int64
		dark bool
	}{{1280, 800, false}, {390, 844, true}} {
		t.Run(fmt.Sprintf("%dx%d-dark=%v", size.w, size.h, size.dark), func(t *testing.T) {
			ctx, probs := newWatchedPerson(t, browser)
			run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
			if size.dark {
				emulateDark(t, ctx)
			}
			run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay"))
			waitJS(t, ctx, "the review", `document.querySelector('svg.review-graph') !== null && document.body.dataset.step === '0'`)
			// Every icon of the move list is told in words under it, for
			// a finger that cannot point at one.
			if missing := get(t, ctx, "the legend", chromedp.Evaluate[[]string](`(() => {
				const legend = document.querySelector('#icons-legend').textContent;
				const icons = new Set([...document.querySelectorAll('#log .effect')].map((e) => e.textContent));
				return icons.size ? [...icons].filter((i) => !legend.includes(i)) : ['no icon in the move list'];
			})()`)); len(missing) > 0 {
				t.Errorf("icons of the move list not in its legend: %v", missing)
			}
			// The houses' legend keeps its own place (the icons' line once
			// took its id and wrote over it).
			if n := get(t, ctx, "the houses' legend", chromedp.Evaluate[int](`document.querySelectorAll('#legend details, #legend summary').length + document.querySelectorAll('[id="legend"]').length * 100`)); n < 101 || n >= 200 {
				t.Errorf("the replay has %d elements with id legend (want 1), holding %d parts of the houses' legend (want some)", n/100, n%100)
			}
			// Two seats: one curve, each seat's share of the height in its colour.
			if got := get(t, ctx, "shares", chromedp.Evaluate[string](`[...document.querySelectorAll('svg.review-graph .share')].map((e) => e.dataset.seat + ':' + getComputedStyle(e).fill).join(' ') + ' ' + document.querySelectorAll('svg.review-graph .edge, svg.review-graph .seat-line').length`)); got != "1:rgb(45, 39, 35) 0:rgb(251, 247, 236) 1" {
				t.Errorf("the graph's shares and lines: %q, want Black's above and White's below one edge", got)
			}
			if got := get(t, ctx, "marks", chromedp.Evaluate[int](`document.querySelectorAll('#log li .review-mark').length`)); got != marked {
				t.Errorf("%d marks in the move list, want the review's %d", got, marked)
			}
			if got := get(t, ctx, "graph marks", chromedp.Evaluate[int](`document.querySelectorAll('svg.review-graph .mark').length`)); got != marked {
				t.Errorf("%d marks on the graph, want %d", got, marked)
			}
			label := attr(t, ctx, fmt.Sprintf(`#log li[data-turn="%d"] .review-mark`, first.Turn), "aria-label")
			if want := first.Class + ": loses "; len(label) < len(want) || label[:len(want)] != want {
				t.Errorf("turn %d's mark says %q, want it to start %q", first.Turn, label, want)
			}
			for s, p := range rep.Players {
				acc := textOf(t, ctx, fmt.Sprintf(`table.review-players tr[data-seat="%d"] td.accuracy .value`, s))
				// No figure from fewer than five decisions at stake.
				want := strconv.FormatFloat(p.Accuracy, 'f', 1, 64)
				if p.AtStake < 5 {
					want = "–"
				}
				if p.Decisions > 0 && acc != want {
					t.Errorf("seat %d's accuracy shows %q, want %s (%d decisions at stake)", s, acc, want, p.AtStake)
				}
				best := textOf(t, ctx, fmt.Sprintf(`table.review-players tr[data-seat="%d"] td.accuracy .best`, s))
				// The page rounds a half up (Intl's halfExpand); Go's %.0f
				// would round 12.5 to even.
				if want := fmt.Sprintf("%d%% best moves", int(math.Floor(100*float64(p.BestMoves)/float64(p.Decisions)+0.5))); p.Decisions > 0 && best != want {
					t.Errorf("seat %d's best moves show %q, want %s (%d of %d)", s, best, want, p.BestMoves, p.Decisions)
				}
			}

			// The note under the table: how many decisions each accuracy
			// counts, and what the marks mean, in words a phone shows.
			// It is folded (a closed details): its words, not what shows.
			note := get(t, ctx, "the help", chromedp.Evaluate[string](`document.querySelector('.review-help p').textContent`))
			for s, p := range rep.Players {
				name := textOf(t, ctx, fmt.Sprintf(`table.review-players tr[data-seat="%d"] th`, s))
				if want := fmt.Sprintf("%s %d", strings.TrimSpace(name), p.AtStake); !strings.Contains(note, want) {
					t.Errorf("the note does not say %q: %q", want, note)
				}
				// Beside an accuracy given, what random moves would have
				// scored on the same choices (player review 4: one
				// figure for every game was wrong for Ki nevet).
				random := fmt.Sprintf("%s %.1f", strings.TrimSpace(name), p.RandomAccuracy)
				if said := strings.Contains(note, "Moves at random would have scored") && strings.Contains(note, random); said != (p.AtStake >= 5) {
					t.Errorf("the note says %q for random moves: %v, with %d decisions at stake: %q", random, said, p.AtStake, note)
				}
			}
			if !strings.Contains(note, "?? a blunder (10 or more)") {
				t.Errorf("the note does not say what the marks mean: %q", note)
			}

			// The first marked turn, one press of "next mark" from the
			// start: the better move on the board.
			run(t, ctx, "go to the first mark", click(`#next-mark`))
			waitJS(t, ctx, "the marked turn", fmt.Sprintf(`document.body.dataset.step === '%d'`, first.Turn))
			if got := attr(t, ctx, "svg#board .better-move", "data-move"); got != first.Best {
				t.Errorf("the board shows the better move %q, want %q", got, first.Best)
			}
			if said := textOf(t, ctx, "#announce"); !strings.Contains(said, first.Class+": ") {
				t.Errorf("a screen reader hears %q at a marked turn, want its %s", said, first.Class)
			}
			// The verdict shows beside the turn's words, by the controls,
			// and says the better move in words ("bearing off from 29" for
			// 29-off; a move from square to square stays as written).
			better := get(t, ctx, "the better move in words", chromedp.Evaluate[string](fmt.Sprintf(`import('/static/app.js').then((m) => m.moveWords(%q))`, first.Best), chromedp.EvalAwaitPromise))
			if v := textOf(t, ctx, "#step .verdict"); !strings.HasPrefix(v, first.Class+": ") || !strings.Contains(v, better) {
				t.Errorf("the step line's verdict at a marked turn is %q, want the %s and the better %q", v, first.Class, better)
			}
			if got := attr(t, ctx, "svg.review-graph", "aria-valuenow"); got != strconv.Itoa(first.Turn) {
				t.Errorf("the graph marks turn %s, want %d", got, first.Turn)
			}
			run(t, ctx, "show the board", chromedp.ScrollIntoView(chromedp.CSS("svg#board")))
			screenshot(t, ctx, fmt.Sprintf("review-better-%dx%d", size.w, size.h))
			for _, v := range axeViolations(t, ctx, axe) {
				t.Errorf("accessibility: %s", v)
			}
			if wide := get(t, ctx, "width", chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`)); wide {
				t.Errorf("the replay with its review is wider than the %d px window", size.w)
			}
			if over := tableOverflow(t, ctx); over > 0.5 {
				t.Errorf("the players' table sticks out of its card by %.1f px at %d px", over, size.w)
			}

			// "Previous mark" from the end comes back to the last marked turn.
			last := 0 // the last marked turn before the end
			for _, d := range rep.Decisions {
				if d.Class != "" && d.Turn < n {
					last = d.Turn
				}
			}
			if last > 0 {
				run(t, ctx, "to the end, then the previous mark", click("#last"), click("#prev-mark"))
				waitJS(t, ctx, "the last marked turn", fmt.Sprintf(`document.body.dataset.step === '%d'`, last))
			}

			// The graph: a click in its middle, then the arrow keys.
			run(t, ctx, "click the graph", chromedp.ScrollIntoView(chromedp.CSS("svg.review-graph")), click("svg.review-graph"))
			mid := int(math.Round(float64((160-42)*n) / float64(320-42-6))) // the graph's middle, in its drawing's units (review.js: W 320, L 42, R 6)
			waitJS(t, ctx, "the turn clicked", fmt.Sprintf(`Math.abs(Number(document.body.dataset.step) - %d) <= 1`, mid))
			at, _ := strconv.Atoi(attr(t, ctx, "body", "data-step"))
			run(t, ctx, "arrow key on the graph", chromedp.Focus(chromedp.CSS("svg.review-graph")), chromedp.KeyEvent(kb.ArrowRight))
			waitJS(t, ctx, "one turn on", fmt.Sprintf(`document.body.dataset.step === '%d'`, at+1))
			screenshot(t, ctx, fmt.Sprintf("review-%dx%d", size.w, size.h))
			for _, pr := range probs.take() {
				t.Errorf("replay: %s", pr)
			}
		})
	}

	// In the other languages, whose headings are longer words, the
	// players' table fits the laptop's sidebar too.
	for _, lang := range []string{"hu", "fr", "es", "ru"} {
		ctx, probs := newWatchedPerson(t, browser)
		run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 800))
		run(t, ctx, "open the replay in "+lang, chromedp.Navigate(s.url+"/g/"+id+"/replay?lang="+lang))
		waitJS(t, ctx, "the review", `document.querySelector('table.review-players') !== null`)
		if over := tableOverflow(t, ctx); over > 0.5 {
			t.Errorf("%s: the players' table sticks out of its card by %.1f px at 1280 px", lang, over)
		}
		for _, pr := range probs.take() {
			t.Errorf("replay in %s: %s", lang, pr)
		}
	}

	// The finished game's page: the same review; the graph opens the replay.
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, ctx, "the review", `document.querySelector('svg.review-graph') !== null && document.querySelectorAll('#log li .review-mark').length > 0`)
	if got := get(t, ctx, "marks", chromedp.Evaluate[int](`document.querySelectorAll('#log li .review-mark').length`)); got != marked {
		t.Errorf("%d marks in the game page's move list, want %d", got, marked)
	}
	if got := get(t, ctx, "players", chromedp.Evaluate[int](`document.querySelectorAll('table.review-players tbody tr').length`)); got != 2 {
		t.Errorf("%d players in the review, want 2", got)
	}
	// The board shows the end of the game: so does the review, not
	// "Start of the game".
	at := get(t, ctx, "the review's turn", chromedp.Evaluate[string](`document.querySelector('svg.review-graph').getAttribute('aria-valuenow') + ' / ' + document.querySelector('svg.review-graph').getAttribute('aria-valuemax') + ' ' + document.querySelector('.review-turn').textContent`))
	if n, rest, _ := strings.Cut(at, " / "); !strings.HasPrefix(rest, n+" ") || strings.Contains(at, "Start of the game") {
		t.Errorf("the game page's review shows %q, want its last turn", at)
	}
	for _, v := range axeViolations(t, ctx, axe) {
		t.Errorf("game page: accessibility: %s", v)
	}
	run(t, ctx, "click the graph", chromedp.ScrollIntoView(chromedp.CSS("svg.review-graph")), click("svg.review-graph"))
	waitURL(t, ctx, "/replay#turn=")
	// The new page's script context may not exist yet as the address
	// changes: a poll that starts in the old one fails, and is retried.
	deadline := time.Now().Add(30 * time.Second)
	for {
		tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		_, err := chromedp.Run(tctx, chromedp.Poll[chromedp.Void](`document.querySelector('svg.review-graph') !== null && document.body.dataset.step === /^#turn=(\d+)/.exec(location.hash)[1]`,
			chromedp.WithPollingTimeout(30*time.Second)))
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replay at the turn clicked: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, pr := range probs.take() {
		t.Errorf("game page: %s", pr)
	}
}

// TestBrowserReviewLines: where the two seats' colours are too alike to
// fill the graph with (two-player Ludo's red and green), the review
// draws a line per seat, not shares, and passes axe-core.
func TestBrowserReviewLines(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond})
	browser := newBrowser(t)
	axe := axeSource(t)
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"}, Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}})
	id := c.Game.ID
	s.waitFor(t, id, "the end", func(v gameView) bool { return v.Status == "over" })
	waitReview(t, s, id, "")
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 800))
	run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay"))
	waitJS(t, ctx, "the review", `document.querySelector('svg.review-graph') !== null`)
	if got := get(t, ctx, "lines", chromedp.Evaluate[string](`document.querySelectorAll('svg.review-graph .share').length + ' ' + document.querySelectorAll('svg.review-graph polyline.seat-line').length`)); got != "0 2" {
		t.Errorf("shares and seat lines on two-player Ludo's graph: %q, want no share and 2 lines", got)
	}
	screenshot(t, ctx, "review-ludo-1280x800")
	// The options in words, on the replay and on the game's page.
	if title := textOf(t, ctx, "#title"); !strings.Contains(title, "(Ludo; number of players: two)") {
		t.Errorf("the replay's title %q does not say the option in words", title)
	}
	for _, v := range axeViolations(t, ctx, axe) {
		t.Errorf("accessibility: %s", v)
	}
	for _, pr := range probs.take() {
		t.Errorf("replay: %s", pr)
	}
}

// tableOverflow is how far the review's table of players reaches past its
// card's content box, in CSS pixels (the card would cut it off there).
func tableOverflow(t *testing.T, ctx context.Context) float64 {
	return get(t, ctx, "the table's overflow", chromedp.Evaluate[float64](`(() => {
		const table = document.querySelector('table.review-players'), box = table.parentElement, st = getComputedStyle(box);
		return table.getBoundingClientRect().right - (box.getBoundingClientRect().right - parseFloat(st.paddingRight) - parseFloat(st.borderRightWidth));
	})()`))
}

// resignedAfterFour is a game of two people resigned after four throws
// (the first legal move each): a finished game with a short review.
func resignedAfterFour(t *testing.T, s *testServer) string {
	t.Helper()
	id, white, black := twoPeople(t, s, twoLeft)
	tokens := []string{white, black}
	s.playFirst(t, id, tokens, 4)
	v := s.game(t, id)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[v.ToMove], nil, nil)
	return id
}

// TestBrowserReviewTooFewAtStake: a game resigned after four throws
// gives each player at most two decisions at stake, too few for an
// accuracy (a player's review read 100 beside 50% best moves after 18
// throws): the table shows "–" with the reason, not a figure.
func TestBrowserReviewTooFewAtStake(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	id := resignedAfterFour(t, s)
	var rep analysis.Report
	if err := json.Unmarshal(waitReview(t, s, id, ""), &rep); err != nil {
		t.Fatal(err)
	}
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay"))
	waitJS(t, ctx, "the review", `document.querySelector('table.review-players') !== null`)
	for seat, p := range rep.Players {
		if p.AtStake >= 5 {
			t.Fatalf("seat %d had %d decisions at stake in four throws", seat, p.AtStake)
		}
		if p.Decisions == 0 {
			continue
		}
		sel := fmt.Sprintf(`table.review-players tr[data-seat="%d"] td.accuracy .value`, seat)
		if got := textOf(t, ctx, sel); got != "–" {
			t.Errorf("seat %d's accuracy from %d decisions at stake shows %q, want –", seat, p.AtStake, got)
		}
		if why := attr(t, ctx, sel, "title"); !strings.Contains(why, "too few for an accuracy") {
			t.Errorf("seat %d's – says %q", seat, why)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserFinishedGameToReplay: on a finished game's page a move in
// the list leads to its turn in the replay, where the verdict is said in
// words (player review 4: a tap on a mark did nothing on a phone, whose
// page shows no tooltip), and the graph's arrow keys go on in the
// replay, the keyboard's place on its graph, not on the page's body.
func TestBrowserFinishedGameToReplay(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	id := resignedAfterFour(t, s)
	waitReview(t, s, id, "")
	turns := s.game(t, id).Turns
	ctx, probs := newWatchedPerson(t, browser)
	focused := func() string {
		return get(t, ctx, "the focus", chromedp.Evaluate[string](`(() => { const a = document.activeElement; return a.tagName.toLowerCase() + (a.dataset.turn ? '#' + a.dataset.turn : '') + (a.classList.contains('review-graph') ? '.review-graph' : ''); })()`))
	}

	run(t, ctx, "open the finished game", chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, ctx, "the review", `document.querySelector('table.review-players') !== null`)
	run(t, ctx, "tap the third move", click(`#log li[data-turn="3"]`))
	waitURL(t, ctx, "/replay#turn=3")
	waitJS(t, ctx, "the replay at the third throw", `document.body.dataset.step === '3'`)
	if got := focused(); got != "li#3" {
		t.Errorf("the replay opened from the third move has the focus on %s, want that move", got)
	}

	run(t, ctx, "open the finished game again", chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, ctx, "the review", `document.querySelector('svg.review-graph') !== null`)
	run(t, ctx, "the graph's left arrow", chromedp.Focus(chromedp.CSS("svg.review-graph")), chromedp.KeyEvent(kb.ArrowLeft))
	waitURL(t, ctx, fmt.Sprintf("/replay#turn=%d", turns-1))
	waitJS(t, ctx, "the replay's graph", fmt.Sprintf(`document.body.dataset.step === '%d' && document.querySelector('svg.review-graph') !== null`, turns-1))
	waitJS(t, ctx, "the focus on it", `document.activeElement === document.querySelector('svg.review-graph')`)
	run(t, ctx, "the left arrow again", chromedp.KeyEvent(kb.ArrowLeft))
	waitJS(t, ctx, "a throw further back", fmt.Sprintf(`document.body.dataset.step === '%d'`, turns-2))
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// reviewOf is a review of n throws by two seats, w and b alternating,
// whose first seat's chance before throw i is first(i): a graph drawn to
// order.
func reviewOf(n int, first func(i int) float64) analysis.Report {
	rep := analysis.Report{Rules: "senet-apokrif", Level: "hard",
		Players: []analysis.Player{{Seat: "w", Decisions: n / 2}, {Seat: "b", Decisions: n / 2}}}
	for i := range n {
		d := analysis.Decision{Turn: i + 1, Seat: "w", Roll: 2, Played: "1-3", Best: "1-3", Moves: 2, Before: first(i)}
		if i%2 == 1 {
			d.Seat, d.Before = "b", 1-first(i)
		}
		d.AfterMove, d.AfterBest = d.Before, d.Before
		rep.Decisions = append(rep.Decisions, d)
	}
	last := &rep.Decisions[n-1]
	last.AfterMove, last.AfterBest, last.Exact = 1, 1, true // the mover won: the end is exact
	return rep
}

// TestBrowserReviewFlatGraph (player review: Apokrif's graph stays near
// 50%): when at least three quarters of a review's estimates put the
// chance within 5 points of 50%, the panel says, in the page's
// language, that the review could not tell who was ahead, which is no
// sign of equal play; a graph that swings, or one flat for only 70% of
// its throws, has no such sentence.
func TestBrowserReviewFlatGraph(t *testing.T) {
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	const n = 40
	graphs := []struct {
		name string
		rep  analysis.Report
		want string // the sentence's share, "" for none
	}{
		// 32 of 40 within 5 points (the last exact value not counted: 32 of 39).
		{"flat", reviewOf(n, func(i int) float64 {
			if i >= 32 {
				return 0.8
			}
			return 0.5 + 0.04*float64(i%3-1)
		}), "82%"},
		{"swinging", reviewOf(n, func(i int) float64 { return 0.5 + 0.4*math.Sin(float64(i)/5) }), ""},
		{"flat for 70%", reviewOf(n, func(i int) float64 {
			if i >= 28 {
				return 0.3
			}
			return 0.52
		}), ""},
	}
	for _, tag := range i18n.Languages {
		lang := tag.String()
		run(t, ctx, "a page in "+lang, chromedp.Navigate(s.url+"/rules?lang="+lang), visible("main"))
		for _, g := range graphs {
			doc, _ := json.Marshal(g.rep)
			got := get(t, ctx, "the panel", chromedp.Evaluate[string](`import('/static/review.js').then((m) => {
				const box = document.createElement('section');
				document.querySelector('main').append(box);
				const r = new m.Review(box, { id: 'x', board: 'senet', seats: [], over: true, onPick() {} });
				r.rep = `+string(doc)+`;
				r.draw();
				const p = box.querySelector('.review-flat');
				box.remove();
				return p ? p.textContent : '';
			})`, chromedp.EvalAwaitPromise))
			switch {
			case g.want == "" && got != "":
				t.Errorf("%s, %s graph: %q, want no sentence", lang, g.name, got)
			case g.want != "" && (got == "" || strings.Contains(got, "{{") || strings.Contains(got, "!web")):
				t.Errorf("%s, %s graph: sentence %q", lang, g.name, got)
			case g.want != "" && lang == "en" && got != "For "+g.want+" of the throws the estimated chance stayed within 5 points of 50%: the review could not tell who was ahead. That is no sign that both played equally well: the accuracy compares the moves.":
				t.Errorf("en, %s graph: %q", g.name, got)
			}
		}
	}
	// How it looks, on a laptop and a phone (PASSAGE_SCREENSHOTS).
	doc, _ := json.Marshal(graphs[0].rep)
	run(t, ctx, "the English page", chromedp.Navigate(s.url+"/rules?lang=en"), visible("main"))
	for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
		run(t, ctx, "draw the panel", chromedp.Evaluate[chromedp.Void](`import('/static/review.js').then((m) => {
			document.querySelector('main').replaceChildren();
			const box = document.createElement('section');
			document.querySelector('main').append(box);
			const r = new m.Review(box, { id: 'x', board: 'senet', seats: [], over: true, onPick() {} });
			r.rep = `+string(doc)+`;
			r.draw();
		})`, chromedp.EvalAwaitPromise), visible(".review-flat"))
		screenshot(t, ctx, fmt.Sprintf("review-flat-%dx%d", size.w, size.h))
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
