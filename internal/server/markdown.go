package server

import (
	"html"
	"regexp"
	"strings"
)

// markdown converts the small Markdown of the docs pages to HTML:
// headings, paragraphs, bullet and numbered lists (with continuation
// lines and indented code inside items), indented and fenced code
// blocks, tables, and inline code, bold, italics and links. Everything
// is escaped; no raw HTML passes through.
func markdown(src string) string {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var b strings.Builder
	for i := 0; i < len(lines); {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			i++
		case strings.HasPrefix(trimmed, "```"):
			j := i + 1
			var code []string
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				code = append(code, lines[j])
				j++
			}
			writeCode(&b, code)
			i = j + 1
		case indent(line) >= 4:
			j, code := codeBlock(lines, i, 4)
			writeCode(&b, code)
			i = j
		case headingRE.MatchString(line):
			m := headingRE.FindStringSubmatch(line)
			n := len(m[1])
			id := slug(m[2])
			b.WriteString("<h" + string(rune('0'+n)) + ` id="` + id + `">` + inline(m[2]) + "</h" + string(rune('0'+n)) + ">\n")
			i++
		case strings.HasPrefix(trimmed, "|"):
			j := i
			var rows []string
			for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|") {
				rows = append(rows, strings.TrimSpace(lines[j]))
				j++
			}
			writeTable(&b, rows)
			i = j
		case listRE.MatchString(line):
			i = writeList(&b, lines, i)
		default:
			j := i
			var para []string
			for j < len(lines) && strings.TrimSpace(lines[j]) != "" && !startsBlock(lines[j]) {
				para = append(para, strings.TrimSpace(lines[j]))
				j++
			}
			b.WriteString("<p>" + inline(strings.Join(para, " ")) + "</p>\n")
			i = j
		}
	}
	return b.String()
}

var (
	headingRE = regexp.MustCompile(`^(#{1,6})\s+(.*)$`)
	listRE    = regexp.MustCompile(`^(\s*)([-*]|\d+\.)\s+(.*)$`)
	inlineRE  = regexp.MustCompile("`[^`]+`|\\*\\*[^*]+\\*\\*|\\*[^*\\s][^*]*\\*|\\[[^\\]]+\\]\\([^)\\s]+\\)")
	linkRE    = regexp.MustCompile(`^\[([^\]]+)\]\(([^)\s]+)\)$`)
)

func indent(line string) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

func startsBlock(line string) bool {
	t := strings.TrimSpace(line)
	return headingRE.MatchString(line) || listRE.MatchString(line) || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "```")
}

// codeBlock collects the lines from i indented at least by depth, with
// blank lines inside, and returns the next line's index.
func codeBlock(lines []string, i, depth int) (int, []string) {
	var code []string
	j := i
	for j < len(lines) && (indent(lines[j]) >= depth || strings.TrimSpace(lines[j]) == "") {
		code = append(code, lines[j])
		j++
	}
	for len(code) > 0 && strings.TrimSpace(code[len(code)-1]) == "" {
		code = code[:len(code)-1]
		j--
	}
	for k, l := range code {
		if len(l) >= depth {
			code[k] = l[depth:]
		} else {
			code[k] = ""
		}
	}
	return j, code
}

func writeCode(b *strings.Builder, code []string) {
	b.WriteString("<pre><code>" + html.EscapeString(strings.Join(code, "\n")) + "</code></pre>\n")
}

// writeList writes the list that starts at line i and returns the index
// after it. Items continue on lines indented past the marker; a deeper
// indented block after a blank line is code inside the item.
func writeList(b *strings.Builder, lines []string, i int) int {
	m := listRE.FindStringSubmatch(lines[i])
	base := len(m[1])
	tag := "ul"
	if m[2] != "-" && m[2] != "*" {
		tag = "ol"
	}
	b.WriteString("<" + tag + ">\n")
	for i < len(lines) {
		m := listRE.FindStringSubmatch(lines[i])
		if m == nil || len(m[1]) != base {
			break
		}
		content := base + len(m[2]) + 1
		text := []string{m[3]}
		i++
		var inner strings.Builder
		for i < len(lines) {
			l := lines[i]
			if strings.TrimSpace(l) == "" {
				// A blank line: the item goes on only with an indented block.
				k := i
				for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
					k++
				}
				if k < len(lines) && indent(lines[k]) >= content+4 {
					j, code := codeBlock(lines, k, content+4)
					writeCode(&inner, code)
					i = j
					continue
				}
				if k < len(lines) && indent(lines[k]) >= content && !listRE.MatchString(lines[k]) {
					i = k
					continue
				}
				break
			}
			if sub := listRE.FindStringSubmatch(l); sub != nil {
				if len(sub[1]) > base {
					i = writeList(&inner, lines, i)
					continue
				}
				break
			}
			if indent(l) < content && startsBlock(l) {
				break
			}
			if indent(l) == 0 {
				break
			}
			text = append(text, strings.TrimSpace(l))
			i++
		}
		b.WriteString("<li>" + inline(strings.Join(text, " ")) + inner.String() + "</li>\n")
		if i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			k := i
			for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
				k++
			}
			if k < len(lines) {
				if m := listRE.FindStringSubmatch(lines[k]); m != nil && len(m[1]) == base {
					i = k
				}
			}
		}
	}
	b.WriteString("</" + tag + ">\n")
	return i
}

func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	row = strings.TrimSuffix(row, "|")
	cells := strings.Split(row, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

var separatorRE = regexp.MustCompile(`^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$`)

func writeTable(b *strings.Builder, rows []string) {
	b.WriteString("<table>\n")
	body := rows
	if len(rows) >= 2 && separatorRE.MatchString(rows[1]) {
		b.WriteString("<thead><tr>")
		for _, c := range splitRow(rows[0]) {
			b.WriteString("<th>" + inline(c) + "</th>")
		}
		b.WriteString("</tr></thead>\n")
		body = rows[2:]
	}
	b.WriteString("<tbody>\n")
	for _, r := range body {
		b.WriteString("<tr>")
		for _, c := range splitRow(r) {
			b.WriteString("<td>" + inline(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
}

// inline converts code spans, bold, italics and links, escaping the rest.
func inline(s string) string {
	var b strings.Builder
	last := 0
	for _, loc := range inlineRE.FindAllStringIndex(s, -1) {
		b.WriteString(html.EscapeString(s[last:loc[0]]))
		tok := s[loc[0]:loc[1]]
		switch {
		case strings.HasPrefix(tok, "`"):
			b.WriteString("<code>" + html.EscapeString(tok[1:len(tok)-1]) + "</code>")
		case strings.HasPrefix(tok, "**"):
			b.WriteString("<strong>" + inline(tok[2:len(tok)-2]) + "</strong>")
		case strings.HasPrefix(tok, "*"):
			b.WriteString("<em>" + inline(tok[1:len(tok)-1]) + "</em>")
		default:
			m := linkRE.FindStringSubmatch(tok)
			b.WriteString(`<a href="` + html.EscapeString(linkTarget(m[2])) + `">` + inline(m[1]) + "</a>")
		}
		last = loc[1]
	}
	b.WriteString(html.EscapeString(s[last:]))
	return b.String()
}

// linkTarget maps links between docs pages to the server's pages and
// refuses script URLs.
func linkTarget(u string) string {
	lower := strings.ToLower(u)
	if strings.HasPrefix(lower, "javascript:") || strings.HasPrefix(lower, "data:") {
		return "#"
	}
	if name, ok := strings.CutSuffix(u, ".md"); ok && !strings.Contains(u, "/") {
		if name == "api" {
			return "/docs/api"
		}
		return "/rules/" + name
	}
	return u
}

func slug(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteRune(c)
		case c == ' ' || c == '-':
			b.WriteByte('-')
		}
	}
	return b.String()
}
