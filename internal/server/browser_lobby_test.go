package server

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/text/language"

	"passage/internal/i18n"
)

// lobbyRulesets are the rulesets the lobby offers, in its order.
var lobbyRulesets = []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"}

// TestBrowserLobbyNewcomer (player review 4, a lichess player's first
// visit): in every language the lobby says under the game chosen what
// that game is and what sets it apart, one sentence per ruleset from
// the catalogs (web.intro.RULESET), each different, Jéquier's Senet
// the one a newcomer should try first; the rules index gives each game
// the same sentence.
// The seats' colour chips are bars of colour, not round rings that
// look like radio buttons.
// An empty list of games (waiting, live, finished) takes one line,
// not a card.
// The seats' selects start at the same left edge.
// Screenshots at 1280x800 and 390x844 in English, Spanish and
// Hungarian, in French and Russian at 1280x800.
func TestBrowserLobbyNewcomer(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	for _, tag := range i18n.Languages {
		lang := tag.String()
		p, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
			phone := size.w < 500
			if phone && tag != language.English && tag != language.Spanish && tag != language.Hungarian {
				continue
			}
			name := fmt.Sprintf("%s-%dx%d", lang, size.w, size.h)
			run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h))
			run(t, ctx, "the lobby in "+lang, chromedp.Navigate(s.url+"/?lang="+lang), lobbyReady())
			screenshot(t, ctx, "lobby-"+name)
			// An empty list is one line: its heading and "none".
			for _, list := range []string{"waiting", "live", "over"} {
				b := boxOf(t, ctx, fmt.Sprintf(`#%s`, list))
				card := boxOf(t, ctx, fmt.Sprintf(`.card:has(> #%s)`, list))
				if card.Height > 48 {
					t.Errorf("%s: the empty list %s takes %.0f px, want one line (at most 48 px)", name, list, card.Height)
				}
				if b.Height > 30 {
					t.Errorf("%s: the empty list %s is %.0f px tall, want one line", name, list, b.Height)
				}
			}
			seen := map[string]string{}
			for _, rules := range lobbyRulesets {
				run(t, ctx, "choose "+rules,
					chromedp.SetValue(chromedp.CSS("#ruleset"), rules),
					chromedp.Evaluate[chromedp.Void](`document.querySelector('#ruleset').dispatchEvent(new Event('change'))`),
					lobbyReady())
				about := shownText(t, ctx, "#ruleset-about")
				if want := p.T("web.intro." + rules); about != want || strings.TrimSpace(about) == "" {
					t.Errorf("%s %s: the lobby says %q under the game, want %q", name, rules, about, want)
				}
				for other, text := range seen {
					if text == about {
						t.Errorf("%s: %s and %s are said in the same words %q", name, rules, other, about)
					}
				}
				seen[rules] = about
				// The colour chips are swatches, not round rings like radio buttons.
				// Each seat's colour is a bar of it, wider than tall, not a
				// round ring like a radio button.
				chips := get(t, ctx, "the seats' chips", chromedp.Evaluate[[]float64](`[...document.querySelectorAll('#seats .seat-name .chip')].map((c) => {
					const b = c.getBoundingClientRect();
					return b.width / b.height;
				})`))
				if len(chips) == 0 {
					t.Errorf("%s %s: no colour chips beside the seats", name, rules)
				}
				for i, ratio := range chips {
					if ratio < 1.5 {
						t.Errorf("%s %s: seat %d's colour is %.2f times as wide as tall, like a radio button; want a bar at least 1.5 times as wide", name, rules, i+1, ratio)
					}
				}
				// The seats' selects start at the same left edge.
				lefts := get(t, ctx, "the selects' left edges", chromedp.Evaluate[[]float64](`[...document.querySelectorAll('select[data-seat]')].map((s) => s.getBoundingClientRect().left)`))
				for i, l := range lefts {
					if math.Abs(l-lefts[0]) > 1 {
						t.Errorf("%s %s: seat %d's select starts at %.1f px, seat 1's at %.1f", name, rules, i+1, l, lefts[0])
					}
				}
				if rules == "senet-jequier" || rules == "kinevet" {
					run(t, ctx, "the seats in view", chromedp.Evaluate[chromedp.Void](`document.querySelector('#seats').scrollIntoView({block: 'center'})`))
					screenshot(t, ctx, "lobby-"+rules+"-"+name)
				}
			}
			// The rules index: each game with the same sentence.
			run(t, ctx, "the rules index in "+lang, chromedp.Navigate(s.url+"/rules?lang="+lang), visible(".rules-list"))
			screenshot(t, ctx, "rules-index-"+name)
			for _, rules := range lobbyRulesets {
				if got := shownText(t, ctx, fmt.Sprintf(`.rules-list li[data-rules="%s"] .about`, rules)); got != seen[rules] {
					t.Errorf("%s: the rules index says %q of %s, the lobby %q", name, got, rules, seen[rules])
				}
			}
		}
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// shownText is the text the first element matching sel shows, "" when
// there is none.
func shownText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return get(t, ctx, "read "+sel, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {}).innerText || ''`, sel)))
}

// TestBrowserLobbySwapSides (player review 4: lichess lets a player
// choose a colour, and the lobby's colours could not be clicked): in a
// Senet game one press swaps who plays White and who Black, their lines
// under them too, and the game created seats the computer as White and
// you as Black. Ludo, whose colours are chosen by swatches, has no such
// button.
func TestBrowserLobbySwapSides(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx, probs := newWatchedPerson(t, browser)
	run(t, ctx, "the Jéquier lobby", chromedp.Navigate(s.url+"/?rules=senet-jequier"), lobbyReady())
	seats := func() string {
		return get(t, ctx, "the seats", chromedp.Evaluate[string](`[...document.querySelectorAll('select[data-seat]')].map((s) => s.value + ': ' + s.closest('.seat-row').querySelector('.seat-hint').textContent).join(' | ')`))
	}
	before := seats()
	if !strings.HasPrefix(before, "me: ") {
		t.Fatalf("the seats before the swap: %q, want you as White", before)
	}
	run(t, ctx, "swap sides", click("#swap-sides"))
	after := seats()
	parts := strings.Split(before, " | ")
	if want := parts[1] + " | " + parts[0]; after != want {
		t.Errorf("after the swap the seats are %q, want %q", after, want)
	}
	run(t, ctx, "create", click("#create-button"))
	url := waitURL(t, ctx, "/g/")
	v := s.game(t, url[strings.LastIndex(url, "/")+1:])
	if v.Seats[0].Kind != "medium" || v.Seats[1].Kind != "human" || v.Seats[1].Open {
		t.Errorf("created seats %+v, want the computer (medium) as White and you as Black", v.Seats)
	}
	run(t, ctx, "the Ludo lobby", chromedp.Navigate(s.url+"/?rules=kinevet"), lobbyReady())
	if n := get(t, ctx, "swap buttons", chromedp.Evaluate[int](`document.querySelectorAll('#swap-sides').length`)); n != 0 {
		t.Error("the Ludo lobby has a button to swap sides")
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLobbyRulesLink (player review): the lobby's "How to play"
// link carries the options chosen, as a game page's Rules link does
// (?opt=KEY=VALUE for each that differs from its default), and follows
// each change: after "square 15" it opens the Jéquier rules with
// water=15, whose box and board say 15; back to the classic rules it is
// the plain page; Ludo's colours chosen by hand are in it, the seats'
// own order is not.
func TestBrowserLobbyRulesLink(t *testing.T) {
	s := newTestServer(t, Config{})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	href := func(want string) {
		t.Helper()
		if got := attr(t, ctx, "#ruleset-links a", "href"); got != want {
			t.Errorf("How to play links %q, want %q", got, want)
		}
	}
	run(t, ctx, "the Jéquier lobby", chromedp.Navigate(s.url+"/?rules=senet-jequier"), lobbyReady())
	href("/rules/senet-jequier")
	run(t, ctx, "drowned pieces to 15", click(`input[data-option="water"][value="15"]`), lobbyReady())
	href("/rules/senet-jequier?opt=water%3D15")
	run(t, ctx, "and no bounce", click(`input[data-option="overshoot"][value="block"]`), lobbyReady())
	href("/rules/senet-jequier?opt=overshoot%3Dblock&opt=water%3D15")
	run(t, ctx, "the classic rules", click(`button[data-preset="classic"]`), lobbyReady())
	href("/rules/senet-jequier")
	run(t, ctx, "drowned pieces to 15 again", click(`input[data-option="water"][value="15"]`), lobbyReady())
	run(t, ctx, "follow the link", click("#ruleset-links a"), visible("#in-brief"))
	if text := get(t, ctx, "the box", chromedp.Evaluate[string](`document.querySelector('#in-brief').innerText`)); !strings.Contains(text, "starts again on 15") {
		t.Errorf("the box of the rules linked says %q", text)
	}
	if src := attr(t, ctx, `img[src^="/rules/senet-jequier/board.svg"]`, "src"); src != "/rules/senet-jequier/board.svg?opt=water%3D15" {
		t.Errorf("the board drawn is %q", src)
	}
	// And back (player review 6: a rules page offered no game, as a
	// variant's page on lichess does): its box's link opens the lobby
	// with these rules and options chosen.
	if got := attr(t, ctx, "#in-brief a.button", "href"); got != "/?opt=water%3D15&rules=senet-jequier#create" {
		t.Errorf("the box's play link is %q", got)
	}
	// (Navigate to the link: a poll across the click's page load loses
	// its page.)
	run(t, ctx, "play these rules", chromedp.Navigate(s.url+attr(t, ctx, "#in-brief a.button", "href")), lobbyReady())
	chosen := get(t, ctx, "the lobby's choice", chromedp.Evaluate[[]string](`[document.querySelector('#ruleset').value,
		document.querySelector('input[data-option="water"]:checked').value, document.querySelector('input[data-option="overshoot"]:checked').value]`))
	if strings.Join(chosen, " ") != "senet-jequier 15 bounce" {
		t.Errorf("the lobby opened from the rules has %q chosen, want Jéquier, water 15, the default bounce", chosen)
	}
	href("/rules/senet-jequier?opt=water%3D15")
	run(t, ctx, "Ludo's rules for two", chromedp.Navigate(s.url+"/rules/kinevet?opt=players=2&opt=safe-start=on"), visible("#in-brief"))
	run(t, ctx, "play them", chromedp.Navigate(s.url+attr(t, ctx, "#in-brief a.button", "href")), lobbyReady())
	href("/rules/kinevet?opt=players%3D2&opt=safe-start%3Don")
	// Options the ruleset does not have are left at their defaults.
	run(t, ctx, "a made-up option", chromedp.Navigate(s.url+"/?rules=senet-jequier&opt=water=99&opt=nonsense=1"), lobbyReady())
	href("/rules/senet-jequier")
	run(t, ctx, "the Ludo lobby", chromedp.Navigate(s.url+"/?rules=kinevet"), lobbyReady())
	href("/rules/kinevet")
	run(t, ctx, "two players", click(`input[data-option="players"][value="2"]`), lobbyReady())
	href("/rules/kinevet?opt=players%3D2")
	run(t, ctx, "seat 1 green", click(`button[data-seat-color="0"][data-color="g"]`), lobbyReady())
	href("/rules/kinevet?opt=colors%3Dgr&opt=players%3D2")
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}

// TestBrowserLobbyLinkColors (player review): a rules page's "Play a
// game with these rules" carries Ludo's colours (colors=gr), and the
// lobby opened from it gives the seats those colours, in turn order, as
// if the person had pressed the swatches (with no players= in the link,
// as many players as colours), so that the game created has them. A
// link whose colours do not fit (not an order of Ludo's colours, or
// more or fewer colours than its players=) leaves each seat its usual
// colour, and a line under the game's description, in view where the
// lobby opens, says so until a swatch is pressed.
func TestBrowserLobbyLinkColors(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: 100, CreateBurst: 100})
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	// seatColors is the colour pressed for each seat, and the note.
	seatColors := func() (string, string) {
		t.Helper()
		got := get(t, ctx, "the seats' colours", chromedp.Evaluate[[]string](`[
			[...document.querySelectorAll('select[data-seat]')].map((_, i) =>
				(document.querySelector('button[data-seat-color="' + i + '"][aria-pressed="true"]') || {}).dataset?.color || '-').join(''),
			(document.querySelector('#colors-note:not([hidden])') || {}).textContent || '']`))
		return got[0], got[1]
	}
	create := func(want string) {
		t.Helper()
		run(t, ctx, "create", click("#create-button"))
		url := waitURL(t, ctx, "/g/")
		if v := s.game(t, url[strings.LastIndex(url, "/")+1:]); v.Rules != want {
			t.Errorf("created %q, want %q", v.Rules, want)
		}
		// The game page loaded before the next address: one still
		// loading replaced the lobby opened after it (CI on ce9223e:
		// "Cannot find context with specified id").
		waitJS(t, ctx, "the game page", `document.querySelector('svg#board .piece') !== null`)
	}
	run(t, ctx, "Ludo's rules, green then red", chromedp.Navigate(s.url+"/rules/kinevet?opt=colors%3Dgr&opt=safe-start%3Don"), visible("#in-brief"))
	play := attr(t, ctx, "#in-brief a.button", "href")
	if !strings.Contains(play, "colors%3Dgr") {
		t.Fatalf("the play link %q carries not the colours", play)
	}
	run(t, ctx, "play them", chromedp.Navigate(s.url+play), lobbyReady())
	if got, note := seatColors(); got != "gr" || note != "" {
		t.Errorf("the lobby from %s: seats %q, note %q; want gr and no note", play, got, note)
	}
	if got := attr(t, ctx, `input[data-option="players"]:checked`, "value"); got != "2" {
		t.Errorf("the lobby from %s: %s players chosen, want 2", play, got)
	}
	create("kinevet colors=gr players=2 safe-start=on")
	// No players= in the link: the colours count them.
	run(t, ctx, "three colours", chromedp.Navigate(s.url+"/?rules=kinevet&opt=colors%3Dbyr#create"), lobbyReady())
	if got, note := seatColors(); got != "byr" || note != "" {
		t.Errorf("colors=byr: seats %q, note %q; want byr and no note", got, note)
	}
	create("kinevet colors=byr players=3")
	// Colours that do not fit: the usual ones, said.
	p, _ := i18n.New(language.English)
	for _, tc := range []struct{ query, value, seats, rules string }{
		{"opt=colors%3Dzz", "zz", "rygb", "kinevet"},
		{"opt=colors%3Drr", "rr", "rygb", "kinevet"},
		{"opt=colors%3Dgr&opt=players%3D3", "gr", "ryg", "kinevet players=3"},
	} {
		run(t, ctx, tc.query, chromedp.Navigate(s.url+"/?rules=kinevet&"+tc.query+"#create"), lobbyReady())
		want := p.T("web.lobby.linkColorsBad", "Colors", tc.value)
		if got, note := seatColors(); got != tc.seats || note != want {
			t.Errorf("%s: seats %q, note %q; want %q and %q", tc.query, got, note, tc.seats, want)
		}
		if tc.value == "gr" {
			run(t, ctx, "the note in view", chromedp.ScrollIntoView("#colors-note"))
			screenshot(t, ctx, "lobby-link-colors-bad")
			create(tc.rules)
		}
	}
	run(t, ctx, "a swatch pressed", chromedp.Navigate(s.url+"/?rules=kinevet&opt=colors%3Dzz#create"), lobbyReady(), click(`button[data-seat-color="0"][data-color="b"]`), lobbyReady())
	if got, note := seatColors(); got != "bygr" || note != "" {
		t.Errorf("after a swatch: seats %q, note %q; want bygr and no note", got, note)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
