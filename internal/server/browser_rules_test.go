package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
)

// The rules told as they happen (issue 13) for what needs Szenet's BA
// and a wall or gate: the page says why a throw has no move, and a
// drowned BA's followers travel back to the hand with it. The throws
// come from each game's secret seed, so each test throws through the
// API until the throw it needs comes up, and watches the page.

// szenetGame creates a Szenet game from start with both seats held by
// one token.
func szenetGame(t *testing.T, s *testServer, start string) (id, token string) {
	t.Helper()
	c := s.create(t, createRequest{Rules: "senet-szenet", Start: start,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	return c.Game.ID, c.Token
}

// TestBrowserBlockedPass: White's ordinary pieces on 26, 28, 29 and 30
// may not bear off while their BA waits (S20); a throw of 2, 3 or 5
// leaves no move, and the page says why, before and after the pass.
func TestBrowserBlockedPass(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: rate.Inf})
	browser := newBrowser(t)
	watcher, player := newPerson(t, browser), newPerson(t, browser)
	run(t, player, "the player's browser", chromedp.Navigate(s.url+"/"))
	// A 1 would enter the BA (and lift S20), a 4 has no move for another
	// reason: a new game until the first throw is 2, 3 or 5. The player's
	// page holds White's seat; the watcher's holds none.
	var id, tok string
	var v gameView
	for range 30 {
		id, tok = szenetGame(t, s, ".........................w.www w hand=WbbbbB")
		run(t, player, "the player's page", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('passage.seat.%s', JSON.stringify({token: %q, seats: [0, 1]}))`, id, tok)),
			chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
		run(t, watcher, "the watcher's page", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
		if v = s.throw(t, id, tok); *v.Roll != 1 && *v.Roll != 4 {
			break
		}
	}
	if r := *v.Roll; r == 1 || r == 4 {
		t.Fatal("every first throw of 30 games was a 1 or a 4")
	}
	roll, from := *v.Roll, 31-*v.Roll
	// The BA cannot enter either (S6): the second reason.
	why := fmt.Sprintf("the piece on %d may not bear off before its BA has entered; waiting pieces enter only with a 1", from)
	// The player reads why before the pass plays itself; the watcher too.
	waitJS(t, player, "the player's reason", fmt.Sprintf(`document.querySelector('#status').textContent === %q`, fmt.Sprintf("No legal move with %d (%s): passing…", roll, why)))
	waitJS(t, watcher, "the watcher's reason", fmt.Sprintf(`document.querySelector('#status').textContent.endsWith(%q) || Number(document.body.dataset.turns) > 0`, fmt.Sprintf("White threw %d: no legal move: %s.", roll, why)))
	if n := get(t, watcher, "turns", chromedp.Evaluate[int](`Number(document.body.dataset.turns)`)); n != 0 {
		t.Log("the pass was played before the watcher's page was read") // the player's page passes after 2.4 s
	}
	s.waitFor(t, id, "the pass, played by the player's page", func(g gameView) bool { return g.Turns == 1 && g.Last != nil && g.Last.Move == "pass" })
	news := fmt.Sprintf("White had no legal move with %d: %s.", roll, why)
	for name, ctx := range map[string]context.Context{"player": player, "watcher": watcher} {
		waitJS(t, ctx, name+" sees the pass", `Number(document.body.dataset.turns) === 1`)
		if got := get(t, ctx, "status", chromedp.Evaluate[string](`document.querySelector('#status').textContent`)); !strings.HasPrefix(got, news) {
			t.Fatalf("%s: status after the pass %q, want it to start %q", name, got, news)
		}
		// The news on a line of its own, apart from what comes next.
		if got := textOf(t, ctx, "#status .news"); got != news {
			t.Errorf("%s: the status's news line is %q, want %q", name, got, news)
		}
		icon := get(t, ctx, "the move list", chromedp.Evaluate[string](`(document.querySelector('#log li:last-child .effect.blocked') || {}).title || ''`))
		if icon != why {
			t.Fatalf("%s: the move list's last turn has the blocked icon titled %q, want %q", name, icon, why)
		}
	}
	screenshot(t, watcher, "blocked-pass")
}

// TestBrowserBADrowns: White's BA on 25 drowns with a 2 (S17) and takes
// White's pieces on 5 and 8 back to the hand: the page says so with the
// BA's icon, and the two followers travel too, after the BA.
func TestBrowserBADrowns(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: rate.Inf})
	browser := newBrowser(t)
	watcher := newPerson(t, browser)
	var id, tok string
	for range 40 {
		id, tok = szenetGame(t, s, "....w..w................W..... w hand=bbbbB off=ww")
		if v := s.throw(t, id, tok); *v.Roll == 2 {
			break
		}
		id = ""
	}
	if id == "" {
		t.Fatal("no game's first throw was a 2 in 40 games")
	}
	run(t, watcher, "open the game", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	waitJS(t, watcher, "the throw shown", `document.body.dataset.roll === "2"`)
	s.move(t, id, tok, "25-27")
	waitJS(t, watcher, "the drowning", `Number(document.body.dataset.turns) === 1`)
	waitJS(t, watcher, "three pieces travel, two of them followers",
		`document.querySelector('svg#board').dataset.slides === "3" && document.querySelector('svg#board').dataset.followers === "2"`)
	screenshot(t, watcher, "ba-drowns")
	status := get(t, watcher, "status", chromedp.Evaluate[string](`document.querySelector('#status').textContent`))
	if !strings.Contains(status, "White played 25-27 with 2: the BA drowns in the House of Water; the 2 other pieces of its side on the board go back to wait with it.") {
		t.Fatalf("status %q does not tell the BA's drowning", status)
	}
	icons := get(t, watcher, "icons", chromedp.Evaluate[string](`[...document.querySelectorAll('#log li:last-child .effect')].map((e) => e.textContent).join('')`))
	if icons != "≈♔" {
		t.Fatalf("the move list's icons %q, want ≈♔", icons)
	}
	// When the pieces have arrived, all five of White's wait in the tray.
	waitJS(t, watcher, "the pieces at rest", `document.querySelectorAll('svg#board .piece.moving').length === 0`)
	if n := get(t, watcher, "tray", chromedp.Evaluate[int](`document.querySelectorAll('svg#board .piece[data-key="hand:w"]').length`)); n != 3 {
		t.Fatalf("%d of White's pieces wait in the tray, want 3 (the BA and its two followers)", n)
	}
}

// TestBrowserRuleEventsInReplay: a game between computers of each
// ruleset, replayed: every turn's move-list entry has an icon with
// words for each special rule the engine reported (none left in the
// engine's own words), a drowning says where the piece went, and the
// page reports no errors.
func TestBrowserRuleEventsInReplay(t *testing.T) {
	// No review of the long random games (the replay's review has its
	// own tests): reviews at level hard took most of the test's CPU. The
	// games play first, then the search pool is held, so that the
	// reviews the replay pages ask for wait until the server closes.
	s := newTestServer(t, Config{BotDelay: time.Millisecond, Review: ReviewConfig{OnRequestOnly: true}})
	browser := newBrowser(t)
	games := []struct {
		rules   string
		options map[string]string
		id      string
	}{
		{"senet-jequier", map[string]string{"water": "15"}, ""},
		{"senet-szenet", nil, ""},
		{"senet-apokrif", nil, ""},
		{"kinevet", map[string]string{"players": "2", "three-sixes": "on"}, ""},
	}
	for i, g := range games {
		c := s.create(t, createRequest{Rules: g.rules, Options: g.options, Seats: []seatRequest{{Kind: "random"}, {Kind: "random"}}})
		games[i].id = c.Game.ID
	}
	for _, g := range games {
		s.waitFor(t, g.id, "the end of "+g.rules, func(v gameView) bool { return v.Status == "over" })
	}
	release := holdPool(t, s.srv)
	defer release()
	for _, tt := range games {
		t.Run(tt.rules, func(t *testing.T) {
			var rec recordJSON
			s.ok(t, http.StatusOK, "GET", "/api/games/"+tt.id+"/record.json", "", nil, &rec)
			ctx, probs := newWatchedPerson(t, browser)
			run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+tt.id+"/replay"), visible("svg#board .piece"))
			waitJS(t, ctx, "the move list", fmt.Sprintf(`document.querySelectorAll('#log li').length === %d`, len(rec.Turns)))
			type entry struct {
				Icons  []string
				Labels []string
			}
			list := get(t, ctx, "the move list", chromedp.Evaluate[[]entry](`[...document.querySelectorAll('#log li')].map((li) => ({
				Icons: [...li.querySelectorAll('.effect')].map((e) => e.textContent),
				Labels: [...li.querySelectorAll('.effect')].map((e) => e.getAttribute('aria-label'))}))`))
			fired := map[string]bool{}
			for i, turn := range rec.Turns {
				// ▥ for a move an obstacle removed, not for the kinds that
				// only explain a pass (pieces that wait for their throw,
				// Ludo's pieces that cannot move: its ∅ says it).
				want := len(turn.Effects)
				if slices.ContainsFunc(turn.Blocked, func(b game.Block) bool { return !passOnly[b.Kind] }) {
					want++
				}
				if len(list[i].Icons) != want {
					t.Fatalf("turn %d (%s, effects %q, blocked %+v): %d icons %q", turn.N, turn.Move, turn.Effects, turn.Blocked, len(list[i].Icons), list[i].Labels)
				}
				for j, e := range turn.Effects {
					fired[e] = true
					if list[i].Icons[j] == "•" || list[i].Labels[j] == e {
						t.Errorf("turn %d: %q shown in the engine's words: %q", turn.N, e, list[i].Labels[j])
					}
					if strings.HasPrefix(e, "drowning") && !strings.Contains(list[i].Labels[j], "starts again on square") && !strings.Contains(list[i].Labels[j], "wait to enter") && !strings.Contains(list[i].Labels[j], "the BA drowns") {
						t.Errorf("turn %d: a drowning that does not say where the piece went: %q", turn.N, list[i].Labels[j])
					}
				}
			}
			t.Logf("%s: %d turns, rules seen: %v", tt.rules, len(rec.Turns), fired)
			// Stepping onto an attack or capture moves both pieces: the
			// attacked one back the way the attacker came, or home.
			for _, turn := range rec.Turns {
				if !slices.Contains(turn.Effects, "attack (swap)") && !slices.Contains(turn.Effects, "capture (K6)") {
					continue
				}
				run(t, ctx, "the turn before", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
					`(() => { const s = document.querySelector('#slider'); s.value = %d; s.dispatchEvent(new Event('input')); })()`, turn.N-1)))
				waitJS(t, ctx, "the turn before", fmt.Sprintf(`document.body.dataset.step === '%d'`, turn.N-1))
				before := get(t, ctx, "slides", chromedp.Evaluate[int](`Number(document.querySelector('svg#board').dataset.slides || 0)`))
				run(t, ctx, "step onto the attack", click("#forward"))
				waitJS(t, ctx, "both pieces travel", fmt.Sprintf(`Number(document.querySelector('svg#board').dataset.slides || 0) === %d`, before+2))
				break
			}
			for _, pr := range probs.take() {
				t.Error(pr)
			}
		})
	}
}

// scriptPage opens path, a page that loads the site's scripts, for a
// test that calls their modules directly; at the test's end, any error
// the page reported fails it.
func scriptPage(t *testing.T, path string) context.Context {
	t.Helper()
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	run(t, ctx, "a page", chromedp.Navigate(s.url+path), visible("main"))
	t.Cleanup(func() {
		for _, pr := range probs.take() {
			t.Error(pr)
		}
	})
	return ctx
}

// TestBrowserBlockedWords: each kind of blocked move the API sends is
// told in words a player reads in the status line and the move list
// (app.js's blockedText, run in the page); moves blocked by the same
// wall, or by overlapping rows of pieces, are told together.
// passOnly are the block kinds that only explain a pass (app.js's
// PASS_ONLY): the move list gives them no ▥.
var passOnly = map[string]bool{"needs-throw": true, "own-piece": true, "goal-pass": true, "past-goal": true, "safe": true}

func TestBrowserBlockedWords(t *testing.T) {
	ctx := scriptPage(t, "/rules")
	for _, tt := range []struct{ blocked, want string }{
		{`[{"move":"8-12","kind":"wall","wall":"9-11","rule":"J9"}]`, "the wall on 9-11 blocks 8-12"},
		{`[{"move":"8-12","kind":"wall","wall":"9-11","rule":"J9"},{"move":"7-11","kind":"wall","wall":"9-11","rule":"J9"},{"move":"20-26","kind":"wall","wall":"21-24","rule":"J9"}]`,
			"the wall on 9-11 blocks 8-12 and 7-11; the wall on 21-24 blocks 20-26"},
		{`[{"move":"11-15","kind":"pair","wall":"12-13","rule":"A8"}]`, "the pieces side by side on 12-13 cannot be jumped together (11-15)"},
		// One row of pieces, seen by each move without the mover's own
		// piece: one sentence; a row apart from it, another.
		{`[{"move":"2-5","kind":"pair","wall":"3-9","rule":"A8"},{"move":"4-7","kind":"pair","wall":"5-9","rule":"A8"},{"move":"6-9","kind":"pair","wall":"7-9","rule":"A8"},{"move":"8-11","kind":"pair","wall":"1-7","rule":"A8"},{"move":"20-23","kind":"pair","wall":"21-22","rule":"A8"}]`,
			"the pieces side by side on 1-9 cannot be jumped together (2-5, 4-7, 6-9, and 8-11); the pieces side by side on 21-22 cannot be jumped together (20-23)"},
		// A row that bridges two rows told before it joins them.
		{`[{"move":"1-4","kind":"pair","wall":"2-3","rule":"A8"},{"move":"5-9","kind":"pair","wall":"6-8","rule":"A8"},{"move":"2-6","kind":"pair","wall":"3-5","rule":"A8"}]`,
			"the pieces side by side on 2-8 cannot be jumped together (1-4, 2-6, and 5-9)"},
		// A move moveWords says in words is said so (A24: a bearing off
		// passes the squares up to 30).
		{`[{"move":"26-off","kind":"pair","wall":"27-28","rule":"A8"}]`, "the pieces side by side on 27-28 cannot be jumped together (bearing off from 26)"},
		{`[{"move":"28-off","kind":"ba-waits","rule":"S20"}]`, "the piece on 28 may not bear off before its BA has entered"},
		{`[{"move":"28-off","kind":"ba-waits","rule":"S20"},{"move":"29-off","kind":"ba-waits","rule":"S20"}]`, "the pieces on 28 and 29 may not bear off before their BA has entered"},
		{`[{"move":"28-off","kind":"pieces-wait","rule":"S20"}]`, "the BA on 28 may not bear off while pieces of its side wait to enter"},
		{`[{"move":"in-1","kind":"needs-throw","throw":1,"rule":"S6"}]`, "waiting pieces enter only with a 1"},
		{`[{"move":"5-9","kind":"wall","wall":"6-8","rule":"S11"},{"move":"in-1","kind":"needs-throw","throw":1,"rule":"S6"}]`, "the wall on 6-8 blocks 5-9; waiting pieces enter only with a 1"},
		// Ludo's passes, piece by piece, as ludo.Blocks lists them
		// (TestBlocksPass): goal squares are said in words.
		{`[{"move":"in-21","kind":"needs-throw","throw":6,"rule":"K3"},{"move":"20","kind":"past-goal","rule":"K7"}]`,
			"waiting pieces enter only with a 6; the throw would carry the piece on 20 past the end of the goal"},
		{`[{"move":"20-g4","kind":"goal-pass","rule":"K7"},{"move":"g3","kind":"past-goal","rule":"K7"}]`,
			"20 into goal square 4 would pass an own piece in the goal; the throw would carry the piece on goal square 3 past the end of the goal"},
		{`[{"move":"20","kind":"past-goal","rule":"K7"},{"move":"g3","kind":"past-goal","rule":"K7"}]`,
			"the throw would carry the pieces on 20 and goal square 3 past the end of the goal"},
		{`[{"move":"35-40","kind":"own-piece","rule":"K5"},{"move":"g1-g3","kind":"own-piece","rule":"K7"}]`,
			"an own piece is in the way of 35-40 and goal square 1 to 3"},
		{`[{"move":"10-11","kind":"safe","rule":"H1"}]`, "10-11: the piece there is safe on its start square"},
		{`[]`, ""},
	} {
		got := get(t, ctx, "blockedText", chromedp.Evaluate[string](`import('`+staticURL(t, "app.js")+`').then((m) => m.blockedText(`+tt.blocked+`))`, chromedp.EvalAwaitPromise))
		if got != tt.want {
			t.Errorf("blockedText(%s) = %q, want %q", tt.blocked, got, tt.want)
		}
	}
}

// TestBrowserCaptureNamesTheColour: a Ludo capture (K6) says whose
// piece went back to its yard, read from the position before the move
// (four colours may be in play); without that position it keeps the
// general words.
func TestBrowserCaptureNamesTheColour(t *testing.T) {
	ctx := scriptPage(t, "/rules")
	seats := `[{"label":"Red"},{"label":"Yellow"},{"label":"Green"},{"label":"Blue"}]`
	for _, tt := range []struct{ turn, want string }{
		{`{"seat":0,"roll":3,"move":"5-8","effects":["capture (K6)"],"before":"....r..y................................ ..../..../..../.... r"}`,
			"Red threw 3: 5-8 · captures Yellow's piece: it goes back to its yard"},
		{`{"seat":1,"roll":6,"move":"in-11","effects":["entering (K3)","capture (K6)"],"before":"..........r............................. ..../..../..../.... y"}`,
			"captures Red's piece: it goes back to its yard"},
		{`{"seat":0,"roll":3,"move":"5-8","effects":["capture (K6)"]}`, "captures: the piece hit goes back to its yard"},
	} {
		expr := `import('` + staticURL(t, "app.js") + `').then((m) => m.turnText(` + tt.turn + `, ` + seats + `, 'ludo'))`
		if got := get(t, ctx, "turnText", chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise)); !strings.Contains(got, tt.want) {
			t.Errorf("turnText(%s) = %q, want it to contain %q", tt.turn, got, tt.want)
		}
	}
}

// TestBrowserPrefsWithoutStorage: where the browser refuses storage
// (private mode), a preference chosen on the page holds for that page -
// a "tap twice to move" box shown ticked acts ticked - and nothing fails.
func TestBrowserPrefsWithoutStorage(t *testing.T) {
	ctx := scriptPage(t, "/rules")
	got := get(t, ctx, "a preference without storage", chromedp.Evaluate[string](`(async () => {
		Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('storage is off', 'SecurityError'); } });
		const m = await import('/static/prefs.js');
		const before = String(m.touchConfirm());
		m.store('passage.touchConfirm', 'on');
		return before + ' ' + m.touchConfirm();
	})()`, chromedp.EvalAwaitPromise))
	if got != "false true" {
		t.Errorf("touchConfirm before and after ticking the box without storage: %s, want false true", got)
	}
}

// TestBrowserFrenchSemicolon: French sets a narrow no-break space before
// the semicolon that joins what blocked a throw.
func TestBrowserFrenchSemicolon(t *testing.T) {
	ctx := scriptPage(t, "/rules?lang=fr")
	got := get(t, ctx, "blockedText", chromedp.Evaluate[string](`import('`+staticURL(t, "app.js")+`').then((m) => m.blockedText([{"move":"5-9","kind":"wall","wall":"6-8","rule":"S11"},{"move":"in-1","kind":"needs-throw","throw":1,"rule":"S6"}]))`, chromedp.EvalAwaitPromise))
	if !strings.Contains(got, "\u202f; ") || strings.Count(got, ";") != 1 {
		t.Errorf("blockedText in French = %q, want its parts joined by a narrow no-break space and a semicolon", got)
	}
}

// TestBrowserRoutes: a piece travels square by square along the track:
// round the snake's turns on Senet (10, 11, ...) and round the corners
// of the Ludo cross into its own goal lane.
func TestBrowserRoutes(t *testing.T) {
	ctx := scriptPage(t, "/rules")
	for _, tt := range []struct{ expr, want string }{
		{`import('/static/senet.js').then((m) => m.route('s:8', 's:13').join(' '))`, "s:8 s:9 s:10 s:11 s:12 s:13"},
		{`import('/static/senet.js').then((m) => m.route('s:22', 's:19').join(' '))`, "s:22 s:21 s:20 s:19"},
		{`import('/static/senet.js').then((m) => m.route('hand', 's:1').join(' '))`, "hand s:1"},
		// Red's track ends at 40; a 4 from 38 goes 39, 40 and into its goal lane.
		{`import('/static/ludo.js').then((m) => m.route('t:38', 'g:r:2', {turn: 'r'}).join(' '))`, "t:38 t:39 t:40 g:r:1 g:r:2"},
		{`import('/static/ludo.js').then((m) => m.route('t:3', 't:7', {turn: 'r'}).join(' '))`, "t:3 t:4 t:5 t:6 t:7"},
	} {
		if got := get(t, ctx, "route", chromedp.Evaluate[string](tt.expr, chromedp.EvalAwaitPromise)); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

// TestBrowserBlockedMove: a throw that still has a move, but fewer
// because of a rule, says so beside the instruction: with a 1, White's
// piece on 30 may not bear off while the BA waits (S20), so the BA
// enters instead.
func TestBrowserBlockedMove(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: rate.Inf})
	player := newPerson(t, newBrowser(t))
	run(t, player, "the player's browser", chromedp.Navigate(s.url+"/"))
	var v gameView
	for range 40 {
		id, tok := szenetGame(t, s, ".........................w.www w hand=WbbbbB")
		run(t, player, "the player's page", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('passage.seat.%s', JSON.stringify({token: %q, seats: [0, 1]}))`, id, tok)),
			chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
		if v = s.throw(t, id, tok); *v.Roll == 1 {
			break
		}
	}
	if *v.Roll != 1 {
		t.Fatal("no game's first throw was a 1 in 40 games")
	}
	want := "You threw 1: choose a piece to move. (The piece on 30 may not bear off before its BA has entered.)"
	waitJS(t, player, "the reason beside the instruction", fmt.Sprintf(`document.querySelector('#status').textContent === %q`, want))
	if m := attr(t, player, "svg#board", "data-movable"); m != "hand" {
		t.Errorf("movable %q, want only the waiting BA (hand)", m)
	}
}

// TestBrowserResultWords: the end of a game in words (app.js's
// resultText, run in the page): one winner, or, where a side resigns
// among three or four, the others sharing the win.
func TestBrowserResultWords(t *testing.T) {
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	run(t, ctx, "a page", chromedp.Navigate(s.url+"/rules"), visible("main"))
	ludo := `seats: [{seat: 0, label: 'Red'}, {seat: 1, label: 'Yellow'}, {seat: 2, label: 'Green'}, {seat: 3, label: 'Blue'}], board: 'ludo'`
	for _, tt := range []struct{ game, want string }{
		{`{result: {how: 'resign', seat: 0, winner: -1, payoffs: [0, 1/3, 1/3, 1/3], turn: 20}, ` + ludo + `}`,
			"Red (you) resigned on throw 20: Yellow, Green, and Blue share the win."},
		{`{result: {how: 'resign', seat: 0, winner: 1, payoffs: [0, 1], turn: 12}, seats: [{seat: 0, label: 'White'}, {seat: 1, label: 'Black'}], board: 'senet'}`,
			"White (you) resigned on throw 12: Black wins."},
		{`{result: {how: 'abort', seat: 0, winner: -1, payoffs: [0, 0, 0, 0], turn: 1}, ` + ludo + `}`,
			"Red (you) aborted the game on throw 1: no winner."},
		// Seen by Green, who shares the win.
		{`{result: {how: 'resign', seat: 0, winner: -1, payoffs: [0, 1/3, 1/3, 1/3], turn: 20}, ` + ludo + `, mine: [2]}`,
			"Red resigned on throw 20: Yellow, Green (you), and Blue share the win."},
	} {
		got := get(t, ctx, "resultText", chromedp.Evaluate[string](`import('`+staticURL(t, "app.js")+`').then((m) => { const g = `+tt.game+`; return m.resultText(g, g.mine || [0]); })`, chromedp.EvalAwaitPromise))
		if got != tt.want {
			t.Errorf("resultText(%s) = %q, want %q", tt.game, got, tt.want)
		}
	}
	// In Spanish the verb agrees with the side: a Senet side is plural
	// ("las Blancas"), a Ludo colour singular ("el Rojo", from the
	// messages web.result.*@kinevet).
	run(t, ctx, "a Spanish page", chromedp.Navigate(s.url+"/rules?lang=es"), visible("main"))
	for _, tt := range []struct{ game, want string }{
		{`{result: {how: 'resign', seat: 0, winner: 1, payoffs: [0, 1], turn: 12}, seats: [{seat: 0, label: 'Blancas'}, {seat: 1, label: 'Negras'}], board: 'senet', rules: 'senet-jequier water=15'}`,
			"Las Blancas (tú) se rindieron en la tirada 12. Ganan las Negras."},
		{`{result: {how: 'resign', seat: 0, winner: 1, payoffs: [0, 1], turn: 12}, seats: [{seat: 0, label: 'Rojo'}, {seat: 1, label: 'Amarillo'}], board: 'ludo', rules: 'kinevet'}`,
			"El Rojo (tú) se rindió en la tirada 12. Gana el Amarillo."},
	} {
		got := get(t, ctx, "resultText", chromedp.Evaluate[string](`import('`+staticURL(t, "app.js")+`').then((m) => { const g = `+tt.game+`; return m.resultText(g, [0]); })`, chromedp.EvalAwaitPromise))
		if got != tt.want {
			t.Errorf("es: resultText(%s) = %q, want %q", tt.game, got, tt.want)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserRulesetTitle (player review 4): a game's title with options,
// in every language, has one bracket after the ruleset's name: a name
// that ends in its own bracket takes the options inside it ("Ki nevet a
// végén (el parchís húngaro; número de jugadores: dos)"), not a second
// bracket after it. Every option and value is said in words: none keeps
// the server's KEY=VALUE (player review: "… (Ludo; colors=ry)"); a
// colour order names its colours, and then not the number of players,
// which the ID gives too (as the lobby makes it: "kinevet colors=ry
// players=2").
func TestBrowserRulesetTitle(t *testing.T) {
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	var ids []string
	for _, sp := range catalog.Specs() {
		v := catalog.SpecView(sp)
		ids = append(ids, sp.Name)
		all := sp.Name
		for _, o := range v.Options {
			for _, val := range o.Values {
				ids = append(ids, sp.Name+" "+o.Key+"="+val)
			}
			all += " " + o.Key + "=" + o.Values[len(o.Values)-1]
		}
		ids = append(ids, all)
	}
	ordered := map[string][]string{"kinevet colors=ry players=2": {"red", "yellow"}, "kinevet colors=gbr players=3": {"green", "blue", "red"}}
	for id := range ordered {
		ids = append(ids, id)
	}
	list, _ := json.Marshal(ids)
	for _, tag := range i18n.Languages {
		lang := tag.String()
		p, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		run(t, ctx, "a page in "+lang, chromedp.Navigate(s.url+"/rules?lang="+lang), visible("main"))
		titles := get(t, ctx, "rulesetTitle", chromedp.Evaluate[[]string](`import('`+staticURL(t, "app.js")+`').then((m) => `+string(list)+`.map(m.rulesetTitle))`, chromedp.EvalAwaitPromise))
		for i, title := range titles {
			name := p.T("ruleset." + strings.Fields(ids[i])[0])
			opts := strings.Contains(ids[i], "=")
			switch {
			case strings.Contains(title, ") (") || strings.Contains(title, "))") || strings.Contains(title, "(("):
				t.Errorf("%s: %s is titled %q: two brackets", lang, ids[i], title)
			case strings.Count(title, "(") != strings.Count(title, ")") || strings.Count(title, "(") > max(1, strings.Count(name, "(")):
				t.Errorf("%s: %s is titled %q: brackets amiss", lang, ids[i], title)
			case !opts && title != name:
				t.Errorf("%s: %s is titled %q, want %q", lang, ids[i], title, name)
			case opts && (!strings.HasPrefix(title, strings.TrimSuffix(name, ")")) || !strings.HasSuffix(title, ")") || len(title) <= len(name)):
				t.Errorf("%s: %s is titled %q: not %q with its options", lang, ids[i], title, name)
			case opts && lang == "fr" && strings.Contains(title, ":") && !strings.Contains(title, "\u202f:"):
				// French puts a narrow space before a colon (review 4's
				// helper: "Nombre de joueurs: deux").
				t.Errorf("%s: %s is titled %q: no narrow space before its colon", lang, ids[i], title)
			case strings.Contains(title, "="):
				t.Errorf("%s: %s is titled %q: an option not in words", lang, ids[i], title)
			}
			if colors, ok := ordered[ids[i]]; ok {
				var names []string
				for _, c := range colors {
					names = append(names, p.T("seat."+c))
				}
				at := -1
				for _, n := range names {
					if j := strings.Index(title, n); j <= at {
						t.Errorf("%s: %s is titled %q: not its colours %q in their order", lang, ids[i], title, names)
						break
					} else {
						at = j
					}
				}
				if strings.Contains(strings.ToLower(title), strings.ToLower(p.T("web.option.kinevet.players.name"))) {
					t.Errorf("%s: %s is titled %q: the number of players said again", lang, ids[i], title)
				}
			}
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserRulesInBrief (player review: the rules pages lacked a short
// box on how a turn goes): each rules page shows its box "in brief" in
// the first screenful at a laptop's and a phone's size, within the
// window, with no serious accessibility fault; and a game with options
// links to its rules with them, where the box follows them (six-rolls=2:
// a 6 gives two more throws).
func TestBrowserRulesInBrief(t *testing.T) {
	s := newTestServer(t, Config{})
	axe := axeSource(t)
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"six-rolls": "2"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID))
	waitJS(t, ctx, "the game drawn", `document.body.dataset.status === 'live' && document.querySelector('#rules-link').getAttribute('href') !== '/rules'`)
	if href := attr(t, ctx, "#rules-link", "href"); href != "/rules/kinevet?opt=six-rolls%3D2" {
		t.Errorf("the game's rules link is %q, want its options in it", href)
	}
	run(t, ctx, "follow it", chromedp.Click("#rules-link"), visible("#in-brief"))
	if text := get(t, ctx, "the box", chromedp.Evaluate[string](`document.querySelector('#in-brief').innerText`)); !strings.Contains(text, "After a 6 you throw 2 more times.") || !strings.Contains(text, "A 6 gives: two more throws") {
		t.Errorf("the box under six-rolls=2 says %q", text)
	}
	for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
		var pages []string
		for _, sp := range catalog.Specs() {
			pages = append(pages, sp.Name)
		}
		// The longest box, in the language of its source.
		pages = append(pages, "senet-szenet.hu")
		for _, page := range pages {
			name := fmt.Sprintf("%s-%dx%d", page, size.w, size.h)
			run(t, ctx, "open "+name, chromedp.Navigate(s.url+"/rules/"+page), visible("#in-brief"))
			screenshot(t, ctx, "brief-"+name)
			type box struct{ Top, Bottom, Left, Right, InnerW, InnerH, Items float64 }
			b := get(t, ctx, "the box", chromedp.Evaluate[box](`(() => {
				const r = document.querySelector('#in-brief').getBoundingClientRect();
				return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, InnerW: innerWidth, InnerH: innerHeight,
					Items: document.querySelectorAll('#in-brief h2 + ul > li, #in-brief h2 + p + ul > li').length};
			})()`))
			if b.Top >= b.InnerH/2 || b.Left < 0 || b.Right > b.InnerW {
				t.Errorf("%s: the box %+v is not at the top, within the window", name, b)
			}
			if b.Items < 4 || b.Items > 7 {
				t.Errorf("%s: the box lists %v lines, want 4-7 under its heading", name, b.Items)
			}
			for _, v := range axeViolations(t, ctx, axe) {
				t.Errorf("%s: %s", name, v)
			}
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserReplayDrowning: the replay shows a drowning as the game's
// page does (player review: it did not). Stepping onto the turn, the
// drowned piece travels to the House of Water (27) and from there back
// to where it starts again (15, with water=15), and the sentence under
// the board says so, as the game's page and the move list do: "drowns
// in the House of Water and starts again on square 15" (it said only
// that the piece drowned). White's pieces on 21 and 23 to 26 let any
// throw (1, 2, 3, 4 or 6, J3) drown one (with 22 to 26, as before, a 6
// had none).
func TestBrowserReplayDrowning(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	c := s.create(t, createRequest{Rules: "senet-jequier", Options: map[string]string{"water": "15"}, Start: "....................w.wwww.b.b w off=bbb",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	roll := *s.throw(t, c.Game.ID, c.Token).Roll
	move := fmt.Sprintf("%d-27", 27-roll)
	if v := s.move(t, c.Game.ID, c.Token, move); v.Pos[26] != '.' || v.Pos[14] != 'w' {
		t.Fatalf("%s with %d: position %q; want the piece drowned, on 15", move, roll, v.Pos)
	}
	const said = "drowns in the House of Water and starts again on square 15"
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	if got := textOf(t, ctx, "#status"); !strings.Contains(got, said) {
		t.Fatalf("the game's page says %q, want %q in it", got, said)
	}

	run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+c.Game.ID+"/replay"), visible("svg#board .piece"))
	waitJS(t, ctx, "the start", `document.body.dataset.step === '0'`)
	// Where the moving piece stands at each frame, in the board's units,
	// on a clock of the test's own: each frame the page asks for moves it
	// on 4 ms, however long the machine took to draw it, so that the
	// move is drawn in small steps even under load (a loaded machine's
	// frames came so far apart that none fell near the water or on the
	// way back, where the piece is for 25 to 50 ms: CI on 15e8623 saw
	// none on the first 94% of the way back). The page's animation reads
	// the time from performance.now() and its frames' timestamps.
	run(t, ctx, "watch the pieces move", chromedp.Evaluate[chromedp.Void](`(() => {
		const frame = window.requestAnimationFrame.bind(window);
		let clock = performance.now();
		performance.now = () => clock;
		window.requestAnimationFrame = (f) => frame(() => { clock += 4; f(clock); });
		window.seenPath = [];
		const look = () => {
			for (const e of document.querySelectorAll('svg#board .piece.moving')) {
				const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(e.getAttribute('transform'));
				if (m) window.seenPath.push([Number(m[1]), Number(m[2])]);
			}
			if (window.seenPath) requestAnimationFrame(look);
		};
		requestAnimationFrame(look);
	})()`))
	run(t, ctx, "step onto the drowning", click("#forward"))
	waitJS(t, ctx, "the turn shown", `document.body.dataset.step === '1'`)
	waitJS(t, ctx, "the piece at rest", `Number(document.querySelector('svg#board').dataset.slides || 0) > 0 && !document.querySelector('svg#board .piece.moving')`)
	screenshot(t, ctx, "replay-drowning")
	type way struct {
		Path           [][2]float64
		Water, Rebirth [2]float64
		Resting        [][2]float64 // every piece's place once at rest
		Step, Entry    string
	}
	got := get(t, ctx, "the way and the words", chromedp.Evaluate[way](`(() => {
		const c = (n) => { const r = document.querySelector('svg#board rect[data-square="' + n + '"]'); return [Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2, Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2]; };
		const resting = [...document.querySelectorAll('svg#board .piece')].map((e) => /translate\(([-\d.]+),([-\d.]+)\)/.exec(e.getAttribute('transform'))).filter((m) => m).map((m) => [Number(m[1]), Number(m[2])]);
		const out = { Path: window.seenPath, Water: c(27), Rebirth: c(15), Resting: resting, Step: document.querySelector('#step').textContent,
			Entry: document.querySelector('#log li[data-turn="1"] .effect').getAttribute('aria-label') };
		window.seenPath = null;
		return out;
	})()`))
	near := func(p, q [2]float64, d float64) bool { return math.Hypot(p[0]-q[0], p[1]-q[1]) <= d }
	// The piece reaches the water (a frame within a fifth of a square of
	// 27: on the test's clock the piece is drawn every 4 ms to 12 ms of
	// the move, and is that near for 25 ms at least), then goes on to 15,
	// seen on its way there, off both ends, never past 15 nor off the
	// line that joins 27 and 15 once it has left the water, and comes to
	// rest on 15. The last frame of the move, which puts the piece on 15,
	// also ends it, so that the watcher may never see it (CI on 3df1500:
	// its last frame was 25 units short): the piece at rest on 15 shows
	// where the way ends.
	water, between, past := -1, false, false
	for i, p := range got.Path {
		if water < 0 && near(p, got.Water, 13) {
			water = i
		}
		// On the way back: between 27 and 15, on the line that joins them.
		a, b := got.Water, got.Rebirth
		along := ((p[0]-a[0])*(b[0]-a[0]) + (p[1]-a[1])*(b[1]-a[1])) / ((b[0]-a[0])*(b[0]-a[0]) + (b[1]-a[1])*(b[1]-a[1]))
		off := math.Abs((p[0]-a[0])*(b[1]-a[1])-(p[1]-a[1])*(b[0]-a[0])) / math.Hypot(b[0]-a[0], b[1]-a[1])
		if water >= 0 && i > water && along > 0.05 && along < 0.95 && off < 3 {
			between = true
		}
		// (Frames still coming into the water, after the first near it,
		// are off that line: the water's fifth of a square is left out.)
		if water >= 0 && i > water && !near(p, got.Water, 13) && (along > 1.01 || off >= 3) {
			past = true
		}
	}
	onRebirth := slices.ContainsFunc(got.Resting, func(p [2]float64) bool { return near(p, got.Rebirth, 1) })
	if water < 0 || !between || past || !onRebirth {
		t.Errorf("the drowned piece's way %v, the pieces at rest %v: want it through the water %v and on, along the way back, to rest on 15 %v", got.Path, got.Resting, got.Water, got.Rebirth)
	}
	if !strings.Contains(got.Step, said) {
		t.Errorf("the replay's sentence is %q, want %q in it", got.Step, said)
	}
	if !strings.Contains(got.Entry, said) {
		t.Errorf("the move list's drowning says %q, want %q", got.Entry, said)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
