package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sourcesWords are, by language, the heading of a rules page's section
// on its sources and, for a Senet page, the words that say the ancient
// rules are lost and that the game is a modern reconstruction.
var sourcesWords = map[string]struct {
	heading      string
	lost, modern *regexp.Regexp
	confirmed    *regexp.Regexp // "Pusch confirmed Jéquier", said as a fact
}{
	"en": {"Sources", regexp.MustCompile(`\blost\b`), regexp.MustCompile(`modern reconstruction`), regexp.MustCompile(`(?i)confirm`)},
	"hu": {"Források", regexp.MustCompile(`elvesztek`), regexp.MustCompile(`mai rekonstrukció`), regexp.MustCompile(`(?i)megerősít`)},
	"fr": {"Sources", regexp.MustCompile(`perdues`), regexp.MustCompile(`reconstitutions? modernes?`), regexp.MustCompile(`(?i)confirm`)},
	"es": {"Fuentes", regexp.MustCompile(`perdido`), regexp.MustCompile(`reconstrucci(ón|ones) modernas?`), regexp.MustCompile(`(?i)confirmad`)},
	"ru": {"Источники", regexp.MustCompile(`утрачены`), regexp.MustCompile(`современн\S* реконструкци`), regexp.MustCompile(`(?i)подтверд`)},
}

// TestRulesPagesNameTheirSources (player review): every rules page, in
// every language, has a section naming its sources. A Senet page says
// there that the ancient rules are lost and that every Senet here is a
// modern reconstruction. Jéquier's pages give the rules as their
// sources attribute them to Jéquier and Pusch, and do not state as a
// fact that Pusch confirmed them.
func TestRulesPagesNameTheirSources(t *testing.T) {
	files, err := filepath.Glob("rules/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("rules pages: %v, %d files", err, len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		ruleset, lang, ok := strings.Cut(name, ".")
		if !ok {
			lang = "en"
		}
		w, known := sourcesWords[lang]
		if !known {
			t.Errorf("%s: no words for %q in this test", f, lang)
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		_, rest, found := strings.Cut(page, "\n## "+w.heading+"\n")
		if !found {
			t.Errorf("%s has no section \"## %s\"", f, w.heading)
			continue
		}
		section, _, _ := strings.Cut(rest, "\n## ")
		// Lines wrap anywhere.
		section = strings.Join(strings.Fields(section), " ")
		if len(section) < 200 {
			t.Errorf("%s: the section %s is too short to name its sources: %q", f, w.heading, section)
		}
		if strings.HasPrefix(ruleset, "senet-") {
			if !w.lost.MatchString(section) || !w.modern.MatchString(section) {
				t.Errorf("%s: the section %s does not say that the ancient rules are lost (%s) and the game a modern reconstruction (%s)", f, w.heading, w.lost, w.modern)
			}
		}
		if ruleset == "senet-jequier" {
			if m := w.confirmed.FindString(page); m != "" {
				t.Errorf("%s says Pusch confirmed Jéquier's rules (%q): say the sources attribute them to Jéquier and Pusch", f, m)
			}
			for _, who := range []string{"Pusch", "1979"} {
				if !strings.Contains(section, who) {
					t.Errorf("%s: the section %s does not name %s", f, w.heading, who)
				}
			}
		}
		if ruleset == "senet-apokrif" {
			for _, what := range []string{"85", "2015", "Passing Through the Netherworld", "1978"} {
				if !strings.Contains(section, what) {
					t.Errorf("%s: the section %s does not name %s", f, w.heading, what)
				}
			}
		}
	}
}
