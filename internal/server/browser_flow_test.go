package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
)

// The game page's flow controls (issue 13) in two browsers: resign with
// its inline confirmation, and a rematch asked for in one and accepted
// in the other over the old game's page.

// inviteGame creates a game for two people in alice's browser, its
// second seat by invitation, and returns the invite link its page shows.
func inviteGame(t *testing.T, s *testServer, alice context.Context) string {
	t.Helper()
	run(t, alice, "create a game for two people",
		chromedp.Navigate(s.url+"/"),
		lobbyReady(),
		chromedp.SetValue(chromedp.CSS(`select[data-seat="1"]`), "invite"),
		click("#create-button"),
	)
	waitURL(t, alice, "/g/")
	run(t, alice, "the invite link", visible(`input[data-invite="1"]`))
	return attr(t, alice, `input[data-invite="1"]`, "value")
}

// twoPeopleLive starts a game in alice's browser and seats bob by the
// invite link; it returns the game's ID once both pages show it live.
func twoPeopleLive(t *testing.T, s *testServer, alice, bob context.Context) string {
	t.Helper()
	invite := inviteGame(t, s, alice)
	run(t, bob, "open the invite link", chromedp.Navigate(invite), visible("svg#board .piece"))
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, name+" sees the game live", `document.body.dataset.status === 'live'`)
	}
	return get(t, alice, "location", chromedp.Evaluate[string](`location.pathname.split('/')[2]`))
}

// resign resigns in ctx's page: Resign, then the confirmation.
func resign(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "ask to resign", visible(`[data-flow="resign"]`), click(`[data-flow="resign"]`), visible(`[data-flow="resign-yes"]`))
	// The confirmation takes the focus, on its safe answer.
	if f := get(t, ctx, "focus", chromedp.Evaluate[string](`document.activeElement.dataset.flow || ''`)); f != "resign-no" {
		t.Fatalf("focus after Resign on %q, want the confirmation's resign-no", f)
	}
	run(t, ctx, "confirm", click(`[data-flow="resign-yes"]`))
}

// mySeatsIn reads the seats the page's browser holds in game id.
func mySeatsIn(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return get(t, ctx, "seats of "+id, chromedp.Evaluate[string](fmt.Sprintf(
		`JSON.stringify((JSON.parse(localStorage.getItem('passage.seat.%s')) || {seats: null}).seats)`, id)))
}

func TestBrowserResign(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	id := twoPeopleLive(t, s, alice, bob)

	// Asking and then keeping on playing changes nothing.
	run(t, bob, "ask to resign", click(`[data-flow="resign"]`), visible(`[data-flow="resign-no"]`))
	if q := textOf(t, bob, ".confirm span"); q != "Resign this game? Your opponent wins." {
		t.Errorf("the question to one of two players is %q", q)
	}
	run(t, bob, "keep playing", click(`[data-flow="resign-no"]`), visible(`[data-flow="resign"]`))
	if v := s.game(t, id); v.Status != "live" {
		t.Fatalf("after Keep playing the game is %q", v.Status)
	}

	resign(t, bob)
	waitJS(t, bob, "bob's resignation taken", `document.body.dataset.status === 'over'`)
	v := s.game(t, id)
	if v.Status != "over" || v.Result == nil || v.Result.How != "resign" || v.Result.Seat != 1 || v.Result.Winner != 0 {
		t.Fatalf("after bob resigned: status %q, result %+v", v.Status, v.Result)
	}
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, name+" sees the end", `document.body.dataset.status === 'over' && document.querySelector('#result') !== null`)
		text := get(t, ctx, "result", chromedp.Evaluate[string](`document.querySelector('#result').textContent`))
		want := v.Result.Text // the loser reads "(you)" after the seat that resigned
		if name == "bob" {
			want = strings.Replace(want, " resigned", " (you) resigned", 1)
		}
		if !strings.Contains(text, want) || !strings.Contains(text, "wins") {
			t.Fatalf("%s shows %q, want %q in it (the server says %q)", name, text, want, v.Result.Text)
		}
		if n := get(t, ctx, "resign buttons", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow^="resign"]').length`)); n != 0 {
			t.Fatalf("%s still shows %d resign buttons after the end", name, n)
		}
		run(t, ctx, "the end's buttons", visible(`[data-flow="rematch"]`), visible(`[data-flow="new-game"]`))
	}
	if you := get(t, alice, "result", chromedp.Evaluate[string](`document.querySelector('#result').textContent`)); !strings.Contains(you, "(you) wins") {
		t.Fatalf("alice, the winner, reads %q", you)
	}
}

func TestBrowserRematch(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	old := twoPeopleLive(t, s, alice, bob)
	if a, b := mySeatsIn(t, alice, old), mySeatsIn(t, bob, old); a != "[0]" || b != "[1]" {
		t.Fatalf("old game seats: alice %s, bob %s", a, b)
	}
	resign(t, alice)
	waitJS(t, bob, "bob sees the end", `document.body.dataset.status === 'over'`)
	// The offer reaches bob over the WebSocket, not by asking the API.
	gets := fmt.Sprintf(`performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/api/games/%s').length`, old)
	before := get(t, bob, "bob's requests", chromedp.Evaluate[int](gets))

	// Alice asks and stays on the finished game, its review at hand (as
	// on lichess): the page is not left (the mark set here survives),
	// and says the offer waits for bob, with which side is hers now. The
	// seats swap, so bob now plays White, alice's old side: the line
	// names him "your opponent", not "White" (player review: it read as
	// waiting for an answer from oneself).
	get(t, alice, "mark the old page", chromedp.Evaluate[bool](`window.stayed = true`))
	run(t, alice, "ask for a rematch", visible(`[data-flow="rematch"]`), click(`[data-flow="rematch"]`))
	waitJS(t, alice, "the asker's offer", `(document.querySelector('[data-flow="rematch-waiting"]') || {}).textContent === 'Rematch offered: you play Black this time; waiting for your opponent to answer.'`)
	if here := get(t, alice, "alice's page", chromedp.Evaluate[string](`(window.stayed ? 'kept ' : 'reloaded ') + location.pathname + location.hash`)); here != "kept /g/"+old {
		t.Fatalf("after asking for a rematch alice's page is %q, want the old game's, kept", here)
	}
	run(t, alice, "the review and the way out", visible(`#review`), visible(`[data-flow="cancel-rematch"]`))
	// While the offer waits nothing is the main thing to do (the page
	// follows the new game when bob accepts): going there is a secondary
	// button, as withdrawing is.
	if cls := get(t, alice, "the buttons' classes", chromedp.Evaluate[string](`['open-rematch', 'cancel-rematch'].map((f) => document.querySelector('[data-flow="' + f + '"]').className).join(' | ')`)); cls != "button secondary | secondary" {
		t.Errorf("while the offer waits, Go to the rematch | Withdraw the offer have classes %q, want both secondary", cls)
	}
	// With more than two seats the open ones are named by colour.
	four := get(t, alice, "a four-seat offer's words", chromedp.Evaluate[string](`import('/static/flow.js').then((m) => m.rematchWaitingText('kinevet', [{ label: 'Red' }, { label: 'Yellow', open: true }, { label: 'Green', open: true }, { label: 'Blue' }], [0, 3]))`, chromedp.EvalAwaitPromise))
	if four != "Rematch offered: you play Red and Blue this time; waiting for an answer from Yellow and Green." {
		t.Errorf("a four-seat rematch's waiting line is %q", four)
	}
	// The new game is a link away, should she want to wait there.
	link := attr(t, alice, `[data-flow="open-rematch"]`, "href")
	newID, hash, _ := strings.Cut(link[strings.LastIndex(link, "/g/")+3:], "#")
	if hash != "rematch" || newID == "" {
		t.Errorf("the asker's link to the rematch is %q, want /g/NEWID#rematch", link)
	}
	notOld := func(url string) bool { return strings.Contains(url, "/g/") && !strings.Contains(url, old) }
	// Come back to (here: reload) the finished game, and the offer is
	// still said, and followed.
	run(t, alice, "reload the old game", chromedp.Reload())
	waitJS(t, alice, "the asker's offer after a reload", `(document.querySelector('[data-flow="rematch-waiting"]') || {}).textContent === 'Rematch offered: you play Black this time; waiting for your opponent to answer.' && document.querySelector('[data-flow="open-rematch"]') !== null`)
	screenshot(t, alice, "rematch-asker-waits")

	// Bob, still on the old page, is offered to accept.
	waitJS(t, bob, "the offer", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Accept rematch'`)
	if after := get(t, bob, "bob's requests", chromedp.Evaluate[int](gets)); after != before {
		t.Fatalf("bob's page asked for the old game %d times more to learn of the rematch", after-before)
	}
	// The status line says so, and the button is above the board.
	if status := textOf(t, bob, "#status"); !strings.Contains(status, "rematch") {
		t.Errorf("offered a rematch, bob's status says %q", status)
	}
	if !get(t, bob, "the accept button's place", chromedp.Evaluate[bool](`document.querySelector('[data-flow="rematch"]').getBoundingClientRect().bottom <= document.querySelector('svg#board').getBoundingClientRect().top`)) {
		t.Error("the Accept rematch button is not above the board")
	}
	run(t, bob, "accept the rematch", click(`[data-flow="rematch"]`))
	// Both go to the new game: bob by his answer, alice as her page
	// learns of it on the new game's stream.
	urlB := waitURLWhere(t, bob, "/g/"+newID, notOld)
	urlA := waitURLWhere(t, alice, "/g/"+newID, notOld)
	if !strings.HasSuffix(urlB, "/g/"+newID) || !strings.HasSuffix(urlA, "/g/"+newID) {
		t.Fatalf("bob went to %q, alice to %q, want /g/%s", urlB, urlA, newID)
	}
	// Seats swapped.
	if a, b := mySeatsIn(t, alice, newID), mySeatsIn(t, bob, newID); a != "[1]" || b != "[0]" {
		t.Fatalf("rematch seats: alice %s, bob %s", a, b)
	}
	people := map[string]context.Context{"alice": alice, "bob": bob}
	for name, ctx := range people {
		waitJS(t, ctx, name+" sees the rematch live", `document.body.dataset.status === 'live'`)
	}
	// Both can act: two turns, each played by whoever is to move.
	for turn := 0; turn < 2; turn++ {
		var mover string
		for name, ctx := range people {
			if attr(t, ctx, "body", "data-my-turn") == "yes" {
				mover = name
			}
		}
		if mover == "" {
			t.Fatalf("rematch: nobody's turn in either browser")
		}
		n := playMyTurn(t, people[mover])
		for name, ctx := range people {
			waitJS(t, ctx, name+" sees the turn", fmt.Sprintf(`Number(document.body.dataset.turns) >= %d`, n))
		}
	}
	if v := s.game(t, old); v.Rematch != newID {
		t.Fatalf("old game's rematch %q, want %q", v.Rematch, newID)
	}
}

// TestBrowserAbort aborts a game before anyone played, by keyboard: the
// Abort button takes the focus and Enter presses it.
func TestBrowserAbort(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	id := twoPeopleLive(t, s, alice, bob)
	run(t, alice, "abort by keyboard", visible(`[data-flow="abort"]`), chromedp.Focus(chromedp.CSS(`[data-flow="abort"]`)), chromedp.KeyEvent("\r"))
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, name+" sees the abort", `document.body.dataset.status === 'over' && document.querySelector('#result') !== null`)
	}
	v := s.game(t, id)
	if v.Result == nil || v.Result.How != "abort" || v.Result.Winner != -1 {
		t.Fatalf("after the abort: %+v", v.Result)
	}
	if text := get(t, bob, "result", chromedp.Evaluate[string](`document.querySelector('#result').textContent`)); text != v.Result.Text+"." {
		t.Fatalf("bob shows %q, the server says %q", text, v.Result.Text)
	}
	// The buttons moved above the board with the end; the keyboard's
	// place moved with them, onto the first of them.
	if f := get(t, alice, "focus", chromedp.Evaluate[string](`document.activeElement.closest('#after') ? document.activeElement.dataset.flow || '' : 'outside: ' + document.activeElement.tagName`)); f != "rematch" {
		t.Errorf("after the abort by keyboard the focus is on %q, want the Rematch button", f)
	}
}

// rematchAsked is a game between alice and bob in two browser pages,
// which alice resigned and then asked for a rematch of: its server, both
// pages and the finished game's ID.
func rematchAsked(t *testing.T) (s *testServer, alice, bob context.Context, old string) {
	t.Helper()
	s = newTestServer(t, Config{})
	browser := newBrowser(t)
	alice, bob = newPerson(t, browser), newPerson(t, browser)
	old = twoPeopleLive(t, s, alice, bob)
	resign(t, alice)
	waitJS(t, bob, "bob sees the end", `document.body.dataset.status === 'over'`)
	run(t, alice, "ask for a rematch", visible(`[data-flow="rematch"]`), click(`[data-flow="rematch"]`))
	return s, alice, bob, old
}

// TestBrowserRematchRefused: the seat of a rematch was taken before bob
// accepted (here through its invite link, by someone else): bob's page
// says why where he pressed, and offers no Accept any more.
func TestBrowserRematchRefused(t *testing.T) {
	s, alice, bob, old := rematchAsked(t)
	// Alice goes to the new game by its link on the old page, where the
	// offer waits: that page says so, rather than "send the links".
	run(t, alice, "open the rematch", visible(`[data-flow="open-rematch"]`), click(`[data-flow="open-rematch"]`))
	urlA := waitURLWhere(t, alice, "/g/NEWID", func(u string) bool { return strings.Contains(u, "/g/") && !strings.Contains(u, old) })
	if !strings.HasSuffix(urlA, "#rematch") {
		t.Errorf("the asker's new page is %q, want #rematch", urlA)
	}
	waitJS(t, alice, "the asker's status", `document.querySelector('#status').textContent.includes('Rematch offered: you play Black this time; waiting for your opponent to answer.')`)
	// The link for bob's seat is there, should his page be closed, but
	// alice is not offered to take his seat on her device.
	waitJS(t, alice, "the invite link", `document.querySelector('#invites input[data-invite]') !== null`)
	if take := get(t, alice, "the offer to take the seat", chromedp.Evaluate[string](`[...document.querySelectorAll('#invites a')].map((a) => a.textContent).join()`)); take != "" {
		t.Errorf("the asker's rematch page offers %q", take)
	}
	link, err := url.Parse(get(t, alice, "the link", chromedp.Evaluate[string](`document.querySelector('#invites input[data-invite]').value`)))
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(link.Path, "/g/")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/"+link.Query().Get("seat"), "", map[string]string{"invite": link.Query().Get("invite")}, nil)
	run(t, bob, "accept the rematch", visible(`[data-flow="rematch"]`), click(`[data-flow="rematch"]`))
	waitJS(t, bob, "the refusal beside the buttons", `(document.querySelector('[data-flow="refused"]') || {}).textContent === 'This seat is already taken.'`)
	if n := get(t, bob, "accept buttons", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="rematch"]').length`)); n != 0 {
		t.Errorf("after the refusal bob is still offered %d Accept buttons", n)
	}
}

// TestBrowserRematchWithdrawn: the asker withdraws the offer from the
// finished game's page (an abort of the new game, which nobody else
// joined): both pages say so, and neither offers to accept it any more,
// but both offer a rematch again (player review: after a withdrawal the
// page kept pointing at the aborted rematch). Alice offers again, bob's
// page is told over the WebSocket and he accepts: both go to the new
// game, and the withdrawn one stays aborted.
func TestBrowserRematchWithdrawn(t *testing.T) {
	s, alice, bob, old := rematchAsked(t)
	waitJS(t, bob, "the offer", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Accept rematch'`)
	first := s.game(t, old).Rematch
	run(t, alice, "withdraw it", visible(`[data-flow="cancel-rematch"]`), click(`[data-flow="cancel-rematch"]`))
	people := map[string]context.Context{"alice": alice, "bob": bob}
	for name, ctx := range people {
		waitJS(t, ctx, name+" is told", `(document.querySelector('[data-flow="rematch-gone"]') || {}).textContent === 'The rematch offer was withdrawn.'`)
		if n := get(t, ctx, "buttons of the withdrawn offer", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="open-rematch"], [data-flow="cancel-rematch"]').length`)); n != 0 {
			t.Errorf("after the offer was withdrawn %s's page shows %d buttons for it", name, n)
		}
		waitJS(t, ctx, name+" may offer a rematch again", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Rematch'`)
		if status := textOf(t, ctx, "#status"); strings.Contains(status, "rematch") {
			t.Errorf("after the offer was withdrawn %s's status says %q", name, status)
		}
		if here := get(t, ctx, "the page", chromedp.Evaluate[string](`location.pathname`)); here != "/g/"+old {
			t.Errorf("%s's page is %q, want the old game's", name, here)
		}
	}
	screenshot(t, bob, "rematch-withdrawn")
	screenshot(t, alice, "rematch-withdrawn-asker")
	if n := s.game(t, first); n.Status != "over" || n.Result == nil || n.Result.How != "abort" {
		t.Fatalf("the withdrawn rematch is %q, result %+v", n.Status, n.Result)
	}

	// Alice thinks again: a new offer, which reaches bob's page.
	run(t, alice, "offer again", click(`[data-flow="rematch"]`))
	waitJS(t, alice, "the asker's new offer", `(document.querySelector('[data-flow="rematch-waiting"]') || {}).textContent === 'Rematch offered: you play Black this time; waiting for your opponent to answer.' && document.querySelector('[data-flow="rematch-gone"]') === null`)
	second := s.game(t, old).Rematch
	if second == first || second == "" {
		t.Fatalf("the old game's rematch after the new offer is %q (the withdrawn one %q)", second, first)
	}
	waitJS(t, bob, "the new offer", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Accept rematch' && document.querySelector('[data-flow="rematch-gone"]') === null`)
	if status := textOf(t, bob, "#status"); !strings.Contains(status, "rematch") {
		t.Errorf("offered a rematch again, bob's status says %q", status)
	}
	screenshot(t, bob, "rematch-offered-again")
	run(t, bob, "accept it", click(`[data-flow="rematch"]`))
	notOld := func(url string) bool { return strings.Contains(url, "/g/") && !strings.Contains(url, old) }
	for name, ctx := range people {
		if u := waitURLWhere(t, ctx, "/g/"+second, notOld); !strings.HasSuffix(u, "/g/"+second) {
			t.Fatalf("%s went to %q, want /g/%s", name, u, second)
		}
		waitJS(t, ctx, name+" sees the rematch live", `document.body.dataset.status === 'live'`)
	}
	if a, b := mySeatsIn(t, alice, second), mySeatsIn(t, bob, second); a != "[1]" || b != "[0]" {
		t.Errorf("the second rematch's seats: alice %s, bob %s", a, b)
	}
	if n := s.game(t, first); n.Status != "over" || n.Result == nil || n.Result.How != "abort" {
		t.Errorf("the withdrawn rematch is now %q, result %+v", n.Status, n.Result)
	}
}

// TestBrowserRematchWithdrawTooLate: the asker's page withdraws an
// offer that the other side has just accepted (the page had not heard
// yet): the server refuses the withdrawal rather than abort the game
// just accepted, and the page goes to it. The flow's Withdraw runs here
// on a page of the same site, with the state it had before the accept.
func TestBrowserRematchWithdrawTooLate(t *testing.T) {
	s := newTestServer(t, Config{})
	alice := newPerson(t, newBrowser(t))
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	s.ok(t, http.StatusOK, "POST", rematch, white, nil, nil)
	holdSeats(t, alice, s, asked.Game.ID, asked.Token, asked.Seats)
	get(t, alice, "withdraw", chromedp.Evaluate[bool](fmt.Sprintf(`import('/static/flow.js').then((m) => {
		const g = { id: %q, status: 'over', rematch: %q, seats: [] };
		const f = new m.FlowControls(document.createElement('div'), {
			id: g.id, game: () => g, mySeats: () => [1], token: () => '', message: () => {}, redraw: () => {},
			rematch: () => null, followed: () => {},
		});
		f.cancel();
		return true;
	})`, id, asked.Game.ID), chromedp.EvalAwaitPromise))
	if u := waitURL(t, alice, "/g/"+asked.Game.ID); !strings.HasSuffix(u, "/g/"+asked.Game.ID) {
		t.Fatalf("after the refused withdrawal the page is %q, want the rematch", u)
	}
	if v := s.game(t, asked.Game.ID); v.Status != "live" {
		t.Errorf("the accepted rematch is %q after the withdrawal, want live", v.Status)
	}
}

// TestBrowserRematchAfterReload: a finished game's page opened after
// its rematch offer was withdrawn says so, offers a rematch again and
// waits for one: the other player's new offer arrives. Once the last
// rematch a game may have was withdrawn, the page offers none.
func TestBrowserRematchAfterReload(t *testing.T) {
	s := newTestServer(t, Config{})
	alice := newPerson(t, newBrowser(t))
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	offer := func() takeResult {
		var asked takeResult
		s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
		return asked
	}
	asked := offer()
	withdraw(t, s, asked.Game.ID, asked.Token)
	holdSeats(t, alice, s, id, white, []int{0})
	run(t, alice, "the finished game", chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, alice, "the withdrawal and a new Rematch", `(document.querySelector('[data-flow="rematch-gone"]') || {}).textContent === 'The rematch offer was withdrawn.' && (document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Rematch'`)
	asked = offer()
	waitJS(t, alice, "the new offer", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Accept rematch' && document.querySelector('[data-flow="rematch-gone"]') === null`)
	withdraw(t, s, asked.Game.ID, asked.Token)
	waitJS(t, alice, "the second withdrawal", `(document.querySelector('[data-flow="rematch-gone"]') || {}).textContent === 'The rematch offer was withdrawn.' && (document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Rematch'`)
	for range rematchMax - 2 {
		asked = offer()
		withdraw(t, s, asked.Game.ID, asked.Token)
	}
	run(t, alice, "reload", chromedp.Reload())
	waitJS(t, alice, "the last withdrawal", `(document.querySelector('[data-flow="rematch-gone"]') || {}).textContent === 'The rematch offer was withdrawn.' && document.querySelector('[data-flow="new-game"]') !== null`)
	if n := get(t, alice, "rematch buttons", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="rematch"]').length`)); n != 0 {
		t.Errorf("after the last rematch a game may have was withdrawn the page offers %d Rematch buttons", n)
	}
}

// TestBrowserRematchAbortedAfterAccept: the page follows the server's
// rules of what was called off. A rematch accepted and then aborted in
// its first turn is called off: the finished game's page says so and
// offers a rematch again (it offered to accept the aborted game or to
// go to it), and the server creates one. A game aborted with both seats
// taken keeps its Rematch (TestBrowserAbort).
func TestBrowserRematchAbortedAfterAccept(t *testing.T) {
	s := newTestServer(t, Config{})
	alice := newPerson(t, newBrowser(t))
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	s.ok(t, http.StatusOK, "POST", rematch, white, nil, nil)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+asked.Game.ID+"/abort", asked.Token, nil, nil)
	if v := s.game(t, id); v.Rematch != asked.Game.ID || !v.RematchOff || !v.Rematchable {
		t.Errorf("the old game's view: rematch %q off %v rematchable %v, want %s called off", v.Rematch, v.RematchOff, v.Rematchable, asked.Game.ID)
	}
	holdSeats(t, alice, s, id, white, []int{0})
	run(t, alice, "the finished game", chromedp.Navigate(s.url+"/g/"+id))
	waitJS(t, alice, "the aborted rematch and a new Rematch", `(document.querySelector('[data-flow="rematch-gone"]') || {}).textContent === 'The rematch was called off.' && (document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Rematch'`)
	if n := get(t, alice, "links to the aborted rematch", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="open-rematch"]').length`)); n != 0 {
		t.Errorf("the page links %d times to the aborted rematch", n)
	}
	run(t, alice, "offer a rematch", click(`[data-flow="rematch"]`))
	waitJS(t, alice, "the new offer", `document.querySelector('[data-flow="rematch-waiting"]') !== null`)
	if v := s.game(t, id); v.Rematch == asked.Game.ID || v.Rematch == "" || v.RematchOff {
		t.Errorf("after the new offer the old game's rematch is %q (off %v)", v.Rematch, v.RematchOff)
	}
}

// TestBrowserAbortBeforeAnyoneJoined: a game aborted before its other
// seat was taken offers no rematch (nobody to play it with) and no
// replay (no turn).
func TestBrowserAbortBeforeAnyoneJoined(t *testing.T) {
	s := newTestServer(t, Config{})
	alice := newPerson(t, newBrowser(t))
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	holdSeat(t, alice, s, c)
	run(t, alice, "the waiting game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible(`[data-flow="abort"]`), click(`[data-flow="abort"]`))
	waitJS(t, alice, "the end", `document.body.dataset.status === 'over' && document.querySelector('[data-flow="new-game"]') !== null`)
	if n := get(t, alice, "rematch and replay", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="rematch"], [data-flow="replay"]').length`)); n != 0 {
		t.Errorf("a game aborted before anyone joined offers %d rematch or replay buttons", n)
	}
	// Nor a review of its no turns (player review 3: an empty graph,
	// "All 0 values are exact").
	if got := get(t, alice, "the review", chromedp.Evaluate[string](`document.querySelector('#review').textContent`)); got != "" {
		t.Errorf("a game without a throw shows a review: %q", got)
	}
}

// awayGame starts a Jéquier game with a short time limit (the shortest,
// 10 units: with a unit of 100 ms, a second, so that the first turns,
// played through the API, are in time even on busy cores; with 10 ms
// a game was aborted before them) between alice
// and bob, who took their seats through the API (their pages hold their
// tokens as if they had created and joined it in the browser; taking a
// seat by the invite link in a page: TestBrowserAutoPass). Each plays a
// first turn, then bob does nothing: his time runs out and the computer
// plays for him. It returns the game's ID once alice's page offers to
// claim the win, and alice's token.
func awayGame(t *testing.T, s *testServer, alice, bob context.Context) (id, white string) {
	t.Helper()
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: minTimeLimit,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	id = c.Game.ID
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, &taken)
	s.firstTurns(t, id, map[int]string{0: c.Token, 1: taken.Token})
	page := func(who context.Context, name, token string, seat int) {
		holdSeats(t, who, s, id, token, []int{seat})
		run(t, who, name+"'s page with the seat", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	}
	page(alice, "alice", c.Token, 0)
	page(bob, "bob", taken.Token, 1)
	waitJS(t, bob, "bob holds Black", `document.querySelector('#seats li[data-seat="1"]').textContent.includes('you')`)
	run(t, alice, "the offer to claim", visible(`[data-flow="claim"]`), visible(`[data-flow="handover"]`))
	return id, c.Token
}

// TestBrowserClaim: bob's time ran out; alice claims the win, and both
// pages show the result.
func TestBrowserClaim(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 100 * time.Millisecond, BotDelay: 300 * time.Millisecond})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	id, _ := awayGame(t, s, alice, bob)
	left := get(t, alice, "who left", chromedp.Evaluate[string](`document.querySelector('#flow').textContent`))
	if !strings.Contains(left, "Black left; the computer is playing for them.") {
		t.Fatalf("alice's page says %q", left)
	}
	run(t, alice, "claim the win", click(`[data-flow="claim"]`))
	v := s.waitFor(t, id, "the claim", func(v gameView) bool { return v.Status == "over" })
	if r := v.Result; r == nil || r.How != "claim" || r.Seat != 0 || r.Winner != 0 {
		t.Fatalf("after alice's claim: %+v", v.Result)
	}
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, name+" sees the end", `document.body.dataset.status === 'over' && document.querySelector('#result') !== null`)
		if text := get(t, ctx, "result", chromedp.Evaluate[string](`document.querySelector('#result').textContent`)); !strings.Contains(text, v.Result.Text) {
			t.Fatalf("%s shows %q, the server says %q", name, text, v.Result.Text)
		}
		if n := get(t, ctx, "claim buttons", chromedp.Evaluate[int](`document.querySelectorAll('[data-flow="claim"], [data-flow="handover"]').length`)); n != 0 {
			t.Fatalf("%s still shows %d claim or hand-over buttons", name, n)
		}
	}
}

// TestBrowserHandOver: bob's time ran out; alice lets the computer play
// his seat for the rest of the game. The computer then plays Black,
// alice is offered nothing more, and bob's page knows the seat is no
// longer his. Alice's own time has run out too, and the game waits
// (no clock runs, so the page stays still under the click): her press
// of "Hand over" is also her return, whose answer must not take the
// press away (it did under load in CI: the hello went at the
// pointerdown, and the redraw it brought came before the pointerup).
func TestBrowserHandOver(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 100 * time.Millisecond, BotDelay: 300 * time.Millisecond})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	id, white := awayGame(t, s, alice, bob)
	s.waitFor(t, id, "both seats away", func(v gameView) bool { return v.Seats[0].Away && v.Seats[1].Away })
	waitJS(t, alice, "alice told her time ran out", `document.querySelector('#status').textContent.includes('Your time ran out')`)
	run(t, alice, "hand Black's seat over", click(`[data-flow="handover"]`))
	v := s.waitFor(t, id, "the hand-over", func(v gameView) bool { return v.Seats[1].Kind != "human" })
	if v.Status != "live" || v.Seats[1].Away || v.Seats[0].Away {
		t.Fatalf("after the hand-over: status %q, White %+v, Black %+v", v.Status, v.Seats[0], v.Seats[1])
	}
	waitJS(t, alice, "the offer gone", `document.querySelector('[data-flow="claim"], [data-flow="handover"]') === null`)
	waitJS(t, alice, "Black shown as the computer", `document.querySelector('#seats li[data-seat="1"]').textContent.includes('computer')`)
	// The game may wait at White's turn (the dice decide who was to
	// play when both seats went away), where the last move was the
	// stand-in's for Black, by the same level as the hand-over's: alice
	// plays White's turns, and the computer's move for Black must come
	// after the hand-over.
	s.playTurnsOf(t, id, 0, white)
	s.waitFor(t, id, "the computer to play Black", func(g gameView) bool {
		return g.Turns > v.Turns && g.Last != nil && g.Last.Seat == 1 && g.Last.By == v.Seats[1].Kind
	})
	waitJS(t, bob, "bob's page without the seat",
		`!document.querySelector('#seats li[data-seat="1"]').textContent.includes('you') && document.querySelector('#throw').classList.contains('hidden')`)
}

// TestBrowserAwayComesBack: bob's time ran out, so his seat is away.
// His page tells him so, and his first key press brings him
// back (the page says hello again): the seat is no longer away.
func TestBrowserAwayComesBack(t *testing.T) {
	// 10 units of 100 ms: a turn of a second, so that once both seats
	// are away (the game then waits, as no person is left to play with)
	// bob's return is seen before his time runs out again.
	s := newTestServer(t, Config{TimeUnit: 100 * time.Millisecond, BotDelay: 300 * time.Millisecond})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	id, _ := awayGame(t, s, alice, bob)
	s.waitFor(t, id, "both seats away", func(v gameView) bool { return v.Seats[0].Away && v.Seats[1].Away })
	waitJS(t, bob, "bob told his time ran out",
		`document.querySelector('#status').textContent.includes('Your time ran out (Black): tap or press a key')`)
	// Back, bob has a turn of a second again (on his turn, or after the
	// stand-in's for White): the status without the warning is caught
	// as the page draws it, since a wait begun later under load could
	// find his time run out once more and the warning back.
	run(t, bob, "watch the status", chromedp.Evaluate[chromedp.Void](`(() => {
		window.warningGone = false;
		const st = document.querySelector('#status');
		new MutationObserver(() => { if (!st.textContent.includes('Your time ran out')) window.warningGone = true; })
			.observe(st, { childList: true, characterData: true, subtree: true });
	})()`))
	run(t, bob, "bob presses a key", chromedp.KeyEvent("x"))
	s.waitFor(t, id, "bob back", func(v gameView) bool { return !v.Seats[1].Away })
	waitJS(t, bob, "bob's status without the warning", `window.warningGone === true`)
}

// TestBrowserFirstTurnDeadline: with a time limit, the page warns a
// seat that has not played yet that its first turn running out aborts
// the game; after that turn, that the game will wait for it (no other
// person plays, so the computer does not stand in: TestStandInWaitsForPeople).
func TestBrowserFirstTurnDeadline(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 300,
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "human", Take: true}}})
	id := c.Game.ID
	alice := newPerson(t, newBrowser(t))
	holdSeat(t, alice, s, c)
	run(t, alice, "alice's page with Black's seat", chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	waitJS(t, alice, "the first-turn warning", `document.querySelector('#deadline').textContent.includes('to play a first turn, then the game is aborted')`)
	// A clock in Black's row counts the time down (m:ss), not yet low.
	waitJS(t, alice, "the clock", `/^[45]:[0-5][0-9]$/.test((document.querySelector('#seats li[data-seat="1"] .clock') || {}).textContent) && document.querySelectorAll('#seats .clock').length === 1`)
	if low := get(t, alice, "low time", chromedp.Evaluate[bool](`document.querySelector('#deadline').classList.contains('low')`)); low {
		t.Error("with minutes left the time is marked as running low")
	}
	screenshot(t, alice, "first-turn-deadline-390")
	s.firstTurns(t, id, map[int]string{1: c.Token})
	s.waitFor(t, id, "Black to play again", func(v gameView) bool { return v.ToMove == 1 })
	waitJS(t, alice, "the warning that the game waits", `document.querySelector('#deadline').textContent.includes('then the game waits until they are back')`)

	// The page's clock moved on to a few seconds before the deadline:
	// the time is marked as running low, in words and clock.
	run(t, alice, "the page's clock later", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const real = Date.now.bind(Date); Date.now = () => real() + %d; })()`, (300-5)*1000)))
	waitJS(t, alice, "the time running low", `document.querySelector('#deadline').classList.contains('low') && /^0:0[0-9]$/.test((document.querySelector('#seats li[data-seat="1"] .clock.low') || {}).textContent)`)
}

// TestBrowserCaptureNews: Yellow captures a piece of Red, then Green
// and Blue play; Red's page still tells the capture, not only the last
// turn (three colours can move in a second).
func TestBrowserCaptureNews(t *testing.T) {
	s := newTestServer(t, Config{})
	// Yellow (on 19 and 21) can hit one of Red's pieces on 22-25 with
	// any throw; Green and Blue have nothing out.
	c := s.create(t, createRequest{Rules: "kinevet", Start: "..................y.yrrrr............... ..../..../..../.... y",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}, {Kind: "human"}, {Kind: "human"}}})
	id := c.Game.ID
	tokens := map[int]string{0: c.Token}
	for i, inv := range c.Invites {
		var taken takeResult
		s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/"+fmt.Sprint(i+1), "", map[string]string{"invite": inv.Secret}, &taken)
		tokens[i+1] = taken.Token
	}
	alice := newPerson(t, newBrowser(t))
	holdSeats(t, alice, s, id, c.Token, []int{0})
	run(t, alice, "Red's page", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	captured := false
	for v := s.game(t, id); v.ToMove != 0 && v.Status == "live"; v = s.game(t, id) {
		v = s.throw(t, id, tokens[v.ToMove])
		move := v.Moves[0].Move
		for _, m := range v.Moves {
			parts := strings.Split(strings.TrimPrefix(m.Move, "in-"), "-")
			var to int
			if _, err := fmt.Sscan(parts[len(parts)-1], &to); err == nil && !captured && to >= 1 && to <= 40 && v.Pos[to-1] == 'r' {
				move, captured = m.Move, true
			}
		}
		s.move(t, id, tokens[v.ToMove], move)
	}
	if !captured {
		t.Fatal("Yellow had no capture to play")
	}
	waitJS(t, alice, "Red's turn", `document.body.dataset.myTurn === 'yes'`)
	news := get(t, alice, "the news", chromedp.Evaluate[string](`(document.querySelector('#status .news') || {}).textContent || ''`))
	if !strings.Contains(news, "captures Red's piece") || !strings.Contains(news, "Blue") {
		t.Errorf("Red's page says %q; want Yellow's capture of Red's piece and Blue's last turn", news)
	}
}

// TestBrowserTakeAgain: a take whose answer was lost (here made through
// the API with the token bob's page keeps for it) is sent again when bob
// opens the invite link: his page holds the seat, not "seat taken".
func TestBrowserTakeAgain(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	id, own := c.Game.ID, newToken()
	bob := newPerson(t, newBrowser(t))
	run(t, bob, "bob's page keeps a token for the take",
		chromedp.Navigate(s.url+"/"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('passage.take.%s.1', %q)`, id, own)))
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret, "newToken": own}, nil)
	run(t, bob, "bob opens the invite link", chromedp.Navigate(s.url+c.Invites[0].Path), visible("svg#board .piece"))
	waitJS(t, bob, "bob holds Black", `document.querySelector('#seats li[data-seat="1"]').textContent.includes('you')`)
	kept := get(t, bob, "what bob's page keeps", chromedp.Evaluate[string](fmt.Sprintf(
		`JSON.parse(localStorage.getItem('passage.seat.%s')).token + ' ' + localStorage.getItem('passage.take.%s.1')`, id, id)))
	if kept != own+" null" {
		t.Errorf("bob's page keeps %q, want his token and no pending take", kept)
	}
}

// TestBrowserAbandonedGame: the page of a game nobody joined in time
// says it was abandoned and stops there, rather than reconnecting to its
// stream again and again.
func TestBrowserAbandonedGame(t *testing.T) {
	s := newTestServer(t, Config{WaitingExpiry: 50 * time.Millisecond, SweepEvery: 10 * time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	s.waitFor(t, c.Game.ID, "the game to be abandoned", func(v gameView) bool { return v.Status == "abandoned" })
	ctx := newPerson(t, newBrowser(t))
	run(t, ctx, "the abandoned game's page", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	waitJS(t, ctx, "the status", `document.querySelector('#status').textContent.includes('abandoned')`)
	requests := func() float64 {
		families, err := s.srv.metrics.reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		n := 0.0
		for _, f := range families {
			if f.GetName() == "passage_http_requests_total" {
				for _, m := range f.GetMetric() { // one a status class
					n += m.GetCounter().GetValue()
				}
			}
		}
		return n
	}
	before := requests()
	time.Sleep(2 * time.Second) // four reconnections at the shortest pause
	if n := requests() - before; n > 0 {
		t.Errorf("the page sent %v requests in 2 s after showing the game abandoned", n)
	}
}

// TestBrowserReconnecting: a page whose stream is refused or lost says
// so, and says nothing once it is connected again. The stream is
// refused here because the address already holds the one stream it
// may open (--max-streams 1).
func TestBrowserReconnecting(t *testing.T) {
	s := newTestServer(t, Config{MaxStreams: 1})
	id, _, _ := twoPeople(t, s, "")
	other := s.dial(t, id)
	other.read()
	ctx := newPerson(t, newBrowser(t))
	run(t, ctx, "the game's page", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	waitJS(t, ctx, "the reconnecting note", `document.querySelector('#conn').textContent.length > 0 && getComputedStyle(document.querySelector('#conn')).display !== 'none'`)
	screenshot(t, ctx, "reconnecting")
	other.c.Close(websocket.StatusNormalClosure, "")
	waitJS(t, ctx, "the note gone once connected", `document.querySelector('#conn').textContent === '' && getComputedStyle(document.querySelector('#conn')).display === 'none'`)
}

// TestBrowserOpeningNote: the note of Jéquier's opening rule (J4) names
// the square the ruleset's data gives, as the terminal's diagram does,
// and says the rule as the engine finds it standing (player review: with
// a 1 thrown and the piece on 9 behind Black's pair, the note said the
// first move must be made from 9 while the board offered 1, 3, 5 and 7).
func TestBrowserOpeningNote(t *testing.T) {
	s := newTestServer(t, unlimited(Config{})) // it makes several games at once: no creation limit to meet on a slow run (CI once got 429)
	id, _, _ := twoPeople(t, s, "")
	stuck, forced := openingGames(t, s)
	ctx := newPerson(t, newBrowser(t))
	for _, tt := range []struct{ what, id, note string }{
		{"before White's throw", id, "White's first move must be made from square 9 if that piece can move"},
		{"a 1: the piece on 9 cannot move", stuck.v.ID, "The piece on square 9 cannot move with this throw: any piece may move"},
		{"a throw the piece on 9 can use", forced.v.ID, "White's first move must be made from square 9"},
	} {
		run(t, ctx, "the game's page, "+tt.what, chromedp.Navigate(s.url+"/g/"+tt.id), visible("svg#board .piece"))
		waitJS(t, ctx, "the opening note, "+tt.what, fmt.Sprintf(`document.querySelector('#notes').textContent === %q`, tt.note))
	}
	// White's own page with the 1: the board offers 1, 3, 5 and 7 under
	// the note that says why.
	run(t, ctx, "White's page", chromedp.Navigate(s.url+"/g/"+stuck.v.ID),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('passage.seat.%s', JSON.stringify({token: %q, seats: [0]}))`, stuck.v.ID, stuck.white)),
		chromedp.Reload())
	waitJS(t, ctx, "White's movable pieces", `document.querySelector('#board').dataset.movable === 's:1 s:3 s:5 s:7'`)
	waitJS(t, ctx, "the note on White's page", `document.querySelector('#notes').textContent === "The piece on square 9 cannot move with this throw: any piece may move"`)
	for _, size := range [][2]int64{{1280, 800}, {390, 844}, {844, 390}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		screenshot(t, ctx, fmt.Sprintf("opening-stuck-%dx%d", size[0], size[1]))
	}
}

// TestBrowserInviteLinkOrigin (operator review, finding 2): the game page
// shows and copies invite links on its own origin, whatever the server
// thinks its public URL is (here a wrong one), so that a page reached
// over https never shows an http:// link.
func TestBrowserInviteLinkOrigin(t *testing.T) {
	s := newTestServer(t, Config{PublicURL: "http://wrong.example"})
	alice := newPerson(t, newBrowser(t))
	if invite := inviteGame(t, s, alice); !strings.HasPrefix(invite, s.url+"/g/") || !strings.Contains(invite, "invite=") {
		t.Errorf("invite link %q, want it on the page's origin %s", invite, s.url)
	}
}

// TestBrowserInviteDamaged: chat apps sometimes write the '&' of an
// invite link (/g/ID?seat=1&invite=SECRET) as "&amp;" or as the text
// "\u0026" (player review): the page reads both as '&' and takes the
// seat. A link whose seat is no number, or not one of the game's, or
// which lost its secret, is said to be damaged, in words, with no "NaN"
// on the page (it used to ask the server for seat NaN and say "NaN:
// this seat could not be taken"), and the page goes on as a watcher's.
func TestBrowserInviteDamaged(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	newGame := func() createResponse {
		c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
		if len(c.Invites) != 1 || !strings.Contains(c.Invites[0].Path, "?seat=1&invite=") {
			t.Fatalf("invites %+v, want one link for seat 1", c.Invites)
		}
		return c
	}
	for _, sep := range []string{"&amp;", `\u0026`} {
		c := newGame()
		person := newPerson(t, browser)
		path := strings.Replace(c.Invites[0].Path, "&", sep, 1)
		run(t, person, "open "+path, chromedp.Navigate(s.url+path), visible("svg#board .piece"))
		waitJS(t, person, "the seat taken by "+path, `document.body.dataset.status === 'live' && document.querySelector('#seats li[data-seat="1"]').textContent.includes('you')`)
		if v := s.game(t, c.Game.ID); v.Status != "live" {
			t.Errorf("after %s the game is %q, want live", path, v.Status)
		}
		if seats := mySeatsIn(t, person, c.Game.ID); seats != "[1]" {
			t.Errorf("after %s the page holds seats %s, want [1]", path, seats)
		}
	}

	// Damaged beyond repair: a seat that is no number, or not one of
	// the game's, or a link cut at its '&' (the seat is by invitation).
	for _, damage := range []func(string) string{
		func(p string) string { return strings.Replace(p, "seat=1", "seat=abc", 1) },
		func(p string) string { return strings.Replace(p, "seat=1", "seat=7", 1) },
		func(p string) string { return p[:strings.Index(p, "&")] },
	} {
		c := newGame()
		person := newPerson(t, browser)
		path := damage(c.Invites[0].Path)
		run(t, person, "open "+path, chromedp.Navigate(s.url+path), visible("svg#board .piece"))
		waitJS(t, person, "the damaged link said for "+path, `document.querySelector('#message').textContent === 'This invite link looks damaged: ask for it again.'`)
		if page := get(t, person, "the page's words", chromedp.Evaluate[string](`document.title + ' ' + document.body.textContent`)); strings.Contains(page, "NaN") {
			t.Errorf("the page of %s says NaN: %q", path, page)
		}
		if v := s.game(t, c.Game.ID); v.Status != "waiting" {
			t.Errorf("after %s the game is %q, want still waiting", path, v.Status)
		}
		// A watcher's page: no seat, no throw.
		if seats := mySeatsIn(t, person, c.Game.ID); seats != "null" {
			t.Errorf("after %s the page holds seats %s", path, seats)
		}
		if !get(t, person, "the throw button hidden", chromedp.Evaluate[bool](`document.querySelector('#throw').classList.contains('hidden') || document.querySelector('#throw').offsetParent === null`)) {
			t.Errorf("the page of %s shows the Throw button", path)
		}
	}
}

// TestBrowserRematchBack (player review: Back could not leave a
// rematch): alice asked for a rematch and bob accepted it; both pages
// went to the new game. Back shows alice the finished game, restored
// from the browser's back-forward cache with its script's state, and it
// stays there (it went to the rematch again at once, taking it for the
// offer it had seen waiting), saying what is now true: a link to the
// rematch, no offer waiting. Bob's page, which accepted, says the same
// when it is shown again (it still offered to accept): his going there is
// called off (the Fetch domain stops the new page's request), and the
// page is told it is shown again from the cache (a pageshow event,
// persisted), as Back does.
func TestBrowserRematchBack(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	alice := newPerson(t, browser)
	// Bob's page stays while it goes to the rematch: its request waits.
	held := make(chan fetch.RequestID, 4)
	bob, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			held <- e.RequestID
		}
	}))
	t.Cleanup(cancel)
	if err := chromedp.Do(bob); err != nil {
		t.Fatalf("new browser context: %v", err)
	}
	old := twoPeopleLive(t, s, alice, bob)
	resign(t, alice)
	waitJS(t, bob, "bob sees the end", `document.body.dataset.status === 'over'`)
	run(t, alice, "ask for a rematch", visible(`[data-flow="rematch"]`), click(`[data-flow="rematch"]`))
	waitJS(t, alice, "the offer waits", `document.querySelector('[data-flow="rematch-waiting"]') !== null`)
	waitJS(t, bob, "the offer", `(document.querySelector('[data-flow="rematch"]') || {}).textContent === 'Accept rematch'`)
	get(t, alice, "mark alice's old page", chromedp.Evaluate[bool](`window.oldPage = true`))
	if _, err := chromedp.Call(bob, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/g/*", ResourceType: network.ResourceTypeDocument}}}); err != nil {
		t.Fatalf("holding bob's next page: %v", err)
	}
	run(t, bob, "accept the rematch", click(`[data-flow="rematch"]`))
	newID := s.waitFor(t, old, "the rematch", func(v gameView) bool { return v.Rematch != "" }).Rematch
	select {
	case req := <-held:
		// Called off, as Back calls off a page: the old one stays.
		if _, err := chromedp.Call(bob, fetch.FailRequest, fetch.FailRequestParams{RequestID: req, ErrorReason: network.ErrorReasonAborted}); err != nil {
			t.Fatalf("calling off bob's going to the rematch: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("bob's page did not go to the rematch")
	}

	// What a page shown again says: a link
	// to the rematch, no offer waiting, nothing to accept.
	const shown = `location.pathname === '/g/%s' && document.querySelector('a[data-flow="open-rematch"]') !== null && ` +
		`document.querySelector('[data-flow="rematch-waiting"], [data-flow="rematch"], [data-flow="cancel-rematch"]') === null`
	get(t, bob, "bob's page shown again", chromedp.Evaluate[bool](`window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })), true`))
	waitJS(t, bob, "bob's page says the rematch is on", fmt.Sprintf(shown, old))

	waitURLWhere(t, alice, "/g/"+newID, func(url string) bool { return strings.HasSuffix(url, "/g/"+newID) })
	waitJS(t, alice, "alice sees the rematch live", `document.body.dataset.status === 'live'`)
	get(t, alice, "alice goes back", chromedp.Evaluate[bool](`history.back(), true`))
	waitURLWhere(t, alice, "/g/"+old, func(url string) bool { return strings.HasSuffix(url, "/g/"+old) })
	if !get(t, alice, "the old page", chromedp.Evaluate[bool](`window.oldPage === true`)) {
		t.Fatal("Back loaded alice's old page again: this test needs it restored from the back-forward cache")
	}
	// (Polled by hand: chromedp's Poll loses a page restored from the
	// cache.)
	for deadline := time.Now().Add(30 * time.Second); !get(t, alice, "alice's old page", chromedp.Evaluate[bool](fmt.Sprintf(shown, old))); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after Back alice's page shows %q", get(t, alice, "alice's page", chromedp.Evaluate[string](`location.pathname + ': ' + document.querySelector('#flow').textContent`)))
		}
	}
	screenshot(t, alice, "rematch-back")
	if url := get(t, alice, "alice's address", chromedp.Evaluate[string](`location.pathname + (window.oldPage ? ' kept' : '')`)); url != "/g/"+old+" kept" {
		t.Errorf("after Back alice's page is %q, want the old game's, kept", url)
	}
}
