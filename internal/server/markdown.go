package server

import (
	"bytes"
	"html/template"
	"path"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"passage/internal/headingid"

	"passage/internal/i18n"
)

// newMarkdown is the Markdown renderer of the docs pages: CommonMark with
// tables, headings with IDs, and two changes to the tree (docLinks).
// Raw HTML in a page is escaped and dangerous links are dropped, which
// are goldmark's defaults.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(docLinks{}, 100)),
		),
	)
}

// renderMarkdown renders one page. The pages are rendered once, at
// start-up.
func renderMarkdown(md goldmark.Markdown, src []byte) (template.HTML, error) {
	var b bytes.Buffer
	if err := md.Convert(src, &b, parser.WithContext(parser.NewContext(parser.WithIDs(headingid.New())))); err != nil {
		return "", err
	}
	// goldmark escapes the source's HTML; the only HTML added is the
	// diagrams' other drawings for narrow screens.
	html := uprightBoardRE.ReplaceAllString(b.String(), uprightBoard)
	return template.HTML(narrowExamplesRE.ReplaceAllString(html, narrowExamples)), nil
}

// uprightBoardRE matches the picture of a Senet board on a rules page,
// which a narrow screen (a phone) shows upright instead (the diagram
// board-upright.svg), as the game page does, so that it stays readable.
var uprightBoardRE = regexp.MustCompile(`<img src="(/rules/senet-[a-z0-9-]+/board)\.svg"[^>]*>`)

const uprightBoard = `<picture><source media="(max-width: 520px)" srcset="$1-upright.svg">$0</picture>`

// narrowExamplesRE matches the picture of a Senet ruleset's examples,
// which a narrow screen shows drawn for its width (examples-narrow.svg:
// the captions wrapped shorter, the squares smaller), so that its words
// are not shrunk with a drawing made for a wide page.
var narrowExamplesRE = regexp.MustCompile(`<img src="(/rules/senet-[a-z0-9-]+/examples)\.svg"[^>]*>`)

const narrowExamples = `<picture><source media="(max-width: 520px)" srcset="$1-narrow.svg">$0</picture>`

// withUprightNote follows the upright board of a rules page with a note
// in the page's language, shown only where the board stands upright
// (style.css): the rules tell the squares as the board lies ("1-10 left
// to right"), which the upright picture would otherwise contradict.
func withUprightNote(body template.HTML, p *i18n.Printer) template.HTML {
	note := `<span class="upright-note">` + template.HTMLEscapeString(p.T("web.rules.uprightNote")) + `</span>`
	s := string(body)
	i := strings.Index(s, "/board-upright.svg")
	if i < 0 {
		return body
	}
	j := strings.Index(s[i:], "</picture>")
	if j < 0 {
		return body
	}
	k := i + j + len("</picture>")
	return template.HTML(s[:k] + note + s[k:])
}

// ruleIDRE matches a rule ID at the start of bold text: "J4 Opening."
// starts with J4.
var ruleIDRE = regexp.MustCompile(`^([A-Z]{1,2}[0-9]{1,2})\b\s*(.*)$`)

// docLinks rewrites the tree of a docs page:
//   - links between the Markdown files become links between the pages
//     that show them (api.md is /docs/api, rules/kinevet.md is
//     /rules/kinevet);
//   - a rule ID in bold ("**J7 Attack.**") becomes a small anchor
//     (id="J7"), so that the lobby and players can link to one rule.
type docLinks struct{}

func (docLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var bold []*ast.Emphasis
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			n.Destination = []byte(pageOf(string(n.Destination)))
		case *ast.Emphasis:
			if n.Level == 2 {
				bold = append(bold, n)
			} else {
				markLanguage(n, src)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, e := range bold {
		first, ok := e.FirstChild().(*ast.Text)
		if !ok {
			continue
		}
		m := ruleIDRE.FindStringSubmatch(string(first.Value(src)))
		if m == nil {
			continue
		}
		id := m[1]
		anchor := ast.NewLink()
		anchor.Destination = []byte("#" + id)
		anchor.SetAttributeString("id", []byte(id))
		anchor.SetAttributeString("class", []byte("rule-id"))
		anchor.AppendChild(anchor, ast.NewString([]byte(id)))
		parent := e.Parent()
		parent.InsertBefore(parent, e, anchor)
		if m[2] == "" && first.NextSibling() == nil {
			parent.RemoveChild(parent, e)
			continue
		}
		rest := ast.NewString([]byte(m[2]))
		e.ReplaceChild(e, first, rest)
	}
}

// langMarkRE is the mark after an italic text in another language than
// its page's ("*Das Senet-Brettspiel im Alten Ägypten*{lang=de}": a
// book's title in the Sources sections).
var langMarkRE = regexp.MustCompile(`^\{lang=([a-z]{2,3})\}`)

// markLanguage gives italic text followed by a language mark that
// language (<em lang="de">), so that a screen reader says it in it and
// the page's words stay in the page's language (WCAG 3.1.2), and drops
// the mark.
func markLanguage(e *ast.Emphasis, src []byte) {
	next, ok := e.NextSibling().(*ast.Text)
	if !ok {
		return
	}
	m := langMarkRE.FindSubmatch(next.Segment.Value(src))
	if m == nil {
		return
	}
	e.SetAttributeString("lang", m[1])
	next.Segment = next.Segment.WithStart(next.Segment.Start + len(m[0]))
}

// pageOf is the address of the page that shows a Markdown file linked
// from another (relative links only; others are kept).
func pageOf(dest string) string {
	file, frag, _ := strings.Cut(dest, "#")
	if strings.Contains(file, ":") || strings.HasPrefix(file, "/") || !strings.HasSuffix(file, ".md") {
		return dest
	}
	name := strings.TrimSuffix(path.Base(file), ".md")
	page := "/docs/" + name
	if strings.Contains(file, "rules/") || strings.HasPrefix(name, "senet-") || name == "kinevet" {
		page = "/rules/" + name
	}
	if frag != "" {
		page += "#" + frag
	}
	return page
}
