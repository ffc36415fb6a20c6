package docs

import (
	"os"
	"strings"
	"testing"

	"passage/internal/catalog"
)

// TestReadmeNamesEveryOption: the README's table of rulesets names every
// option of every ruleset by its key, with its values where they are few
// (colors has 61), so that a designer can go from a rules page's option to
// the --opt that sets it.
func TestReadmeNamesEveryOption(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "| `") {
			name, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
			if _, seen := rows[name]; !seen { // the rulesets table comes first
				rows[name] = line
			}
		}
	}
	for _, sp := range catalog.Specs() {
		row, ok := rows[sp.Name]
		if !ok {
			t.Errorf("README's rulesets table has no row for %s", sp.Name)
			continue
		}
		for _, o := range sp.Options {
			want := "`" + o.Key + "="
			if len(o.Values) <= 4 {
				want += strings.Join(o.Values, `\|`) + "`"
			}
			if !strings.Contains(row, want) {
				t.Errorf("README's row for %s lacks %s", sp.Name, want)
			}
		}
	}
}
