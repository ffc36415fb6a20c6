// Package headingid gives Markdown headings IDs that keep their letters
// in any script: the server's pages and the docs' link checks make them
// by this one rule.
package headingid

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// headingIDs gives a page's headings IDs that keep their letters in any
// script ("как-кончаются-партии", "ki-nevet-a-végén"): goldmark's own
// keep only ASCII, so that a Russian page's headings were "--", "---1"
// and a Hungarian one's "1-a-jtk-clja", which no one can share as a link.
// (GitHub's rule for the same files differs only in keeping '_'.)
// One value is made per page (a page's IDs are unique within it).
type headingIDs struct {
	used map[string]bool
}

// New is a page's heading IDs, for goldmark's parser.WithIDs.
func New() parser.IDs { return &headingIDs{used: map[string]bool{}} }

// Generate makes an ID from a heading's text as goldmark does (letters
// and digits lowercased, a space, '-' or '_' a hyphen, other signs
// dropped, a number after an ID already used), but keeps letters and
// digits outside ASCII: an English heading's ID is the same as before.
func (h *headingIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	var b strings.Builder
	for _, r := range strings.TrimSpace(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r) || r == '-' || r == '_':
			b.WriteByte('-')
		}
	}
	id := b.String()
	if id == "" {
		id = "heading"
	}
	unique := id
	for n := 1; h.used[unique]; n++ {
		unique = id + "-" + strconv.Itoa(n)
	}
	h.used[unique] = true
	return []byte(unique)
}

// Put marks an ID the page sets itself as used.
func (h *headingIDs) Put(value []byte) { h.used[string(value)] = true }
