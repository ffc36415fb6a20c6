package server

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"heading", "# Senet (`senet-jequier`)", `<h1 id="senet-senet-jequier">Senet (<code>senet-jequier</code>)</h1>` + "\n"},
		{"paragraph", "one\ntwo **bold** *it*", "<p>one two <strong>bold</strong> <em>it</em></p>\n"},
		{"escape", "a <script> & b", "<p>a &lt;script&gt; &amp; b</p>\n"},
		{"link", "[api](api.md) [x](javascript:alert(1))", `<p><a href="/docs/api">api</a> <a href="#">x</a>)</p>` + "\n"},
		{"list", "- **J1** one\n  more\n- two", "<ul>\n<li><strong>J1</strong> one more</li>\n<li>two</li>\n</ul>\n"},
		{"ordered", "1. a\n2. b", "<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n"},
		{"code in item", "- board:\n\n      row 1: 1 2\n      row 2: 4 3\n- next", "<ul>\n<li>board:<pre><code>row 1: 1 2\nrow 2: 4 3</code></pre>\n</li>\n<li>next</li>\n</ul>\n"},
		{"indented code", "text\n\n    a <b>\n    c", "<p>text</p>\n<pre><code>a &lt;b&gt;\nc</code></pre>\n"},
		{"fenced", "```\nx\n```", "<pre><code>x</code></pre>\n"},
		{"table", "| a | b |\n|---|---|\n| `1` | 2 |", "<table>\n<thead><tr><th>a</th><th>b</th></tr></thead>\n<tbody>\n<tr><td><code>1</code></td><td>2</td></tr>\n</tbody></table>\n"},
		{"loose list", "- a\n\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markdown(tt.in); got != tt.want {
				t.Errorf("markdown(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestMarkdownDocs renders every rules page: no raw markup survives and
// every rule ID appears.
func TestMarkdownDocs(t *testing.T) {
	for name, body := range rulesDocs() {
		t.Run(name, func(t *testing.T) {
			out := markdown(body)
			if strings.Contains(out, "<script") || !strings.Contains(out, "<h1") || !strings.Contains(out, "<li>") {
				t.Errorf("%s renders oddly:\n%s", name, out)
			}
		})
	}
}
