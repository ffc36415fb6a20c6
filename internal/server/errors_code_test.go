package server

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"passage/internal/i18n"
)

// documentedCodes are the codes of docs/api.md's table of error codes.
func documentedCodes(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "## Error codes")
	if !ok {
		t.Fatal("docs/api.md has no section Error codes")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	out := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(table, -1) {
		out[m[1]] = true
	}
	return out
}

// sourceCodes are the codes the server's code gives errors: each
// apiError's code field and each .as("code"), with where, and whether
// an error is made anywhere without a code (it then takes its
// status's, from statusCodes).
func sourceCodes(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			var lit ast.Expr
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "code" {
					lit = n.Value
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "as" && len(n.Args) == 1 {
					lit = n.Args[0]
				}
			}
			if bl, ok := lit.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				s, _ := strconv.Unquote(bl.Value)
				out[s] = fset.Position(bl.Pos()).String()
			}
			return true
		})
	}
	return out
}

// TestErrorCodesDocumented: every code the server can answer with (its
// errors' own codes, the codes by status and the fallbacks) is listed
// in docs/api.md, and the docs list no code the server never gives.
func TestErrorCodesDocumented(t *testing.T) {
	docs := documentedCodes(t)
	all := sourceCodes(t)
	for status, c := range statusCodes {
		all[c] = "statusCodes[" + strconv.Itoa(status) + "]"
	}
	all["changed"], all["error"] = "codeOf", "codeOf"
	if len(all) < 30 {
		t.Fatalf("found only %d codes in the source: the scan is broken", len(all))
	}
	for c, where := range all {
		if !docs[c] {
			t.Errorf("code %s (%s) is not listed in docs/api.md", c, where)
		}
	}
	for c := range docs {
		if _, ok := all[c]; !ok {
			t.Errorf("docs/api.md lists code %s, which the server never gives", c)
		}
	}
}

// TestErrorAnswersHaveCodes: errors answered over HTTP and the
// WebSocket carry their English words and their documented code.
func TestErrorAnswersHaveCodes(t *testing.T) {
	s := newTestServer(t, Config{})
	docs := documentedCodes(t)
	id, white, black := twoPeople(t, s, "")
	tests := []struct {
		method, path, token string
		body                any
		code                string
	}{
		{"GET", "/api/games/nope", "", nil, "unknown_game"},
		{"GET", "/api/nowhere", "", nil, "no_endpoint"},
		{"GET", "/api/rulesets/nope", "", nil, "unknown_ruleset"},
		{"GET", "/api/rulesets/kinevet?opt=players=9", "", nil, "invalid_options"},
		{"POST", "/api/games", "", map[string]any{"rules": "nope"}, "invalid_game"},
		{"POST", "/api/games/" + id + "/throw", "", map[string]any{}, "missing_token"},
		{"POST", "/api/games/" + id + "/throw", "not-a-token", map[string]any{}, "bad_token"},
		{"POST", "/api/games/" + id + "/throw", white, map[string]any{}, "not_your_turn"},
		{"POST", "/api/games/" + id + "/move", black, map[string]any{"move": "1-2"}, "not_thrown"},
		{"GET", "/api/games/" + id + "/verify", "", nil, "seed_hidden"},
		{"GET", "/api/games?status=nope", "", nil, "bad_request"},
		// The endpoints between a cluster's nodes are for nodes only.
		{"GET", "/cluster/games/" + id + "/state", "", nil, "no_endpoint"},
		{"POST", "/cluster/games/" + id + "/intent", "", map[string]any{"type": "throw", "token": black}, "no_endpoint"},
	}
	for _, tt := range tests {
		status, b := s.do(t, tt.method, tt.path, tt.token, tt.body)
		var got errorBody
		if err := json.Unmarshal(b, &got); err != nil || got.Error == "" {
			t.Errorf("%s %s: %d %s, want an error body", tt.method, tt.path, status, b)
			continue
		}
		if got.Code != tt.code {
			t.Errorf("%s %s: code %q (%s), want %q", tt.method, tt.path, got.Code, got.Error, tt.code)
		}
		if !docs[got.Code] {
			t.Errorf("%s %s: code %q is not in docs/api.md", tt.method, tt.path, got.Code)
		}
	}
	// Black (who plays first after Jéquier's opening) throws: a move not
	// in the list is illegal, a second throw refused.
	v := s.throw(t, id, black)
	legal := make([]string, len(v.Moves))
	for i, m := range v.Moves {
		legal[i] = m.Move
	}
	bad := "30-off"
	if slices.Contains(legal, bad) {
		t.Fatalf("%s is legal here", bad)
	}
	status, b := s.do(t, "POST", "/api/games/"+id+"/move", black, map[string]any{"move": bad})
	if status != http.StatusUnprocessableEntity || !strings.Contains(string(b), `"code":"illegal_move"`) {
		t.Errorf("illegal move: %d %s", status, b)
	}
	status, b = s.do(t, "POST", "/api/games/"+id+"/throw", black, map[string]any{})
	if status != http.StatusConflict || !strings.Contains(string(b), `"code":"already_thrown"`) {
		t.Errorf("second throw: %d %s", status, b)
	}
}

// TestErrorCodesTranslated: the pages can say every documented error
// code in every language (web.error.CODE; the catalog tests check the
// languages have the same ids).
func TestErrorCodesTranslated(t *testing.T) {
	msgs, err := i18n.Messages(language.English, "web.error.")
	if err != nil {
		t.Fatal(err)
	}
	for c := range documentedCodes(t) {
		if _, ok := msgs["web.error."+c]; !ok {
			t.Errorf("code %s has no message web.error.%s", c, c)
		}
	}
}
