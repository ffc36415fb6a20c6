package docs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"passage/senet"
)

// boardNames are the short names a language's board prints in a
// house's square (web.house.short.* in its catalog), by the house's
// English name, keyed as the board keys them ("House of the Net" is
// house-of-the-net).
func boardNames(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "internal", "i18n", "locales", lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]any
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range cat {
		if key, ok := strings.CutPrefix(k, "web.house.short."); ok {
			if s, ok := v.(string); ok {
				out[key] = s
			}
		}
	}
	return out
}

var nonLetters = regexp.MustCompile(`[^a-z]+`)

// nameRE finds name in a page as a phrase: each word at the start of a
// word, with any ending (plurals: "refuges"; Russian cases: the board's
// "Три Истины" is "Дом Трёх Истин" in a sentence, so in Russian a word
// of three letters or more may lose its last letter).
func nameRE(name, lang string) *regexp.Regexp {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if lang == "ru" && utf8.RuneCountInString(w) >= 3 {
			_, size := utf8.DecodeLastRuneInString(w)
			w = w[:len(w)-size]
		}
		words = append(words, regexp.QuoteMeta(w)+`\pL*`)
	}
	return regexp.MustCompile(`(^|[^\pL])` + strings.Join(words, `\s+`))
}

// TestRulesPagesUseBoardNames (player review): every house the board
// names (its short name, in the board's language) is named so on the
// rules page of that language, so that a player can find on the page
// the square the board shows: the French page said "maison du
// Rajeunissement" where the board says "Jouvence", the Spanish
// "Rejuvenecimiento" where it says "Juventud".
func TestRulesPagesUseBoardNames(t *testing.T) {
	rulesets := map[string]senet.Variant{"senet-jequier": senet.Jequier, "senet-szenet": senet.Szenet, "senet-apokrif": senet.Apokrif}
	for _, lang := range append([]string{"en"}, languages...) {
		names := boardNames(t, lang)
		for ruleset, v := range rulesets {
			page := filepath.Join("rules", ruleset+"."+lang+".md")
			if lang == "en" {
				page = filepath.Join("rules", ruleset+".md")
			}
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.ToLower(strings.Join(strings.Fields(string(b)), " "))
			seen := map[string]bool{}
			for _, h := range v.HouseNames {
				if h.Name == "" || seen[h.Name] {
					continue
				}
				seen[h.Name] = true
				key := strings.Trim(nonLetters.ReplaceAllString(strings.ToLower(h.Name), "-"), "-")
				short, ok := names[key]
				if !ok {
					t.Errorf("%s.json has no board name web.house.short.%s", lang, key)
					continue
				}
				if !nameRE(short, lang).MatchString(text) {
					t.Errorf("%s never names the %s as the board does: %q", page, h.Name, short)
				}
			}
		}
	}
}
