package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserResignGoesOn: in a four-person game of Ki nevet a végén,
// Red resigns on the page; the game goes on. Red's page says Red is
// out and watches (no throw, no resign), Yellow's page tells Yellow and
// still plays; the move list notes the resignation at its throw, and
// the result at the end tells it too.
func TestBrowserResignGoesOn(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 200 * time.Millisecond, StandIn: "easy"})
	id, tokens := seatedGame(t, s, nil, 4)
	browser := newBrowser(t)
	red, yellow := newPerson(t, browser), newPerson(t, browser)
	holdSeats(t, red, s, id, tokens[0], []int{0})
	holdSeats(t, yellow, s, id, tokens[1], []int{1})
	run(t, yellow, "Yellow's page", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	run(t, red, "Red's page", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"),
		click(`[data-flow="resign"]`), visible(`[data-flow="resign-yes"]`))
	waitJS(t, red, "the question says the game goes on", `document.querySelector('#flow .confirm').textContent.includes('You will be out, and the computer plays your seat while the others play on.')`)
	run(t, red, "Red resigns", click(`[data-flow="resign-yes"]`))
	v := s.waitFor(t, id, "Red's resignation", func(v gameView) bool { return v.Seats[0].Resigned > 0 })
	if v.Status != "live" {
		t.Fatalf("after Red resigned: status %q, want live", v.Status)
	}
	waitJS(t, yellow, "Yellow told", `document.querySelector('#message').textContent.includes('Red resigned and is out: the computer plays their seat, and the game goes on.')`)
	waitJS(t, red, "Red told they are out",
		`document.querySelector('#status').textContent.includes('You resigned (Red) and are out: the computer plays your seat. You may watch the game to its end.')`)
	waitJS(t, red, "Red's page watches",
		`document.querySelector('#throw').classList.contains('hidden') && !document.querySelector('[data-flow="resign"]') && !document.querySelector('[data-flow="abort"]') && `+
			`document.querySelector('#seats li[data-seat="0"]').textContent.includes('you (resigned: out, the computer plays)')`)
	waitJS(t, yellow, "Yellow's page plays on",
		`document.querySelector('[data-flow="resign"]') !== null && document.querySelector('#seats li[data-seat="0"]').textContent.includes('resigned (out: the computer plays)')`)
	s.waitFor(t, id, "the computer to play Red", func(v gameView) bool { return v.Last != nil && v.Last.Seat == 0 && v.Last.By == "easy" })
	waitJS(t, red, "the move list notes the resignation", `[...document.querySelectorAll('#log li.note')].map((li) => li.textContent).join() === 'Red resigned on throw 1'`)
	screenshot(t, red, "resigned-red-1280")
	screenshot(t, yellow, "resign-yellow-1280")
	run(t, red, "Red's page on a phone", chromedp.EmulateViewport(390, 844))
	screenshot(t, red, "resigned-red-390")

	// Yellow and Green resign too: Blue wins, and the result says who
	// resigned when.
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[1], nil, nil)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[2], nil, nil)
	waitJS(t, red, "the result", `document.querySelector('#result') && `+
		`document.querySelector('#result').textContent.startsWith('Green resigned on throw ') && document.querySelector('#result').textContent.includes(': Blue wins. Red (you) resigned on throw 1. Yellow resigned on throw ')`)
	screenshot(t, red, "resigned-red-over-390")
	run(t, red, "the replay", chromedp.Navigate(s.url+"/g/"+id+"/replay"), visible("svg#board .piece"))
	waitJS(t, red, "the replay notes the resignation", `document.querySelector('#log li.note') && document.querySelector('#log li.note').textContent === 'Red resigned on throw 1' && document.querySelector('#seats').textContent.includes('you (resigned')`)
	run(t, red, "the replay at the start", click(`#first`))
	waitJS(t, red, "the step tells it", `document.querySelector('#step').textContent.includes('Red resigned on throw 1')`)
}

// TestBrowserSeatNotesAligned: every seat's note in the players list sits
// after its name, its lines beside the name, as a long one ("tú (te
// rendiste: fuera, juega el ordenador)") wraps, on a laptop and on a
// phone (player review: it dropped onto a line of its own under the
// colour's bar).
func TestBrowserSeatNotesAligned(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Hour, StandIn: "easy"})
	id, tokens := seatedGame(t, s, nil, 4)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[1], nil, nil)
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	holdSeats(t, ctx, s, id, tokens[1], []int{1})
	for _, size := range [][2]int64{{1280, 800}, {390, 844}, {844, 390}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		run(t, ctx, "viewport "+name, chromedp.EmulateViewport(size[0], size[1]))
		run(t, ctx, "Yellow's page in Spanish", chromedp.Navigate(s.url+"/g/"+id+"?lang=es"), visible("svg#board .piece"))
		waitJS(t, ctx, "Yellow's note", `document.querySelector('#seats li[data-seat="1"]').textContent.includes('tú (te rendiste: fuera, juega el ordenador)')`)
		screenshot(t, ctx, "seat-notes-"+name)
		bad := get(t, ctx, "the notes' places", chromedp.Evaluate[[]string](`[...document.querySelectorAll('#seats li')].flatMap((li) => {
			const name = li.children[1].getBoundingClientRect();
			const note = li.querySelector('.small.muted').getBoundingClientRect();
			return note.left >= name.right && note.top < name.bottom && note.bottom > name.top ? [] :
				[li.textContent + ': the note at ' + [note.left, note.top] + ', the name ending at ' + [name.right, name.bottom]];
		})`))
		for _, b := range bad {
			t.Errorf("%s: %s", name, b)
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserResignNoticeStays: in a four-seat game Red resigns; Yellow's
// page says so in the message line, and the notice stays while the
// computer plays Red, through Yellow's own throw, until Yellow has
// played the turn (player review: "Yellow resigned" went a second and a
// half later, at the next throw, which the page made by itself).
func TestBrowserResignNoticeStays(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: 100 * time.Millisecond, StandIn: "easy"})
	// Yellow has pieces out on 15 and 35: its turns wait for its click,
	// and any throw moves one. (With the one on 15 alone, the computer
	// playing Red could take it with a 6 to enter, then 6, 6 and 2, and
	// Yellow's page, every piece in the yard, threw by itself: its
	// Throw button, off, was never pressed.)
	c := s.create(t, createRequest{Rules: "kinevet", Start: "..............y...................y..... ..../..../..../.... r",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}, {Kind: "human"}, {Kind: "human"}}})
	id := c.Game.ID
	tokens := []string{c.Token}
	for _, inv := range c.Invites {
		var taken takeResult
		s.ok(t, http.StatusOK, "POST", fmt.Sprintf("/api/games/%s/seats/%d", id, inv.Seat), "", map[string]string{"invite": inv.Secret}, &taken)
		tokens = append(tokens, taken.Token)
	}
	yellow := newPerson(t, newBrowser(t))
	holdSeats(t, yellow, s, id, tokens[1], []int{1})
	run(t, yellow, "Yellow's page", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.url+"/g/"+id), visible("svg#board .piece"))
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[0], nil, nil)
	const told = `document.querySelector('#message').textContent.includes('Red resigned and is out')`
	waitJS(t, yellow, "Yellow told", told)
	waitJS(t, yellow, "Yellow's turn", `document.body.dataset.myTurn === 'yes'`)
	if !get(t, yellow, "the notice at Yellow's turn", chromedp.Evaluate[bool](told)) {
		t.Fatal("the notice of Red's resignation went before Yellow's turn")
	}
	run(t, yellow, "Yellow throws", click("#throw:not([disabled])"))
	waitJS(t, yellow, "the throw", `document.body.dataset.roll !== ""`)
	if !get(t, yellow, "the notice after Yellow's throw", chromedp.Evaluate[bool](told)) {
		t.Fatal("the notice of Red's resignation went at Yellow's throw")
	}
	screenshot(t, yellow, "resign-notice-held")
	showDestinations(t, yellow, "svg#board .piece.movable")
	playShown(t, yellow, "svg#board .piece.movable")
	waitJS(t, yellow, "the notice gone once Yellow played", `document.querySelector('#message').textContent === ''`)
}
