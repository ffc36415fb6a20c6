package server

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserThrowWhileMoveInFlight: the stream may bring the player's
// next throw (the computer's reply, or an extra throw) before the
// answer to their move. A Throw pressed then is sent once that answer
// is in, not dropped: the page used to ignore any click while a request
// was in flight, so the button looked pressed and nothing happened (the
// cause of an occasional timeout in TestBrowserGameAgainstComputer).
func TestBrowserThrowWhileMoveInFlight(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 10 * time.Millisecond})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	holdSeat(t, ctx, s, c)
	run(t, ctx, "open the game", chromedp.Navigate(s.url+"/g/"+c.Game.ID), visible("svg#board .piece"))
	// Throw until a throw has a move to click (a throw with none passes
	// by itself).
	for {
		waitJS(t, ctx, "my throw", `document.body.dataset.myTurn === 'yes' && document.body.dataset.roll === ''`)
		run(t, ctx, "throw", click("#throw:not([disabled])"))
		waitJS(t, ctx, "the throw", `document.body.dataset.roll !== '' || document.body.dataset.myTurn !== 'yes'`)
		if get(t, ctx, "a piece to move", chromedp.Evaluate[bool](`document.querySelector('svg#board .piece.movable') !== null`)) {
			break
		}
	}
	turns := attr(t, ctx, "body", "data-turns")
	// The answer to the move is held back until the test lets it go;
	// the move itself reaches the server at once.
	run(t, ctx, "hold the move's answer", chromedp.Evaluate[chromedp.Void](`(() => {
		const fetchNow = window.fetch;
		let release;
		window.moveAnswer = new Promise((r) => { release = r; });
		window.releaseMove = release;
		window.fetch = async (url, opts) => {
			const answer = await fetchNow(url, opts);
			if (String(url).endsWith('/move')) await window.moveAnswer;
			return answer;
		};
	})()`))
	showDestinations(t, ctx, "svg#board .piece.movable")
	playShown(t, ctx, "svg#board .piece.movable")
	waitJS(t, ctx, "my next throw, while the move's answer is held", `Number(document.body.dataset.turns) > `+turns+` && document.body.dataset.myTurn === 'yes' && document.body.dataset.roll === ''`)
	next := attr(t, ctx, "body", "data-turns")
	run(t, ctx, "throw", click("#throw:not([disabled])"))
	run(t, ctx, "let the move's answer go", chromedp.Evaluate[chromedp.Void](`window.releaseMove()`))
	// The throw shows, or, without a legal move, has passed by itself:
	// the turn then moves on, to this player again after a 1, 4 or 6
	// (J5), whose page shows no throw and its turn as before.
	waitJS(t, ctx, "the throw pressed meanwhile", `document.body.dataset.roll !== '' || Number(document.body.dataset.turns) > `+next)
	if msg := textOf(t, ctx, "#message"); msg != "" {
		t.Errorf("the page says %q", msg)
	}
}
