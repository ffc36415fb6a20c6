package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// presenceOf is what the players' card of ctx's page says of seat's
// person: "here", "gone" (data-presence), or "" with no dot, with the
// words a screen reader hears and the dot's title.
func presenceOf(t *testing.T, ctx context.Context, seat int) (state, words, title string) {
	t.Helper()
	r := get(t, ctx, "presence", chromedp.Evaluate[[]string](fmt.Sprintf(
		`(() => { const d = document.querySelector('#seats li[data-seat="%d"] .presence'); return d ? [d.dataset.presence, d.textContent, d.title] : ['', '', '']; })()`, seat)))
	return r[0], r[1], r[2]
}

// waitPresence waits until ctx's page shows seat's person as state.
func waitPresenceShown(t *testing.T, ctx context.Context, who string, seat int, state string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf("%s sees seat %d %s", who, seat, state), fmt.Sprintf(
		`(document.querySelector('#seats li[data-seat="%d"] .presence') || {dataset: {}}).dataset.presence === %q`, seat, state))
}

// cardShot saves, like screenshot, the players' card of ctx's page
// scrolled into view, and the card alone at three times its size.
func cardShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("PASSAGE_SCREENSHOTS")
	if dir == "" {
		return
	}
	run(t, ctx, "the players' card in view", chromedp.ScrollIntoView(chromedp.CSS("#seats")))
	screenshot(t, ctx, name)
	png := get(t, ctx, "the players' card", chromedp.ScreenshotScale(chromedp.CSS("aside .card"), 3))
	if err := os.WriteFile(filepath.Join(dir, name+"-card.png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

// TestBrowserPresence: the inviter is told when the friend joins (the
// message line and the tab's title); alice's page shows bob's seat as
// here while his page is open, not here when he navigates away, and
// here again when he comes back; computers get no dot.
func TestBrowserPresence(t *testing.T) {
	s := newTestServer(t, Config{HereDelay: 300 * time.Millisecond})
	browser := newBrowser(t)
	alice, bob := newPerson(t, browser), newPerson(t, browser)
	run(t, alice, "a phone", chromedp.EmulateViewport(390, 844))
	invite := inviteGame(t, s, alice)
	// Waiting: alice's own seat is here, bob's seat open (no dot).
	waitPresenceShown(t, alice, "alice", 0, "here")
	if st, _, _ := presenceOf(t, alice, 1); st != "" {
		t.Errorf("an open seat shows presence %q", st)
	}
	title := get(t, alice, "title", chromedp.Evaluate[string](`document.title`))
	if strings.Contains(title, "opponent") {
		t.Fatalf("before anyone joined the title is %q", title)
	}

	run(t, bob, "open the invite link", chromedp.Navigate(invite), visible("svg#board .piece"))
	waitJS(t, alice, "alice sees the game live", `document.body.dataset.status === 'live'`)
	// The inviter is told, in the message line and the title.
	waitJS(t, alice, "alice told bob joined", `document.querySelector('#message').textContent === 'Black joined: the game begins.'`)
	if !get(t, alice, "message framed as good news", chromedp.Evaluate[bool](`document.querySelector('#message').classList.contains('good')`)) {
		t.Error("the join is said as an error")
	}
	if title := get(t, alice, "title", chromedp.Evaluate[string](`document.title`)); !strings.HasPrefix(title, "(Your opponent is here) ") {
		t.Errorf("after bob joined alice's title is %q", title)
	}
	// Bob, who joined, is not told he joined.
	if m := textOf(t, bob, "#message"); m != "" {
		t.Errorf("bob's message line says %q", m)
	}

	waitPresenceShown(t, alice, "alice", 1, "here")
	st, words, dotTitle := presenceOf(t, alice, 1)
	if words != "here" || dotTitle != "This player has the game open" {
		t.Errorf("bob's seat here: %q, words %q, title %q", st, words, dotTitle)
	}
	cardShot(t, alice, "presence-here-390")
	id := get(t, alice, "id", chromedp.Evaluate[string](`location.pathname.split('/')[2]`))

	// A key pressed on alice's page: the title's news is seen.
	run(t, alice, "alice presses a key", chromedp.KeyEvent("x"))
	waitJS(t, alice, "the title without the news", `!document.title.includes('opponent')`)

	// Bob goes away: his seat is not here.
	run(t, bob, "bob navigates away", chromedp.Navigate(s.url+"/rules"))
	waitPresenceShown(t, alice, "alice", 1, "gone")
	st, words, dotTitle = presenceOf(t, alice, 1)
	if words != "not here" || dotTitle != "This player has closed the game or lost the connection" {
		t.Errorf("bob's seat gone: %q, words %q, title %q", st, words, dotTitle)
	}
	if st, _, _ := presenceOf(t, alice, 0); st != "here" {
		t.Errorf("alice's own seat: %q", st)
	}
	if v := s.game(t, id); !v.Seats[0].Present || v.Seats[1].Present {
		t.Errorf("the server's presence after bob left: %s", presence(v))
	}
	cardShot(t, alice, "presence-gone-390")
	for _, dark := range []bool{false, true} {
		if dark {
			emulateDark(t, alice)
		}
		run(t, alice, "a laptop", chromedp.EmulateViewport(1280, 800))
		name := "presence-gone-1280"
		if dark {
			name += "-dark"
			run(t, alice, "a phone", chromedp.EmulateViewport(390, 844))
			cardShot(t, alice, "presence-gone-390-dark")
			run(t, alice, "a laptop", chromedp.EmulateViewport(1280, 800))
		}
		cardShot(t, alice, name)
	}
	for _, v := range axeViolations(t, alice, axeSource(t)) {
		t.Error(v)
	}

	// Bob comes back.
	run(t, bob, "bob comes back", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	waitPresenceShown(t, alice, "alice", 1, "here")
	cardShot(t, alice, "presence-here-1280-dark")
}

// TestBrowserPresenceKeepsBoard: another player's page closing or
// opening changes nothing on the board or in the move list, so neither
// is drawn again on alice's page: a redraw between the pointerdown and
// the pointerup of a press would replace the piece (or the entry) under
// it, and the press would make no click (a tap lost, as the first tap
// after a friend joined was: TestBrowserFirstTapAfterJoin); and the move
// list, drawn again, went back to its end under a player reading it.
func TestBrowserPresenceKeepsBoard(t *testing.T) {
	s := newTestServer(t, Config{HereDelay: 300 * time.Millisecond})
	browser := newBrowser(t)
	alice, probs := newWatchedPerson(t, browser)
	bob := newPerson(t, browser)
	id, white, black := twoPeople(t, s, "")
	s.playFirst(t, id, []string{white, black}, 12)
	holdSeats(t, alice, s, id, white, []int{0})
	holdSeats(t, bob, s, id, black, []int{1})
	run(t, alice, "a short move list", chromedp.EmulateViewport(1000, 700))
	for _, p := range []context.Context{alice, bob} {
		run(t, p, "open the game", chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	}
	waitPresenceShown(t, alice, "alice", 1, "here")
	waitJS(t, alice, "the moves", `document.querySelectorAll('#log li').length >= 12`)
	if !get(t, alice, "mark a piece and a move as drawn, the list read from its top", chromedp.Evaluate[bool](`(() => {
		window.drawnPiece = document.querySelector('svg#board .piece');
		window.drawnEntry = document.querySelector('#log li');
		const ol = document.querySelector('#log');
		ol.scrollTop = 0;
		return ol.scrollHeight > ol.clientHeight;
	})()`)) {
		t.Fatal("the move list does not scroll: the test would not see it scrolled")
	}
	kept := func(when string) {
		t.Helper()
		got := get(t, alice, "what is drawn", chromedp.Evaluate[[]bool](`[window.drawnPiece.isConnected, window.drawnEntry.isConnected, document.querySelector('#log').scrollTop === 0]`))
		if !got[0] {
			t.Errorf("%s drew alice's board again: a press under way on a piece would lose its click", when)
		}
		if !got[1] {
			t.Errorf("%s drew alice's move list again", when)
		}
		if !got[2] {
			t.Errorf("%s scrolled the move list alice reads from its top", when)
		}
	}
	run(t, bob, "bob navigates away", chromedp.Navigate(s.url+"/rules"))
	waitPresenceShown(t, alice, "alice", 1, "gone")
	kept("bob's page closing")
	// Back: the page comes from the browser's back-forward cache (no
	// load event, which chromedp.NavigateBack would wait for) and opens
	// its stream again.
	run(t, bob, "bob comes back", chromedp.Evaluate[chromedp.Void](`history.back()`))
	waitURL(t, bob, "/g/"+id)
	waitPresenceShown(t, alice, "alice", 1, "here")
	kept("bob's page opening")
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
