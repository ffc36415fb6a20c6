package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// languages are the languages Passage's pages are written in besides
// English (issue 14).
var languages = []string{"hu", "fr", "es", "ru"}

// ruleIDRE matches a rule ID of the specification (J7, S15, A13, K9, H3).
// The letter must be Latin: a Cyrillic "А1" on the Russian page would
// not be found by a player searching for A1, so it does not count.
var ruleIDRE = regexp.MustCompile(`\b[JSAKH][1-9][0-9]?\b`)

func ruleIDs(text string) []string {
	return sortedSet(ruleIDRE.FindAllString(text, -1))
}

// TestRulesTranslationsKeepRuleIDs checks every translated rules page
// (rules/<ruleset>.<lang>.md) against its English page: it belongs to a
// ruleset that has one, its language is one of ours, and it names
// exactly the rule IDs the English page names, so a rule cannot be
// dropped or invented in translation.
func TestRulesTranslationsKeepRuleIDs(t *testing.T) {
	files, err := filepath.Glob("rules/*.*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no translated rules page found")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		ruleset, lang, _ := strings.Cut(name, ".")
		t.Run(name, func(t *testing.T) {
			if !slices.Contains(languages, lang) {
				t.Fatalf("%s: language %q is not one of %v", f, lang, languages)
			}
			english, err := os.ReadFile(filepath.Join("rules", ruleset+".md"))
			if err != nil {
				t.Fatalf("%s has no English page: %v", f, err)
			}
			translated, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, got := ruleIDs(string(english)), ruleIDs(string(translated))
			for _, id := range want {
				if !slices.Contains(got, id) {
					t.Errorf("%s does not name rule %s", f, id)
				}
			}
			for _, id := range got {
				if !slices.Contains(want, id) {
					t.Errorf("%s names rule %s, which the English page does not", f, id)
				}
			}
			if !strings.HasPrefix(string(translated), "# ") {
				t.Errorf("%s does not start with a title", f)
			}
		})
	}
}

// glossaryRowRE matches a row of a glossary table: its first cell is the
// English term.
var glossaryRowRE = regexp.MustCompile(`^\|\s*([^|]*?)\s*\|`)

// glossaryTerms returns the English terms of a glossary's term table
// (the table whose header starts with "English"), in order, and the rows
// whose translation cell is empty.
func glossaryTerms(t *testing.T, path string) (terms, empty []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inTable := false
	for _, line := range strings.Split(string(b), "\n") {
		m := glossaryRowRE.FindStringSubmatch(line)
		switch {
		case m == nil:
			inTable = false
			continue
		case m[1] == "English":
			inTable = true
			continue
		case !inTable || strings.HasPrefix(m[1], "-"):
			continue
		}
		terms = append(terms, m[1])
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) < 2 || strings.TrimSpace(cells[1]) == "" {
			empty = append(empty, m[1])
		}
	}
	return terms, empty
}

// TestGlossariesCoverTheSameTerms checks that each language's glossary
// translates exactly the English terms of glossary/en.md, each once, in
// the same order, and none left blank.
func TestGlossariesCoverTheSameTerms(t *testing.T) {
	want, empty := glossaryTerms(t, "glossary/en.md")
	if len(want) < 30 || len(empty) > 0 {
		t.Fatalf("glossary/en.md: %d terms, blank: %v", len(want), empty)
	}
	for _, lang := range languages {
		t.Run(lang, func(t *testing.T) {
			got, empty := glossaryTerms(t, filepath.Join("glossary", lang+".md"))
			if len(empty) > 0 {
				t.Errorf("untranslated: %v", empty)
			}
			seen := map[string]int{}
			for _, term := range got {
				seen[term]++
			}
			for _, term := range want {
				if seen[term] != 1 {
					t.Errorf("term %q appears %d times, want once", term, seen[term])
				}
			}
			for _, term := range got {
				if !slices.Contains(want, term) {
					t.Errorf("term %q is not in glossary/en.md", term)
				}
			}
			if !t.Failed() && !slices.Equal(got, want) {
				for i := range want {
					if got[i] != want[i] {
						t.Errorf("term %d is %q, glossary/en.md has %q there: keep the English order", i+1, got[i], want[i])
						break
					}
				}
			}
		})
	}
}

// titleRowRE matches a row of a glossary's title table: the ruleset in
// code and its title.
var titleRowRE = regexp.MustCompile("^\\|\\s*`([a-z-]+)`\\s*\\|\\s*([^|]*?)\\s*\\|")

// TestRulesPagesUseGlossaryTitles checks that every translated rules page
// is headed by the title its language's glossary gives the ruleset, so
// the lobby, the game page and the rules page can name a ruleset alike.
func TestRulesPagesUseGlossaryTitles(t *testing.T) {
	for _, lang := range languages {
		b, err := os.ReadFile(filepath.Join("glossary", lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		titles := map[string]string{}
		for _, line := range strings.Split(string(b), "\n") {
			if m := titleRowRE.FindStringSubmatch(line); m != nil {
				titles[m[1]] = m[2]
			}
		}
		pages, err := filepath.Glob(filepath.Join("rules", "*."+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, page := range pages {
			ruleset, _, _ := strings.Cut(filepath.Base(page), ".")
			want, ok := titles[ruleset]
			if !ok {
				t.Errorf("glossary/%s.md has no title for %s", lang, ruleset)
				continue
			}
			text, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(text), "\n")
			if got := strings.TrimPrefix(first, "# "); got != want {
				t.Errorf("%s is titled %q, glossary/%s.md says %q", page, got, lang, want)
			}
		}
	}
}
