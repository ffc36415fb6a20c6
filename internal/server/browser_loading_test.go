package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// holdGameJS, run in a tab before its page's scripts, holds the answer
// to the game page's first GET /api/games/ID (window.gameHeld once it
// is asked) until window.releaseGame(), as a slow connection would.
const holdGameJS = `
	window.gameHeld = false;
	let release;
	const held = new Promise((r) => { release = r; });
	window.releaseGame = release;
	const fetchNow = window.fetch;
	window.fetch = async (url, opts) => {
		const answer = await fetchNow(url, opts);
		if (/^\/api\/games\/[a-z2-7]{13}$/.test(new URL(String(url), location.href).pathname) && (!opts || !opts.method || opts.method === 'GET')) {
			window.gameHeld = true;
			await held;
		}
		return answer;
	};`

// TestBrowserGameLoading: until the game's state is in, its page says
// "Loading…" and shows neither a Throw button nor "No moves yet." (a
// review on a slow phone connection saw both on a finished game for
// 12 s); once it is in, the player whose turn it is has the button and
// a game without a move says so.
func TestBrowserGameLoading(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	id, _, black := twoPeople(t, s, "") // Black throws first
	holdSeats(t, ctx, s, id, black, []int{1})
	run(t, ctx, "hold the game's state", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdGameJS})
		return err
	}))
	run(t, ctx, "open the game", chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, ctx, "the page asks for the game", `window.gameHeld`)
	screenshot(t, ctx, "game-loading")
	if title := textOf(t, ctx, "#title"); title != "Loading…" {
		t.Errorf("while the game loads the title says %q, want Loading…", title)
	}
	shown := func(what string) (throw bool, empty string) {
		throw = get(t, ctx, what+": the Throw button", chromedp.Evaluate[bool](`document.querySelector('#throw').getClientRects().length > 0`))
		empty = get(t, ctx, what+": the empty list of moves", chromedp.Evaluate[string](`getComputedStyle(document.querySelector('#log'), '::before').content`))
		return throw, strings.Trim(empty, `"`)
	}
	if throw, empty := shown("loading"); throw || strings.Contains(empty, "No moves") {
		t.Errorf("while the game loads: Throw button shown %v, the list of moves says %q; want neither", throw, empty)
	}
	run(t, ctx, "the state comes", chromedp.Evaluate[chromedp.Void](`window.releaseGame()`), visible("#throw:not([disabled])"))
	screenshot(t, ctx, "game-loaded")
	if throw, empty := shown("loaded"); !throw || empty != "No moves yet." {
		t.Errorf("once loaded: Throw button shown %v, the list of moves says %q; want the button and No moves yet.", throw, empty)
	}
}
