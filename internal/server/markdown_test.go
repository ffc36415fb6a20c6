package server

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	md := newMarkdown()
	tests := []struct {
		name, in string
		want     []string // each must appear
		not      []string // none may appear
	}{
		{"heading with an ID", "# Senet (`senet-jequier`)", []string{`<h1 id="senet-senet-jequier">Senet (<code>senet-jequier</code>)</h1>`}, nil},
		{"raw HTML is escaped", "a <script>alert(1)</script> & b", []string{"&amp; b"}, []string{"<script"}},
		{"links to docs pages", "[api](api.md) [n](notation.md#moves) [k](rules/kinevet.md) [j](senet-jequier.md)",
			[]string{`href="/docs/api"`, `href="/docs/notation#moves"`, `href="/rules/kinevet"`, `href="/rules/senet-jequier"`}, nil},
		{"dangerous links dropped", "[x](javascript:alert(1))", nil, []string{"javascript"}},
		{"other links kept", "[w](https://example.org/a.md)", []string{`href="https://example.org/a.md"`}, nil},
		{"rule ID anchor", "- **J7 Attack.** Landing on a piece swaps.",
			[]string{`<a href="#J7" id="J7" class="rule-id">J7</a>`, `<strong>Attack.</strong>`}, nil},
		{"rule ID alone", "- **K3** Enter with a 6.", []string{`<a href="#K3" id="K3" class="rule-id">K3</a>`}, []string{"<strong>"}},
		{"bold that is no rule", "**Sources.** Two texts.", []string{"<strong>Sources.</strong>"}, []string{"rule-id"}},
		{"a title in another language", "E. B. Pusch, *Das Senet-Brettspiel*{lang=de} (1979); *Passing\nThrough*{lang=en}.",
			[]string{`<em lang="de">Das Senet-Brettspiel</em> (1979)`, "<em lang=\"en\">Passing\nThrough</em>."}, []string{"{lang"}},
		{"italic without a mark", "*Interpretation:* {x}", []string{"<em>Interpretation:</em> {x}"}, []string{"lang="}},
		{"table", "| a | b |\n|---|---|\n| `1` | 2 |", []string{"<table>", "<th>a</th>", "<td><code>1</code></td>"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := renderMarkdown(md, []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("render(%q)\n= %s\nlacks %s", tt.in, got, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(got), n) {
					t.Errorf("render(%q)\n= %s\ncontains %s", tt.in, got, n)
				}
			}
		})
	}
}

// TestRulesPagesInPageLinks: every in-page link of every page the server
// renders ("#interpretations", the Russian "#источники", which goldmark
// writes percent-encoded and a browser decodes) reaches an element with
// that id on the page. docs' structure test checks the same with a copy
// of headingIDs' rule.
func TestRulesPagesInPageLinks(t *testing.T) {
	static, err := loadStatic()
	if err != nil {
		t.Fatal(err)
	}
	site, err := newSite(static)
	if err != nil {
		t.Fatal(err)
	}
	href := regexp.MustCompile(`href="#([^"]+)"`)
	n := 0
	for key, body := range site.docs {
		for _, m := range href.FindAllStringSubmatch(string(body), -1) {
			id, err := url.PathUnescape(m[1])
			if err != nil {
				t.Errorf("%s: link %s: %v", key, m[1], err)
				continue
			}
			n++
			if !strings.Contains(string(body), ` id="`+id+`"`) {
				t.Errorf("%s links to #%s, which no element of the page has", key, id)
			}
		}
	}
	if n == 0 {
		t.Fatal("no in-page link found")
	}
}
