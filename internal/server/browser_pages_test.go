package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"golang.org/x/text/language"

	"passage/internal/store"
)

// problems collects what a page reports going wrong: console errors,
// uncaught exceptions, failed requests and error responses.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(s string) {
	p.mu.Lock()
	p.list = append(p.list, s)
	p.mu.Unlock()
}

// take returns the problems so far and forgets them.
func (p *problems) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.list
	p.list = nil
	return out
}

// listen is a chromedp listener that records problems; it runs on the
// target's event loop, so it only appends.
func (p *problems) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			p.add("console error: " + strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		p.add(fmt.Sprintf("uncaught: %s (%s:%d)", msg, d.URL, d.LineNumber))
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError {
			p.add("browser error: " + ev.Entry.Text + " " + ev.Entry.URL)
		}
	case *network.EventLoadingFailed:
		if !ev.Canceled {
			p.add("request failed: " + ev.ErrorText)
		}
	case *network.EventResponseReceived:
		if ev.Response.Status >= 400 {
			p.add(fmt.Sprintf("HTTP %d: %s", ev.Response.Status, ev.Response.URL))
		}
	}
}

// newWatchedPerson is newPerson whose page problems are recorded.
func newWatchedPerson(t *testing.T, browser context.Context) (context.Context, *problems) {
	t.Helper()
	p := &problems{}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(p.listen))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("new browser context: %v", err)
	}
	return ctx, p
}

// holdSeat gives the browser of ctx the seat token of a game, as the
// lobby does when it creates one.
func holdSeat(t *testing.T, ctx context.Context, s *testServer, c createResponse) {
	t.Helper()
	holdSeats(t, ctx, s, c.Game.ID, c.Token, c.Seats)
}

// holdSeats gives the browser of ctx token, holding seats of game id.
func holdSeats(t *testing.T, ctx context.Context, s *testServer, id, token string, seats []int) {
	t.Helper()
	list, _ := json.Marshal(seats)
	run(t, ctx, "store the seat token",
		chromedp.Navigate(s.url+"/rules"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('passage.seat.%s', JSON.stringify({token: %q, seats: %s}))`, id, token, list)),
	)
}

// axeSource is axe-core's script, from $AXE_CORE (test.sh fetches it
// from npm into a cache directory).
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("AXE_CORE")
	if path == "" {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, ".cache", "passage", "axe-core-4.14.1", "node_modules", "axe-core", "axe.min.js")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is missing (%v): ./test.sh installs it", err)
		}
		t.Skipf("axe-core is missing (%v): run ./test.sh once to install it; accessibility checks skipped", err)
	}
	return string(b)
}

// axeViolations runs axe-core on the page and lists its serious and
// critical violations.
func axeViolations(t *testing.T, ctx context.Context, axe string) []string {
	t.Helper()
	run(t, ctx, "inject axe-core", chromedp.Evaluate[chromedp.Void](axe))
	type node struct {
		Target []any `json:"target"`
	}
	type violation struct {
		ID     string `json:"id"`
		Impact string `json:"impact"`
		Help   string `json:"help"`
		Nodes  []node `json:"nodes"`
	}
	vs := get(t, ctx, "axe.run", chromedp.Evaluate[[]violation](
		`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)`, chromedp.EvalAwaitPromise))
	var out []string
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" {
			continue
		}
		var where []string
		for i, n := range v.Nodes {
			if i == 3 {
				where = append(where, "...")
				break
			}
			where = append(where, fmt.Sprint(n.Target...))
		}
		out = append(out, fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(where, ", ")))
	}
	return out
}

// box is an element's place in the viewport.
type box struct {
	Top, Bottom, Left, Right, Width, Height float64
}

// layout is what the layout checks measure on a page.
type layout struct {
	ScrollWidth, InnerWidth, InnerHeight float64
	Board, Action, Square                *box
	// Pitch is the distance between the centres of squares 1 and 2,
	// Touch the smallest touch area of a piece that can move, HouseFont
	// the smallest house name's letters, NumFont the squares' numbers'
	// (all in px; 0 when none).
	Pitch, Touch, HouseFont, NumFont float64
}

const measureJS = `(() => {
	const r = (sel) => { const e = document.querySelector(sel); if (!e) return null;
		const b = e.getBoundingClientRect(); return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Width: b.width, Height: b.height}; };
	const c = (sel) => { const b = document.querySelector(sel)?.getBoundingClientRect(); return b && {x: b.left + b.width / 2, y: b.top + b.height / 2}; };
	const a = c('svg#board [data-square="1"]'), b = c('svg#board [data-square="2"]');
	const svg = document.querySelector('svg#board');
	// The drawing fits the element's box (preserveAspectRatio meet).
	const scale = svg ? Math.min(svg.getBoundingClientRect().height / svg.viewBox.baseVal.height, svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) : 0;
	const touches = [...document.querySelectorAll('svg#board .piece.movable')].map((e) => { const q = e.getBoundingClientRect(); return Math.min(q.width, q.height); });
	const fonts = [...document.querySelectorAll('svg#board .house-name')].map((e) => Number(e.getAttribute('font-size')) * scale);
	const nums = [...document.querySelectorAll('svg#board .sq-num')].map((e) => parseFloat(getComputedStyle(e).fontSize) * scale);
	return {ScrollWidth: document.documentElement.scrollWidth, InnerWidth: innerWidth, InnerHeight: innerHeight,
		Board: r('svg#board'), Action: r('#throw'), Square: r('svg#board rect[data-square="1"]'),
		Pitch: a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
		Touch: touches.length ? Math.min(...touches) : 0, HouseFont: fonts.length ? Math.min(...fonts) : 0,
		NumFont: nums.length ? Math.min(...nums) : 0};
})()`

func (b *box) inside(l layout) bool {
	return b != nil && b.Top >= 0 && b.Left >= 0 && b.Bottom <= l.InnerHeight+0.5 && b.Right <= l.InnerWidth+0.5
}

// TestBrowserPages opens the lobby, a game of every ruleset, rules
// pages and a replay at a laptop's, a larger laptop's and a phone's size,
// upright and sideways, and checks each: nothing wider than the window;
// on game pages the whole board and the Throw button in view (a phone
// sideways too: the board beside the button, player review 20), Senet
// squares at least 40 px and their numbers and house names readable
// (phone, player review 18); on rules pages every diagram's words at
// least 11 px as shown (phone, player review 6); no console errors or
// failed requests; and no serious or critical accessibility violations
// (axe-core).
func TestBrowserPages(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	axe := axeSource(t)

	// A finished game for the replay.
	over := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "easy"}}})
	s.waitFor(t, over.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })
	// And a finished Ludo game: its board is square, limited by the
	// window's height (player review 4: its bottom row was cut off).
	overLudo := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"}, Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}})
	s.waitFor(t, overLudo.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })

	games := map[string]createResponse{}
	for _, rules := range []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"} {
		seats := []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}
		if rules == "kinevet" {
			seats = append(seats, seatRequest{Kind: "easy"}, seatRequest{Kind: "easy"})
		}
		games[rules] = s.create(t, createRequest{Rules: rules, Seats: seats})
	}
	// A game the browser watches: its person's token is not the page's.
	watched := s.create(t, createRequest{Rules: "kinevet",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})

	sizes := []struct {
		w, h int64
		dark bool
	}{{1280, 800, false}, {1440, 900, false}, {390, 844, false}, {844, 390, false}, {1280, 800, true}}
	for _, size := range sizes {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		if size.dark {
			name += "-dark"
		}
		t.Run(name, func(t *testing.T) {
			ctx, probs := newWatchedPerson(t, browser)
			run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
			if size.dark {
				emulateDark(t, ctx)
			}
			phone := size.w < 500
			type page struct {
				name, path, ready string
				game              bool
			}
			pages := []page{
				{"lobby", "/", `document.body.dataset.lobby === 'ready'`, false},
				{"rules-index", "/rules", `document.querySelector('.rules-list .about') !== null`, false},
				{"rules", "/rules/senet-szenet", `document.querySelector('main.doc h1') !== null`, false},
				{"rules-ru", "/rules/kinevet.ru", `document.querySelector('main.doc h1') !== null`, false},
				{"rules-hu", "/rules/senet-apokrif.hu", `document.querySelector('main.doc h1') !== null`, false},
				{"replay", "/g/" + over.Game.ID + "/replay", `document.body.dataset.step === '0'`, false},
			}
			for _, rules := range []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"} {
				c := games[rules]
				holdSeat(t, ctx, s, c)
				pages = append(pages, page{rules, "/g/" + c.Game.ID, `document.body.dataset.status === 'live' && document.querySelector('svg#board .piece') !== null`, true})
			}
			pages = append(pages, page{"kinevet-watched", "/g/" + watched.Game.ID, `document.body.dataset.status === 'live' && document.querySelector('svg#board .piece') !== null`, true})
			// Last, since it leaves the page's language Spanish: a Ludo
			// replay at a throw, whose title takes two lines and whose
			// die shows above the controls (player review 4).
			pages = append(pages, page{"replay-kinevet", "/g/" + overLudo.Game.ID + "/replay?lang=es#turn=20", `document.body.dataset.step === '20'`, false})
			probs.take() // the pages that stored tokens
			for _, p := range pages {
				run(t, ctx, "open "+p.name, chromedp.Navigate(s.url+p.path))
				waitJS(t, ctx, p.name+" drawn", p.ready)
				screenshot(t, ctx, "page-"+p.name+"-"+name)
				l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
				if l.ScrollWidth > l.InnerWidth {
					t.Errorf("%s: the page is %v px wide in a %v px window", p.name, l.ScrollWidth, l.InnerWidth)
				}
				if p.name == "rules" {
					// A phone shows the Senet board upright, large enough to read.
					src := get(t, ctx, "board picture", chromedp.Evaluate[string](`(() => { const i = document.querySelector('main.doc picture img'); return i ? i.currentSrc : ''; })()`))
					if up := strings.HasSuffix(src, "/board-upright.svg"); up != phone {
						t.Errorf("rules: the board picture is %q at %s", src, name)
					}
					// Its note on the squares' order shows where it stands upright.
					if shown := get(t, ctx, "the upright note", chromedp.Evaluate[bool](`(() => { const n = document.querySelector('main.doc .upright-note'); return !!n && n.getClientRects().length > 0; })()`)); shown != phone {
						t.Errorf("rules: the note on the upright board shown: %v at %s", shown, name)
					}
				}
				if phone && strings.HasPrefix(p.name, "rules") {
					for _, small := range diagramWords(t, ctx) {
						t.Errorf("%s: diagram words too small on a phone: %s", p.name, small)
					}
				}
				if strings.HasPrefix(p.name, "replay") && !l.Board.inside(l) {
					t.Errorf("%s: the board %+v is not all in the %vx%v window", p.name, l.Board, l.InnerWidth, l.InnerHeight)
				}
				if p.name == "replay-kinevet" {
					replayFits(t, ctx, l)
				}
				if p.game && strings.HasPrefix(p.name, "senet") {
					// House symbols are drawn above the pieces, so a piece never hides one.
					above := get(t, ctx, "house badges", chromedp.Evaluate[bool](`(() => {
						const b = document.querySelector('svg#board .house-badge'), pieces = document.querySelector('svg#board .pieces');
						return !!b && !!(pieces.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
					})()`))
					if !above {
						t.Errorf("%s: the house symbols are not drawn above the pieces", p.name)
					}
					trayNamesInside(t, ctx, p.name)
					// The way round: an arrow on each of the 29 borders between squares.
					if n := get(t, ctx, "arrows", chromedp.Evaluate[int](`document.querySelectorAll('svg#board .track-arrow').length`)); n != 29 {
						t.Errorf("%s: %d arrows show the way round, want 29", p.name, n)
					}
				}
				if p.game {
					// On a phone too: the whole board and the Throw button in view.
					if !l.Board.inside(l) {
						t.Errorf("%s: the board %+v is not all in the %vx%v window", p.name, l.Board, l.InnerWidth, l.InnerHeight)
					}
					if !l.Action.inside(l) {
						t.Errorf("%s: the Throw button %+v is not in the %vx%v window", p.name, l.Action, l.InnerWidth, l.InnerHeight)
					}
					// Ludo's 11 cells across a phone: about 34 px each, the
					// most 390 px allow (TestBrowserLudoPhone: touch areas).
					if phone && p.name == "kinevet" && l.Pitch < 33 {
						t.Errorf("%s: squares %.1f px apart on a phone, want at least 33", p.name, l.Pitch)
					}
					// Upright, a square is wider than long: room for its
					// number and house name in letters a phone can read.
					if phone && strings.HasPrefix(p.name, "senet") && l.HouseFont < 9.8 {
						t.Errorf("%s: house names in %.1f px letters on a phone, want at least 9.8", p.name, l.HouseFont)
					}
					if phone && strings.HasPrefix(p.name, "senet") && l.NumFont < 11 {
						t.Errorf("%s: square numbers in %.1f px letters on a phone, want at least 11", p.name, l.NumFont)
					}
					if phone && strings.HasPrefix(p.name, "senet") && (l.Square == nil || l.Square.Width < 40 || l.Square.Height < 40) {
						t.Errorf("%s: a square is %+v on a phone, want at least 40x40 px", p.name, l.Square)
					}
				}
				if p.game && !phone && size.h >= 500 && p.name != "kinevet-watched" { // a phone's throw has its own narrow column
					lastThrowOneLine(t, ctx, p.name)
				}
				if p.name == "kinevet-watched" {
					watcherControls(t, ctx)
				}
				if p.name == "senet-jequier" && name == "1280x800" {
					readmeShot(t, ctx)
				}
				for _, v := range axeViolations(t, ctx, axe) {
					t.Errorf("%s: accessibility: %s", p.name, v)
				}
				for _, pr := range probs.take() {
					t.Errorf("%s: %s", p.name, pr)
				}
				if p.name == "kinevet" && name == "1280x800" {
					ludoFitsLaptop(t, ctx)
				}
			}
		})
	}
}

// ludoFitsLaptop checks that on a laptop the whole Ludo board, its frame
// and the Throw button show together without scrolling (player review
// 21): in a 1280x800 window, and in the 1280x680 a 1280x800 screen
// leaves a page under the browser's bars. The window is 1280x800 again
// afterwards.
func ludoFitsLaptop(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, h := range []int64{800, 680} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(1280, h))
		run(t, ctx, "let the board settle", chromedp.Sleep(200*time.Millisecond))
		l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
		frame := get(t, ctx, "the board's frame", chromedp.Evaluate[box](`(() => { const b = document.querySelector('.board-wrap').getBoundingClientRect();
			return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Width: b.width, Height: b.height}; })()`))
		if !l.Board.inside(l) || !frame.inside(l) || !l.Action.inside(l) {
			t.Errorf("kinevet at 1280x%d: the board %+v, its frame %+v or the Throw button %+v is not all in the %vx%v window", h, l.Board, frame, l.Action, l.InnerWidth, l.InnerHeight)
		}
		if l.Board != nil && l.Board.Height < 400 {
			t.Errorf("kinevet at 1280x%d: the board is only %.0f px tall", h, l.Board.Height)
		}
	}
	run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 800))
}

// replayFits checks that the replay's board and its frame show whole in
// the window, the replay's controls above it, and that the board is not
// shrunk to a stamp to get there (a square Ludo board at least half the
// window's height on a laptop).
func replayFits(t *testing.T, ctx context.Context, l layout) {
	t.Helper()
	frame := get(t, ctx, "the board's frame", chromedp.Evaluate[box](`(() => { const b = document.querySelector('.board-wrap').getBoundingClientRect();
		return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Width: b.width, Height: b.height}; })()`))
	controls := get(t, ctx, "the replay's controls", chromedp.Evaluate[box](`(() => { const b = document.querySelector('.replay-controls').getBoundingClientRect();
		return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Width: b.width, Height: b.height}; })()`))
	if !frame.inside(l) || !controls.inside(l) {
		t.Errorf("replay-kinevet: the board's frame %+v or the controls %+v are not all in the %vx%v window", frame, controls, l.InnerWidth, l.InnerHeight)
	}
	if l.Board != nil && l.InnerWidth > 500 && l.InnerHeight > 500 && l.Board.Height < l.InnerHeight/2 {
		t.Errorf("replay-kinevet: the board is only %.0f px tall in a %vx%v window", l.Board.Height, l.InnerWidth, l.InnerHeight)
	}
}

// lastThrowOneLine checks that the words beside the throw ("utolsó
// dobás: Fekete, 3", Hungarian's long "last throw") take one line where
// the bar has room, beside the sticks, and that the Throw button does
// not move for them.
func lastThrowOneLine(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	type seen struct {
		Lines, ButtonMoved float64
	}
	got := get(t, ctx, "the last throw's words", chromedp.Evaluate[seen](`(() => {
		const text = document.querySelector('#throw-text'), sticks = document.querySelector('#sticks'), button = document.querySelector('#throw');
		const keep = text.textContent, before = button.getBoundingClientRect().left;
		const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
		const empty = sticks.childElementCount === 0;
		if (empty) sticks.append(g); // the sticks' room, as after a throw
		text.textContent = 'utolsó dobás: Fekete, 3';
		const out = {Lines: text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight),
			ButtonMoved: Math.abs(button.getBoundingClientRect().left - before)};
		text.textContent = keep;
		if (empty) g.remove();
		return out;
	})()`))
	if got.Lines > 1.5 || got.ButtonMoved > 0.5 {
		t.Errorf("%s: the last throw's words take %.1f lines, the Throw button moved %.1f px; want one line and no move", page, got.Lines, got.ButtonMoved)
	}
}

// watcherControls checks a page that holds no seat of its game: no Throw
// button, no move preferences (playing a forced move by itself, tapping
// twice) and, before any throw, no empty room for the throw.
func watcherControls(t *testing.T, ctx context.Context) {
	t.Helper()
	shown := get(t, ctx, "a watcher's controls", chromedp.Evaluate[[]string](`['#throw', '#auto-forced', '#touch-confirm', '.controls']
		.filter((sel) => { const e = document.querySelector(sel); return e && e.getClientRects().length > 0; })`))
	if len(shown) > 0 {
		t.Errorf("a watcher's page shows %q, controls for a player", shown)
	}
}

// diagramWordsJS lists the words of a rules page's diagrams smaller than
// 11 px as the page shows them: each diagram's image (the one its
// <picture> chose for the window) is read, and each text's font size
// scaled by the image's width over its drawing's.
const diagramWordsJS = `(async () => {
	const out = [];
	for (const img of document.querySelectorAll('main.doc img')) {
		const src = img.currentSrc || img.src;
		if (!/\.svg/.test(src)) continue;
		const doc = new DOMParser().parseFromString(await (await fetch(src)).text(), 'image/svg+xml');
		const svg = doc.documentElement;
		const scale = img.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		for (const tx of svg.querySelectorAll('text')) {
			const px = Number(tx.getAttribute('font-size')) * scale;
			if (px < 11) out.push(src.replace(location.origin, '') + ': ' + JSON.stringify(tx.textContent) + ' ' + px.toFixed(1) + ' px');
		}
	}
	return out.length ? [out.length + ' words, e.g. ' + out.slice(0, 4).join('; ')] : [];
})()`

// diagramWords reports the words of the page's diagrams that show
// smaller than 11 px (diagramWordsJS).
func diagramWords(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return get(t, ctx, "the diagrams' words", chromedp.Evaluate[[]string](diagramWordsJS, chromedp.EvalAwaitPromise))
}

// trayNamesInside fails t where a Senet tray's name is wider than its
// tray: upright on a phone a tray is narrow, and "Blancas" or "Fekete"
// are wider than "White".
func trayNamesInside(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	outside := get(t, ctx, "tray names", chromedp.Evaluate[[]string](`[...document.querySelectorAll('svg#board .tray-label')].filter((l) => {
		let tray = l.previousElementSibling;
		while (tray && !tray.classList.contains('tray')) tray = tray.previousElementSibling;
		const a = l.getBoundingClientRect(), b = tray.getBoundingClientRect();
		return a.left < b.left - 0.5 || a.right > b.right + 0.5;
	}).map((l) => l.textContent)`))
	if len(outside) > 0 {
		t.Errorf("%s: tray names wider than their tray: %q", page, outside)
	}
}

// readmeShot writes the README's picture of a game in progress to
// $PASSAGE_README_SHOT when it is set: the player has thrown and points
// at a piece, whose destination shows.
func readmeShot(t *testing.T, ctx context.Context) {
	t.Helper()
	path := os.Getenv("PASSAGE_README_SHOT")
	if path == "" {
		return
	}
	waitJS(t, ctx, "my turn", `document.body.dataset.myTurn === 'yes'`)
	for range 20 {
		if attr(t, ctx, "body", "data-roll") == "" {
			run(t, ctx, "throw", click("#throw:not([disabled])"))
			waitJS(t, ctx, "the throw", `document.body.dataset.roll !== '' || document.body.dataset.myTurn !== 'yes'`)
		}
		if get(t, ctx, "movable", chromedp.Evaluate[bool](`document.querySelector('svg#board .piece.movable') !== null`)) {
			break
		}
		waitJS(t, ctx, "my turn again", `document.body.dataset.myTurn === 'yes' && document.body.dataset.roll === ''`)
	}
	showDestinations(t, ctx, "svg#board .piece.movable")
	run(t, ctx, "let the sticks land", chromedp.Sleep(800*time.Millisecond))
	png := get(t, ctx, "screenshot", chromedp.CaptureScreenshot())
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tabTo presses Tab until the focused element matches the JavaScript
// condition (on document.activeElement, named e).
func tabTo(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	for range 60 {
		if get(t, ctx, "focus", chromedp.Evaluate[bool](`(() => { const e = document.activeElement; return !!e && (`+cond+`); })()`)) {
			return
		}
		run(t, ctx, "Tab", chromedp.KeyEvent("\t"))
	}
	t.Fatalf("Tab never reached %s", what)
}

// TestBrowserSkipToBoard (player review 4): on a game's page the first
// Tab reaches a skip link, whose Enter puts the focus on the Throw button
// when the player is to throw (the next Enter throws), on a piece that
// can move after a throw; on a watcher's page, on the game's section.
// (Nine Tabs led to Throw.)
func TestBrowserSkipToBoard(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	axe := axeSource(t)
	ctx, probs := newWatchedPerson(t, browser)
	id, _, black := twoPeople(t, s, "")
	holdSeats(t, ctx, s, id, black, []int{1})
	focused := func() string {
		return get(t, ctx, "the focus", chromedp.Evaluate[string](`(() => { const e = document.activeElement; return e ? (e.id || e.getAttribute('class') || e.tagName) : ''; })()`))
	}
	run(t, ctx, "open the game", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.url+"/g/"+id), visible("#throw:not([disabled])"))
	run(t, ctx, "Tab", chromedp.KeyEvent("\t"))
	if got := focused(); got != "skip-board" {
		t.Fatalf("the first Tab reaches %q, want the skip link", got)
	}
	if skip := boxOf(t, ctx, "#skip-board"); skip.Top < 0 || skip.Left < 0 || skip.Width == 0 {
		t.Errorf("the skip link in focus is not in the window")
	}
	screenshot(t, ctx, "skip-link")
	run(t, ctx, "Enter", chromedp.KeyEvent("\r"))
	if got := focused(); got != "throw" {
		t.Fatalf("Enter on the skip link puts the focus on %q, want the Throw button", got)
	}
	run(t, ctx, "Enter", chromedp.KeyEvent("\r"))
	waitJS(t, ctx, "the throw", `document.body.dataset.roll !== ''`)
	if get(t, ctx, "a piece to move", chromedp.Evaluate[bool](`document.querySelector('svg#board .piece.movable') !== null`)) {
		run(t, ctx, "the focus back at the page's start", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
		run(t, ctx, "Tab", chromedp.KeyEvent("\t"))
		run(t, ctx, "Enter", chromedp.KeyEvent("\r"))
		if !get(t, ctx, "the focus on a piece", chromedp.Evaluate[bool](`document.activeElement.classList.contains('movable')`)) {
			t.Errorf("after a throw, Enter on the skip link puts the focus on %q, want a piece that can move", focused())
		}
	}
	for _, v := range axeViolations(t, ctx, axe) {
		t.Errorf("accessibility: %s", v)
	}

	// A watcher, who has nothing to do: the game's section.
	watcher, wprobs := newWatchedPerson(t, browser)
	run(t, watcher, "watch the game", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	run(t, watcher, "Tab, Enter", chromedp.KeyEvent("\t"), chromedp.KeyEvent("\r"))
	if got := get(t, watcher, "the focus", chromedp.Evaluate[string](`document.activeElement.id`)); got != "play" {
		t.Errorf("a watcher's Enter on the skip link puts the focus on %q, want the game's section", got)
	}
	for _, pr := range append(probs.take(), wprobs.take()...) {
		t.Error(pr)
	}
}

// TestBrowserKeyboardGame plays a whole game against the computer with
// the keyboard alone: Tab to the Throw button and Enter, Tab to a piece
// that can move, Enter to play it (its name says where it goes, and its
// destination shows); a piece with several destinations: Enter to pick
// it (the focus goes to its first destination), Enter to move. Throws
// without a legal move pass by themselves.
func TestBrowserKeyboardGame(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 20 * time.Millisecond})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	c := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	for i := 0; ; i++ {
		if i == 300 {
			t.Fatal("the game did not end in 300 turns")
		}
		waitJS(t, ctx, "my turn or the end", `document.body.dataset.status === 'over' || (document.body.dataset.myTurn === 'yes' && (document.body.dataset.roll === '' || document.querySelector('svg#board .piece.movable') !== null || /passing/.test(document.querySelector('#status').textContent)))`)
		if attr(t, ctx, "body", "data-status") == "over" {
			break
		}
		turns := attr(t, ctx, "body", "data-turns")
		if attr(t, ctx, "body", "data-roll") == "" {
			tabTo(t, ctx, "the Throw button", `e.id === 'throw' && !e.disabled`)
			run(t, ctx, "Enter", chromedp.KeyEvent("\r"))
			waitJS(t, ctx, "the throw", `document.body.dataset.roll !== '' || document.body.dataset.turns !== '`+turns+`'`)
			continue
		}
		if get(t, ctx, "a pass?", chromedp.Evaluate[bool](`/passing/.test(document.querySelector('#status').textContent)`)) {
			waitJS(t, ctx, "the pass played by itself", `document.body.dataset.turns !== '`+turns+`'`)
			continue
		}
		// The focus follows the game: after the throw it is on a piece.
		waitJS(t, ctx, "the focus on a piece that can move", `document.activeElement && document.activeElement.classList.contains('movable')`)
		if i < 3 {
			screenshot(t, ctx, fmt.Sprintf("keyboard-%d-piece", i))
		}
		if label := get(t, ctx, "the piece's name", chromedp.Evaluate[string](`document.activeElement.getAttribute('aria-label')`)); !strings.Contains(label, "square ") && !strings.Contains(label, "waiting") {
			t.Errorf("a piece is named %q for screen readers, want its square", label)
		}
		if get(t, ctx, "one destination", chromedp.Evaluate[bool](`document.activeElement.dataset.ways === '1'`)) {
			// The piece's name says where it goes, its destination shows,
			// and Enter plays it.
			if label := get(t, ctx, "the piece's name", chromedp.Evaluate[string](`document.activeElement.getAttribute('aria-label')`)); !strings.Contains(label, ": move to square ") && !strings.Contains(label, ": bearing off from ") && !strings.Contains(label, ": entering a piece on ") {
				t.Errorf("a piece with one destination is named %q for screen readers", label)
			}
			waitJS(t, ctx, "its destination shown", `document.querySelector('svg#board .target.preview') !== null`)
			if i < 3 {
				screenshot(t, ctx, fmt.Sprintf("keyboard-%d-target", i))
			}
			run(t, ctx, "Enter on the piece", chromedp.KeyEvent("\r"))
			waitJS(t, ctx, "the move", `document.body.dataset.turns !== '`+turns+`'`)
			continue
		}
		run(t, ctx, "Enter on the piece", chromedp.KeyEvent("\r"))
		waitJS(t, ctx, "a destination in focus", `document.activeElement && document.activeElement.classList.contains('target')`)
		if label := get(t, ctx, "the destination's name", chromedp.Evaluate[string](`document.activeElement.getAttribute('aria-label')`)); !strings.HasPrefix(label, "move to square ") && !strings.HasPrefix(label, "bearing off from ") && !strings.HasPrefix(label, "entering a piece on ") {
			t.Errorf("a destination is named %q for screen readers", label)
		}
		if i < 3 {
			screenshot(t, ctx, fmt.Sprintf("keyboard-%d-target", i))
		}
		run(t, ctx, "Enter on the destination", chromedp.KeyEvent("\r"))
		waitJS(t, ctx, "the move", `document.body.dataset.turns !== '`+turns+`'`)
	}
	// The result stands under the (then empty) status line.
	if result := textOf(t, ctx, "#after #result"); !strings.Contains(result, "wins") {
		t.Errorf("end of the keyboard game: result %q", result)
	}
	// Screen readers heard the end in the live region.
	if said := get(t, ctx, "live region", chromedp.TextContent(chromedp.CSS("#announce"))); !strings.Contains(said, "wins") {
		t.Errorf("the live region says %q at the end", said)
	}
	if v := s.game(t, c.Game.ID); v.Status != "over" {
		t.Errorf("the server says %s", v.Status)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserReducedMotion: with prefers-reduced-motion the throw does
// not fall and no piece slides.
func TestBrowserReducedMotion(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 30 * time.Millisecond})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	run(t, ctx, "less motion", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
	c := s.create(t, createRequest{Rules: "senet-szenet", Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}})
	run(t, ctx, "watch a game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board"))
	for range 20 {
		turns := attr(t, ctx, "body", "data-turns")
		waitJS(t, ctx, "a move", `document.body.dataset.turns !== '`+turns+`' || document.body.dataset.status === 'over'`)
		moving := get(t, ctx, "motion", chromedp.Evaluate[bool](`document.querySelector('#sticks').dataset.animated !== undefined || document.querySelector('svg#board').dataset.slides !== undefined`))
		if moving {
			t.Fatal("a throw or a piece moves although the player asked for less motion")
		}
	}
}

// TestBrowserAutoPass: two people play Ludo, every piece in the yard;
// the page throws by itself then (no throw can give a choice), a roll
// without a 6 has no legal move, and the page of the player who rolled
// it shows the reason and passes by itself, without a click.
// The other person's page shows the pass in the move list. The dice are
// the server's: when both players throw a 6 before either throws
// anything else (about one game in thirty), each has a piece out and no
// pass may come (it failed so, "no pass in 30 rolls"), so the test
// plays another game.
func TestBrowserAutoPass(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, probs := newWatchedPerson(t, browser)
	bob := newPerson(t, browser)
	for game := 0; !autoPassGame(t, s, alice, bob); game++ {
		if game == 4 {
			t.Fatal("no pass in five games")
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// autoPassGame plays a new two-player Ludo game between alice and bob
// until a roll passes by itself, and checks that pass on both pages; it
// reports false when both players have a piece out before that, and so
// no pass can be counted on.
func autoPassGame(t *testing.T, s *testServer, alice, bob context.Context) bool {
	t.Helper()
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	holdSeat(t, alice, s, c)
	run(t, alice, "alice opens the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	if len(c.Invites) != 1 || c.Invites[0].Seat != 1 {
		t.Fatalf("invites %+v, want one for seat 1", c.Invites)
	}
	run(t, bob, "bob takes the other seat by the invite link", chromedp.Navigate(s.url+c.Invites[0].Path), visible("svg#board .piece"))
	waitJS(t, alice, "the game starts", `document.body.dataset.status === 'live'`)
	if title := textOf(t, alice, "#title"); !strings.Contains(title, "(Ludo; number of players: two)") {
		t.Errorf("the game's title %q does not say its option in words", title)
	}
	people := []context.Context{alice, bob}
	out := map[context.Context]bool{} // who has brought a piece out
	for len(out) < len(people) {
		// Whose turn it is comes from the server, and that player's page
		// is waited for: the other page may not have heard of the turn
		// yet (a page read then said "nobody's turn"), and a page read
		// once the other side's page had thrown by itself saw that
		// throw, which waits for a click after a 6, for good.
		v := s.game(t, c.Game.ID)
		if v.Status != "live" {
			t.Fatalf("the game is %q before a pass came", v.Status)
		}
		who := people[v.ToMove]
		turns := strconv.Itoa(v.Turns)
		waitJS(t, who, "the page of the seat to play", fmt.Sprintf(`Number(document.body.dataset.turns) >= %d`, v.Turns))
		if attr(t, who, "body", "data-turns") == turns && attr(t, who, "body", "data-roll") == "" && attr(t, who, "body", "data-throws-itself") != "yes" {
			run(t, who, "roll", click("#throw:not([disabled])"))
		}
		waitJS(t, who, "the roll", `document.body.dataset.roll !== '' || document.body.dataset.turns !== '`+turns+`'`)
		if attr(t, who, "body", "data-turns") != turns {
			if out[who] {
				continue // a piece out, and still no move: passed, but not the case tested
			}
			return false // the pass went before the page was read: not seen, so try again
		}
		if out[who] {
			playMyTurn(t, who)
			continue
		}
		status := textOf(t, who, "#status")
		if !strings.Contains(status, "No legal move with") {
			// A 6: bring a piece out and go on.
			playMyTurn(t, who)
			out[who] = true
			continue
		}
		waitJS(t, who, "the pass played by itself", `document.body.dataset.turns !== '`+turns+`'`)
		for _, p := range people {
			waitJS(t, p, "the pass in the move list", `[...document.querySelectorAll('#log li')].some(li => /no move/.test(li.textContent))`)
		}
		return true
	}
	return false
}

// TestBrowserLobbyChoices: presets set the options, a seat's colour is
// chosen with a swatch, and the game created has exactly those rules;
// a Jéquier game with drowned pieces restarting on 15 marks square 15.
func TestBrowserLobbyChoices(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	// pressed is which preset button shows as the rules chosen now.
	pressed := func(want string) {
		t.Helper()
		if got := get(t, ctx, "the preset pressed", chromedp.Evaluate[string](`[...document.querySelectorAll('#presets [aria-pressed="true"]')].map((b) => b.dataset.preset).join()`)); got != want {
			t.Errorf("preset pressed %q, want %q", got, want)
		}
	}
	run(t, ctx, "the Ludo lobby", chromedp.Navigate(s.url+"/?rules=kinevet"), lobbyReady())
	pressed("classic")
	run(t, ctx, "a Ludo game with the popular house rules, seat 1 green",
		click(`button[data-preset="house"]`),
		lobbyReady(),
		click(`input[data-option="players"][value="2"]`),
		lobbyReady(),
		click(`button[data-seat-color="0"][data-color="g"]`),
		lobbyReady(),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="1"]`), "easy"),
	)
	pressed("") // two players is neither preset
	screenshot(t, ctx, "lobby-kinevet")
	run(t, ctx, "create", click("#create-button"))
	url := waitURL(t, ctx, "/g/")
	v := s.game(t, url[strings.LastIndex(url, "/")+1:])
	if want := "kinevet colors=gr players=2 safe-start=on three-sixes=on three-tries=on"; v.Rules != want {
		t.Errorf("created %q, want %q", v.Rules, want)
	}
	run(t, ctx, "a Jéquier game, drowned pieces to 15",
		chromedp.Navigate(s.url+"/?rules=senet-jequier"),
		lobbyReady(),
		click(`input[data-option="water"][value="15"]`),
		lobbyReady(),
	)
	pressed("house") // drowned pieces to 15 is the preset "Rebirth on 15"
	run(t, ctx, "create", click("#create-button"))
	url = waitURL(t, ctx, "/g/")
	v = s.game(t, url[strings.LastIndex(url, "/")+1:])
	if v.Rules != "senet-jequier water=15" {
		t.Errorf("created %q, want senet-jequier water=15", v.Rules)
	}
	run(t, ctx, "the board", visible("svg#board .piece"))
	// The board draws the houses of the options chosen: ↺ on 15, not on 1.
	marked := get(t, ctx, "the return square", chromedp.Evaluate[bool](`(() => {
		const house = (n) => document.querySelector('svg#board rect.sq.house[data-square="' + n + '"]') !== null;
		const symbols = [...document.querySelectorAll('svg#board .house-symbol')].map(e => e.textContent);
		return house(15) && !house(1) && symbols.includes('↺');
	})()`))
	if !marked {
		t.Error("square 15 is not marked as the return square")
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLobbyQuickStart: "Play the computer" and "Play a friend"
// create a game in one press with the game and rules chosen above,
// whatever the seat choices below say: you in the first seat, the
// computer (medium, or the level chosen beside the button, which is
// remembered) in the others, or an invited person in the second and
// the computer (medium) in the others. Both buttons are in view on a laptop without scrolling.
func TestBrowserLobbyQuickStart(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: 100, CreateBurst: 100})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	seatsOf := func(v gameView) string {
		var kinds []string
		for _, st := range v.Seats {
			k := st.Kind
			if st.Open {
				k += " (open)"
			}
			kinds = append(kinds, k)
		}
		return strings.Join(kinds, ", ")
	}
	// A press while the seats of a newly chosen game are still being
	// drawn does nothing (the buttons wait), rather than sending the
	// seats of the game before.
	run(t, ctx, "choose Ludo and press at once",
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(s.url+"/"),
		lobbyReady(),
		chromedp.Evaluate[chromedp.Void](`(() => {
			window.posts = 0;
			const f = window.fetch;
			window.fetch = (u, o) => { if (o && o.method === 'POST') window.posts++; return f(u, o); };
			const s = document.querySelector('#ruleset');
			s.value = 'kinevet';
			s.dispatchEvent(new Event('change'));
			document.querySelector('#quick-computer').click();
		})()`),
		lobbyReady(),
	)
	if n := get(t, ctx, "requests", chromedp.Evaluate[int](`window.posts`)); n != 0 {
		t.Errorf("a press during the seats' drawing sent %d requests to create a game", n)
	}
	for _, tc := range []struct{ button, level, want string }{
		{"#quick-computer", "", "human, medium, medium, medium"},
		{"#quick-computer", "hard", "human, hard, hard, hard"}, // every opponent at the level chosen
		{"#quick-computer", "", "human, hard, hard, hard"},     // the level chosen before, remembered
		{"#quick-friend", "", "human, human (open), medium, medium"},
	} {
		run(t, ctx, "the Ludo lobby with other seat choices",
			chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(s.url+"/?rules=kinevet"),
			lobbyReady(),
			click(`input[data-option="goal-jump"][value="on"]`),
			lobbyReady(),
			chromedp.SetValue(chromedp.CSS(`select[data-seat="0"]`), "easy"),
			chromedp.SetValue(chromedp.CSS(`select[data-seat="1"]`), "anyone"),
		)
		if tc.level != "" {
			run(t, ctx, "the computer's level", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
				`(() => { const s = document.querySelector('#quick-level'); s.value = %q; s.dispatchEvent(new Event('change')); })()`, tc.level)))
		}
		b := get(t, ctx, "the button", chromedp.Evaluate[float64](fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().bottom`, tc.button)))
		if b > 800 {
			t.Errorf("%s ends %.0f px down a 800 px window", tc.button, b)
		}
		run(t, ctx, "press "+tc.button, click(tc.button))
		url := waitURL(t, ctx, "/g/")
		v := s.game(t, url[strings.LastIndex(url, "/")+1:])
		if got := seatsOf(v); got != tc.want {
			t.Errorf("%s: seats %s, want %s", tc.button, got, tc.want)
		}
		if !strings.Contains(v.Rules, "goal-jump=on") {
			t.Errorf("%s: rules %q, want the option chosen above (goal-jump=on)", tc.button, v.Rules)
		}
		if tc.button == "#quick-friend" {
			run(t, ctx, "the invite link", visible(`input[data-invite="1"]`))
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserPreferences: the theme and sound buttons are remembered
// across pages; no sound is made before the player has clicked or
// pressed a key (the page's AudioContext is counted); under
// prefers-reduced-motion the throw does not fall.
func TestBrowserPreferences(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 30 * time.Millisecond})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "count audio contexts", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.audioContexts = 0;
			const Real = window.AudioContext;
			window.AudioContext = class extends Real { constructor(...a) { super(...a); window.audioContexts++; } };`})
		return err
	}))
	run(t, ctx, "toggle theme and sound",
		chromedp.Navigate(s.url+"/rules"),
		click("#theme-toggle"),
		click("#sound-toggle"),
		click("#sound-toggle"),
	)
	dark := get(t, ctx, "theme", chromedp.Evaluate[string](`document.documentElement.dataset.theme || ''`))
	if dark != "dark" {
		t.Errorf("after the theme button: theme %q, want dark", dark)
	}
	// A game between computers, watched: moves arrive, but no sound may
	// play until the player acts on this page.
	c := s.create(t, createRequest{Rules: "senet-szenet", Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}})
	run(t, ctx, "watch a game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board"))
	waitJS(t, ctx, "moves", `Number(document.body.dataset.turns) >= 3`)
	if n := get(t, ctx, "audio contexts", chromedp.Evaluate[int](`window.audioContexts`)); n != 0 {
		t.Errorf("%d audio contexts before any interaction", n)
	}
	theme := get(t, ctx, "theme on another page", chromedp.Evaluate[string](`document.documentElement.dataset.theme || ''`))
	if theme != "dark" {
		t.Errorf("the theme was not remembered: %q", theme)
	}
	run(t, ctx, "press a key", chromedp.KeyEvent("x"))
	turns := attr(t, ctx, "body", "data-turns")
	waitJS(t, ctx, "another move", `document.body.dataset.turns !== '`+turns+`' || document.body.dataset.status === 'over'`)
	waitJS(t, ctx, "a sound", `window.audioContexts === 1 || document.body.dataset.status === 'over'`)
	// With motion allowed, throws fall and pieces slide.
	waitJS(t, ctx, "a throw falls and a piece slides", `Number(document.querySelector('#sticks').dataset.animated) > 0 && Number(document.querySelector('svg#board').dataset.slides) > 0`)
	run(t, ctx, "mute", click("#sound-toggle"))
	run(t, ctx, "reload", chromedp.Reload(), visible("svg#board"))
	if p := attr(t, ctx, "#sound-toggle", "aria-pressed"); p != "false" {
		t.Errorf("the sound button after a reload: aria-pressed %q, want false (muted)", p)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLobbyHidesIdleGames: a game nobody has moved in for more
// than 30 minutes is not listed as being played; a fresh one is. A
// finished game is listed with how it ended and its winner.
func TestBrowserLobbyHidesIdleGames(t *testing.T) {
	s := newTestServer(t, Config{})
	over := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "easy"}}})
	end := s.waitFor(t, over.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })
	// And one that ended by resignation, which the list must not tell as
	// a game played out.
	resigned, white, black := twoPeople(t, s, "")
	s.firstTurns(t, resigned, map[int]string{0: white, 1: black})
	s.ok(t, http.StatusOK, "POST", "/api/games/"+resigned+"/resign", white, nil, nil)
	gave := s.game(t, resigned)
	old := time.Now().Add(-2 * time.Hour)
	for _, g := range []struct {
		id      string
		updated time.Time
	}{{"idleidleidle2", old}, {"freshfreshfr2", time.Now()}} {
		err := s.st.CreateGame(context.Background(), store.Game{
			ID: g.id, Rules: "senet-szenet", Start: ".............................. w hand=wwwwWbbbbB",
			Pos: ".............................. w hand=wwwwWbbbbB", Status: store.StatusLive,
			Seats:  []store.Seat{{Kind: store.Human, TokenHash: "a"}, {Kind: store.Human, TokenHash: "b"}},
			Commit: strings.Repeat("0", 64), Seed: make([]byte, 32), Created: g.updated, Updated: g.updated,
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	run(t, ctx, "the lobby", chromedp.Navigate(s.url+"/"), visible(`#live li[data-game="freshfreshfr2"]`))
	if n := get(t, ctx, "idle game", chromedp.Evaluate[int](`document.querySelectorAll('li[data-game="idleidleidle2"]').length`)); n != 0 {
		t.Error("the lobby lists a game idle for two hours")
	}
	winner := end.Seats[end.Result.Winner].Name
	for id, want := range map[string]string{
		over.Game.ID: fmt.Sprintf("%s bore off the last piece on throw %d: %s wins.", winner, end.Result.Turn, winner),
		resigned:     fmt.Sprintf("White resigned on throw %d: Black wins.", gave.Result.Turn),
	} {
		if line := textOf(t, ctx, fmt.Sprintf(`#over li[data-game="%s"] span`, id)); !strings.HasSuffix(line, want) {
			t.Errorf("the lobby lists the finished game as %q, want it to end %q", line, want)
		}
	}
}

// TestBrowserAutoForcedMove: with "Play a single possible move by
// itself" ticked, a throw that allows one move only is played without a
// click; the player only throws.
func TestBrowserAutoForcedMove(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 20 * time.Millisecond})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	// White has one piece left, so each of its throws has one move at most.
	c := s.create(t, createRequest{Rules: "senet-jequier", Start: "....................w...b..... w off=wwwwbbbb",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game and tick the box", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), click("#auto-forced"))
	moved := 0
	for range 8 {
		waitJS(t, ctx, "my throw or the end", `document.body.dataset.status === 'over' || (document.body.dataset.myTurn === 'yes' && document.body.dataset.roll === '')`)
		if attr(t, ctx, "body", "data-status") == "over" {
			break
		}
		turns := attr(t, ctx, "body", "data-turns")
		run(t, ctx, "throw", click("#throw:not([disabled])"))
		waitJS(t, ctx, "the move played by itself", `document.body.dataset.turns !== '`+turns+`'`)
		moved++
	}
	if moved == 0 {
		t.Fatal("no throw was played")
	}
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+c.Game.ID+"/record.json", "", nil, &rec)
	own := 0
	for _, tv := range rec.Turns {
		if tv.Seat == 0 && tv.Move != "pass" {
			own++
		}
	}
	if own == 0 {
		t.Error("White never moved: every throw passed, so no forced move was played by itself")
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLudoMarks: on the Ludo board, whose squares are small
// circles, the marks of a picked piece fit the squares too.
func TestBrowserLudoMarks(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	c := s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game and throw", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), click("#throw:not([disabled])"))
	// Red's piece on the track can move with any roll.
	run(t, ctx, "its piece", visible("svg#board .piece.movable"))
	showDestinations(t, ctx, `svg#board .piece.movable[data-from="t:5"]`)
	screenshot(t, ctx, "ludo-marks")
	checkMarks(t, ctx)
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLudoPhone: on a phone the Ludo board spans the screen's
// width, and a piece that can move can be touched anywhere in its cell
// (about 34 px), not only on the piece (22 px): a finger's touch (touch
// events, not a mouse click) plays its move at once and shows no preview;
// the board and the Throw button stay in view. With "tap twice to move"
// ticked, the first tap shows the destination and a tap anywhere in the
// destination's cell, off its dot, plays the move, as on lichess (tap the
// piece, then its target). A tap on any of the pieces waiting in the
// yard brings one out, not on the first one only (player review 2,
// finding 5).
func TestBrowserLudoPhone(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch))
	c := s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game and throw", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), click("#throw:not([disabled])"))
	run(t, ctx, "a piece that can move", visible(`svg#board .piece.movable[data-from="t:5"]`))
	l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
	if l.Touch < 33 || l.Pitch < 33 {
		t.Errorf("a movable piece can be touched on %.1f px, squares %.1f px apart; want both at least 33", l.Touch, l.Pitch)
	}
	if !l.Board.inside(l) || !l.Action.inside(l) || l.ScrollWidth > l.InnerWidth {
		t.Errorf("board %+v, Throw %+v, page %v px wide in a %vx%v window", l.Board, l.Action, l.ScrollWidth, l.InnerWidth, l.InnerHeight)
	}
	// The status line keeps room for four lines on a phone: the board
	// does not move down when the status grows from one line to four (a
	// pass with its reason, after the other side's move).
	type grown struct{ Tops, Lines []float64 }
	if g := get(t, ctx, "the board under a longer status", chromedp.Evaluate[grown](`(() => {
		const st = document.querySelector('#status'), board = document.querySelector('svg#board'), keep = st.textContent;
		const lineHeight = parseFloat(getComputedStyle(st).lineHeight);
		const out = { Tops: [], Lines: [] };
		const news = (text) => { const s = document.createElement('span'); s.className = 'news'; s.textContent = text; return s; };
		for (const parts of [['One line.'], [news('Black played 8-10 with 2, attacking White\'s piece, which goes back to 8.'), ' No legal move with 2 (a wall on 12 and 13 blocks it): passing…']]) {
			st.replaceChildren(...parts);
			out.Tops.push(board.getBoundingClientRect().top);
			out.Lines.push(st.getBoundingClientRect().height / lineHeight);
		}
		st.textContent = keep;
		return out;
	})()`)); g.Lines[1] < 3.5 || g.Lines[1] > 4.2 || math.Abs(g.Tops[0]-g.Tops[1]) > 0.5 { // the lines' boxes round to a tenth of a px
		t.Errorf("the board's top is at %v px under a status of %.1f and %.1f lines; want it to stay, for a status of four lines", g.Tops, g.Lines[0], g.Lines[1])
	}
	showDestinations(t, ctx, `svg#board .piece.movable[data-from="t:5"]`)
	screenshot(t, ctx, "ludo-phone")
	checkMarks(t, ctx)
	// A finger's tap near the edge of the cell, off the piece itself,
	// plays it at once, with no preview on the way (the mouse's is
	// taken away first, by pointing elsewhere).
	b := boxOf(t, ctx, `svg#board .piece.movable[data-from="t:5"]`)
	run(t, ctx, "point away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 5, 5))
	waitJS(t, ctx, "no preview", `document.querySelector('svg#board .preview') === null`)
	run(t, ctx, "watch the tap", chromedp.Evaluate[chromedp.Void](`(() => {
		window.tapSeen = { pointers: [], preview: false };
		document.addEventListener('pointerdown', (e) => tapSeen.pointers.push(e.pointerType), true);
		new MutationObserver(() => { if (document.querySelector('svg#board .preview')) tapSeen.preview = true; })
			.observe(document.querySelector('svg#board'), { subtree: true, childList: true, attributes: true });
	})()`))
	run(t, ctx, "tap the cell's edge", tap(b.Left+2, b.Top+b.Height/2))
	s.waitFor(t, c.Game.ID, "red's move", func(v gameView) bool { return v.Turns >= 1 })
	type seen struct {
		Pointers []string
		Preview  bool
	}
	if got := get(t, ctx, "what the tap did", chromedp.Evaluate[seen](`tapSeen`)); !slices.Equal(got.Pointers, []string{"touch"}) || got.Preview {
		t.Errorf("the tap came as pointers %q and showed a preview: %v; want one touch and no preview", got.Pointers, got.Preview)
	}

	// Tap the piece, then its destination's cell: a target as large as
	// the cell (the dot is 12 px), tapped near its edge.
	c = s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game, tick tap twice and throw", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"),
		click("#touch-confirm"), chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`), click("#throw:not([disabled])"))
	run(t, ctx, "a piece that can move", visible(`svg#board .piece.movable[data-from="t:5"]`))
	b = boxOf(t, ctx, `svg#board .piece.movable[data-from="t:5"]`)
	run(t, ctx, "tap the piece", tap(b.Left+b.Width/2, b.Top+b.Height/2))
	waitJS(t, ctx, "its destination shown", `document.querySelector('svg#board .target.preview') !== null`)
	if s.game(t, c.Game.ID).Turns != 0 {
		t.Fatal("the first tap with tap twice ticked played the move")
	}
	d := boxOf(t, ctx, "svg#board .target.preview")
	dot := boxOf(t, ctx, "svg#board .target.preview .mark-target")
	if d.Width < 33 {
		t.Errorf("the destination can be tapped on %.1f px, want its cell (at least 33)", d.Width)
	}
	run(t, ctx, "tap the destination's cell near its edge", tap(d.Left+2, dot.Top+dot.Height/2))
	s.waitFor(t, c.Game.ID, "red's move, by a tap on its destination's cell", func(v gameView) bool { return v.Turns >= 1 })
	run(t, ctx, "untick tap twice", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`), click("#touch-confirm"))

	// Every piece waiting in the yard brings one out: drawn here with a
	// made-up move, in a yard of four.
	run(t, ctx, "a page with the board's script", chromedp.Navigate(s.url+"/rules"))
	run(t, ctx, "draw a yard of four that can bring one out", chromedp.Evaluate[chromedp.Void](`(async () => {
		const { BoardView } = await import('`+staticURL(t, "app.js")+`');
		const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
		svg.id = 'board';
		svg.setAttribute('class', 'board');
		document.querySelector('main').prepend(svg);
		const view = new BoardView(svg, 'ludo', []);
		window.played = [];
		window.show = () => view.show({ pos: '........................................ ..../..../..../.... r', interactive: true,
			moves: [{ move: 'in-1' }], onMove: (m) => { window.played.push(m); return false; } });
		window.show();
		// Each tap's click, counted before the board's handlers see it.
		window.clicks = 0;
		document.addEventListener('click', () => window.clicks++, true);
		window.drawn = true;
	})()`, chromedp.EvalAsValue))
	waitJS(t, ctx, "the board", `window.drawn === true && document.querySelector('svg#board .piece.movable') !== null`)
	yard := get(t, ctx, "the yard's pieces", chromedp.Evaluate[[]box](`[...document.querySelectorAll('svg#board .piece[data-key="y:r"] .body')].map((e) => { const q = e.getBoundingClientRect(); return {Left: q.left, Top: q.top, Width: q.width, Height: q.height}; })`))
	if len(yard) != 4 {
		t.Fatalf("%d pieces in red's yard, want 4", len(yard))
	}
	for i, p := range yard {
		run(t, ctx, "redraw", chromedp.Evaluate[chromedp.Void](`window.show()`))
		run(t, ctx, fmt.Sprintf("tap yard piece %d", i+1), tap(p.Left+p.Width/2, p.Top+p.Height/2))
		waitJS(t, ctx, "the tap's click", fmt.Sprintf(`window.clicks > %d`, i))
		if got := get(t, ctx, "played", chromedp.Evaluate[[]string](`window.played`)); len(got) != i+1 || got[i] != "in-1" {
			t.Errorf("a tap on yard piece %d: moves played %q, want in-1", i+1, got)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserPhoneBoardUnderLongStatus: on a phone held upright, the
// Senet board stays whole in the window when what stands above it grows
// past the room the status keeps (three lines): three more lines, as a
// longer status and a lost connection's line make, shrink the board
// instead of pushing its bottom out of the window (CI once saw the
// bottom at 850.8 px of 844).
func TestBrowserPhoneBoardUnderLongStatus(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch))
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), visible("#throw"))
	// Lines of its own in the status's box, which no state the page
	// renders takes away again: as many as two more of status and a
	// lost connection's line make.
	run(t, ctx, "three more lines above the board", visible("#throw:not([disabled])"), chromedp.Evaluate[chromedp.Void](`(() => {
		const more = document.createElement('p');
		more.className = 'status';
		more.textContent = 'No legal move with 4 (a wall on 12 and 13 blocks it): passing. The connection was lost: trying again.';
		document.querySelector('.status-box').append(more);
	})()`))
	waitJS(t, ctx, "the board's bottom in the window", `document.querySelector('svg#board').getBoundingClientRect().bottom <= innerHeight + 0.5`)
	l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
	if !l.Board.inside(l) || !l.Action.inside(l) {
		t.Errorf("board %+v, Throw %+v in a %vx%v window", l.Board, l.Action, l.InnerWidth, l.InnerHeight)
	}
	if l.Square == nil || l.Square.Width < 40 || l.Square.Height < 40 {
		t.Errorf("a square is %+v, want at least 40x40 px", l.Square)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// tap is a finger's tap at x, y in the window: a touch start and end
// where the finger lifts, of which Chromium makes the tap's click
// (Input.synthesizeTapGesture makes none headless). The page must emulate
// touch (chromedp.EmulateTouch).
func tap(x, y float64) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		pt := []*input.TouchPoint{{X: x, Y: y}}
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return chromedp.Void{}, err
	}
}

// swipe is a finger put down at x, y and moved up by dy px, held there
// and lifted: a touch that scrolls the page (the browser cancels its
// pointer).
func swipe(x, y, dy float64) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		touch := func(typ input.DispatchTouchEventType, pt ...*input.TouchPoint) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pt})
			return err
		}
		if err := touch(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x, Y: y}); err != nil {
			return chromedp.Void{}, err
		}
		for i := 1; i <= 10; i++ {
			if err := touch(input.DispatchTouchEventTypeTouchMove, &input.TouchPoint{X: x, Y: y - dy*float64(i)/10}); err != nil {
				return chromedp.Void{}, err
			}
		}
		// Held still before it lifts: no fling goes on scrolling under
		// the next tap (which would stop it instead of tapping).
		time.Sleep(300 * time.Millisecond)
		return chromedp.Void{}, touch(input.DispatchTouchEventTypeTouchEnd)
	}
}

// TestBrowserTouchConfirm: with "tap twice to move" ticked (a preference
// kept across pages), a finger's tap on a piece with one destination
// shows where it goes, as pointing does, and plays nothing; a tap
// elsewhere puts the preview away; a second tap on the piece, or on its
// destination, plays it; a touch that scrolls the page from the piece
// puts it away too. Unticked, one tap plays at once.
func TestBrowserTouchConfirm(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch))
	const piece = `svg#board .piece.movable[data-from="t:5"]`
	// A game where Red, to throw, has a piece on the track, which any
	// throw moves (and a 6 could also bring one out of the yard).
	open := func() string {
		c := s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
		holdSeat(t, ctx, s, c)
		run(t, ctx, "open the game and throw", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), click("#throw:not([disabled])"), visible(piece))
		return c.Game.ID
	}
	inView := func(sel string) box {
		t.Helper()
		run(t, ctx, "bring "+sel+" into view", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: 'center'})`, sel)))
		return boxOf(t, ctx, sel)
	}
	tapOn := func(what, sel string) {
		t.Helper()
		b := inView(sel)
		run(t, ctx, "tap "+what, tap(b.Left+b.Width/2, b.Top+b.Height/2))
	}
	preview := fmt.Sprintf(`document.querySelector('svg#board .target.preview') !== null && document.querySelector(%q) !== null`, piece+" .mark-selected")
	// previewOnly taps the piece once and checks that it shows its move
	// and plays nothing.
	previewOnly := func(id string) {
		t.Helper()
		tapOn("the piece", piece)
		waitJS(t, ctx, "the tap's answer", preview+` || document.body.dataset.turns !== '0'`)
		time.Sleep(300 * time.Millisecond) // time for a move, were one sent
		if n := s.game(t, id).Turns; n != 0 {
			t.Fatalf("one tap with the preference on played a move (%d turns)", n)
		}
		if !get(t, ctx, "the preview", chromedp.Evaluate[bool](preview)) {
			t.Fatal("one tap with the preference on shows no preview")
		}
		if m, label := attr(t, ctx, "svg#board .target.preview", "data-move"), attr(t, ctx, piece, "aria-label"); !strings.Contains(label, ": move to square "+m[strings.Index(m, "-")+1:]) {
			t.Errorf("the preview shows move %q; the piece is %q, want it to say where it goes", m, label)
		}
	}

	id := open()
	if attr(t, ctx, "#touch-confirm", "type") != "checkbox" || get(t, ctx, "ticked", chromedp.Evaluate[bool](`document.querySelector('#touch-confirm').checked`)) {
		t.Fatal("the preference is not an unticked checkbox at first")
	}
	run(t, ctx, "tick the preference", click("#touch-confirm"))
	previewOnly(id)
	checkMarks(t, ctx)
	screenshot(t, ctx, "touch-confirm")
	b := inView("svg#board")
	run(t, ctx, "tap the board's corner", tap(b.Left+3, b.Top+3))
	waitJS(t, ctx, "the preview put away", `document.querySelector('svg#board .preview') === null`)
	previewOnly(id)
	tapOn("the destination", "svg#board .target.preview")
	s.waitFor(t, id, "red's move, by a tap on its destination", func(v gameView) bool { return v.Turns >= 1 })

	// Another page remembers the preference; a second tap on the piece plays it.
	id = open()
	if !get(t, ctx, "ticked", chromedp.Evaluate[bool](`document.querySelector('#touch-confirm').checked`)) {
		t.Error("the preference was not remembered")
	}
	previewOnly(id)
	b = inView(piece)
	scrolled := get(t, ctx, "scroll", chromedp.Evaluate[float64](`scrollY`))
	run(t, ctx, "scroll from the piece", swipe(b.Left+b.Width/2, b.Top+b.Height/2, 120))
	waitJS(t, ctx, "the preview put away by the scroll", `document.querySelector('svg#board .preview') === null`)
	if now := get(t, ctx, "scroll", chromedp.Evaluate[float64](`scrollY`)); now == scrolled {
		t.Error("the swipe did not scroll the page")
	}
	previewOnly(id)
	tapOn("the piece again", piece)
	s.waitFor(t, id, "red's move, by a second tap", func(v gameView) bool { return v.Turns >= 1 })

	// Unticked: one tap plays.
	id = open()
	run(t, ctx, "untick the preference", click("#touch-confirm"))
	tapOn("the piece", piece)
	s.waitFor(t, id, "red's move, by one tap", func(v gameView) bool { return v.Turns >= 1 })
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserReplayLayoutStable: stepping through a replay, from the
// start (no throw yet) to a turn and back, never moves the board: the
// throw's place is kept at the start, where it says there is no throw yet.
func TestBrowserReplayLayoutStable(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "easy"}}})
	s.waitFor(t, c.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		ctx, probs := newWatchedPerson(t, newBrowser(t))
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+c.Game.ID+"/replay"), visible("svg#board .piece"))
		waitJS(t, ctx, "the start", `document.body.dataset.step === '0'`)
		if got, want := textOf(t, ctx, "#throw-text"), catalogTexts(t, language.English)["web.replay.noThrowYet"][0]; got != want {
			t.Errorf("%dx%d: at the start the throw's place says %q, want %q", size[0], size[1], got, want)
		}
		top := func() float64 {
			return get(t, ctx, "board top", chromedp.Evaluate[float64](`document.querySelector('svg#board').getBoundingClientRect().top + scrollY`))
		}
		at0 := top()
		for _, st := range []struct {
			button, step string
		}{{"#forward", "1"}, {"#forward", "2"}, {"#first", "0"}, {"#last", ""}} {
			run(t, ctx, "click "+st.button, click(st.button))
			if st.step != "" {
				waitJS(t, ctx, "step "+st.step, `document.body.dataset.step === '`+st.step+`'`)
			}
			if now := top(); now != at0 {
				t.Errorf("%dx%d: after %s the board's top is at %v px, at the start %v", size[0], size[1], st.button, now, at0)
			}
		}
		for _, pr := range probs.take() {
			t.Error(pr)
		}
	}
}

// emulateDark makes the page see a reader who prefers dark colours.
func emulateDark(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "dark colours", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
}

// TestBrowserLobbyKeepsFocus: the lobby's lists, refreshed every few
// seconds, keep the keyboard's focus: an unchanged list is not drawn
// again, and a changed one gives the focus back to the same game's link.
func TestBrowserLobbyKeepsFocus(t *testing.T) {
	s := newTestServer(t, Config{})
	open := func() string {
		c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}})
		return c.Game.ID
	}
	id := open()
	ctx := newPerson(t, newBrowser(t))
	link := fmt.Sprintf(`#waiting li[data-game="%s"] a`, id)
	run(t, ctx, "the lobby", chromedp.Navigate(s.url+"/"), visible(link), chromedp.Focus(chromedp.CSS(link)))
	focused := `document.activeElement === document.querySelector('` + link + `')`
	time.Sleep(4500 * time.Millisecond) // a refresh with nothing new
	if !get(t, ctx, "focus after a refresh", chromedp.Evaluate[bool](focused)) {
		t.Error("an unchanged refresh took the focus away")
	}
	other := open()
	waitJS(t, ctx, "the new game listed", fmt.Sprintf(`document.querySelector('#waiting li[data-game="%s"]') !== null`, other))
	if !get(t, ctx, "focus after a change", chromedp.Evaluate[bool](focused)) {
		t.Error("a changed list did not give the focus back to the same link")
	}
}

// TestBrowserLobbyKeepsLinks: a game being played changes its line in
// the lobby at every move, and the list, refreshed, brings the line up
// to date but keeps the game's link as it is: a link drawn again under a
// press, between its pointerdown and pointerup, takes no click.
func TestBrowserLobbyKeepsLinks(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	s.playFirst(t, id, []string{white, black}, 2)
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	entry := fmt.Sprintf(`#live li[data-game="%s"]`, id)
	run(t, ctx, "the lobby", chromedp.Navigate(s.url+"/"), visible(entry+" a"))
	line := get(t, ctx, "the game's line", chromedp.Evaluate[string](`(window.drawnLink = document.querySelector('`+entry+` a')) && document.querySelector('`+entry+` span').textContent`))
	s.playFirst(t, id, []string{white, black}, 3)
	waitJS(t, ctx, "the line brought up to date", fmt.Sprintf(`document.querySelector('%s span').textContent !== %q`, entry, line))
	if !get(t, ctx, "the link", chromedp.Evaluate[bool](`window.drawnLink.isConnected`)) {
		t.Error("the refresh that brought the game's line up to date drew its link again: a press on it then would take no click")
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserSeveralDestinations: no ruleset today gives one piece two
// destinations for a throw, but the board handles it for a ruleset that
// would: a tap picks the piece and shows both destinations, Escape puts
// it back, and a tap on a destination plays that move. The board is
// drawn here with a made-up list of moves.
func TestBrowserSeveralDestinations(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "a page with the board's script", chromedp.Navigate(s.url+"/rules"))
	run(t, ctx, "draw a board with two moves from 12", chromedp.Evaluate[chromedp.Void](`(async () => {
		const { BoardView } = await import('`+staticURL(t, "app.js")+`');
		const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
		svg.id = 'board';
		svg.setAttribute('class', 'board');
		document.querySelector('main').prepend(svg);
		const view = new BoardView(svg, 'senet', []);
		view.show({ pos: '...........w.......b.......... w off=wwwwbbbb', interactive: true,
			moves: [{ move: '12-14' }, { move: '12-16' }], onMove: (m) => { window.played = m; } });
		window.drawn = true;
	})()`, chromedp.EvalAsValue))
	waitJS(t, ctx, "the board", `window.drawn === true && document.querySelector('svg#board .piece.movable') !== null`)
	if w := attr(t, ctx, "svg#board .piece.movable", "data-ways"); w != "2" {
		t.Fatalf("the piece has %s ways, want 2", w)
	}
	run(t, ctx, "pick it", click("svg#board .piece.movable"))
	if n := get(t, ctx, "destinations", chromedp.Evaluate[int](`document.querySelectorAll('svg#board .target').length`)); n != 2 {
		t.Fatalf("%d destinations shown, want 2", n)
	}
	if played := get(t, ctx, "nothing played", chromedp.Evaluate[bool](`window.played === undefined`)); !played {
		t.Error("picking the piece played a move")
	}
	run(t, ctx, "Escape", chromedp.KeyEvent(kb.Escape))
	if n := get(t, ctx, "destinations after Escape", chromedp.Evaluate[int](`document.querySelectorAll('svg#board .target').length`)); n != 0 {
		t.Errorf("%d destinations after Escape, want none", n)
	}
	run(t, ctx, "pick it again, then 16", click("svg#board .piece.movable"), click(`svg#board .target[data-move="12-16"]`))
	if m := get(t, ctx, "the move", chromedp.Evaluate[string](`String(window.played)`)); m != "12-16" {
		t.Errorf("played %q, want 12-16", m)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
