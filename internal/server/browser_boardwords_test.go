package server

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"
)

// notation is a move as docs/notation.md writes it ("10-13", "in-1",
// "30-off", "38-g2", "g1-g3"): what no board button's name may read out.
var notation = regexp.MustCompile(`\d-\d|\bin-\d|\d-off|\bg\d`)

// moveNotation is a move that moveWords says in words (entering,
// bearing off, Ludo's goal): what a blocked-move list may not show.
// Moves from square to square stay as written there, as in the turn's
// words, and so does a wall's span of squares ("29-30").
var moveNotation = regexp.MustCompile(`\bin-\d|\d-off|\d-g\d|\bg\d-g\d`)

// axNames are the accessible names, as the browser computes them for
// screen readers (Accessibility.getPartialAXTree), of the elements sel
// matches, in document order.
func axNames(sel string) chromedp.Action[[]string] {
	return func(ctx context.Context, tg *chromedp.Target) ([]string, error) {
		var out []string
		no := false
		for i := 0; ; i++ {
			r, err := cdp.Call(ctx, tg, runtime.Evaluate, runtime.EvaluateParams{Expression: fmt.Sprintf(`document.querySelectorAll(%q)[%d]`, sel, i)})
			if err != nil {
				return nil, err
			}
			if r.Result == nil || r.Result.ObjectID == "" {
				return out, nil
			}
			ax, err := cdp.Call(ctx, tg, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{ObjectID: r.Result.ObjectID, FetchRelatives: &no})
			if err != nil {
				return nil, err
			}
			name := ""
			if len(ax.Nodes) > 0 && ax.Nodes[0].Name != nil {
				if err := json.Unmarshal(ax.Nodes[0].Name.Value, &name); err != nil {
					return nil, fmt.Errorf("the name of %s #%d: %v", sel, i, err)
				}
			}
			out = append(out, name)
		}
	}
}

// TestBrowserBoardWords: on the game page the board's buttons (the
// pieces that can move, and a picked piece's destinations) are named for
// screen readers in the page's language with moveWords's words and the
// board's names of its squares, never with the notation ("10-13",
// "30-off", "in-1", "38-g2"); the blocked moves the status line lists
// say moveWords's words too ("bearing off from 28", not "28-off"). The
// move list, the API and the records keep the notation. In English and
// Hungarian, for a Senet (Apokrif) throw of 3 with a bearing off blocked
// by the two pieces on 29-30 (A8, A24), a Ki nevet throw with pieces on
// the track and in the goal, and a Ki nevet throw without a 6 while
// every piece waits in the yard.
func TestBrowserBoardWords(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: rate.Inf})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	words := map[string]struct{ off28, off30, to13, ludoTo, needsSix string }{
		"en": {"bearing off from 28", "bearing off from 30", "move to square 13", "move to square %s", "waiting pieces enter only with a 6"},
		"hu": {"bábu kivezetése (28.\u00a0mező)", "bábu kivezetése (30.\u00a0mező)", "lépés ide: 13.\u00a0mező", "lépés ide: %s.\u00a0mező", "a várakozó bábuk csak akkor léphetnek be, ha a dobás 6"},
	}

	// Senet: White on 10, 12, 28 and 30, Black on 17 and 29. A 3 moves
	// 10-13, 12-15, 28-25 (back: A16) and 30-off; 28-off is blocked.
	const apokrif = ".........w.w....b..........wbw w off=wbbb"
	var senetID, senetTok string
	for range 60 {
		c := s.create(t, createRequest{Rules: "senet-apokrif", Start: apokrif,
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
		if v := s.throw(t, c.Game.ID, c.Token); *v.Roll == 3 {
			senetID, senetTok = c.Game.ID, c.Token
			if len(v.Blocked) != 1 || v.Blocked[0].Move != "28-off" {
				t.Fatalf("the throw of 3 blocks %+v, want 28-off", v.Blocked)
			}
			break
		}
	}
	if senetID == "" {
		t.Fatal("no first throw of 60 games was a 3")
	}

	// Ki nevet: Red on 38 and on its goal's last square (finished), two
	// pieces in the yard; every throw moves one (38-39, 38-40, 38-g1,
	// 38-g2, 38-g3; a 6 enters: in-1). (With the goal's piece on g1, a 4
	// and a 5 had none: CI once threw a 5.)
	lc := s.create(t, createRequest{Rules: "kinevet", Start: ".....................................r.. ...r/..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	ludo := s.throw(t, lc.Game.ID, lc.Token)
	if len(ludo.Moves) == 0 || ludo.Moves[0].Move == "pass" {
		t.Fatalf("Red's throw of %d has no move: %+v", *ludo.Roll, ludo.Moves)
	}

	// Ki nevet at the start: a throw without a 6 leaves Red no move
	// (K3). Both seats are held elsewhere: the page watches.
	var yardID string
	for range 30 {
		c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
		if v := s.throw(t, c.Game.ID, c.Token); *v.Roll != 6 {
			yardID = c.Game.ID
			break
		}
	}
	if yardID == "" {
		t.Fatal("every first throw of 30 games was a 6")
	}

	checkNames := func(what string, names []string) {
		t.Helper()
		if len(names) == 0 {
			t.Fatalf("%s: no board button", what)
		}
		for _, n := range names {
			if n == "" || notation.MatchString(n) || strings.Contains(n, "{{") || strings.Contains(n, "web.") {
				t.Errorf("%s: a board button is named %q", what, n)
			}
		}
	}
	// has reports whether one of names contains want.
	has := func(names []string, want string) bool {
		return strings.Contains(strings.Join(names, "\n"), want)
	}
	for _, lang := range []string{"en", "hu"} {
		w := words[lang]

		holdSeats(t, ctx, s, senetID, senetTok, []int{0, 1})
		run(t, ctx, "the Senet game in "+lang, chromedp.Navigate(s.url+"/g/"+senetID+"?lang="+lang), visible("svg#board .piece.movable"))
		waitJS(t, ctx, "four pieces to move", `document.querySelectorAll('svg#board [role=button]').length === 4`)
		names := get(t, ctx, "the Senet buttons' names", axNames("svg#board [role=button]"))
		t.Logf("%s: Senet: %q", lang, names)
		checkNames(lang+": Senet", names)
		if !has(names, ": "+w.off30) || !has(names, ": "+w.to13) {
			t.Errorf("%s: the Senet buttons are named %q, want %q and %q among them", lang, names, w.off30, w.to13)
		}
		status := textOf(t, ctx, "#status")
		if moveNotation.MatchString(status) || !strings.Contains(strings.ToLower(status), strings.ToLower(w.off28)) { // first in a sentence: a capital
			t.Errorf("%s: the Senet status says %q, want the blocked move as %q", lang, status, w.off28)
		}

		holdSeat(t, ctx, s, lc)
		run(t, ctx, "the Ki nevet game in "+lang, chromedp.Navigate(s.url+"/g/"+lc.Game.ID+"?lang="+lang), visible("svg#board .piece.movable"))
		names = get(t, ctx, "the Ki nevet buttons' names", axNames("svg#board [role=button]"))
		t.Logf("%s: Ki nevet, a %d: %q", lang, *ludo.Roll, names)
		checkNames(lang+": Ki nevet", names)
		for _, m := range ludo.Moves {
			said := get(t, ctx, "moveWords", chromedp.Evaluate[string](fmt.Sprintf(`import('/static/app.js').then((m) => m.moveWords(%q))`, m.Move), chromedp.EvalAwaitPromise))
			if said == m.Move { // from square to square: where it goes
				said = fmt.Sprintf(w.ludoTo, m.Move[strings.Index(m.Move, "-")+1:])
			}
			if !has(names, said) {
				t.Errorf("%s: Ki nevet: no button says %s (%q) in %q", lang, m.Move, said, names)
			}
		}

		run(t, ctx, "the Ki nevet start in "+lang, chromedp.Navigate(s.url+"/g/"+yardID+"?lang="+lang), visible("svg#board .piece"))
		waitJS(t, ctx, "the reason", fmt.Sprintf(`document.querySelector('#status').textContent.includes(%q)`, w.needsSix))
		if status := textOf(t, ctx, "#status"); moveNotation.MatchString(status) {
			t.Errorf("%s: the Ki nevet status says %q", lang, status)
		}
	}

	// A piece with two destinations: picked, each destination is a
	// button named by where it goes.
	run(t, ctx, "a page with the board's script", chromedp.Navigate(s.url+"/rules?lang=hu"))
	run(t, ctx, "draw a board with two moves from 12", chromedp.Evaluate[chromedp.Void](`(async () => {
		const { BoardView } = await import('`+staticURL(t, "app.js")+`');
		const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
		svg.id = 'board';
		svg.setAttribute('class', 'board');
		document.querySelector('main').prepend(svg);
		const view = new BoardView(svg, 'senet', []);
		view.show({ pos: '...........w.......b.......... w off=wwwwbbbb', interactive: true,
			moves: [{ move: '12-14' }, { move: '12-16' }], onMove: () => {} });
		window.drawn = true;
	})()`, chromedp.EvalAsValue))
	waitJS(t, ctx, "the board", `window.drawn === true && document.querySelector('svg#board .piece.movable') !== null`)
	run(t, ctx, "pick the piece", click("svg#board .piece.movable"))
	waitJS(t, ctx, "its destinations", `document.querySelectorAll('svg#board .target').length === 2`)
	names := get(t, ctx, "the destinations' names", axNames("svg#board .target"))
	checkNames("hu: destinations", names)
	if strings.Join(names, "|") != "lépés ide: 14.\u00a0mező|lépés ide: 16.\u00a0mező" {
		t.Errorf("hu: the destinations are named %q", names)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
