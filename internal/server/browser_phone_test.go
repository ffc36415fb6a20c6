package server

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneHeader: on a phone, upright (390x844) and sideways
// (844x390), the header is one compact row in every language
// (Hungarian's words are the longest): the board gets the room. Its
// links, buttons and language switch stay targets a finger can hit (at
// least 32 px tall), inside the window, each with a name for screen
// readers; the API's documentation, left out of a phone's header, is a
// link at the foot of the lobby (player review 2, finding 10).
func TestBrowserPhoneHeader(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	type seen struct {
		Height  float64
		Small   []string // targets under 32 px tall
		Outside []string // targets not wholly in the window
		Unnamed []string // targets without an accessible name's text
		API     bool     // a link to /docs/api shows on the page
	}
	for _, size := range [][2]int64{{390, 844}, {844, 390}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		for _, lang := range []string{"en", "hu", "fr", "es", "ru"} {
			name := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
			run(t, ctx, "the lobby in "+name, chromedp.Navigate(s.url+"/?lang="+lang), lobbyReady())
			screenshot(t, ctx, fmt.Sprintf("header-%s-%dx%d", lang, size[0], size[1]))
			got := get(t, ctx, "the header", chromedp.Evaluate[seen](`(() => {
				const shown = (e) => e.getClientRects().length > 0;
				const targets = [...document.querySelectorAll('header.top a, header.top button, header.top select')].filter(shown);
				const say = (e) => (e.id || e.getAttribute('href')) + ' ' + Math.round(e.getBoundingClientRect().height) + ' px';
				return {
					Height: document.querySelector('header.top').getBoundingClientRect().height,
					Small: targets.filter((e) => e.getBoundingClientRect().height < 32).map(say),
					Outside: targets.filter((e) => { const b = e.getBoundingClientRect(); return b.left < 0 || b.right > innerWidth || b.top < 0; }).map(say),
					Unnamed: targets.filter((e) => !(e.getAttribute('aria-label') || e.textContent).trim()).map(say),
					API: [...document.querySelectorAll('a[href="/docs/api"]')].some(shown),
				};
			})()`))
			// One row: a 32 px target and a little room round it.
			if got.Height > 40 {
				t.Errorf("%s: the header is %.0f px tall, want one row (at most 40 px)", name, got.Height)
			}
			if len(got.Small) > 0 || len(got.Outside) > 0 || len(got.Unnamed) > 0 {
				t.Errorf("%s: header targets under 32 px %q, outside the window %q, without a name %q", name, got.Small, got.Outside, got.Unnamed)
			}
			if !got.API {
				t.Errorf("%s: no link to the API's documentation shows on the lobby", name)
			}
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserHouseNamesReadable: a house's name on the Senet board
// stays readable with a piece on its square ("Тот" on square 1 was half
// hidden under the piece there, dark theme, 390 px, Russian): where a
// name and a piece overlap, the name is drawn above the piece, on a halo
// of the square's colour (player review 2, finding 11).
func TestBrowserHouseNamesReadable(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	// Pieces on the houses of Thoth (1), Renewal (15), Oblivion (16),
	// Good (26) and 28.
	c := s.create(t, createRequest{Rules: "senet-szenet", Start: "w.............bW.........w.b.. b hand=wwbbB",
		Seats: []seatRequest{{Kind: "human"}, {Kind: "human"}}})
	for _, size := range [][2]int64{{390, 844}, {844, 390}, {1280, 800}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		ctx, probs := newWatchedPerson(t, browser)
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		emulateDark(t, ctx)
		run(t, ctx, "watch the game in Russian", chromedp.Navigate(s.url+"/g/"+c.Game.ID+"?lang=ru"), visible("svg#board .piece"))
		screenshot(t, ctx, "house-names-"+name)
		type seen struct {
			Names   int
			Covered []string
		}
		got := get(t, ctx, "the house names", chromedp.Evaluate[seen](`(() => {
			const names = [...document.querySelectorAll('svg#board .house-name')];
			const pieces = [...document.querySelectorAll('svg#board .piece .body')];
			const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
			const covered = names.filter((n) => {
				const a = n.getBoundingClientRect();
				// A piece covers the name where it overlaps it and is drawn after it.
				const over = pieces.filter((p) => meets(a, p.getBoundingClientRect()) && (n.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING));
				// Drawn above a piece, the name needs a halo to read on a dark one.
				const halo = getComputedStyle(n).paintOrder.startsWith('stroke') && getComputedStyle(n).stroke !== 'none';
				return over.length > 0 || (!halo && pieces.some((p) => meets(a, p.getBoundingClientRect())));
			});
			return {Names: names.length, Covered: covered.map((n) => n.textContent)};
		})()`))
		if got.Names < 5 {
			t.Errorf("%s: %d house names on the board, want the five of Szenet's named houses", name, got.Names)
		}
		if len(got.Covered) > 0 {
			t.Errorf("%s: house names under a piece: %q", name, got.Covered)
		}
		for _, pr := range probs.take() {
			t.Error(pr)
		}
	}
}

// TestBrowserBlockedIcon: the move list marks with ▥ ("a move blocked")
// a turn whose moves an obstacle removed (a wall), and not a pass whose
// reason is only that waiting pieces need another throw to enter (Ludo's
// 6, K3), which its ∅ already shows and which came at nearly every turn
// of a Ludo game's start; that reason stays in the entry's title (player
// review 2, finding 13). The entries are made by the move list's own
// function from made-up turns.
func TestBrowserBlockedIcon(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "a page with the move list's script", chromedp.Navigate(s.url+"/rules"))
	type entry struct {
		Icons, Legend, Title string
	}
	got := get(t, ctx, "the entries", chromedp.Evaluate[map[string]entry](`(async () => {
		const { turnItem, turnText, iconLegend } = await import('`+staticURL(t, "app.js")+`');
		const seats = [{ seat: 0, label: 'Red' }, { seat: 1, label: 'Yellow' }];
		const turns = {
			ludoPass: { seat: 0, letter: 'r', roll: 3, move: 'pass', effects: ['roll lost (pass)'],
				blocked: [{ move: 'in-1', kind: 'needs-throw', throw: 6, rule: 'K3' }] },
			wall: { seat: 1, letter: 'b', roll: 3, move: '8-11', effects: [],
				blocked: [{ move: '11-14', kind: 'wall', wall: '13-15', rule: 'J9' }] },
		};
		const out = {};
		for (const [name, tn] of Object.entries(turns)) {
			const kind = name === 'wall' ? 'senet' : 'ludo';
			const li = turnItem(tn, seats, kind, { title: turnText(tn, seats, kind) });
			out[name] = { Icons: [...li.querySelectorAll('.effect')].map((e) => e.textContent).join(' '),
				Legend: iconLegend([tn]).flat().join(''), Title: li.title };
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if p := got["ludoPass"]; p.Icons != "∅" || strings.Contains(p.Legend, "▥") || !strings.Contains(p.Title, "enter only with a 6") {
		t.Errorf("a Ludo pass waiting for a 6: icons %q, legend %q, title %q; want ∅ alone, no ▥ in the legend, the reason in the title", p.Icons, p.Legend, p.Title)
	}
	if w := got["wall"]; w.Icons != "▥" || !strings.Contains(w.Legend, "▥ a move blocked") {
		t.Errorf("a move with another blocked by a wall: icons %q, legend %q; want ▥ in both", w.Icons, w.Legend)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserWatcherThrow: a spectator's page (one that holds no seat)
// on a phone has no Throw button and keeps no room for it: before any
// throw the controls take no room, and once a throw shows, its drawing
// (Ludo's die, Senet's sticks) starts at the left edge, under the
// title, where a player's Throw button stands; Ludo's die stood 31 px in,
// centred in room made for Senet's four sticks (player review 2,
// finding 11). A player's page has the die right after the button.
func TestBrowserWatcherThrow(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	for _, rules := range []string{"kinevet", "senet-szenet"} {
		seats := []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}
		if rules == "kinevet" {
			seats = append(seats, seatRequest{Kind: "easy"}, seatRequest{Kind: "easy"})
		}
		start := ""
		if rules == "kinevet" {
			// A piece of Red's out: the player's page waits for the
			// throw (with every piece in the yard it throws by itself).
			start = "....r................................... ..../..../..../.... r"
		}
		c := s.create(t, createRequest{Rules: rules, Start: start, Seats: seats})
		watcher, probs := newWatchedPerson(t, browser)
		player := newPerson(t, browser)
		holdSeat(t, player, s, c)
		for _, ctx := range []context.Context{watcher, player} {
			run(t, ctx, "phone", chromedp.EmulateViewport(390, 844))
			run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
		}
		watcherControls(t, watcher)
		s.throw(t, c.Game.ID, c.Token) // the player's throw, which both pages show
		type seen struct{ Title, Drawing, Gap float64 }
		where := `(() => {
			const drawing = document.querySelector('#sticks').firstElementChild.getBoundingClientRect();
			const button = document.querySelector('#throw').getBoundingClientRect();
			return {Title: document.querySelector('#title').getBoundingClientRect().left, Drawing: drawing.left,
				Gap: drawing.left - button.right};
		})()`
		for name, ctx := range map[string]context.Context{"watcher": watcher, "player": player} {
			waitJS(t, ctx, "the throw shown", `document.querySelector('#sticks').childElementCount > 0`)
			run(t, ctx, "let the throw land", chromedp.Sleep(700*time.Millisecond))
			screenshot(t, ctx, "throw-"+name+"-"+rules)
			got := get(t, ctx, "where the throw is", chromedp.Evaluate[seen](where))
			// Senet's sticks are drawn 9 px into their picture, leaning.
			if name == "watcher" && got.Drawing-got.Title > 12 {
				t.Errorf("%s: a watcher's throw is drawn %.0f px right of the title's edge, want at most 12 (no room for a button)", rules, got.Drawing-got.Title)
			}
			if name == "player" && got.Gap > 24 {
				t.Errorf("%s: the throw is drawn %.0f px right of the Throw button, want at most 24", rules, got.Gap)
			}
		}
		for _, pr := range probs.take() {
			t.Error(pr)
		}
	}
}

// TestBrowserIconsDrawn: every icon of the move list is drawn by the
// fonts the page has, in the text's colour: none is a font's empty box
// for a missing glyph (player review: the missed turn's ⏸, U+23F8, was
// a box with the DejaVu fonts while the other icons showed), and none is
// drawn in colour by an emoji font, unlike the rest. Each is drawn on a
// canvas in the page's font, black, and compared with the drawing of two
// characters no font has (a private-use one and a noncharacter).
func TestBrowserIconsDrawn(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "a page with the move list's script", chromedp.Navigate(s.url+"/rules"))
	type drawn struct {
		Icons    int
		Problems []string
	}
	got := get(t, ctx, "the icons drawn", chromedp.Evaluate[drawn](`(async () => {
		const { ICONS } = await import('`+staticURL(t, "app.js")+`');
		const c = document.createElement('canvas');
		c.width = c.height = 48;
		const x = c.getContext('2d', { willReadFrequently: true });
		const font = '32px ' + getComputedStyle(document.body).fontFamily;
		const draw = (ch) => {
			x.clearRect(0, 0, 48, 48);
			x.font = font;
			x.fillStyle = '#000';
			x.fillText(ch, 6, 36);
			return x.getImageData(0, 0, 48, 48).data;
		};
		const same = (a, b) => a.every((v, i) => v === b[i]);
		const missing = [draw('\uE000'), draw('\u{10FFFD}')];
		const problems = [];
		for (const ch of ICONS) {
			const d = draw(ch);
			let ink = 0, colour = 0;
			for (let i = 0; i < d.length; i += 4) {
				if (!d[i + 3]) continue;
				ink++;
				if (d[i] || d[i + 1] || d[i + 2]) colour++;
			}
			const name = ch + ' (U+' + ch.codePointAt(0).toString(16).toUpperCase() + ')';
			if (!ink || missing.some((m) => same(m, d))) problems.push(name + ': no font has it (an empty box)');
			else if (colour) problems.push(name + ': drawn in colour (an emoji)');
		}
		return { Icons: ICONS.length, Problems: problems };
	})()`, chromedp.EvalAwaitPromise))
	if got.Icons < 15 {
		t.Errorf("%d icons checked, want every icon of the move list (15 or more)", got.Icons)
	}
	for _, p := range got.Problems {
		t.Error(p)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserPhoneBoardUnderStatus: on a phone held upright (390x844) the
// board stands right under the title and the Throw button, and the
// status right under the board: the room the status keeps for four lines
// had left about 90 px empty between it and the board (player review).
// The board stays put when the status grows to four lines, which still
// show in the window. What is off the board is told in letters at least
// as large as the page's text: Senet's trays' names (about 8 px they
// were) and Ludo's yards' counts under the board (14 px and grey); and
// axe finds nothing serious on either page.
func TestBrowserPhoneBoardUnderStatus(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	axe := axeSource(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "phone", chromedp.EmulateViewport(390, 844))
	games := []struct {
		name string
		c    createResponse
	}{
		{"senet", s.create(t, createRequest{Rules: "senet-szenet", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})},
		{"ludo", s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})},
	}
	type seen struct {
		Bar, Board, Status, Window float64 // bottom of the bar, top and bottom of the board, status
		BoardTop, StatusTop        float64
		BoardTopLong, StatusLong   float64 // the board's top and the status's bottom under a status of four lines
		Lines                      float64
		Body                       float64 // the page's text, px
		Labels                     []string
		Small                      []string // labels in letters smaller than the page's text
		Notes                      float64  // the size of the notes' letters under the board, px
		NotesText                  string
	}
	for _, g := range games {
		holdSeat(t, ctx, s, g.c)
		run(t, ctx, "open the "+g.name+" game", chromedp.Navigate(s.url+"/g/"+g.c.Game.ID), visible("svg#board .piece"), visible("#throw:not([disabled])"))
		run(t, ctx, "let the board settle", chromedp.Sleep(200*time.Millisecond))
		screenshot(t, ctx, "board-under-status-"+g.name)
		got := get(t, ctx, "the page's layout", chromedp.Evaluate[seen](`(() => {
			const box = (sel) => document.querySelector(sel).getBoundingClientRect();
			const body = parseFloat(getComputedStyle(document.body).fontSize);
			const svg = document.querySelector('svg#board'), scale = svg.getScreenCTM().a;
			const out = { Bar: box('.bar').bottom, BoardTop: box('svg#board').top, Board: box('svg#board').bottom,
				StatusTop: box('#status').top, Status: box('#status').bottom, Window: innerHeight, Body: body, Labels: [], Small: [] };
			for (const l of document.querySelectorAll('svg#board .tray-label')) {
				// Letters pressed to fit (textLength) count as smaller.
				const natural = l.getComputedTextLength(), squeeze = l.getAttribute('textLength') ? Number(l.getAttribute('textLength')) / natural : 1;
				const px = Number(l.getAttribute('font-size')) * scale * Math.min(1, squeeze);
				out.Labels.push(l.textContent + ' ' + px.toFixed(1) + ' px');
				if (px < body) out.Small.push(l.textContent + ' ' + px.toFixed(1) + ' px');
			}
			const notes = document.querySelector('#notes');
			out.Notes = parseFloat(getComputedStyle(notes).fontSize);
			out.NotesText = notes.textContent;
			const st = document.querySelector('#status'), keep = [...st.childNodes];
			st.textContent = 'Black played 8-10 with 2, attacking White\'s piece, which goes back to 8. No legal move with 2 (a wall on 12 and 13 blocks it): passing…';
			out.Lines = st.getBoundingClientRect().height / parseFloat(getComputedStyle(st).lineHeight);
			out.BoardTopLong = box('svg#board').top;
			out.StatusLong = box('#status').bottom;
			st.replaceChildren(...keep);
			return out;
		})()`))
		t.Logf("%s: %+v", g.name, got)
		if gap := got.BoardTop - got.Bar; gap < 0 || gap > 24 {
			t.Errorf("%s: the board's top is %.0f px under the title and the Throw button, want 0 to 24", g.name, gap)
		}
		if gap := got.StatusTop - got.Board; gap < 0 || gap > 24 {
			t.Errorf("%s: the status starts %.0f px under the board's bottom, want 0 to 24", g.name, gap)
		}
		if got.Lines < 3.5 || math.Abs(got.BoardTopLong-got.BoardTop) > 0.5 || got.StatusLong > got.Window { // the lines' boxes round to a tenth of a px
			t.Errorf("%s: under a status of %.1f lines the board's top is at %.1f px (%.1f under one line) and the status ends at %.0f px of %.0f; want the board to stay and the status in the window",
				g.name, got.Lines, got.BoardTopLong, got.BoardTop, got.StatusLong, got.Window)
		}
		if g.name == "senet" && (len(got.Labels) < 2 || len(got.Small) > 0) {
			t.Errorf("senet: trays' names %q, smaller than the page's %.0f px text: %q", got.Labels, got.Body, got.Small)
		}
		if g.name == "ludo" && (got.NotesText == "" || got.Notes < got.Body) {
			t.Errorf("ludo: the yards' counts %q under the board in %.1f px letters, want the page's %.0f px", got.NotesText, got.Notes, got.Body)
		}
		for _, v := range axeViolations(t, ctx, axe) {
			t.Errorf("%s: accessibility: %s", g.name, v)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
