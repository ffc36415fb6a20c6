package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"passage/internal/store/pgtest"
)

// The browser tests drive real headless Chromium (Debian's chromium) from
// Go. In CI (CI=true) a missing Chromium fails them; elsewhere they are
// skipped with a message.

// chromiumPath finds the browser.
func chromiumPath() string {
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// The browser is started once, by the first test that needs it, and
// stopped by TestMain; each test works in browser contexts of its own.
var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserErr    error
	browserCancel = func() {}
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m) // m.Run, then the cluster tests' PostgreSQL stops
	browserCancel()
	os.Exit(code)
}

// newBrowser returns the shared headless Chromium.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed, and browser tests must run in CI (apt-get install -y chromium)")
		}
		t.Skip("chromium is not installed: browser test skipped (apt-get install -y chromium; in CI it is required)")
	}
	browserOnce.Do(func() { browserCtx, browserCancel, browserErr = startBrowser(path) })
	if browserErr != nil {
		t.Fatalf("starting chromium: %v", browserErr)
	}
	return browserCtx
}

func startBrowser(path string) (context.Context, context.CancelFunc, error) {
	dir, err := os.MkdirTemp("", "passage-chromium-")
	if err != nil {
		return nil, nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1100, 900),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	cancel := func() {
		cancelCtx()
		cancelAlloc()
		os.RemoveAll(dir)
	}
	// The first action starts the browser, which lives as long as ctx.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, cancel, nil
}

// screenshot saves a picture of the page in $PASSAGE_SCREENSHOTS, when
// set, to look at the pages by eye: what the window shows, or with
// PASSAGE_SCREENSHOTS_FULL=1 the whole page.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("PASSAGE_SCREENSHOTS")
	if dir == "" {
		return
	}
	shot := chromedp.CaptureScreenshot()
	if os.Getenv("PASSAGE_SCREENSHOTS_FULL") == "1" {
		shot = chromedp.FullScreenshot(100)
	}
	png := get(t, ctx, "screenshot", shot)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

// newPerson is a new browser context (its own storage, like another
// person's browser) with a tab.
func newPerson(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("new browser context: %v", err)
	}
	return ctx
}

// run runs actions, each bounded in time, and fails the test on error.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(tctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one action that returns a value.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(tctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// attr reads an attribute of the first element matching sel.
func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	// Read from the live page: chromedp's AttributeValue answers from its
	// copy of the DOM, which follows the page's changes through events
	// and may lag behind a redraw on a loaded machine.
	q, _ := json.Marshal(sel)
	n, _ := json.Marshal(name)
	waitJS(t, ctx, sel, fmt.Sprintf(`document.querySelector(%s) !== null`, q))
	return get(t, ctx, "read "+sel+"@"+name, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%s).getAttribute(%s) || ''`, q, n)))
}

// textOf reads the visible text of the first element matching sel from the
// live page, for the same reason as attr: chromedp's Text goes through
// its copy of the DOM, whose nodes may be gone after a redraw ("No node
// with given id found").
func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	q, _ := json.Marshal(sel)
	waitJS(t, ctx, sel, fmt.Sprintf(`document.querySelector(%s) !== null`, q))
	return get(t, ctx, "read "+sel, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%s).innerText`, q)))
}

// waitJS waits until the JavaScript expression is true.
func waitJS(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	waitSettled(t, ctx, what, expr) // a page just opened may still be replacing the last
}

// waitURL waits until the page's address contains part: a click that
// makes the page navigate is followed by this, before any query, since a
// query that runs while the old document goes away fails.
func waitURL(t *testing.T, ctx context.Context, part string) string {
	t.Helper()
	return waitURLWhere(t, ctx, part, func(url string) bool { return strings.Contains(url, part) })
}

// waitURLWhere waits until the page's address satisfies ok.
func waitURLWhere(t *testing.T, ctx context.Context, part string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		url, err := chromedp.Run(tctx, chromedp.Location())
		cancel()
		if err == nil && ok(url) {
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for an address with %q: at %q (%v)", part, url, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lobbyReady waits until the lobby has drawn the seats for the chosen
// ruleset and options (body[data-lobby="ready"]), so that no seat is
// picked while it is being redrawn.
func lobbyReady() chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](`document.body.dataset.lobby === "ready" && document.querySelector('select[data-seat="1"]') !== null`,
		chromedp.WithPollingTimeout(30*time.Second))
}

// click clicks the first element matching the CSS selector sel. A page
// may redraw the element between chromedp finding it and asking where it
// is ("Could not find node with given id"): a person's click, which
// falls at a place, would land on the redrawn one, so the click is tried
// again on it (CI on b276275: bob's Accept rematch was redrawn as the
// rematch's seat was taken).
func click(sel string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		for try := 1; ; try++ {
			done, err := chromedp.Click(chromedp.CSS(sel))(ctx, target)
			if err == nil || try == 5 || !nodeReplaced(err) {
				return done, err
			}
		}
	}
}

// nodeReplaced tells whether err is chromedp's word for a node that left
// the document between being found and being used.
func nodeReplaced(err error) bool {
	return strings.Contains(err.Error(), "Could not find node with given id") || strings.Contains(err.Error(), "Node is detached from document")
}

// visible waits for an element matching sel to be visible.
func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(sel))
}

// boxOf is where the first element matching sel is in the window.
func boxOf(t *testing.T, ctx context.Context, sel string) box {
	t.Helper()
	return get(t, ctx, "where "+sel+" is", chromedp.Evaluate[box](fmt.Sprintf(`(() => { const q = document.querySelector(%q).getBoundingClientRect(); return {Top: q.top, Left: q.left, Width: q.width, Height: q.height}; })()`, sel)))
}

// hover moves the mouse onto the middle of the first element matching
// sel.
func hover(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	b := boxOf(t, ctx, sel)
	run(t, ctx, "point at "+sel, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, b.Left+b.Width/2, b.Top+b.Height/2))
}

// showDestinations makes the movable piece sel show where it goes: a
// piece with one destination when pointed at, one with several when
// picked.
func showDestinations(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if attr(t, ctx, sel, "data-ways") == "1" {
		hover(t, ctx, sel)
	} else {
		run(t, ctx, "pick "+sel, click(sel))
	}
	waitJS(t, ctx, "destinations", `document.querySelector('svg#board .target') !== null`)
}

// playShown plays the piece sel whose destinations show: a tap on a
// piece with one destination, else a tap on its first destination.
func playShown(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if attr(t, ctx, sel, "data-ways") == "1" {
		run(t, ctx, "tap "+sel, click(sel))
	} else {
		run(t, ctx, "click a destination", click("svg#board .target"))
	}
}

// playMyTurn plays one turn on a game page by clicking: throw, then a
// piece, shown and then played (a pass plays itself). It returns the
// turn number after the move.
func playMyTurn(t *testing.T, ctx context.Context) int {
	t.Helper()
	turns, _ := strconv.Atoi(attr(t, ctx, "body", "data-turns"))
	if attr(t, ctx, "body", "data-roll") == "" {
		// The page throws by itself where no throw can give a choice
		// (every Ludo piece in the yard), or with Auto-throw ticked.
		if attr(t, ctx, "body", "data-throws-itself") != "yes" {
			run(t, ctx, "throw", click("#throw:not([disabled])"))
		}
		waitJS(t, ctx, "the throw", fmt.Sprintf(`document.body.dataset.roll !== "" || Number(document.body.dataset.turns) > %d`, turns))
	}
	// A throw without a legal move passes by itself; the turn number
	// may have moved on already.
	passOnly := get(t, ctx, "look for a pass", chromedp.Evaluate[bool](fmt.Sprintf(`/passing/.test(document.querySelector('#status').textContent) || Number(document.body.dataset.turns) > %d`, turns)))
	if !passOnly {
		showDestinations(t, ctx, "svg#board .piece.movable")
		checkMarks(t, ctx)
		screenshot(t, ctx, fmt.Sprintf("%s-turn%d", strings.ReplaceAll(t.Name(), "/", "-"), turns+1))
		playShown(t, ctx, "svg#board .piece.movable")
	}
	waitJS(t, ctx, "the move", fmt.Sprintf(`Number(document.body.dataset.turns) > %d`, turns))
	n, _ := strconv.Atoi(attr(t, ctx, "body", "data-turns"))
	return n
}

// checkMarks checks the marks of a board where a piece is picked: each
// kind is there with its own shape (dashed ring: can move; square: picked;
// dot: can go here; square outline and tint: the last move, a ring where
// it ended in a tray) and none is larger than a square as drawn.
func checkMarks(t *testing.T, ctx context.Context) {
	t.Helper()
	problem := get(t, ctx, "the marks", chromedp.Evaluate[string](`(() => {
		const svg = document.querySelector('svg#board');
		const sq = svg.querySelector('[data-square]').getBBox();
		const shapes = {'.mark-movable': 'circle', '.mark-selected': 'rect', '.mark-target': 'circle'};
		const last = document.querySelector('#log li:last-child .mv');
		// A move off the board ends at a tray place: a ring its size.
		if (last && last.textContent !== 'no move') { shapes['.last-to'] = /-off$/.test(last.textContent.trim()) ? 'circle' : 'rect'; }
		for (const [sel, tag] of Object.entries(shapes)) {
			const marks = [...svg.querySelectorAll(sel)];
			if (!marks.length) return 'no ' + sel;
			for (const m of marks) {
				if (m.tagName !== tag) return sel + ' is a ' + m.tagName;
				const b = m.getBBox();
				if (b.width > sq.width + 0.01 || b.height > sq.height + 0.01) return sel + ' is ' + b.width + 'x' + b.height + ', a square ' + sq.width + 'x' + sq.height;
			}
		}
		const dot = svg.querySelector('.mark-target').getBBox(), ring = svg.querySelector('.mark-movable').getBBox();
		if (dot.width >= ring.width * 0.6) return 'the destination dot is nearly as large as the can-move ring';
		return '';
	})()`))
	if problem != "" {
		t.Error("marks: " + problem)
	}
}

// TestBrowserGameAgainstComputer creates a game against the computer in
// the lobby, from a position near the end, and plays it to the end by
// clicking; the page then shows the result and the dice verification.
func TestBrowserGameAgainstComputer(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 50 * time.Millisecond})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	start := "......................w.b...w. w off=wwwbbbb"
	run(t, ctx, "create a game in the lobby",
		chromedp.Navigate(s.url+"/"),
		lobbyReady(),
		chromedp.SetValue(chromedp.CSS("#ruleset"), "senet-jequier"),
		lobbyReady(),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="0"]`), "me"),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="1"]`), "easy"),
		click("details summary"),
		chromedp.SendKeys(chromedp.CSS("#start"), start),
		click("#create-button"),
	)
	url := waitURL(t, ctx, "/g/")
	run(t, ctx, "the game page", visible("svg#board .piece"))
	// The Throw button stays put whatever the throw's words beside it say.
	if lefts := get(t, ctx, "the Throw button's place", chromedp.Evaluate[[]float64](`(() => {
		const words = document.querySelector('#throw-text'), keep = words.textContent;
		const out = ['', 'last throw: White, 4', 'White threw 6: the sticks show no marked side'].map((w) => { words.textContent = w; return document.querySelector('#throw').getBoundingClientRect().left; });
		words.textContent = keep;
		return out;
	})()`)); lefts[0] != lefts[1] || lefts[1] != lefts[2] {
		t.Errorf("the Throw button moves with the throw's words: left edge at %v px", lefts)
	}
	// Every text the connection note takes, to check below that the
	// close at the game's end (the stream reopens to wait for a rematch)
	// never shows it, not even for a moment.
	get(t, ctx, "watch the connection note", chromedp.Evaluate[bool](`window.connSeen = [];
		new MutationObserver(() => connSeen.push(document.querySelector('#conn').textContent))
			.observe(document.querySelector('#conn'), { childList: true, characterData: true, subtree: true }); true`))
	id := url[strings.LastIndex(url, "/")+1:]
	if v := s.game(t, id); v.Start != start || v.Seats[1].Kind != "easy" {
		t.Fatalf("created game: start %q, seats %+v", v.Start, v.Seats)
	}
	for i := 0; ; i++ {
		if i == 200 {
			t.Fatal("the game did not end in 200 turns")
		}
		waitJS(t, ctx, "my turn or the end", `document.body.dataset.status === 'over' || document.body.dataset.myTurn === 'yes'`)
		if attr(t, ctx, "body", "data-status") == "over" {
			break
		}
		if title := get(t, ctx, "tab title", chromedp.Title()); !strings.HasPrefix(title, "(Your turn) ") {
			t.Errorf("on my turn the tab title is %q", title)
		}
		playMyTurn(t, ctx)
	}
	// The rules were told: the last move bore a piece off, shown with
	// its icon and words in the move list.
	run(t, ctx, "the last move's effect", visible(`#log li:last-child .effect[aria-label="bears a piece off"]`))
	// Extra throws say why: in Jéquier's rules a 1, 4 or 6 gives one
	// (J5). The move list tells each one the record has. The throws are
	// the server's, so a short game may have none: the count comes from
	// the record, not from a guess at the odds.
	why := get(t, ctx, "extra throws", chromedp.Evaluate[[]string](`[...document.querySelectorAll('#log .effect')].map(e => e.getAttribute('aria-label')).filter(l => /another throw/.test(l))`))
	for _, w := range why {
		if !strings.HasPrefix(w, "a 1 ") && !strings.HasPrefix(w, "a 4 ") && !strings.HasPrefix(w, "a 6 ") {
			t.Errorf("an extra throw explained as %q", w)
		}
	}
	var rj recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rj)
	extra := 0
	for _, tv := range rj.Turns {
		if slices.Contains(tv.Effects, "extra or bonus throw") {
			extra++
		}
	}
	if len(why) != extra {
		t.Errorf("the move list tells %d extra throws, the record has %d", len(why), extra)
	}
	t.Logf("%d turns, %d extra throws", len(rj.Turns), extra)
	run(t, ctx, "the verification", visible("#verify-result"))
	time.Sleep(time.Second) // the end's close and the rematch wait's stream
	if seen := get(t, ctx, "the connection note's texts", chromedp.Evaluate[[]string](`connSeen.filter((s) => s !== '')`)); len(seen) > 0 {
		t.Errorf("the page said %q during a game on a healthy connection", seen)
	}
	screenshot(t, ctx, "game-over")
	// The result and the buttons that follow a game (rematch, new
	// game, replay) under the status line, above the board.
	result := textOf(t, ctx, "#result")
	verify := textOf(t, ctx, "#verify-result")
	if !strings.Contains(result, "wins") || !strings.Contains(result, "on throw") || !strings.Contains(verify, "✓") {
		t.Errorf("end of game: result %q, verification %q", result, verify)
	}
	if !get(t, ctx, "the rematch button's place", chromedp.Evaluate[bool](`document.querySelector('#after [data-flow="rematch"]').getBoundingClientRect().bottom <= document.querySelector('svg#board').getBoundingClientRect().top`)) {
		t.Error("end of game: the Rematch button is not above the board")
	}
	if v := s.game(t, id); v.Status != "over" || attr(t, ctx, "svg#board", "data-pos") != v.Pos {
		t.Errorf("server has %s %q; the page shows %q", v.Status, v.Pos, attr(t, ctx, "svg#board", "data-pos"))
	}
}

// TestBrowserTwoPeople creates a game for two people in one browser
// context, joins it by the invite link in another, plays moves in turn
// and checks that both boards follow.
func TestBrowserTwoPeople(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	invite := inviteGame(t, s, alice)
	if !strings.Contains(invite, "?seat=1") {
		t.Fatalf("invite link %q", invite)
	}
	// The link waits under the status line, above the board, and its
	// Copy button hands it to the clipboard (the browser's clipboard
	// replaced by a spy) and says so.
	if !get(t, alice, "the invite's place", chromedp.Evaluate[bool](`document.querySelector('#invites input[data-invite="1"]').getBoundingClientRect().bottom <= document.querySelector('svg#board').getBoundingClientRect().top`)) {
		t.Error("the invite link is not above the board")
	}
	run(t, alice, "copy the link", chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText = (s) => { window.copiedLink = s; return Promise.resolve(); }`), click(`[data-copy="1"]`))
	waitJS(t, alice, "the link copied", `document.querySelector('[data-copy="1"]').textContent === 'Copied'`)
	if copied := get(t, alice, "the copied link", chromedp.Evaluate[string](`window.copiedLink`)); copied != invite {
		t.Errorf("Copy put %q on the clipboard, want %q", copied, invite)
	}
	screenshot(t, alice, "invite")
	if status := textOf(t, alice, "#status"); !strings.Contains(status, "invite link") {
		t.Errorf("waiting for a friend, the status says %q", status)
	}
	// Someone else who opens the game's page watches, and is told which
	// seat waits, not asked to send links they do not have.
	carol := newPerson(t, browser)
	run(t, carol, "watch the waiting game", chromedp.Navigate(strings.Split(invite, "?")[0]), visible("svg#board .piece"))
	waitJS(t, carol, "the status", `document.querySelector('#status').textContent !== ''`)
	if status := textOf(t, carol, "#status"); status != "Black: waiting for a player to join." || attr(t, carol, "#invites", "data-key") != "" {
		t.Errorf("a watcher of the waiting game reads %q (invites %q)", status, attr(t, carol, "#invites", "data-key"))
	}
	run(t, bob, "open the invite link",
		chromedp.Navigate(invite),
		visible("svg#board .piece"),
	)
	waitJS(t, alice, "the seat taken", `document.querySelector('input[data-invite]') === null && document.body.dataset.status === 'live'`)
	// Who begins is said at the first throw: Black in Jéquier, whoever
	// took the first seat (player review 3).
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, name+" is told who begins", `document.body.dataset.myTurn === 'yes' || document.querySelector('#status').textContent === 'Black has the first throw.'`)
	}
	// The link once more, in carol's browser: the seat is taken, she is
	// told so by the seat's name, in a notice that covers no square of
	// the board (checkNotice, as TestBrowserNoticeOffBoard), and watches.
	run(t, carol, "open the used link", chromedp.Navigate(invite), visible("svg#board .piece"))
	waitJS(t, carol, "the refusal", `document.querySelector('#message').textContent !== ''`)
	// One sentence: "could not be taken. This seat is already taken."
	// said the same thing twice (player review).
	if said := textOf(t, carol, "#message"); said != "Black: this seat is already taken, so you are watching the game." {
		t.Errorf("a used invite link says %q", said)
	}
	checkNotice(t, "the used invite link", measureNotice(t, carol, "the used invite link"))
	// A tap puts it away (else it goes after a few seconds), which a
	// watcher needs, taking no action that would replace it.
	run(t, carol, "tap the refusal", click(`#message`))
	waitJS(t, carol, "the refusal put away", `document.querySelector('#message').textContent === '' && getComputedStyle(document.querySelector('#message')).display === 'none'`)
	people := map[string]context.Context{"alice": alice, "bob": bob}
	for turn := 1; turn <= 4; turn++ {
		// Whoever's turn it is plays; the other watches the move arrive.
		var mover string
		for name, ctx := range people {
			if attr(t, ctx, "body", "data-my-turn") == "yes" {
				mover = name
			}
		}
		if mover == "" {
			t.Fatalf("turn %d: nobody's turn in either browser", turn)
		}
		n := playMyTurn(t, people[mover])
		for name, ctx := range people {
			waitJS(t, ctx, name+" sees turn "+strconv.Itoa(n), fmt.Sprintf(`Number(document.body.dataset.turns) === %d`, n))
		}
		a, b := attr(t, alice, "svg#board", "data-pos"), attr(t, bob, "svg#board", "data-pos")
		id := get(t, alice, "location", chromedp.Evaluate[string](`location.pathname.split('/')[2]`))
		if v := s.game(t, id); a != v.Pos || b != v.Pos {
			t.Fatalf("turn %d: alice shows %q, bob %q, the server has %q", n, a, b, v.Pos)
		}
	}
}

// TestBrowserReplayKnowsYou: the replay of a game this browser played
// in says "you" for its seat, as the game's page does.
func TestBrowserReplayKnowsYou(t *testing.T) {
	s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true}})
	id, white, black := twoPeople(t, s, twoLeft)
	tokens := []string{white, black}
	for v := s.game(t, id); v.Status != "over"; v = s.game(t, id) {
		thrown := s.throw(t, id, tokens[v.ToMove])
		s.move(t, id, tokens[v.ToMove], thrown.Moves[0].Move)
	}
	ctx := newPerson(t, newBrowser(t))
	holdSeats(t, ctx, s, id, black, []int{1})
	run(t, ctx, "open the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay"), visible("svg#board .piece"))
	white0, black1 := textOf(t, ctx, `#seats li:nth-child(1)`), textOf(t, ctx, `#seats li:nth-child(2)`)
	if !strings.Contains(black1, "you") || strings.Contains(white0, "you") {
		t.Errorf("the replay's players read %q and %q; want Black as you, White not", white0, black1)
	}
}

// TestBrowserReplay opens the replay of a finished game and steps
// through it.
func TestBrowserReplay(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "easy"}}})
	id := c.Game.ID
	v := s.waitFor(t, id, "the end", func(v gameView) bool { return v.Status == "over" })
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rec)
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	run(t, ctx, "open the replay",
		chromedp.Navigate(s.url+"/g/"+id+"/replay"),
		visible("svg#board .piece"),
	)
	waitJS(t, ctx, "the start", `document.body.dataset.step === '0'`)
	if got := attr(t, ctx, "svg#board", "data-pos"); got != rec.Start {
		t.Errorf("step 0 shows %q, want the start %q", got, rec.Start)
	}
	steps := []struct {
		button string
		want   int
	}{{"#forward", 1}, {"#forward", 2}, {"#back", 1}, {"#last", v.Turns}, {"#back", v.Turns - 1}, {"#first", 0}}
	for _, st := range steps {
		run(t, ctx, "click "+st.button, click(st.button))
		waitJS(t, ctx, fmt.Sprintf("step %d", st.want), fmt.Sprintf(`document.body.dataset.step === '%d'`, st.want))
		want := rec.Start
		if st.want > 0 {
			want = rec.Turns[st.want-1].Pos
		}
		if got := attr(t, ctx, "svg#board", "data-pos"); got != want {
			t.Errorf("after %s, step %d shows %q, want %q", st.button, st.want, got, want)
		}
	}
	// Autoplay steps on by itself; Pause stops it.
	run(t, ctx, "autoplay", chromedp.SetValue(chromedp.CSS("#speed"), "250"), click("#play"))
	// Up to 70 turns at 250 ms each, each drawn and animated: on a loaded
	// machine (or under the race detector) that takes longer than
	// waitJS's 30 s, so this wait has a minute.
	get(t, ctx, "wait for autoplay to the end", chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.body.dataset.step === '%d' && document.querySelector('#play').textContent === 'Play'`, v.Turns),
		chromedp.WithPollingTimeout(time.Minute)))
	if title := textOf(t, ctx, "#title"); !strings.Contains(title, "Senet after Jéquier") {
		t.Errorf("replay title %q, want the ruleset's title", title)
	}
	run(t, ctx, "verification", visible("#verification .ok"))
	screenshot(t, ctx, "replay")
	verify := textOf(t, ctx, "#verification .ok")
	if !strings.Contains(verify, "✓") {
		t.Errorf("replay verification %q", verify)
	}
	// Play from turn 1's position against the computer: a new game
	// starts there, with the person on the seat to move.
	run(t, ctx, "play from here", click("#first"), click("#forward"), click("#from-here"))
	url := waitURLWhere(t, ctx, "a new game", func(u string) bool { return strings.Contains(u, "/g/") && !strings.Contains(u, "/replay") })
	n := s.game(t, url[strings.LastIndex(url, "/")+1:])
	if n.ID == id || n.Start != rec.Turns[0].Pos || n.Seats[rec.Turns[1].Seat].Kind != "human" {
		t.Errorf("play from here: game %s from %q with seats %+v; want a new game from %q, a person on seat %d", n.ID, n.Start, n.Seats, rec.Turns[0].Pos, rec.Turns[1].Seat)
	}
}

// TestBrowserRulesPage opens a ruleset's rules page from the lobby.
func TestBrowserRulesPage(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	run(t, ctx, "rules page",
		chromedp.Navigate(s.url+"/"),
		visible("#ruleset-links a"),
		click("#ruleset-links a"),
	)
	waitURL(t, ctx, "/rules/")
	run(t, ctx, "the rules page", visible("main.doc h1"))
	h1 := textOf(t, ctx, "main.doc h1")
	if !strings.Contains(h1, "Jéquier") {
		t.Errorf("rules page title %q", h1)
	}
}
