package server

import (
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"passage/docs"
	"passage/internal/catalog"
	"passage/internal/i18n"
	"passage/ludo"
	"passage/senet"
	"passage/web"
)

// inlineCode finds what a Content-Security-Policy of script-src 'self'
// would block or what styles should not carry: inline scripts, event
// handler attributes and style attributes.
var inlineCode = regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]|<script>|\son[a-z]+=|\sstyle=`)

// dataBlock is the page's messages, a JSON data block that CSP allows
// (it is never run); inlineCode is looked for around it.
var dataBlock = regexp.MustCompile(`(?s)<script type="application/json" id="messages">.*?</script>`)

// TestPages: every page is a template around the shared layout, loads
// its module, carries no inline code, and answers unknown addresses
// with a 404 page that escapes what was asked.
func TestPages(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	ref := func(name string) string { return staticURL(t, name) }
	tests := []struct {
		path   string
		status int
		want   []string
	}{
		{"/", 200, []string{`<title>Lobby · Passage</title>`, `src="` + ref("lobby.js") + `"`, `id="create"`, `href="` + ref("favicon.svg") + `"`, `src="` + ref("prefs.js") + `"`,
			// The time limit says what happens when it runs out: the game
			// waits when no other person is in it (the stand-in does not
			// play a game out between computers).
			`aria-describedby="time-limit-help"`, `otherwise the game waits for them to come back`}},
		{"/g/" + id, 200, []string{`src="` + ref("game.js") + `"`, `id="board"`, `aria-live="polite"`}},
		{"/g/" + id + "/replay", 200, []string{`src="` + ref("replay.js") + `"`, `id="slider"`, `id="play"`}},
		// No such game: the 404 page, not a board that cannot work.
		{"/g/abc", 404, []string{`No such game`}},
		{"/g/abc/replay", 404, []string{`No such game`}},
		{"/rules", 200, []string{`href="/rules/senet-jequier"`, `href="/rules/kinevet"`}},
		// The English page by name, whatever the reader's language, its
		// diagrams in English too (the rules index links it).
		{"/rules/kinevet.en?lang=hu", 200, []string{`<html lang="en">`, `src="/rules/kinevet/board.svg?lang=en"`, `id="H2"`}},
		{"/rules/senet-jequier", 200, []string{`<title>Senet after Jéquier (Pusch) · Passage</title>`, `class="rule-id"`, `id="J7"`}},
		{"/rules/kinevet", 200, []string{`id="H2"`, `<html lang="en">`}},
		// A translated page is in its language, under its own heading.
		{"/rules/senet-szenet.hu", 200, []string{`<html lang="hu">`, "<title>Szenet, az átkelés játéka (a\u00a0BA\u2011val) · Passage</title>",
			// Its upright board and the note on it in Hungarian too.
			`srcset="/rules/senet-szenet/board-upright.svg?lang=hu"`, `<span class="upright-note">Keskeny képernyőn a tábla állva látszik`}},
		{"/docs/api", 200, []string{`<title>The Passage API · Passage</title>`, `<code>`}},
		{"/rules/no<such>", 404, []string{`no&lt;such&gt;`}},
		{"/nowhere<b>", 404, []string{`Not found`, `/nowhere&lt;b&gt;`}},
		{"/static/favicon.svg", 200, []string{`<svg`}},
		// The diagrams come from the rulesets' data: Szenet's House of
		// Water on 27 and its throws (1: 4/16 ... 5: 1/16), Ludo's die.
		{"/rules/senet-szenet/board.svg", 200, []string{`<svg`, `>≈</text>`, `>Water</text>`, `>27</text>`}},
		{"/rules/senet-szenet/throws.svg", 200, []string{`>4/16</text>`, `>1/16</text>`, `>5</text>`}},
		{"/rules/kinevet/throws.svg", 200, []string{`>1/6</text>`, `>6</text>`}},
		{"/rules/kinevet/board.svg", 200, []string{`>40</text>`, `>yard</text>`}},
		{"/rules/kinevet/nothing.svg", 404, nil},
	}
	for _, tt := range tests {
		resp, err := http.Get(s.url + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		body := string(b)
		if resp.StatusCode != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, resp.StatusCode, tt.status)
		}
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s lacks %s", tt.path, w)
			}
		}
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			if m := inlineCode.FindString(dataBlock.ReplaceAllString(body, "")); m != "" {
				t.Errorf("GET %s: inline code %q", tt.path, m)
			}
		}
	}
	// The rules index offers each ruleset's page in every language,
	// English included whatever the reader's (player review 16), each
	// named in its own language.
	resp, err := http.Get(s.url + "/rules?lang=hu")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, sp := range catalog.Specs() {
		for _, tag := range i18n.Languages {
			p, err := i18n.New(tag)
			if err != nil {
				t.Fatal(err)
			}
			code := tag.String()
			link := `<a href="/rules/` + sp.Name + "." + code + `" lang="` + code + `" hreflang="` + code + `">` + p.T("web.langName") + `</a>`
			if !strings.Contains(string(b), link) {
				t.Errorf("the rules index in Hungarian lacks %s", link)
			}
		}
	}
	resp, err = http.Get(s.url + "/favicon.ico")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != ref("favicon.svg") || resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("GET /favicon.ico ends at %s with %d, want the SVG icon", resp.Request.URL.Path, resp.StatusCode)
	}
}

// TestNearGameAddresses (player review 4): a game address with a
// chat's full stop, a slash or capitals after it redirects (308) to the
// game's page; a /g/ address that names no game says so, and an address
// ending in a full stop takes none after it in the sentence.
func TestNearGameAddresses(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(method, path string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(method, s.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	upper := strings.ToUpper(id)
	for path, want := range map[string]string{
		"/g/" + id + ".":                "/g/" + id,
		"/g/" + id + "/":                "/g/" + id,
		"/g/" + id + ").":               "/g/" + id,
		"/g/" + upper:                   "/g/" + id,
		"/g/" + upper + "/":             "/g/" + id,
		"/g/" + id + "/replay.":         "/g/" + id + "/replay",
		"/g/" + id + "/replay/":         "/g/" + id + "/replay",
		"/g/" + upper + "/REPLAY":       "/g/" + id + "/replay",
		"/g/" + id + ".?lang=fr#x":      "/g/" + id + "?lang=fr",
		"/g/" + id + "/?invite=abc&x=1": "/g/" + id + "?invite=abc&x=1",
	} {
		for _, method := range []string{"GET", "HEAD"} {
			resp, _ := get(method, path)
			if resp.StatusCode != http.StatusPermanentRedirect || resp.Header.Get("Location") != want {
				t.Errorf("%s %s: %d to %q, want 308 to %q", method, path, resp.StatusCode, resp.Header.Get("Location"), want)
			}
		}
	}
	other := "aaaaaaaaaaaaa" // a possible ID, no game
	for _, path := range []string{"/g/" + other + ".", "/g/" + other, "/g/" + other + "/", "/g/" + strings.ToUpper(other) + "/replay", "/g/abc.", "/g/" + id + "/moves"} {
		resp, body := get("GET", path)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "<h1>No such game</h1>") || !strings.Contains(body, "Check the link") {
			t.Errorf("GET %s: %d, want 404 saying there is no such game:\n%s", path, resp.StatusCode, body)
		}
		if strings.Contains(body, "..") {
			t.Errorf("GET %s: a double full stop:\n%s", path, body)
		}
	}
	for lang, want := range map[string]string{"en": "No such game", "hu": "Nincs ilyen játszma", "fr": "Partie introuvable", "es": "Partida no encontrada", "ru": "Партия не найдена"} {
		if resp, body := get("GET", "/g/"+other+"?lang="+lang); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "<h1>"+want+"</h1>") {
			t.Errorf("GET /g/%s?lang=%s: %d, want 404 saying %q", other, lang, resp.StatusCode, want)
		}
	}
	// Only a page is redirected; the API stays exact.
	if resp, _ := get("POST", "/g/"+id+"."); resp.StatusCode == http.StatusPermanentRedirect {
		t.Errorf("POST /g/%s.: redirected to %s", id, resp.Header.Get("Location"))
	}
	if resp, body := get("GET", "/nowhere."); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "/nowhere. <a") {
		t.Errorf("GET /nowhere.: %d, want 404 with one full stop after the address:\n%s", resp.StatusCode, body)
	}
}

// TestRulesPagesForPlayers: the rules pages speak to players (no talk
// of seeds, code, notation or files) and every diagram they show exists.
func TestRulesPagesForPlayers(t *testing.T) {
	s := newTestServer(t, Config{})
	img := regexp.MustCompile(`<img src="([^"]+)"`)
	for _, name := range []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"} {
		resp, err := http.Get(s.url + "/rules/" + name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page := string(b)
		main := page[strings.Index(page, "<main"):]
		for _, bad := range []string{"seed", "<code>", ".md", "notation", "the code", "engine"} {
			if strings.Contains(strings.ToLower(main), bad) {
				t.Errorf("/rules/%s speaks of %q", name, bad)
			}
		}
		srcs := img.FindAllStringSubmatch(main, -1)
		if len(srcs) < 2 {
			t.Errorf("/rules/%s shows %d diagrams, want the board and the throws at least", name, len(srcs))
		}
		// A phone shows Senet's board upright, as the game page does.
		upright := regexp.MustCompile(`<picture><source media="\(max-width: 520px\)" srcset="([^"]+)"><img src="/rules/` + name + `/board.svg"`).FindStringSubmatch(main)
		if strings.HasPrefix(name, "senet") {
			if upright == nil || upright[1] != "/rules/"+name+"/board-upright.svg" {
				t.Errorf("/rules/%s: no upright board for narrow screens (%v)", name, upright)
			} else {
				srcs = append(srcs, upright)
				r, err := http.Get(s.url + upright[1])
				if err != nil {
					t.Fatal(err)
				}
				svg, _ := io.ReadAll(r.Body)
				r.Body.Close()
				// Upright: as long as the lying board is wide, its squares
				// wider than long (room for a house's name), its legend
				// under it.
				high := 0
				if box := regexp.MustCompile(`viewBox="0 0 320 ([0-9]+)"`).FindStringSubmatch(string(svg)); box != nil {
					high, _ = strconv.Atoi(box[1])
				}
				if high < 660 {
					t.Errorf("%s is not a board standing upright: %.120s", upright[1], svg)
				}
			}
			if !strings.Contains(main, `</picture><span class="upright-note">On a narrow screen the board stands upright`) {
				t.Errorf("/rules/%s: no note on the upright board after its picture", name)
			}
			// Its examples drawn for a phone's width too.
			narrow := regexp.MustCompile(`<picture><source media="\(max-width: 520px\)" srcset="([^"]+)"><img src="/rules/` + name + `/examples.svg"`).FindStringSubmatch(main)
			if narrow == nil || narrow[1] != "/rules/"+name+"/examples-narrow.svg" {
				t.Errorf("/rules/%s: no examples drawn for narrow screens (%v)", name, narrow)
			} else {
				srcs = append(srcs, narrow)
			}
		} else if upright != nil {
			t.Errorf("/rules/%s: an upright board %v, want none (a square board)", name, upright)
		}
		for _, m := range srcs {
			r, err := http.Get(s.url + m[1])
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if r.StatusCode != http.StatusOK || r.Header.Get("Content-Type") != "image/svg+xml" {
				t.Errorf("/rules/%s: diagram %s answers %d %s", name, m[1], r.StatusCode, r.Header.Get("Content-Type"))
			}
		}
	}
}

// BenchmarkNewSite measures the start-up work of the pages: parsing the
// templates, rendering every Markdown page and drawing the diagrams.
func BenchmarkNewSite(b *testing.B) {
	for b.Loop() {
		static, err := loadStatic()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := newSite(static); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRulesetHousesUnderOptions: the ruleset view with options chosen
// lists the houses of those options, which the board draws: with
// water=15 drowned pieces restart on 15, otherwise on 1.
func TestRulesetHousesUnderOptions(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, tt := range []struct {
		query       string
		want, other int
	}{{"?opt=water%3D15", 15, 1}, {"?opt=water%3D1", 1, 15}} {
		var v rulesetView
		s.ok(t, http.StatusOK, "GET", "/api/rulesets/senet-jequier"+tt.query, "", nil, &v)
		ret := map[int]bool{}
		for _, h := range v.Houses {
			if h.Symbol == "↺" {
				ret[h.Square] = true
			}
		}
		if !ret[tt.want] || ret[tt.other] {
			t.Errorf("%s: return squares %v, want %d only", tt.query, ret, tt.want)
		}
	}
}

// TestEffectsInPlainWords: every special rule the engines report has
// words for players in app.js (a missing one would show the engine's
// own name).
func TestEffectsInPlainWords(t *testing.T) {
	src, err := fs.ReadFile(web.Static, "static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sp := range catalog.Specs() {
		var e interface{ EffectNames() []string }
		var err error
		switch sp.Board {
		case "senet":
			e, err = senet.New(sp.Name, nil)
		case "ludo":
			e, err = ludo.New(sp.Name, nil)
		default:
			t.Fatalf("%s: board %q has no engine in this test", sp.Name, sp.Board)
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, e.EffectNames()...)
	}
	for _, n := range names {
		if !strings.Contains(string(src), "'"+n+"': [") {
			t.Errorf("effect %q has no plain words in app.js", n)
		}
	}
}

// TestInvitePagesAreNotStored: a game page opened by an invite link holds
// the invite's secret, so no cache may keep it; the same page without one
// is only revalidated.
func TestInvitePagesAreNotStored(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	for path, want := range map[string]string{
		c.Invites[0].Path:      "no-store",
		"/g/" + c.Game.ID:      "no-cache",
		"/rules/senet-jequier": "no-cache",
	} {
		resp, err := http.Get(s.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
}

// TestDocsIndex: /docs lists every document the server shows (the rules
// and each docs/*.md), with a line in the page's language saying what it
// is for, says that /docs/strength is the developers' measurement log
// and how simulations are run (passage sim, a command-line feature), and
// every link on it resolves. The lobby links to it: the research pages
// were linked from nowhere but the API page, and /docs was a 404
// (player review).
func TestDocsIndex(t *testing.T) {
	s := newTestServer(t, Config{})
	get := func(path string) (int, string) {
		t.Helper()
		resp, body := getPage(t, s.url+path, nil)
		return resp.StatusCode, body
	}
	status, body := get("/docs")
	if status != http.StatusOK {
		t.Fatalf("GET /docs: status %d, want 200", status)
	}
	main := body[strings.Index(body, `<main`):]
	hrefs := regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(main, -1)
	linked := map[string]bool{}
	for _, m := range hrefs {
		linked[m[1]] = true
	}
	mds, err := fs.Glob(docs.Files, "*.md")
	if err != nil || len(mds) == 0 {
		t.Fatalf("docs: %v, %d files", err, len(mds))
	}
	for _, f := range append(mds, "rules") {
		want := "/docs/" + strings.TrimSuffix(f, ".md")
		if f == "rules" {
			want = "/rules"
		}
		if !linked[want] {
			t.Errorf("/docs does not link to %s", want)
		}
	}
	for _, w := range []string{`<title>Documentation · Passage</title>`, `measurement log`, `<code>passage sim`, `passage help sim`} {
		if !strings.Contains(body, w) {
			t.Errorf("/docs lacks %s", w)
		}
	}
	for href := range linked {
		if status, _ := get(href); status != http.StatusOK {
			t.Errorf("/docs links to %s, which answers %d", href, status)
		}
	}
	// In the reader's language, and at /docs/ too.
	if status, body := get("/docs/?lang=hu"); status != http.StatusOK || !strings.Contains(body, `<html lang="hu">`) || !strings.Contains(body, "<h1>Dokumentáció</h1>") {
		t.Errorf("GET /docs/?lang=hu: status %d, not the Hungarian index", status)
	}
	if _, lobby := get("/"); !strings.Contains(lobby, `href="/docs"`) {
		t.Error("the lobby does not link to /docs")
	}
}
