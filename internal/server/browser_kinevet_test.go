package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLudoSideways: on a phone held sideways (844x390) the Ludo
// board takes the whole height under the header, its squares at least 31 px
// apart (player review: they were 29 px, at most 32 fitting); upright
// (390x844) and on a laptop (1280x800) the board, its frame and the Throw
// button still show whole, its squares at least as large as before
// (33.9 and 50.3 px; on a laptop the Auto-throw box under the Throw
// button takes 13 px of the board's height).
func TestBrowserLudoSideways(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	c := s.create(t, createRequest{Rules: "kinevet", Start: "....r................................... ..../..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	for _, size := range []struct {
		w, h  int64
		pitch float64
	}{{844, 390, 31}, {390, 844, 34.5}, {1280, 800, 50}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		run(t, ctx, "viewport "+name, chromedp.EmulateViewport(size.w, size.h))
		run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), visible("#throw:not([disabled])"))
		run(t, ctx, "let the board settle", chromedp.Sleep(200*time.Millisecond))
		screenshot(t, ctx, "ludo-size-"+name)
		l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
		frame := get(t, ctx, "the board's frame", chromedp.Evaluate[box](`(() => { const b = document.querySelector('.board-wrap').getBoundingClientRect();
			return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Width: b.width, Height: b.height}; })()`))
		t.Logf("%s: squares %.1f px apart, board %+v", name, l.Pitch, l.Board)
		if l.Pitch < size.pitch {
			t.Errorf("%s: squares %.1f px apart, want at least %.1f", name, l.Pitch, size.pitch)
		}
		if !l.Board.inside(l) || !frame.inside(l) || !l.Action.inside(l) || l.ScrollWidth > l.InnerWidth {
			t.Errorf("%s: the board %+v, its frame %+v or the Throw button %+v is not all in the %vx%v window (page %v px wide)", name, l.Board, frame, l.Action, l.InnerWidth, l.InnerHeight, l.ScrollWidth)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserAutoThrow (player review: "Classic Ki nevet opens with
// long runs of 'no move' throws, each needing a click"): while every
// piece of the player's waits in the yard, the page throws by itself and
// passes a throw without a 6, with no click; with a piece out it waits
// for the Throw button, until the player ticks Auto-throw (here with the
// keyboard), which is remembered and then throws every throw. It throws
// for no one in a game not started, nor on a watcher's page; two tabs of
// the player's throw once between them, and say nothing of it.
func TestBrowserAutoThrow(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 20 * time.Millisecond})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	const oneOut = "....r................................... ..../..../..../.... r"

	// Every piece in the yard: Red's throws come by themselves, a pass
	// too; a 6 brings a piece out by a click, and then the page waits.
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	if !get(t, ctx, "the Auto-throw box", chromedp.Evaluate[bool](`(() => { const b = document.querySelector('#auto-throw'); return !!b && !b.checked && b.getClientRects().length > 0; })()`)) {
		t.Error("no Auto-throw box, unticked, beside the Throw button")
	}
	passes := 0
	for passes < 2 {
		v := s.waitFor(t, c.Game.ID, "Red's throw, made by the page", func(v gameView) bool { return v.ToMove == 0 && v.Roll != nil || v.Status != "live" })
		if v.Status != "live" {
			t.Fatalf("the game is %s", v.Status)
		}
		if *v.Roll != 6 {
			s.waitFor(t, c.Game.ID, "the pass, by itself", func(w gameView) bool { return w.Turns > v.Turns })
			passes++
			continue
		}
		// A 6: the piece comes out at a click.
		waitJS(t, ctx, "the 6 shown", `document.body.dataset.roll === '6'`)
		playMyTurn(t, ctx)
		break
	}
	screenshot(t, ctx, "auto-throw-yard")

	// A piece out: Throw waits for the player.
	c = s.create(t, createRequest{Rules: "kinevet", Start: oneOut,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"), visible("#throw:not([disabled])"))
	run(t, ctx, "longer than the page waits before it throws", chromedp.Sleep(2*time.Second))
	if v := s.game(t, c.Game.ID); v.Roll != nil {
		t.Errorf("with a piece out the page threw by itself (%d)", *v.Roll)
	}
	if st := textOf(t, ctx, "#status"); !strings.Contains(st, "Your turn (Red): throw.") {
		t.Errorf("the status says %q, want the player to throw", st)
	}
	// Ticked with the keyboard, Auto-throw throws, and is remembered.
	run(t, ctx, "tick Auto-throw with the space bar", chromedp.Focus(chromedp.CSS("#auto-throw")), chromedp.KeyEvent(" "))
	s.waitFor(t, c.Game.ID, "the throw Auto-throw made", func(v gameView) bool { return v.Roll != nil || v.Turns > 0 })
	screenshot(t, ctx, "auto-throw-ticked")
	run(t, ctx, "reload", chromedp.Reload(), visible("svg#board .piece"))
	if !get(t, ctx, "the box after a reload", chromedp.Evaluate[bool](`document.querySelector('#auto-throw').checked`)) {
		t.Error("Auto-throw is not remembered")
	}
	run(t, ctx, "untick it", click("#auto-throw"))

	// A game that has not started (a seat waits for a friend), and a
	// watcher's page: no throw.
	waiting := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"}, Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	holdSeat(t, ctx, s, waiting)
	run(t, ctx, "open the waiting game", chromedp.Navigate(s.url+"/g/"+waiting.Game.ID), visible("svg#board .piece"))
	watched := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"}, Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	watcher := newPerson(t, browser)
	run(t, watcher, "watch a game", chromedp.Navigate(s.url+"/g/"+watched.Game.ID), visible("svg#board .piece"))
	run(t, ctx, "longer than the page waits before it throws", chromedp.Sleep(2*time.Second))
	for what, id := range map[string]string{"a game not started": waiting.Game.ID, "a watched game": watched.Game.ID} {
		if v := s.game(t, id); v.Roll != nil || v.Turns > 0 {
			t.Errorf("%s: thrown (turns %d)", what, v.Turns)
		}
	}

	// Two tabs of the player's: one throw; neither says a word.
	one := newPerson(t, browser)
	two, cancel := chromedp.NewContext(one)
	t.Cleanup(cancel)
	if err := chromedp.Do(two); err != nil {
		t.Fatalf("a second tab: %v", err)
	}
	c = s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	var other takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+c.Game.ID+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, &other)
	holdSeat(t, one, s, c)
	for _, tab := range []context.Context{one, two} {
		run(t, tab, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	}
	s.waitFor(t, c.Game.ID, "Red's throw", func(v gameView) bool { return v.Roll != nil || v.Turns > 0 })
	// The throw shows, or it passed by itself already (without a 6):
	// the game's first turn is played. (A page slow to open let the
	// pass come before the server was first asked, and then waited for
	// a turn after it, Green's, which nobody plays.)
	for _, tab := range []context.Context{one, two} {
		waitJS(t, tab, "the throw shown", `document.body.dataset.roll !== '' || Number(document.body.dataset.turns) > 0`)
		if m := textOf(t, tab, "#message"); m != "" {
			t.Errorf("a tab says %q", m)
		}
	}
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+c.Game.ID+"/record.json", "", nil, &rec)
	if len(rec.Turns) > 1 {
		t.Errorf("%d turns played by two tabs' one throw", len(rec.Turns))
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
