package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// holdGameJS, run in a tab before its page's scripts, holds the answers
// to the game page's GET /api/games/ID and GET /api/rulesets/NAME, as a
// slow connection would, until window.release('game') or
// window.release('rulesets'); window.asked lists the paths the page
// fetched, in order.
const holdGameJS = `
	window.asked = [];
	const gates = {};
	const gate = (name) => {
		if (!gates[name]) { let open; gates[name] = { held: new Promise((r) => { open = r; }) }; gates[name].open = open; }
		return gates[name];
	};
	window.release = (name) => gate(name).open();
	const fetchNow = window.fetch;
	window.fetch = async (url, opts) => {
		const path = new URL(String(url), location.href).pathname;
		window.asked.push(path);
		const answer = await fetchNow(url, opts);
		const get = !opts || !opts.method || opts.method === 'GET';
		const name = get && /^\/api\/games\/[a-z2-7]{13}$/.test(path) ? 'game' : path.startsWith('/api/rulesets/') ? 'rulesets' : '';
		if (name) await gate(name).held;
		return answer;
	};`

// TestBrowserGameLoading: until the game's state is in, its page says
// "Loading…" and shows neither a Throw button nor "No moves yet." (a
// review on a slow phone connection saw both on a finished game for
// 12 s); it asks for the ruleset and the moves at once, not one round
// trip after the other; once all is in, the player whose turn it is
// has the button and a game without a move says so.
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
	waitJS(t, ctx, "the page asks for the game", `window.asked.includes('/api/games/`+id+`')`)
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
	run(t, ctx, "the game comes", chromedp.Evaluate[chromedp.Void](`window.release('game')`))
	waitJS(t, ctx, "the moves asked for while the ruleset is held", `window.asked.includes('/api/games/`+id+`/record.json')`)
	if throw, empty := shown("the ruleset held"); throw || strings.Contains(empty, "No moves") {
		t.Errorf("while the ruleset loads: Throw button shown %v, the list of moves says %q; want neither", throw, empty)
	}
	run(t, ctx, "the ruleset comes", chromedp.Evaluate[chromedp.Void](`window.release('rulesets')`), visible("#throw:not([disabled])"))
	screenshot(t, ctx, "game-loaded")
	if throw, empty := shown("loaded"); !throw || empty != "No moves yet." {
		t.Errorf("once loaded: Throw button shown %v, the list of moves says %q; want the button and No moves yet.", throw, empty)
	}
}
