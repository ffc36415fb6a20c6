package server

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
)

// briefBox is the box "in brief" of a rules page: its heading and its
// lines, as text.
var (
	briefBox  = regexp.MustCompile(`(?s)<section class="card brief" id="in-brief" aria-labelledby="in-brief-h" lang="([a-z]+)">\s*<h2 id="in-brief-h">([^<]+)</h2>(.*?)</section>`)
	briefLine = regexp.MustCompile(`(?s)<li>(.*?)</li>`)
)

// getBrief fetches a rules page and returns its status, its box's
// heading and lines (nil when it has none) and the page.
func getBrief(t *testing.T, s *testServer, path string) (int, string, []string, string) {
	t.Helper()
	resp, err := http.Get(s.url + path)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(b)
	m := briefBox.FindStringSubmatch(page)
	if m == nil {
		return resp.StatusCode, "", nil, page
	}
	var lines []string
	for _, l := range briefLine.FindAllStringSubmatch(m[3], -1) {
		lines = append(lines, html.UnescapeString(l[1]))
	}
	return resp.StatusCode, html.UnescapeString(m[2]), lines, page
}

// TestRulesInBrief: every rules page, in every language, opens with a
// box "in brief" (a heading and a list of a few lines) right after its
// title, whose facts are the ruleset's own: its throws and their
// chances, its pieces, who throws first and which throws give another.
func TestRulesInBrief(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, sp := range catalog.Specs() {
		kit, err := catalog.Open(sp.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		b := kit.Brief
		if b == nil {
			t.Fatalf("%s has no brief", sp.Name)
		}
		outcomes, _ := kit.Outcomes(kit.Start())
		first, _ := kit.ToMove(kit.Start())
		seat, _ := game.SeatName(kit.Ruleset, first)
		for _, tag := range i18n.Languages {
			lang := tag.String()
			p, _ := i18n.New(tag)
			path := "/rules/" + sp.Name + "?lang=" + lang
			status, heading, lines, page := getBrief(t, s, path)
			if status != http.StatusOK || lines == nil {
				t.Errorf("%s: %d, no box in brief", path, status)
				continue
			}
			if heading != p.T("web.brief.heading") {
				t.Errorf("%s: heading %q", path, heading)
			}
			if n := len(lines); n < 4 || n > 6 {
				t.Errorf("%s: %d lines, want 4-6: %q", path, n, lines)
			}
			// At the top: right after the page's title, before its text.
			if h1, box := strings.Index(page, "</h1>"), strings.Index(page, `id="in-brief"`); h1 < 0 || box < h1 || strings.Contains(page[h1+5:box], "<p>") {
				t.Errorf("%s: the box is not right after the title", path)
			}
			all := strings.Join(lines, "\n")
			if strings.Contains(all, "!web.") || strings.Contains(all, "{{") {
				t.Errorf("%s: a message is missing: %q", path, all)
			}
			for _, o := range outcomes {
				if chance := fmt.Sprintf("%d/%d", o.Num, o.Den); !strings.Contains(lines[0], chance) {
					t.Errorf("%s: the throws' line lacks %s: %q", path, chance, lines[0])
				}
			}
			if want := p.T("seat." + strings.ToLower(seat)); !strings.Contains(lines[1], want) || !strings.Contains(lines[1], fmt.Sprint(b.Pieces)) {
				t.Errorf("%s: the pieces' line names not %d pieces and %s first: %q", path, b.Pieces, want, lines[1])
			}
			for _, x := range b.Extra {
				if !strings.Contains(lines[2], fmt.Sprint(x)) {
					t.Errorf("%s: the turn's line lacks the extra throw %d: %q", path, x, lines[2])
				}
			}
		}
	}
}

// TestRulesInBriefFollowsOptions: the box says what the game plays
// under the options of the query, as the game page links to it: with
// six-rolls=2 a 6 gives two more throws, with pieces=7 Apokrif has
// seven pieces, with finish=all the others play on, with safe-start=on
// the start squares are safe. Options that do not exist answer 400.
func TestRulesInBriefFollowsOptions(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, tt := range []struct {
		path       string
		line       int
		want, not  string
		optionLine string
	}{
		{"/rules/kinevet", 2, "After a 6 you throw again.", "more times", ""},
		{"/rules/kinevet?opt=six-rolls%3D2", 2, "After a 6 you throw 2 more times.", "throw again", "With these options: A 6 gives: two more throws."},
		{"/rules/kinevet?opt=six-rolls%3D2&lang=hu", 2, "2 újabb dobás jár, ha ezt dobod: 6.", "Újra dobsz", "Ezekkel a beállításokkal: A hatos után: még két dobás."},
		{"/rules/kinevet.ru?opt=six-rolls%3D2", 2, "После 6 вы бросаете ещё 2 раза.", "снова", ""},
		{"/rules/kinevet?opt=three-tries%3Don", 3, "With no piece on the track you get 3 throws to throw a 6.", "", ""},
		{"/rules/kinevet?opt=finish%3Dall", 5, "The others play on for the places.", "", ""},
		{"/rules/kinevet", 5, "The first to bring all 4 pieces home wins.", "play on", ""},
		{"/rules/kinevet?opt=colors%3Dgbr&opt=players%3D3", 0, "", "", "With these options: Colours in turn order: Green, Blue, Red; Number of players: three."},
		{"/rules/kinevet?opt=safe-start%3Don", 4, "No piece can be taken on 1, 11, 21 or 31.", "", ""},
		{"/rules/kinevet", 4, "sends it back to its yard.", "taken on", ""},
		{"/rules/senet-apokrif?opt=pieces%3D7", 1, "7 pieces each", "5 pieces", ""},
		{"/rules/senet-apokrif", 1, "5 pieces each on a track of 30 squares. First to throw: White.", "", ""},
		{"/rules/senet-jequier", 2, "After a 1, 4 or 6 you throw again.", "", ""},
		{"/rules/senet-jequier", 1, "First to throw: Black.", "", ""},
		{"/rules/senet-apokrif", 2, "After a 1, 4 or 5 you throw again. A move that ends on 15 also gives another throw.", "", ""},
		{"/rules/senet-apokrif", 4, "No piece can be taken on 1, 15, 16 or 26\u2060–\u206030.", "", ""},
		{"/rules/senet-szenet", 2, "No throw gives another throw, but entering, or ending a move on 15 or 26, gives a bonus throw for that piece.", "", ""},
		{"/rules/senet-szenet", 1, "wait", "", ""},
	} {
		status, _, lines, page := getBrief(t, s, tt.path)
		if status != http.StatusOK || len(lines) <= tt.line {
			t.Errorf("%s: %d, lines %q", tt.path, status, lines)
			continue
		}
		if !strings.Contains(lines[tt.line], tt.want) || tt.not != "" && strings.Contains(lines[tt.line], tt.not) {
			t.Errorf("%s: line %d = %q, want %q (and not %q)", tt.path, tt.line, lines[tt.line], tt.want, tt.not)
		}
		if tt.optionLine != "" && !strings.Contains(html.UnescapeString(page), `<p class="small">`+tt.optionLine+`</p>`) {
			t.Errorf("%s: no line %q", tt.path, tt.optionLine)
		}
	}
	for _, path := range []string{"/rules/kinevet?opt=six-rolls%3D3", "/rules/senet-jequier?opt=nonsense", "/rules/kinevet.hu?opt=six-rolls%3D9"} {
		status, _, lines, page := getBrief(t, s, path)
		if status != http.StatusBadRequest || lines != nil || !strings.Contains(page, "six-rolls") && !strings.Contains(page, "nonsense") {
			t.Errorf("%s: %d, want 400 naming the option", path, status)
		}
	}
}
