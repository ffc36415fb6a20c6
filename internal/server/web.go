package server

import (
	"html"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"passage/docs"
	"passage/internal/catalog"
	"passage/web"
)

// webRoutes serves the browser interface: the lobby, the game and
// replay pages (static files that use the API), the rules pages and the
// API reference (Markdown rendered on the server).
func (s *Server) webRoutes(mux *http.ServeMux) {
	static, err := fs.Sub(web.Static, "static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b, err := fs.ReadFile(static, name)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(b)
		}
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /g/{id}", page("game.html"))
	mux.HandleFunc("GET /g/{id}/replay", page("replay.html"))
	mux.Handle("GET /static/", http.StripPrefix("/static/", noCache(http.FileServerFS(static))))
	mux.HandleFunc("GET /rules/{name}", s.handleRulesPage)
	mux.HandleFunc("GET /rules", s.handleRulesIndex)
	mux.HandleFunc("GET /docs/api", func(w http.ResponseWriter, r *http.Request) {
		b, err := docs.Files.ReadFile("api.md")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeDoc(w, http.StatusOK, "The Passage API", markdown(string(b)))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeDoc(w, http.StatusNotFound, "Not found", "<h1>Not found</h1><p>No page at "+html.EscapeString(r.URL.Path)+". <a href=\"/\">To the lobby</a>.</p>")
	})
}

// noCache makes browsers revalidate the scripts, so that a new binary's
// files are used at once.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// rulesDocs maps each ruleset name to its players' rules page.
func rulesDocs() map[string]string {
	out := map[string]string{}
	files, _ := fs.Glob(docs.Files, "rules/*.md")
	for _, f := range files {
		b, err := docs.Files.ReadFile(f)
		if err == nil {
			out[strings.TrimSuffix(path.Base(f), ".md")] = string(b)
		}
	}
	return out
}

func (s *Server) handleRulesPage(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	body, ok := rulesDocs()[name]
	if !ok {
		writeDoc(w, http.StatusNotFound, "No such rules", "<h1>No rules page</h1><p>There is no rules page for "+html.EscapeString(name)+". <a href=\"/rules\">All rules</a>.</p>")
		return
	}
	title := name
	if sp, err := catalog.Lookup(name); err == nil {
		title = sp.Title
	}
	writeDoc(w, http.StatusOK, title, markdown(body))
}

func (s *Server) handleRulesIndex(w http.ResponseWriter, r *http.Request) {
	docs := rulesDocs()
	var b strings.Builder
	b.WriteString("<h1>Rules</h1><ul>")
	for _, sp := range catalog.Specs() {
		if _, ok := docs[sp.Name]; ok {
			b.WriteString(`<li><a href="/rules/` + html.EscapeString(sp.Name) + `">` + html.EscapeString(sp.Title) + "</a> (<code>" + html.EscapeString(sp.Name) + "</code>)</li>")
		}
	}
	b.WriteString("</ul>")
	writeDoc(w, http.StatusOK, "Rules", b.String())
}

// writeDoc writes a documentation page around body (HTML).
func writeDoc(w http.ResponseWriter, status int, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(title) + ` · Passage</title>
<link rel="stylesheet" href="/static/style.css"></head>
<body class="doc"><header class="top"><a class="brand" href="/">Passage</a>
<nav><a href="/">Lobby</a> <a href="/rules">Rules</a> <a href="/docs/api">API</a></nav></header>
<main class="doc">` + body + `</main></body></html>
`))
}
