package server

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"slices"
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
		if kit.Brief == nil {
			t.Fatalf("%s has no brief", sp.Name)
		}
		b := kit.Brief()
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
			if n := len(lines); n < 4 || n > 7 {
				t.Errorf("%s: %d lines, want 4-7: %q", path, n, lines)
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
			checkBriefSpecials(t, path, p, kit, sp.Board, lines)
		}
	}
}

// checkBriefSpecials: the box says each ruleset's special squares and
// pieces (player review: the Szenet box said nothing of the BA, the
// House of Water or the houses that cost a turn, and then the game
// refused a bearing off "until its BA has entered"). Each house the
// board draws whose effect no other line says (water, the compulsory
// stop, a missed turn, sleep) is named on one line, by its name in the
// page's language and its square, with the square a drowned piece
// restarts on; the BA is among the pieces, and the last line says that
// no piece bears off before it has entered; Ludo's goal has its line;
// Jéquier's bearing off from the last row is said.
func checkBriefSpecials(t *testing.T, path string, p *i18n.Printer, kit catalog.Kit, board string, lines []string) {
	t.Helper()
	b := kit.Brief()
	said := 0
	for _, h := range kit.Houses() {
		for _, e := range h.Effects {
			if !slices.Contains([]string{"stop", "skip", "sleep", "water-up", "water-down", "water-hand"}, e.Kind) {
				continue
			}
			said++
			label := fmt.Sprint(h.Square)
			if h.Name != "" {
				label = upperFirst(p.T("web.house.name."+houseKey(h.Name))) + " ("
			}
			i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, label) && strings.Contains(l, fmt.Sprint(h.Square)) })
			if i < 0 {
				t.Errorf("%s: no line names house %d (%s, %s) as %q: %q", path, h.Square, h.Name, e.Kind, label, lines)
				continue
			}
			if e.N != 0 && !strings.Contains(lines[i], fmt.Sprint(e.N)) {
				t.Errorf("%s: the line of house %d lacks its return square %d: %q", path, h.Square, e.N, lines[i])
			}
			if e.Kind == "water-hand" && b.BA && !strings.Contains(lines[i], "BA") && !strings.Contains(lines[i], "БА") {
				t.Errorf("%s: the water's line says not what a drowned BA does: %q", path, lines[i])
			}
		}
	}
	if board == "senet" && said == 0 {
		t.Errorf("%s: a Senet box with no house", path)
	}
	last := lines[len(lines)-1]
	if b.BA {
		if !strings.Contains(lines[1], "BA") && !strings.Contains(lines[1], "БА") {
			t.Errorf("%s: the pieces' line says nothing of the BA: %q", path, lines[1])
		}
		if !strings.Contains(last, p.T("web.brief.baGate")) {
			t.Errorf("%s: the last line says not that no piece bears off before its BA has entered: %q", path, last)
		}
	}
	if slices.ContainsFunc(kit.Houses(), func(h game.House) bool {
		return slices.ContainsFunc(h.Effects, func(e game.HouseEffect) bool { return e.Kind == "bearoff-lastrow" })
	}) && !strings.Contains(last, p.T("web.brief.lastRow")) {
		t.Errorf("%s: the last line says not when pieces bear off: %q", path, last)
	}
	// Apokrif A8 and A24, from the ruleset's data.
	if b.Spaced && !strings.Contains(lines[4], p.T("web.brief.spaced")) {
		t.Errorf("%s: the capture line says not that no piece passes two side by side: %q", path, lines[4])
	}
	for _, h := range b.Houses {
		for _, e := range h.Effects {
			if e.Kind != "bearoff-exact" {
				continue
			}
			if want := p.T("web.brief.throwFrom", "Roll", e.N, "Square", p.T("web.brief.squareNo", "N", h.Square)); !strings.Contains(last, want) {
				t.Errorf("%s: the last line says not %q: %q", path, want, last)
			}
		}
	}
	// Szenet S20, from the ruleset's data: every piece needs the exact
	// throw, and a larger one bears none off.
	if len(b.ExactOff) > 0 {
		var throws []string
		for _, o := range b.ExactOff {
			throws = append(throws, p.T("web.brief.throwFrom", "Roll", o.Throw, "Square", p.T("web.brief.squareNo", "N", o.Square)))
		}
		if want := p.T("web.brief.exactOffOnly", "Throws", joinList(p, throws, "web.brief.or")); !strings.Contains(last, want) {
			t.Errorf("%s: the last line says not %q: %q", path, want, last)
		}
	}
	// Jéquier J4 and J14, from the ruleset's data.
	if b.OpeningSquare > 0 {
		name, _ := game.SeatName(kit.Ruleset, game.Player(b.OpeningSeat))
		if want := p.T("web.brief.opening", "Seat", p.T("seat."+strings.ToLower(name)), "Square", p.T("web.brief.squareNo", "N", b.OpeningSquare)); !strings.HasSuffix(lines[1], " "+want) {
			t.Errorf("%s: the pieces' line says not %q: %q", path, want, lines[1])
		}
	}
	if b.Overshoot != "" {
		key := map[string]string{"bounce": "web.brief.overshootBounce", "block": "web.brief.overshootBlock"}[b.Overshoot]
		if want := p.T(key, "Last", p.T("web.brief.squareNo", "N", b.Squares)); !strings.Contains(last, want) {
			t.Errorf("%s: the last line says not %q: %q", path, want, last)
		}
	}
	if b.GoalSquares > 0 && !strings.Contains(strings.Join(lines, "\n"), p.N("web.brief.goalExact", b.GoalSquares)) {
		t.Errorf("%s: no line says that a piece cannot go past its goal: %q", path, lines)
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
		{"/rules/kinevet?opt=six-rolls%3D2&lang=hu", 2, "Ha a dobás 6, még 2 dobás jár.", "Újra dobhatsz", "Ezekkel a beállításokkal: A hatos után: még két dobás."},
		{"/rules/kinevet.ru?opt=six-rolls%3D2", 2, "После 6 вы бросаете ещё 2 раза.", "снова", ""},
		{"/rules/kinevet?opt=three-tries%3Don", 3, "With no piece on the track you get 3 throws to throw a 6.", "", ""},
		{"/rules/kinevet?opt=finish%3Dall", 6, "The others play on for the places.", "", ""},
		{"/rules/kinevet", 6, "The first to bring all 4 pieces home wins.", "play on", ""},
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
		// The special squares and pieces (player review), in the page's
		// language, and as the options make them.
		{"/rules/senet-szenet", 1, "5 pieces each, one of them the BA (the soul): they wait off the board and enter with a 1, the BA only after all the others.", "", ""},
		{"/rules/senet-szenet", 4, "No piece can be taken on 1, 15, 26 or 28\u2060–\u206030. A piece may not stay on them: while a piece of yours there can move, you must move one of those.", "", ""},
		{"/rules/senet-szenet", 5, "Squares 10 and 20: ending your move there makes you miss your next turn. House of Oblivion (16): a piece that ends its move there falls asleep until a piece passes over it. House of Water (27): a piece that ends a move there drowns, leaves the board and must enter again; a drowned BA takes every piece of its side on the board with it.", "", ""},
		{"/rules/senet-szenet", 6, "The first to bear off all 5 pieces wins. A piece bears off only with the exact throw: 5 from 26, 3 from 28, 2 from 29 or 1 from 30; a larger throw does not bear it off. No other piece bears off before its BA has entered the board.", "any throw", ""},
		// Szenet's exact bearing off (S20; player review), in every
		// language.
		{"/rules/senet-szenet.hu", 6, "Bábut kivezetni csak pontos dobással lehet: 26.\u00a0mezőről 5, 28.\u00a0mezőről 3, 29.\u00a0mezőről 2 vagy 30.\u00a0mezőről 1; nagyobb dobással nem lehet kivezetni.", "", ""},
		{"/rules/senet-szenet.fr", 6, "Un pion ne sort qu'avec le lancer exact\u202f: 5 depuis 26, 3 depuis 28, 2 depuis 29 ou 1 depuis 30\u202f; un lancer plus fort ne le fait pas sortir.", "", ""},
		{"/rules/senet-szenet.es", 6, "Una ficha solo sale con la tirada exacta: 5 desde 26, 3 desde 28, 2 desde 29 o 1 desde 30; una tirada mayor no la saca.", "", ""},
		{"/rules/senet-szenet.ru", 6, "Фишка выводится только точным броском: 5 с поля 26, 3 с поля 28, 2 с поля 29 или 1 с поля 30; больший бросок её не выводит.", "", ""},
		{"/rules/senet-szenet?lang=hu", 1, "köztük a kiemelt BA (a lélek). A pályán kívül várakoznak; egy bábu akkor léphet be, ha a dobás 1, de a BA csak az összes többi után.", "ezzel a dobással", ""},
		{"/rules/senet-szenet?lang=hu", 2, "Egyik dobás után sem dobsz újra, de jutalomdobás jár a belépés után, és ha egy bábu kiemelt házban fejezi be a lépését (15. vagy 26.\u00a0mező); ezzel a dobással csak az a bábu léphet.", "bejövetel", ""},
		{"/rules/senet-szenet?lang=hu", 5, "10. és 20.\u00a0mező: aki itt fejezi be a lépését, egy körre kimarad. A Feledés háza (16.\u00a0mező): ", "", ""},
		{"/rules/senet-szenet?lang=hu", 6, "Amíg a BA nem lépett be a táblára, más bábut nem lehet kivezetni.", "", ""},
		{"/rules/senet-szenet.fr", 5, "Maison de l'Eau (27)\u202f: un pion qui y finit un coup se noie", "", ""},
		{"/rules/senet-jequier", 5, "House of Water (27): a piece that ends a move there drowns and starts again on 1, or on the first empty square after it.", "", ""},
		{"/rules/senet-jequier?opt=water%3D15", 5, "House of Water (27): a piece that ends a move there drowns and starts again on 15, or on the first empty square after it.", "on 1,", "With these options: Drowned pieces restart on: square 15."},
		{"/rules/senet-jequier?opt=water%3D15&lang=hu", 5, "A Víz háza (27.\u00a0mező): az ide lépő bábu elmerül, és a visszatérési mezőn (15.\u00a0mező) kezdi újra", "(1.\u00a0mező)", ""},
		{"/rules/senet-jequier.es?opt=water%3D15", 5, "Casa del Agua (27): una ficha que termina allí un movimiento se ahoga y vuelve a empezar en 15,", "", ""},
		{"/rules/senet-jequier", 6, "Pieces bear off at 30, and only once all of a side's pieces on the board stand in 21–30.", "", ""},
		// A newcomer's first two questions (player review): White's
		// first move from 9 (J4) and a throw past 30 (J14), as the
		// options make it.
		{"/rules/senet-jequier", 1, "First to throw: Black. White's first move must be made from square 9 if that piece can move.", "", ""},
		{"/rules/senet-jequier?lang=hu", 1, "Fehér első lépése csak innen indulhat, ha az ottani bábu léphet: 9.\u00a0mező.", "", ""},
		{"/rules/senet-jequier.fr", 1, "Le premier coup des Blancs doit partir de la case 9 si ce pion peut se déplacer.", "", ""},
		{"/rules/senet-jequier.ru", 1, "Белые первым ходом ходят фишкой с поля 9, если она может ходить.", "", ""},
		{"/rules/senet-apokrif", 1, "First to throw: White.", "first move", ""},
		{"/rules/senet-jequier", 6, "A throw that would carry a piece past 30 bounces: it counts up to 30 and back by the rest.", "cannot move it", ""},
		{"/rules/senet-jequier?opt=overshoot%3Dblock", 6, "A throw that would carry a piece past 30 cannot move it.", "bounces", "With these options: A throw past square 30: cannot be played."},
		{"/rules/senet-jequier.es?opt=overshoot%3Dblock", 6, "Una tirada que llevaría una ficha más allá de 30 no puede moverla.", "rebota", ""},
		{"/rules/senet-jequier?lang=hu", 6, "Ha a dobás túlvinné a bábut az utolsó mezőn (30.\u00a0mező), a bábu odáig számol, majd a maradékkal visszafelé lép.", "", ""},
		{"/rules/senet-szenet", 6, "BA has entered the board.", "past 30", ""},
		// Apokrif's own rules (player review): no piece jumps two side
		// by side (A8); bearing off with exact throws (A24).
		{"/rules/senet-apokrif", 4, "4 or more in a row can be neither attacked nor passed. No piece can pass over two pieces side by side, of either colour.", "", ""},
		{"/rules/senet-apokrif.hu", 4, "Egyik bábu sem ugorhat át két egymás melletti bábut, akármilyen színűek.", "", ""},
		{"/rules/senet-jequier", 4, "3 or more in a row", "side by side", ""},
		{"/rules/senet-apokrif", 6, "The first to bear off all 5 pieces wins. A piece bears off only with the exact throw: 5 from 26, 3 from 28 or 2 from 29; from 30 with any throw.", "", ""},
		{"/rules/senet-apokrif?opt=pieces%3D7", 6, "The first to bear off all 7 pieces wins. A piece bears off only with the exact throw: 5 from 26, 3 from 28 or 2 from 29; from 30 with any throw.", "", ""},
		{"/rules/senet-apokrif.fr", 6, "Un pion ne sort qu'avec le lancer exact\u202f: 5 depuis 26, 3 depuis 28 ou 2 depuis 29\u202f; de 30, avec n'importe quel lancer.", "", ""},
		{"/rules/senet-apokrif.ru", 6, "Фишка выводится только точным броском: 5 с поля 26, 3 с поля 28 или 2 с поля 29; с поля 30 — любым броском.", "", ""},
		{"/rules/senet-jequier", 6, "21–30.", "exact throw", ""},
		{"/rules/senet-apokrif", 5, "House of Beauty (26): every piece must stop there. House of Water (27): a piece that ends a move there drowns and starts again on 15, or on the first empty square before it.", "", ""},
		{"/rules/senet-apokrif.ru", 5, "Дом Красоты (26): здесь обязана остановиться каждая фишка. Дом Воды (27): ", "", ""},
		{"/rules/kinevet", 5, "A piece cannot go past the last of its 4 goal squares: a throw too big cannot move it. In the goal a piece cannot jump its own pieces.", "", ""},
		{"/rules/kinevet?opt=goal-jump%3Don", 5, "In the goal a piece may jump its own pieces.", "cannot jump", ""},
		{"/rules/kinevet?opt=goal-bounce%3Don", 5, "A piece stepping from the track into its 4 goal squares counts a throw too big back from the last one", "cannot go past", ""},
		{"/rules/kinevet?opt=three-sixes%3Don", 2, "After a 6 you throw again. A third 6 in a row is not played: the piece moved last goes back to its yard, and the turn passes.", "", ""},
		{"/rules/kinevet", 2, "After a 6 you throw again.", "third", ""},
		{"/rules/kinevet?lang=hu", 5, "A célba csak pontos dobással lehet bejutni", "", ""},
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

// TestRulesBadOptionsWords (player review): a rules page asked for with
// a bad option says what is wrong in the page's language, from the
// error's data (the option, the value given, the values it takes), in
// every language, not with the engine's English inside a French
// sentence; the API keeps its English message and its code.
func TestRulesBadOptionsWords(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, tag := range i18n.Languages {
		lang := tag.String()
		p, _ := i18n.New(tag)
		for _, tt := range []struct {
			path string
			want string
		}{
			{"/rules/senet-jequier?opt=water%3D16&lang=" + lang, p.T("web.optionError.value", "Key", "water", "Value", "16", "Allowed", p.T("web.brief.or", "Rest", "1", "Last", "15"))},
			{"/rules/senet-jequier." + lang + "?opt=water%3D16", p.T("web.optionError.value", "Key", "water", "Value", "16", "Allowed", p.T("web.brief.or", "Rest", "1", "Last", "15"))},
			{"/rules/senet-jequier?opt=depth%3D2&lang=" + lang, p.T("web.optionError.unknown", "Item", "depth=2", "Key", "depth", "Allowed", p.T("web.brief.and", "Rest", "overshoot", "Last", "water"))},
			{"/rules/senet-szenet?opt=depth%3D2&lang=" + lang, p.T("web.optionError.none", "Item", "depth=2")},
			{"/rules/senet-jequier?opt=water&lang=" + lang, p.T("web.optionError.syntax", "Item", "water")},
			{"/rules/senet-jequier?opt=water%3D1&opt=water%3D15&lang=" + lang, p.T("web.optionError.twice", "Key", "water")},
			{"/rules/kinevet?opt=players%3D3&opt=colors%3Dry&lang=" + lang, p.T("web.optionError.conflict", "Key", "players", "Value", "3", "Other", "colors", "OtherValue", "ry")},
			{"/rules/senet-jequier/board.svg?opt=water%3D16&lang=" + lang, p.T("web.optionError.value", "Key", "water", "Value", "16", "Allowed", p.T("web.brief.or", "Rest", "1", "Last", "15"))},
		} {
			status, _, _, page := getBrief(t, s, tt.path)
			page = html.UnescapeString(page)
			want := p.T("web.notFound.badOptionsText", "Name", tt.want)
			if status != http.StatusBadRequest || !strings.Contains(page, want) {
				t.Errorf("%s: %d, want 400 saying %q", tt.path, status, want)
			}
			if strings.Contains(page, "invalid option") || strings.Contains(page, "want one of") || strings.Contains(page, "!web.") {
				t.Errorf("%s: the engine's English, or a missing message, on the page", tt.path)
			}
		}
	}
	resp, err := http.Get(s.url + "/api/rulesets/senet-jequier?opt=water%3D16")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `"error":"invalid option: water=16: want one of 1, 15"`; resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), want) || !strings.Contains(string(b), `"code":"invalid_options"`) {
		t.Errorf("API: %d %s, want 400 invalid_options with %s", resp.StatusCode, b, want)
	}
}
