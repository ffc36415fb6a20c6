package server

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"
	"golang.org/x/text/language"

	"passage/internal/i18n"
)

// catalogTexts are the texts of every web message of tag (every plural
// form), for the words they are made of.
func catalogTexts(t *testing.T, tag language.Tag) map[string][]string {
	t.Helper()
	raw, err := i18n.Messages(tag, i18n.WebPrefixes...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for id, v := range raw {
		var forms []string
		s := string(v)
		if strings.HasPrefix(s, "{") {
			var m map[string]string
			if err := json.Unmarshal(v, &m); err != nil {
				t.Fatal(err)
			}
			for _, f := range m {
				forms = append(forms, f)
			}
		} else {
			var one string
			if err := json.Unmarshal(v, &one); err != nil {
				t.Fatal(err)
			}
			forms = []string{one}
		}
		out[id] = forms
	}
	return out
}

// englishFragments are the pieces of the English catalog's texts
// between placeholders that a page in another language must not show
// (see fragments), less the ones the
// language's own catalog uses too (a word both share: "Pause",
// "expert", "API") and the language names of the switch.
func englishFragments(t *testing.T, tag language.Tag) []string {
	t.Helper()
	own := map[string]bool{}
	for _, forms := range catalogTexts(t, tag) {
		for _, f := range forms {
			for _, p := range fragments(f) {
				own[p] = true
			}
		}
	}
	seen := map[string]bool{}
	for id, forms := range catalogTexts(t, language.English) {
		if id == "web.langName" {
			continue
		}
		for _, f := range forms {
			for _, p := range fragments(f) {
				if !own[p] {
					seen[p] = true
				}
			}
		}
	}
	out := slices.Collect(maps.Keys(seen))
	sort.Strings(out)
	return out
}

// placeholderRE is a message's {{.Name}}.
var placeholderRE = regexp.MustCompile(`\{\{\s*\.\w+\s*\}\}`)

// fragments splits a text at its placeholders and keeps the pieces
// with a word of at least four letters, or of three in a phrase,
// trimmed of spaces and punctuation.
func fragments(text string) []string {
	var out []string
	for _, part := range placeholderRE.Split(text, -1) {
		part = strings.TrimFunc(part, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		longest, run := 0, 0
		for _, r := range part {
			if unicode.IsLetter(r) {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
		// A lone short word ("has", "you") may be a word of the other
		// language too; a longer one or a phrase is English.
		if longest >= 4 || longest == 3 && strings.ContainsRune(part, ' ') {
			out = append(out, part)
		}
	}
	return out
}

// containsWord reports whether text contains frag with no letter right
// before or after it (so that "open" is not found in "opened").
func containsWord(text, frag string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], frag)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(frag)
		before, after := ' ', ' '
		if start > 0 {
			before = []rune(text[:start])[len([]rune(text[:start]))-1]
		}
		if end < len(text) {
			after = []rune(text[end:])[0]
		}
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			return true
		}
		i = start + 1
	}
}

// visibleText is what a person reads or hears on the page: the body's
// rendered text, the tab's title, and the labels, tooltips and
// placeholders of its elements (the SVG drawings' titles included),
// without the language switch (each language's name in itself).
const visibleText = `(() => {
	const sw = document.querySelector('.lang-switch');
	if (sw) sw.style.display = 'none';
	// Words marked as another language's (a book's English title on a
	// Hungarian rules page: <em lang="en">) are not the page's.
	const other = [...document.querySelectorAll('body [lang]')].filter((e) => e.lang !== document.documentElement.lang && e.style.display !== 'none');
	for (const e of other) e.style.display = 'none';
	const parts = [document.body.innerText, document.title];
	for (const e of other) e.style.display = '';
	if (sw) sw.style.display = '';
	for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
		if (sw && sw.contains(e)) continue;
		for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
	}
	for (const e of document.querySelectorAll('svg title')) parts.push(e.textContent);
	return parts.join('\n');
})()`

// TestBrowserI18n opens, in Hungarian, French, Spanish and Russian, the
// lobby, a game page and the rules page of each ruleset, a finished game
// and its replay on a
// phone-sized window, and checks each: in the language (<html lang>),
// no English word of the catalogs on the screen, nothing wider than the
// window, no console errors and no serious accessibility violations.
// On a game page it then switches the language and plays on.
func TestBrowserI18n(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: 100, CreateBurst: 100})
	browser := newBrowser(t)
	axe := axeSource(t)

	// A finished game for the replay.
	over := s.create(t, createRequest{Rules: "senet-jequier", Start: "......................w.b...w. w off=wwwbbbb",
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "easy"}}})
	s.waitFor(t, over.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })

	// The check can fail: on an English page it finds English.
	en, _ := newWatchedPerson(t, browser)
	run(t, en, "the English lobby", chromedp.Navigate(s.url+"/?lang=en"))
	waitJS(t, en, "the lobby drawn", `document.body.dataset.lobby === 'ready'`)
	text := get(t, en, "the text", chromedp.Evaluate[string](visibleText))
	found := 0
	for _, frag := range englishFragments(t, language.Hungarian) {
		if containsWord(text, frag) {
			found++
		}
	}
	if found < 20 {
		t.Errorf("the English lobby shows only %d English fragments: the check is broken", found)
	}

	rulesets := []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"}
	next := map[string]string{"hu": "fr", "fr": "es", "es": "ru", "ru": "hu"}
	for _, lang := range []string{"hu", "fr", "es", "ru"} {
		t.Run(lang, func(t *testing.T) {
			english := englishFragments(t, language.Make(lang))
			if len(english) < 100 {
				t.Fatalf("only %d English fragments to look for", len(english))
			}
			games := map[string]createResponse{}
			for _, rules := range rulesets {
				seats := []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}
				start := ""
				if rules == "kinevet" {
					seats = append(seats, seatRequest{Kind: "easy"}, seatRequest{Kind: "easy"})
					// A piece of Red's out, so that the page waits for
					// the throw after the language switch (with every
					// piece in the yard it throws by itself).
					start = "....r................................... ..../..../..../.... r"
				}
				games[rules] = s.create(t, createRequest{Rules: rules, Start: start, Seats: seats})
			}
			ctx, probs := newWatchedPerson(t, browser)
			run(t, ctx, "viewport", chromedp.EmulateViewport(390, 844))
			// ?lang= once: the cookie keeps the language for every page.
			run(t, ctx, "choose the language", chromedp.Navigate(s.url+"/rules?lang="+lang))
			type page struct{ name, path, ready string }
			pages := []page{
				{"lobby", "/", `document.body.dataset.lobby === 'ready' && document.querySelector('#seats select') !== null`},
				{"replay", "/g/" + over.Game.ID + "/replay", `document.body.dataset.step === '0' && document.querySelector('#verification p') !== null && document.querySelector('#review svg text.axis') !== null`},
				{"finished game", "/g/" + over.Game.ID, `document.body.dataset.status === 'over' && document.querySelector('#result') !== null && document.querySelector('#verify-result') !== null && document.querySelector('#review svg text.axis') !== null`},
			}
			for _, rules := range rulesets {
				pages = append(pages, page{"rules " + rules, "/rules/" + rules, `document.querySelector('main.doc h1') !== null`})
			}
			for _, rules := range rulesets {
				c := games[rules]
				holdSeat(t, ctx, s, c)
				pages = append(pages, page{rules, "/g/" + c.Game.ID,
					`document.body.dataset.status === 'live' && document.querySelector('svg#board .piece') !== null && document.querySelector('#status').textContent !== ''`})
			}
			probs.take()
			for _, p := range pages {
				run(t, ctx, "open "+p.name, chromedp.Navigate(s.url+p.path))
				waitSettled(t, ctx, p.name+" drawn", p.ready)
				if got := get(t, ctx, "<html lang>", chromedp.Evaluate[string](`document.documentElement.lang`)); got != lang {
					t.Errorf("%s: <html lang=%q>, want %q", p.name, got, lang)
				}
				text := get(t, ctx, "the text", chromedp.Evaluate[string](visibleText))
				for _, frag := range english {
					if containsWord(text, frag) {
						t.Errorf("%s: English on the page: %q", p.name, frag)
					}
				}
				l := get(t, ctx, "measure", chromedp.Evaluate[layout](measureJS))
				if l.ScrollWidth > l.InnerWidth {
					t.Errorf("%s: the page is %v px wide in a %v px window", p.name, l.ScrollWidth, l.InnerWidth)
				}
				// The header's links and buttons on one row, as in English
				// (those a phone leaves out not counted).
				if spread := get(t, ctx, "the header's rows", chromedp.Evaluate[float64](`(() => {
					const mids = [...document.querySelectorAll('header.top nav > *')].filter((e) => e.getClientRects().length > 0).map((e) => { const b = e.getBoundingClientRect(); return b.top + b.height / 2; });
					return Math.max(...mids) - Math.min(...mids);
				})()`)); spread > 12 {
					t.Errorf("%s: the header's links and buttons take more than one row (their middles %.0f px apart)", p.name, spread)
				}
				if strings.HasPrefix(p.name, "senet") {
					trayNamesInside(t, ctx, p.name)
				}
				// French counts the flat sides of Jéquier's sticks, as its
				// seed does (web.senet.sticksLabel@senet-jequier).
				if lang == "fr" && p.name == "finished game" {
					if label := attr(t, ctx, "#sticks", "aria-label"); !strings.Contains(label, "plat") {
						t.Errorf("the sticks of the Jéquier game are labelled %q, want its flat sides counted", label)
					}
				}
				// The review graph's percentages ("100 %") inside the drawing.
				if cut := get(t, ctx, "graph labels", chromedp.Evaluate[[]string](`[...document.querySelectorAll('#review svg text.axis')].filter((e) => e.getBBox().x < -0.5).map((e) => e.textContent)`)); len(cut) > 0 {
					t.Errorf("%s: the graph's labels %q are cut at its left edge", p.name, cut)
				}
				screenshot(t, ctx, "i18n-"+lang+"-"+p.name)
				for _, v := range axeViolations(t, ctx, axe) {
					t.Errorf("%s: accessibility: %s", p.name, v)
				}
				for _, pr := range probs.take() {
					t.Errorf("%s: %s", p.name, pr)
				}
			}

			// The switch during a game: the page comes back in the other
			// language, still the seat holder's, and the game goes on.
			to := next[lang]
			c := games["kinevet"]
			run(t, ctx, "the kinevet game", chromedp.Navigate(s.url+"/g/"+c.Game.ID))
			waitJS(t, ctx, "my turn", `document.body.dataset.myTurn === 'yes' && document.body.dataset.roll === ''`)
			run(t, ctx, "switch to "+to, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
				`(() => { const s = document.querySelector('#lang-select'); s.value = %q; s.dispatchEvent(new Event('change')); })()`, to)))
			// The new page (its language) stands for the address, which
			// loses its ?lang= once the choice is stored.
			waitSettled(t, ctx, "the page in "+to, fmt.Sprintf(`document.documentElement.lang === %q && document.readyState === 'complete' && !!document.body && document.body.dataset.myTurn === 'yes' && !!document.querySelector('#throw:not([disabled])')`, to))
			turns := s.game(t, c.Game.ID).Turns
			run(t, ctx, "throw", click("#throw:not([disabled])"))
			waitJS(t, ctx, "the throw", fmt.Sprintf(`document.body.dataset.roll !== '' || Number(document.body.dataset.turns) > %d`, turns))
			if get(t, ctx, "a piece to move", chromedp.Evaluate[bool](`document.querySelector('svg#board .piece.movable') !== null`)) {
				showDestinations(t, ctx, "svg#board .piece.movable")
				playShown(t, ctx, "svg#board .piece.movable")
			}
			s.waitFor(t, c.Game.ID, "the turn played after the switch", func(v gameView) bool { return v.Turns > turns })
			want := catalogTexts(t, language.Make(to))["web.game.throw"][0]
			if got := textOf(t, ctx, "#throw"); got != want {
				t.Errorf("after the switch the Throw button says %q, want %q", got, want)
			}
			for _, pr := range probs.take() {
				t.Errorf("switch: %s", pr)
			}
		})
	}
}

// TestBrowserPlurals: the pages' scripts choose the same plural forms
// as the server's go-i18n (both CLDR) for 0, 1, 2, 5, 11, 21 and 22 in
// every language, and Russian says "1 бросок", "2 броска", "5 бросков".
func TestBrowserPlurals(t *testing.T) {
	s := newTestServer(t, Config{})
	browser := newBrowser(t)
	ctx := newPerson(t, browser)
	counts := []int{0, 1, 2, 5, 11, 21, 22}
	for _, tag := range i18n.Languages {
		lang := tag.String()
		run(t, ctx, "open a page in "+lang, chromedp.Navigate(s.url+"/rules?lang="+lang))
		waitJS(t, ctx, "i18n.js loaded", `window.passageI18n !== undefined`)
		got := get(t, ctx, "plurals", chromedp.Evaluate[[]string](fmt.Sprintf(
			`%v.map((n) => passageI18n.t('web.replay.inPlay', { Count: n }))`, jsArray(counts))))
		p, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range counts {
			if want := p.N("web.replay.inPlay", n); got[i] != want {
				t.Errorf("%s: %d: the page says %q, the server %q", lang, n, got[i], want)
			}
		}
		// A ruleset's own word (web.senet.sticksLabel@senet-jequier in
		// French) and the message of the others.
		sticks := get(t, ctx, "the sticks' words", chromedp.Evaluate[[]string](
			`['senet-jequier water=15', 'senet-szenet'].map((r) => passageI18n.tRules('web.senet.sticksLabel', r, { Count: 2, Roll: 2 }))`))
		for i, rules := range []string{"senet-jequier", "senet-szenet"} {
			want := p.N("web.senet.sticksLabel", 2, "Roll", 2)
			if rules == "senet-jequier" && lang == "fr" {
				if want = p.N("web.senet.sticksLabel@senet-jequier", 2, "Roll", 2); !strings.Contains(want, "plats") {
					t.Errorf("fr: Jéquier's sticks say %q, want its flat sides", want)
				}
			}
			if sticks[i] != want {
				t.Errorf("%s: %s's sticks: the page says %q, the server %q", lang, rules, sticks[i], want)
			}
		}
		if lang == "ru" {
			for i, w := range []string{"0 бросков", "1 бросок", "2 броска", "5 бросков", "11 бросков", "21 бросок", "22 броска"} {
				if !strings.Contains(got[i], w) {
					t.Errorf("ru: %d: %q, want %q in it", counts[i], got[i], w)
				}
			}
		}
	}
}

func jsArray(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// waitSettled is waitJS for a page that has just been opened: a query
// that meets the document being replaced (chromedp: "Cannot find
// context with specified id", or "Inspected target navigated" for one
// that navigates while asked) is asked again of the new one.
func waitSettled(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		tctx, cancel := context.WithTimeout(ctx, time.Minute)
		_, err := chromedp.Run(tctx, chromedp.Poll[chromedp.Void]("document.readyState !== 'loading' && ("+expr+")", chromedp.WithPollingTimeout(30*time.Second)))
		cancel()
		if err == nil {
			return
		}
		replaced := strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "Inspected target navigated")
		if !replaced || time.Now().After(deadline) {
			t.Fatalf("wait for %s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserLangLeftOut (player review 4): once a ?lang= choice is
// stored (the cookie), it leaves the address, the other parameters and
// the #hash kept, so that a copied link opens in its reader's language;
// the switch in the header does the same. A page opened later keeps the
// choice.
func TestBrowserLangLeftOut(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	ctx, probs := newWatchedPerson(t, newBrowser(t))
	address := func(lang string) string {
		t.Helper()
		waitSettled(t, ctx, "the page in "+lang, fmt.Sprintf(`document.documentElement.lang === %q && document.readyState === 'complete'`, lang))
		return strings.TrimPrefix(get(t, ctx, "the address", chromedp.Location()), s.url)
	}
	for _, tt := range []struct{ open, lang, want string }{
		{"/?lang=ru&rules=kinevet#create", "ru", "/?rules=kinevet#create"},
		{"/?rules=kinevet&lang=hu", "hu", "/?rules=kinevet"},
		{"/g/" + id + "?lang=es", "es", "/g/" + id},
		{"/rules/kinevet?lang=fr#K3", "fr", "/rules/kinevet#K3"},
	} {
		run(t, ctx, "open "+tt.open, chromedp.Navigate(s.url+tt.open))
		if got := address(tt.lang); got != tt.want {
			t.Errorf("%s: the address is %s, want %s", tt.open, got, tt.want)
		}
	}
	// The header's switch: the page comes back in Russian, its address
	// without the choice.
	run(t, ctx, "switch to Russian", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.querySelector('#lang-select'); s.value = 'ru'; s.dispatchEvent(new Event('change')); })()`))
	if got := address("ru"); got != "/rules/kinevet#K3" {
		t.Errorf("after the switch the address is %s, want /rules/kinevet#K3", got)
	}
	run(t, ctx, "open the lobby", chromedp.Navigate(s.url+"/"))
	if got := address("ru"); got != "/" {
		t.Errorf("the lobby's address is %s, want /", got)
	}
	for _, pr := range probs.take() {
		t.Error(pr)
	}
}
