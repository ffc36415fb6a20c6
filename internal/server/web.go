package server

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"passage/docs"
	"passage/game"
	"passage/internal/catalog"
	"passage/web"
)

// pageData is what the page templates show; each page uses some of it.
type pageData struct {
	Lang      string // of <html>: "en" unless a translated page says otherwise
	Title     string // in the tab, before " · Passage"
	Class     string // of <body>
	MainClass string // of <main>
	Script    string // the page's module under /static/
	Body      template.HTML
	List      []game.Spec
	Heading   string
	Text      string
	Back      string
	BackText  string
}

// site holds the parsed templates and the docs pages, rendered once at
// start-up.
type site struct {
	pages    map[string]*template.Template // by content template file
	docs     map[string]template.HTML      // "api", "rules/kinevet", "rules/kinevet.hu"
	titles   map[string]string             // each doc's first heading, by the same key
	diagrams map[string][]byte             // SVG by address: "/rules/kinevet/board.svg"
}

// newSite parses the templates and renders every Markdown page. The
// files are embedded in the binary, so an error is a broken build,
// caught by the tests.
func newSite() (*site, error) {
	s := &site{pages: map[string]*template.Template{}, docs: map[string]template.HTML{}, titles: map[string]string{}}
	layout, err := template.ParseFS(web.Templates, "templates/layout.html")
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"lobby", "game", "replay", "doc", "rules-index", "notfound"} {
		t, err := layout.Clone()
		if err != nil {
			return nil, err
		}
		if t, err = t.ParseFS(web.Templates, "templates/"+name+".html"); err != nil {
			return nil, err
		}
		s.pages[name] = t
	}
	dt, err := diagramTemplate()
	if err != nil {
		return nil, err
	}
	if s.diagrams, err = rulesDiagrams(dt); err != nil {
		return nil, err
	}
	md := newMarkdown()
	files, err := fs.Glob(docs.Files, "*.md")
	if err != nil {
		return nil, err
	}
	rules, err := fs.Glob(docs.Files, "rules/*.md")
	if err != nil {
		return nil, err
	}
	for _, f := range append(files, rules...) {
		src, err := docs.Files.ReadFile(f)
		if err != nil {
			return nil, err
		}
		body, err := renderMarkdown(md, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		key := strings.TrimSuffix(f, ".md")
		s.docs[key] = body
		s.titles[key] = firstHeading(string(src))
	}
	return s, nil
}

// webRoutes serves the browser interface: the lobby, the game and
// replay pages (templates whose scripts use the API), the rules pages
// and the other docs (Markdown rendered at start-up).
func (s *Server) webRoutes(mux *http.ServeMux) {
	static, err := fs.Sub(web.Static, "static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	site, err := newSite()
	if err != nil {
		panic(err) // the templates and docs are part of the binary
	}
	show := func(name string, data pageData) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { s.page(w, r, site, http.StatusOK, name, data) }
	}
	mux.HandleFunc("GET /{$}", show("lobby", pageData{Title: "Lobby", Class: "lobby", Script: "lobby.js"}))
	mux.HandleFunc("GET /g/{id}", show("game", pageData{Title: "Game", Class: "game", Script: "game.js"}))
	mux.HandleFunc("GET /g/{id}/replay", show("replay", pageData{Title: "Replay", Class: "replay", Script: "replay.js"}))
	mux.Handle("GET /static/", http.StripPrefix("/static/", noCache(http.FileServerFS(static))))
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/static/favicon.svg", http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET /rules/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		body, ok := site.docs["rules/"+name]
		if !ok {
			s.page(w, r, site, http.StatusNotFound, "notfound", pageData{Title: "No such rules", MainClass: "doc",
				Heading: "No rules page", Text: "There is no rules page for " + name + ".", Back: "/rules", BackText: "All rules"})
			return
		}
		// A translated page (kinevet.hu) is in its own language, under its
		// own heading.
		title, lang := site.titles["rules/"+name], "en"
		if sp, err := catalog.Lookup(name); err == nil {
			title = sp.Title
		} else if _, l, ok := strings.Cut(name, "."); ok {
			lang = l
		}
		s.page(w, r, site, http.StatusOK, "doc", pageData{Lang: lang, Title: title, Class: "doc", MainClass: "doc", Body: body})
	})
	mux.HandleFunc("GET /rules/{name}/{file}", func(w http.ResponseWriter, r *http.Request) {
		svg, ok := site.diagrams[r.URL.Path]
		if !ok {
			s.notFound(w, r, site)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(svg)
	})
	mux.HandleFunc("GET /rules", func(w http.ResponseWriter, r *http.Request) {
		var list []game.Spec
		for _, sp := range catalog.Specs() {
			if _, ok := site.docs["rules/"+sp.Name]; ok {
				list = append(list, sp)
			}
		}
		s.page(w, r, site, http.StatusOK, "rules-index", pageData{Title: "Rules", Class: "doc", MainClass: "doc", List: list})
	})
	mux.HandleFunc("GET /docs/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		body, ok := site.docs[name]
		// An escaped slash (rules%2Fkinevet) must not reach a rules page here.
		if !ok || strings.Contains(name, "/") {
			s.notFound(w, r, site)
			return
		}
		title := "Passage docs: " + name
		if name == "api" {
			title = "The Passage API"
		}
		s.page(w, r, site, http.StatusOK, "doc", pageData{Title: title, Class: "doc", MainClass: "doc", Body: body})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { s.notFound(w, r, site) })
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request, site *site) {
	s.page(w, r, site, http.StatusNotFound, "notfound", pageData{Title: "Not found", MainClass: "doc",
		Heading: "Not found", Text: "No page at " + path.Clean(r.URL.Path) + ".", Back: "/", BackText: "To the lobby"})
}

// firstHeading is the text of a Markdown page's first "# " heading,
// without code marks.
func firstHeading(src string) string {
	for line := range strings.Lines(src) {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			return strings.TrimSpace(strings.ReplaceAll(h, "`", ""))
		}
	}
	return ""
}

// page executes a page template into a buffer first, so that a failure
// answers 500 (logged) instead of half a page.
func (s *Server) page(w http.ResponseWriter, r *http.Request, site *site, status int, name string, data pageData) {
	if data.Lang == "" {
		data.Lang = "en"
	}
	var b bytes.Buffer
	if err := site.pages[name].ExecuteTemplate(&b, "layout", data); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// noCache makes browsers revalidate the scripts, so that a new binary's
// files are used at once.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
