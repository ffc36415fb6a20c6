package docs

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"passage/internal/headingid"
)

// anchorRE is the server's test for a rule anchor (internal/server,
// markdown.go): bold text that starts with a rule ID ("**J7 Attack.**")
// becomes a small link with id="J7".
var anchorRE = regexp.MustCompile(`^([A-Z]{1,2}[0-9]{1,2})\b`)

// pageShape is what a rules page shows besides its words: the rule
// anchors, the diagrams (image address and its alternative text), the
// heading IDs and the in-page links, as the server's Markdown renderer
// reads them.
type pageShape struct {
	anchors  []string          // rule IDs in bold, in page order (duplicates kept)
	numbered []string          // those of them inside an ordered (numbered) list
	diagrams map[string]string // image address -> alt text
	images   []string          // image addresses in page order (duplicates kept)
	headings []string          // heading IDs
	links    []string          // in-page link targets ("#interpretations")
	code     []string          // code spans and blocks: notation and option keys, which players do not read
}

// shapeOf parses a page with the options the server uses (CommonMark,
// tables, heading IDs) and collects its shape.
func shapeOf(t *testing.T, path string) pageShape {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext(parser.WithIDs(headingid.New()))))
	s := pageShape{diagrams: map[string]string{}}
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Emphasis:
			if first, ok := n.FirstChild().(*ast.Text); ok && n.Level == 2 {
				if m := anchorRE.FindStringSubmatch(string(first.Value(src))); m != nil {
					s.anchors = append(s.anchors, m[1])
					if inOrderedList(n) {
						s.numbered = append(s.numbered, m[1])
					}
				}
			}
		case *ast.Image:
			dest := string(n.Destination)
			s.images = append(s.images, dest)
			s.diagrams[dest] = plainText(n, src)
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok {
				s.headings = append(s.headings, string(id.([]byte)))
			}
		case *ast.CodeSpan:
			s.code = append(s.code, plainText(n, src))
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			s.code = append(s.code, strings.TrimSpace(string(n.Lines().Value(src))))
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if dest := string(n.Destination); strings.HasPrefix(dest, "#") {
				s.links = append(s.links, dest)
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// inOrderedList reports whether n stands inside an ordered list.
func inOrderedList(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if l, ok := p.(*ast.List); ok && l.IsOrdered() {
			return true
		}
	}
	return false
}

// plainText is the text inside a node (an image's alternative text).
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			b.Write(t.Value(src))
			continue
		}
		b.WriteString(plainText(c, src))
	}
	return b.String()
}

// duplicates returns the entries of list that occur more than once.
func duplicates(list []string) []string {
	var dup []string
	for i, x := range list {
		if slices.Contains(list[:i], x) && !slices.Contains(dup, x) {
			dup = append(dup, x)
		}
	}
	return dup
}

// sortedSet returns list sorted, without repeats.
func sortedSet(list []string) []string {
	s := slices.Clone(list)
	slices.Sort(s)
	return slices.Compact(s)
}

// TestRulesPagesHaveOneAnchorPerRule checks every rules page, English
// included: every rule it names is an anchor, and only once (two
// elements with one id break the links to the rule), no rule inside a
// numbered list (two numberings side by side), no code (notation,
// option keys: the page is for players), every diagram is shown once, and
// every in-page link reaches a heading or a rule anchor of the page.
func TestRulesPagesHaveOneAnchorPerRule(t *testing.T) {
	files, err := filepath.Glob("rules/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			s := shapeOf(t, f)
			if len(s.anchors) == 0 {
				t.Errorf("%s has no rule anchor (**J1 ...**)", f)
			}
			if dup := duplicates(s.anchors); len(dup) > 0 {
				t.Errorf("%s makes these rule anchors more than once: %v", f, dup)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range ruleIDs(string(src)) {
				if !slices.Contains(s.anchors, id) {
					t.Errorf("%s names rule %s but has no anchor **%s** for it", f, id, id)
				}
			}
			// Rules are numbered by their IDs alone: an ordered list
			// around them gives a second numbering that does not match
			// (player review: item 1 was J2, item 8 J6, on the Spanish
			// Jéquier page). Interpretations, which carry no anchor, may
			// be numbered.
			if len(s.numbered) > 0 {
				t.Errorf("%s numbers rules in an ordered list beside their IDs %v: use bullets or paragraphs, each rule tagged with its ID", f, s.numbered)
			}
			if len(s.code) > 0 {
				t.Errorf("%s shows code to players (notation, option keys): %q", f, s.code)
			}
			if dup := duplicates(s.images); len(dup) > 0 {
				t.Errorf("%s shows these diagrams more than once: %v", f, dup)
			}
			for _, l := range s.links {
				id := strings.TrimPrefix(l, "#")
				if !slices.Contains(s.headings, id) && !slices.Contains(s.anchors, id) {
					t.Errorf("%s links to %s, which is neither a heading (%v) nor a rule anchor", f, l, s.headings)
				}
			}
		})
	}
}

// TestRulesTranslationsKeepAnchorsAndDiagrams checks each translated
// rules page against its English page: the same rule anchors (so a link
// to /rules/kinevet.hu#K4 finds its rule) and the same diagrams, each
// with an alternative text of its own language (a text equal to the
// English one was not translated).
func TestRulesTranslationsKeepAnchorsAndDiagrams(t *testing.T) {
	files, err := filepath.Glob("rules/*.*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no translated rules page found")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		ruleset, _, _ := strings.Cut(name, ".")
		t.Run(name, func(t *testing.T) {
			english := shapeOf(t, filepath.Join("rules", ruleset+".md"))
			translated := shapeOf(t, f)
			want, got := sortedSet(english.anchors), sortedSet(translated.anchors)
			for _, id := range want {
				if !slices.Contains(got, id) {
					t.Errorf("%s has no anchor **%s**, which the English page has", f, id)
				}
			}
			for _, id := range got {
				if !slices.Contains(want, id) {
					t.Errorf("%s has an anchor **%s**, which the English page does not", f, id)
				}
			}
			for dest, alt := range english.diagrams {
				talt, ok := translated.diagrams[dest]
				switch {
				case !ok:
					t.Errorf("%s does not show the diagram %s", f, dest)
				case strings.TrimSpace(talt) == "":
					t.Errorf("%s shows %s without a description", f, dest)
				case talt == alt:
					t.Errorf("%s describes %s in English: %q", f, dest, talt)
				}
			}
			for dest := range translated.diagrams {
				if _, ok := english.diagrams[dest]; !ok {
					t.Errorf("%s shows %s, which the English page does not", f, dest)
				}
			}
		})
	}
}

// rulesetTerms are glossary terms each ruleset's page must use, in the
// word its language's glossary gives: the names of its houses and the
// words that only that ruleset has.
var rulesetTerms = map[string][]string{
	"senet-jequier": {"House of Water", "safe square", "wall"},
	"senet-szenet":  {"House of Thoth", "House of Renewal", "House of Oblivion", "House of Good", "House of Water", "BA", "bonus throw", "pair", "unit"},
	"senet-apokrif": {"House of Thoth", "House of Rebirth", "House of the Net", "House of Beauty", "House of Water", "House of the Three Truths", "House of the Ba", "House of Rejuvenation", "triple", "touch-move"},
	"kinevet":       {"yard", "start square", "goal"},
}

// glossaryWords maps each English term of a language's glossary to its
// word: the translation cell up to any "(" or ";" (what follows is a
// variant, an explanation or a button label).
func glossaryWords(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("glossary", lang+".md"))
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) < 2 || !strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue
		}
		word, _, _ := strings.Cut(cells[1], ";")
		word, _, _ = strings.Cut(word, "(")
		words[strings.TrimSpace(cells[0])] = strings.TrimSpace(word)
	}
	return words
}

// TestRulesPagesUseGlossaryWords checks that each translated rules page
// names its ruleset's houses and own terms with its glossary's words, so
// that a page cannot drift from the glossary the browser and the
// terminal follow.
func TestRulesPagesUseGlossaryWords(t *testing.T) {
	for _, lang := range languages {
		words := glossaryWords(t, lang)
		for ruleset, terms := range rulesetTerms {
			page := filepath.Join("rules", ruleset+"."+lang+".md")
			b, err := os.ReadFile(page)
			if err != nil {
				t.Errorf("%s: %v", page, err)
				continue
			}
			// Lines wrap anywhere: "maison du" may end one line and
			// "Rajeunissement" start the next.
			text := strings.ToLower(strings.Join(strings.Fields(string(b)), " "))
			for _, term := range terms {
				word, ok := words[term]
				// "cél, célmezők": the first of a list of words will
				// do; "pion touché, pion joué" is one saying.
				first, _, _ := strings.Cut(word, ",")
				switch {
				case !ok || word == "":
					t.Errorf("glossary/%s.md has no word for %q", lang, term)
				case !strings.Contains(text, strings.ToLower(word)) && !strings.Contains(text, strings.ToLower(first)):
					t.Errorf("%s never says %q, the glossary's word for %q", page, word, term)
				}
			}
		}
	}
}
