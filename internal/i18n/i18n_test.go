package i18n

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/text/language"
)

// catalogs reads every embedded catalog as id -> plural form -> text (a
// plain string is the form "other").
func catalogs(t *testing.T) map[string]map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]map[string]string{}
	for _, tag := range Languages {
		data, err := locales.ReadFile("locales/" + tag.String() + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", tag, err)
		}
		msgs := map[string]map[string]string{}
		for id, v := range raw {
			var s string
			if json.Unmarshal(v, &s) == nil {
				msgs[id] = map[string]string{"other": s}
				continue
			}
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s: %s is neither a text nor plural forms: %v", tag, id, err)
			}
			msgs[id] = forms
		}
		out[tag.String()] = msgs
	}
	return out
}

// TestCatalogsLoad: every embedded catalog parses with go-i18n.
func TestCatalogsLoad(t *testing.T) {
	if _, err := load(); err != nil {
		t.Fatal(err)
	}
}

// TestCatalogsSameKeys fails on a message missing from a catalog, one
// that only a translation has, or an empty text.
func TestCatalogsSameKeys(t *testing.T) {
	cats := catalogs(t)
	en := cats["en"]
	for lang, msgs := range cats {
		for id := range en {
			if _, ok := msgs[id]; !ok {
				t.Errorf("%s lacks %s", lang, id)
			}
		}
		for id, forms := range msgs {
			if base, rules, ok := strings.Cut(id, "@"); ok {
				// A ruleset's own word for a message (docs/i18n.md).
				if _, ok := en[base]; !ok {
					t.Errorf("%s has %s, a ruleset's word for %s, which English lacks", lang, id, base)
				}
				if _, ok := en["ruleset."+rules]; !ok {
					t.Errorf("%s has %s, for %q, which is no ruleset", lang, id, rules)
				}
			} else if _, ok := en[id]; !ok {
				t.Errorf("%s has %s, which English lacks", lang, id)
			}
			for form, text := range forms {
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s: %s (%s) is empty", lang, id, form)
				}
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders is the sorted set of {{.Name}} in text.
func placeholders(text string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestPlaceholdersMatch: every form of every translation fills the same
// placeholders as the English "other" form, and uses no template
// syntax beyond {{.Name}}.
func TestPlaceholdersMatch(t *testing.T) {
	cats := catalogs(t)
	en := cats["en"]
	for lang, msgs := range cats {
		for id, forms := range msgs {
			base, _, _ := strings.Cut(id, "@") // a ruleset's word fills its message's placeholders
			want := placeholders(en[base]["other"])
			for form, text := range forms {
				if got := placeholders(text); !slices.Equal(got, want) {
					t.Errorf("%s: %s (%s) has placeholders %v, English has %v", lang, id, form, got, want)
				}
				if strings.Count(text, "{{") != len(placeholder.FindAllString(text, -1)) {
					t.Errorf("%s: %s (%s) has template syntax other than {{.Name}}: %q", lang, id, form, text)
				}
			}
		}
	}
}

// TestPlurals: the count words follow each language's CLDR rules, and
// numbers are written in the language's format.
func TestPlurals(t *testing.T) {
	counts := []int{0, 1, 2, 5, 11, 21, 22, 10000}
	want := map[string][]string{
		"en": {"0 games", "1 game", "2 games", "5 games", "11 games", "21 games", "22 games", "10,000 games"},
		"hu": {"0 játszma", "1 játszma", "2 játszma", "5 játszma", "11 játszma", "21 játszma", "22 játszma", "10 000 játszma"},
		"fr": {"0 partie", "1 partie", "2 parties", "5 parties", "11 parties", "21 parties", "22 parties", "10 000 parties"},
		"es": {"0 partidas", "1 partida", "2 partidas", "5 partidas", "11 partidas", "21 partidas", "22 partidas", "10.000 partidas"},
		"ru": {"0 партий", "1 партия", "2 партии", "5 партий", "11 партий", "21 партия", "22 партии", "10 000 партий"},
	}
	for _, tag := range Languages {
		p, err := New(tag)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range counts {
			// x/text writes a no-break space as the group separator
			// where the language wants a space.
			got := strings.ReplaceAll(p.N("sim.games", n), "\u00a0", " ")
			if w := want[tag.String()][i]; got != w {
				t.Errorf("%s: %d games = %q, want %q", tag, n, got, w)
			}
		}
	}
	ru, _ := New(language.Russian)
	for n, w := range map[int]string{1: "сыгран 1 ход", 2: "сыграно 2 хода", 5: "сыграно 5 ходов", 11: "сыграно 11 ходов", 21: "сыгран 21 ход", 22: "сыграно 22 хода", 0: "сыграно 0 ходов"} {
		if got := ru.N("play.stopped", n, "Reason", "выход"); !strings.Contains(got, w) {
			t.Errorf("ru: %d turns = %q, want it to contain %q", n, got, w)
		}
	}
}

// TestEveryPluralFormPresent: each plural message resolves for counts
// that reach every CLDR category of every language (a missing form
// comes back as "!id").
func TestEveryPluralFormPresent(t *testing.T) {
	cats := catalogs(t)
	for _, tag := range Languages {
		p, _ := New(tag)
		ids := maps.Clone(cats["en"])
		for id, forms := range cats[tag.String()] {
			if strings.Contains(id, "@") { // a ruleset's own word in this language
				ids[id] = forms
			}
		}
		for id := range ids {
			base, _, _ := strings.Cut(id, "@")
			if len(cats["en"][base]) == 1 {
				continue
			}
			for n := range 1_000_001 {
				if n > 200 && n != 1_000_000 {
					continue
				}
				if got := p.N(id, n, "Reason", "x"); strings.HasPrefix(got, "!") {
					t.Errorf("%s: %s has no form for %d", tag, id, n)
					break
				}
			}
		}
	}
}

// TestNumbers: decimals use the language's separator.
func TestNumbers(t *testing.T) {
	for lang, want := range map[string]string{"en": "0.5", "hu": "0,5", "fr": "0,5", "es": "0,5", "ru": "0,5"} {
		p, _ := New(language.Make(lang))
		if got := p.Float(0.5, 1); got != want {
			t.Errorf("%s: 0.5 = %q, want %q", lang, got, want)
		}
	}
}

// TestPercent: percentages as each language writes them, with a fixed
// number of decimals.
func TestPercent(t *testing.T) {
	for lang, want := range map[string]string{"en": "2.5%|0.0%|100.0%", "hu": "2,5%|0,0%|100,0%", "fr": "2,5\u00a0%|0,0\u00a0%|100,0\u00a0%", "es": "2,5\u00a0%|0,0\u00a0%|100,0\u00a0%", "ru": "2,5\u00a0%|0,0\u00a0%|100,0\u00a0%"} {
		p, _ := New(language.Make(lang))
		if got := p.Percent(0.025, 1) + "|" + p.Percent(0, 1) + "|" + p.Percent(1, 1); got != want {
			t.Errorf("%s: percentages %q, want %q", lang, got, want)
		}
	}
}

// TestMissingMessage: an unknown id shows as "!id", never as an empty
// string or silently in English.
func TestMissingMessage(t *testing.T) {
	p, _ := New(language.Hungarian)
	if got := p.T("no.such.message"); got != "!no.such.message" {
		t.Errorf("T(unknown) = %q", got)
	}
}

// TestParse: an explicit choice names a supported language, with or
// without a region; anything else is an error that lists the choices.
func TestParse(t *testing.T) {
	for in, want := range map[string]string{"hu": "hu", "hu-HU": "hu", "fr_CA": "fr", "RU": "ru", "es-419": "es", "en-GB": "en"} {
		got, err := Parse(in)
		if err != nil || got.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "de", "xx", "pt_BR", "hu HU", "klingon"} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), "want one of en, hu, fr, es, ru") {
			t.Errorf("Parse(%q): err %v, want an error listing the languages", in, err)
		}
	}
}

// TestMatch: Accept-Language picks the best supported language by the
// header's weights, English when none is supported.
func TestMatch(t *testing.T) {
	for in, want := range map[string]string{
		"hu-HU,hu;q=0.9,en;q=0.8": "hu",
		"de-DE,fr;q=0.7,en;q=0.5": "fr",
		"en;q=0.3,ru;q=0.9":       "ru",
		"es-MX":                   "es",
		"de,ja":                   "en",
		"":                        "en",
		";;;garbage":              "en",
	} {
		if got := Match(in).String(); got != want {
			t.Errorf("Match(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestFromEnv: LC_ALL beats LC_MESSAGES beats LANG; the first that is
// set decides, even when it names a language Passage lacks.
func TestFromEnv(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "hu_HU.UTF-8"}, "hu"},
		{map[string]string{"LANG": "hu_HU.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"},
		{map[string]string{"LANG": "hu_HU.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "ru_RU.UTF-8"}, "ru"},
		{map[string]string{"LC_ALL": "es_ES@euro"}, "es"},
		{map[string]string{"LC_ALL": "C", "LANG": "hu_HU.UTF-8"}, "en"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, "en"},
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{}, "en"},
	}
	for _, tt := range tests {
		got := FromEnv(func(k string) string { return tt.env[k] })
		if got.String() != tt.want {
			t.Errorf("FromEnv(%v) = %s, want %s", tt.env, got, tt.want)
		}
	}
}

// TestEveryKeyUsed fails on a message no code asks for, and on code
// that asks for a message the catalogs lack. A key is used when it is a
// string literal in the module's non-test Go code, in a page template
// or in a page script (web/), or when its family prefix ("seat.",
// "ruleset.", "web.effect.") is: the families' members are checked
// against the rulesets where they are used (cmd/passage, and the
// browser tests for the pages).
func TestEveryKeyUsed(t *testing.T) {
	literals, calls := moduleStrings(t)
	webLiterals, webCalls := webStrings(t)
	maps.Copy(literals, webLiterals)
	maps.Copy(calls, webCalls)
	en := catalogs(t)["en"]
	for id := range en {
		if literals[id] {
			continue
		}
		// A family is any start of the id up to a dot: web.option. names
		// web.option.kinevet.players.name.
		used := false
		for i := range len(id) {
			if id[i] == '.' && literals[id[:i+1]] {
				used = true
				break
			}
		}
		if !used {
			t.Errorf("message %s is used nowhere", id)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(calls)) {
		if _, ok := en[id]; !ok {
			t.Errorf("%s asks for message %s, which the catalogs lack", calls[id], id)
		}
	}
}

// moduleStrings returns every string literal of the module's non-test
// Go files, and the literal first arguments of calls to methods T and N
// with where they are.
func moduleStrings(t *testing.T) (map[string]bool, map[string]string) {
	t.Helper()
	literals := map[string]bool{}
	calls := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "../.." || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if s, err := strconv.Unquote(n.Value); err == nil {
						literals[s] = true
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || (sel.Sel.Name != "T" && sel.Sel.Name != "N") || len(n.Args) == 0 {
					return true
				}
				if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					calls[s] = fset.Position(lit.Pos()).String()
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return literals, calls
}

// TestPrinterConcurrent: one printer serves many goroutines, as a server
// keeps one per language (run with -race).
func TestPrinterConcurrent(t *testing.T) {
	p, err := New(language.Russian)
	if err != nil {
		t.Fatal(err)
	}
	want := p.N("sim.games", 22) + p.Float(1234.5, 1)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				if got := p.N("sim.games", 22) + p.Float(1234.5, 1); got != want {
					t.Errorf("concurrent use gave %q, want %q", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestHungarianNoArticleBeforeAPlaceholder: Hungarian writes "a" before
// a consonant and "az" before a vowel, so the article in front of a
// number depends on the number ("a 12. mező", "az 5. mező", "az 1.").
// The catalog's messages allow no template logic (TestPlaceholdersMatch),
// so a Hungarian message may not put an article straight before a
// placeholder; it words the sentence around it instead.
func TestHungarianNoArticleBeforeAPlaceholder(t *testing.T) {
	article := regexp.MustCompile(`(^|[\s(])(a|az|A|Az) \{\{`)
	for id, forms := range catalogs(t)["hu"] {
		for form, text := range forms {
			if m := article.FindString(text); m != "" {
				t.Errorf("hu: %s (%s) puts an article before a placeholder (%q): %q", id, form, strings.TrimSpace(m), text)
			}
		}
	}
}

// TestNumberedEntriesAreThrows: the record numbers every throw (bonus
// throws and lost throws too), so the words that number or step through
// its entries (a result's "on throw N", the lobby's game line, the
// review's lines, the replay's position and its one-step buttons) call
// them throws. "Turn" (hu "kör", fr "tour", es "turno", ru "ход") is a
// player's whole go, and a finished game read "bore off the last piece
// on turn 499" (player review). Texts about a player's go ("Your turn",
// "misses its next turn") keep the word and are not listed here.
func TestNumberedEntriesAreThrows(t *testing.T) {
	ids := []string{
		"web.result.resign", "web.result.abort", "web.result.noReturn", "web.result.claim",
		"web.result.noWinner", "web.result.boreOff", "web.result.home",
		"web.lobby.gameLine",
		"web.review.turnForced", "web.review.turnError", "web.review.turnBelow", "web.review.turnBest",
		"web.review.graphValue", "web.review.graphHelp", "web.review.running", "web.review.bestOf",
		"web.review.bestHelp",
		"web.replay.turn", "web.replay.turnOf", "web.replay.step", "web.replay.back", "web.replay.backKey",
		"web.replay.forward", "web.replay.forwardKey", "web.replay.won", "web.replay.inPlay",
		"web.replay.atStart", "web.replay.overHere",
	}
	words := map[string]struct{ throw, turn *regexp.Regexp }{
		"en": {regexp.MustCompile(`(?i)\bthrows?\b`), regexp.MustCompile(`(?i)\bturns?\b`)},
		"hu": {regexp.MustCompile(`(?i)dobás`), regexp.MustCompile(`(?i)kör`)},
		"fr": {regexp.MustCompile(`(?i)\blancers?\b`), regexp.MustCompile(`(?i)\btours?\b`)},
		"es": {regexp.MustCompile(`(?i)\btiradas?\b`), regexp.MustCompile(`(?i)\bturnos?\b`)},
		// "ход" is also a move ("лучший ход"): only its uses as the
		// numbered entry are ruled out. Placeholders are matched as {{}}.
		"ru": {regexp.MustCompile(`(?i)брос(ок|ка|ку|ке|ков)`), regexp.MustCompile(`(?i)ходу|ход \{\{|на ход |\{\{\}\} ход`)},
	}
	placeholder := regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)
	for lang, msgs := range catalogs(t) {
		w := words[lang]
		for id, forms := range msgs {
			base, _, _ := strings.Cut(id, "@")
			if !slices.Contains(ids, base) {
				continue
			}
			for form, text := range forms {
				bare := placeholder.ReplaceAllString(text, "{{}}")
				if !w.throw.MatchString(bare) || w.turn.MatchString(bare) {
					t.Errorf("%s: %s (%s) should number throws, not turns: %q", lang, id, form, text)
				}
			}
		}
	}
}

// TestLobbyHeadingNamesModernGames: the lobby's heading covers every
// game it offers, and Ki nevet a végén (Ludo, Mensch ärgere dich nicht)
// is a 20th-century game; the heading called them all games "of the
// ancient world" (player review). Each language's heading must say that
// some of its games are modern.
func TestLobbyHeadingNamesModernGames(t *testing.T) {
	modern := map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`(?i)\bmodern\b`),
		"hu": regexp.MustCompile(`(?i)\bmodern`),
		"fr": regexp.MustCompile(`(?i)\bmodernes?\b`),
		"es": regexp.MustCompile(`(?i)\bmodern[oa]s?\b`),
		"ru": regexp.MustCompile(`(?i)современн`),
	}
	for lang, msgs := range catalogs(t) {
		heading := msgs["web.lobby.heading"]["other"]
		re, ok := modern[lang]
		if !ok {
			t.Errorf("%s: no word for modern in this test", lang)
			continue
		}
		if !re.MatchString(heading) {
			t.Errorf("%s: the lobby heading %q calls every game ancient; Ludo is modern", lang, heading)
		}
	}
}

// TestLevelHintsSayWhereBudgetsAreChosen: the lobby's seat menu offers
// the research players "expectimax" and "mcts" as they are; expectimax-N
// and mcts-N (another depth or number of iterations) are only for the
// command line (passage play, sim), and neither the menu nor the API
// takes them. A hint that names NAME-N must say so (player review: the
// hints offered choices the menu did not have).
func TestLevelHintsSayWhereBudgetsAreChosen(t *testing.T) {
	commandLine := map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`(?i)command line`),
		"hu": regexp.MustCompile(`(?i)parancssor`),
		"fr": regexp.MustCompile(`(?i)ligne de commande`),
		"es": regexp.MustCompile(`(?i)línea de (órdenes|comandos)`),
		"ru": regexp.MustCompile(`(?i)командн(ой|ая) строк`),
	}
	numbered := regexp.MustCompile(`\b[a-z]+-N\b`)
	for lang, msgs := range catalogs(t) {
		for _, name := range []string{"random", "greedy", "expectimax", "mcts"} {
			id := "web.level." + name + ".doc"
			doc, ok := msgs[id]
			if !ok {
				t.Errorf("%s: no hint %s", lang, id)
				continue
			}
			text := doc["other"]
			if numbered.MatchString(text) && !commandLine[lang].MatchString(text) {
				t.Errorf("%s: %s names %q, which the seat menu does not offer, without saying it is for the command line: %q", lang, id, numbered.FindString(text), text)
			}
		}
	}
}
