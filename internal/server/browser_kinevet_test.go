package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLudoSideways: on a phone held sideways (844x390) the Ludo
// board takes the whole height under the header, its squares at least 31 px
// apart (player review: they were 29 px, at most 32 fitting); upright
// (390x844) and on a laptop (1280x800) the board, its frame and the Throw
// button still show whole, its squares as large as before.
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
	}{{844, 390, 31}, {390, 844, 34.5}, {1280, 800, 51}} {
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
