package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/language"
)

var (
	// templateCall is {{.P.T "id"}} (or $.P.T) in a page template.
	templateCall = regexp.MustCompile(`\.T\s+"([^"]+)"`)
	// templateFamily is a family of ids a template builds:
	// (printf "ruleset.%s" .Name).
	templateFamily = regexp.MustCompile(`printf\s+"([a-z.]+\.)%s"`)
	// jsLiteral is a quoted string in a script; jsTemplate the constant
	// start of a template literal (`web.effect.${name}`).
	jsLiteral  = regexp.MustCompile(`'((?:[^'\\\n]|\\.)*)'`)
	jsTemplate = regexp.MustCompile("`([a-zA-Z.]+\\.)\\$\\{")
	// jsCall is t('id') (or t("id"), or tRules('id', ...), or tr('id',
	// ...), a page's tRules in its game's ruleset) with a
	// literal id, not the start of an id built with + (t('kind.' + name)).
	jsCall = regexp.MustCompile(`\b(?:t|tr|tRules)\(\s*['"]([^'"]+)['"]\s*[,)]`)
)

// webStrings returns what the page templates and scripts could name as
// a message (their literals and the constant prefixes of the ids they
// build) and the literal ids they ask for, with where.
func webStrings(t *testing.T) (map[string]bool, map[string]string) {
	t.Helper()
	literals := map[string]bool{}
	calls := map[string]string{}
	for _, pattern := range []string{"../../web/templates/*.html", "../../web/static/*.js"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no files match %s", pattern)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src := string(b)
			for _, re := range []*regexp.Regexp{templateCall, templateFamily, jsLiteral, jsTemplate} {
				for _, m := range re.FindAllStringSubmatch(src, -1) {
					literals[m[1]] = true
				}
			}
			calls2 := append(templateCall.FindAllStringSubmatchIndex(src, -1), jsCall.FindAllStringSubmatchIndex(src, -1)...)
			for _, m := range calls2 {
				id := src[m[2]:m[3]]
				calls[id] = filepath.Base(f) + ":" + strconv.Itoa(strings.Count(src[:m[0]], "\n")+1)
			}
		}
	}
	return literals, calls
}

// TestWebScanFindsCalls: the scan of the pages sees a template's and a
// script's messages (so that TestEveryKeyUsed can fail on them).
func TestWebScanFindsCalls(t *testing.T) {
	literals, calls := webStrings(t)
	for _, id := range []string{"web.nav.lobby", "web.sound.isOn", "web.senet.sticksTitle", "web.status.toThrow", "web.result.wins"} {
		if _, ok := calls[id]; !ok {
			t.Errorf("the scan of web/ misses the call of %s", id)
		}
	}
	if !literals["ruleset."] {
		t.Error("the scan of web/ misses the family ruleset. that the rules index builds")
	}
}

// TestMessages: a page gets its language's words in the families asked
// for, plural forms as objects, and nothing else.
func TestMessages(t *testing.T) {
	m, err := Messages(language.Russian, "web.", "sim.games")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m["web.nav.lobby"]); got != `"Лобби"` {
		t.Errorf("web.nav.lobby = %s", got)
	}
	if got := string(m["sim.games"]); !strings.Contains(got, `"few"`) {
		t.Errorf("sim.games = %s, want its plural forms", got)
	}
	for id := range m {
		if !strings.HasPrefix(id, "web.") && id != "sim.games" {
			t.Errorf("Messages gave %s, outside the families asked for", id)
		}
	}
}
