package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"unicode"

	"passage/docs"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
	"passage/internal/store"
	"passage/web"
)

// pageData is what the page templates show; each page uses some of it.
type pageData struct {
	Lang      string // of <html>: the page's language, chosen by pageLang
	Title     string // in the tab, before " · Passage"; TitleID's text when empty
	TitleID   string // the catalog id of the title
	Class     string // of <body>
	MainClass string // of <main>
	Script    string // the page's module under /static/
	Body      template.HTML
	// ContentLang is the language of Body when it differs from the
	// page's (an English rules page on a Hungarian page, the API docs).
	ContentLang string
	Rules       []rulesEntry
	DocGroups   []docsGroup // the /docs index
	Heading     string
	Text        string
	Back        string
	BackText    string
	// HeadingID, TextID (with TextArg as {{.Name}}) and BackTextID are
	// the catalog ids of a not-found page's words.
	HeadingID, TextID, TextArg, BackTextID string
	Note                                   string // above a page's content: a rules page shown in English
	// Title1 is a rules page's first heading, which Brief (the box "in
	// brief", brief.go) follows, before Body.
	Title1 template.HTML
	Brief  *briefView
	// P writes the template's words in the page's language
	// ({{.P.T "web.nav.lobby"}}); Messages are the words its scripts
	// read (web/static/i18n.js), embedded as a JSON data block.
	P        *i18n.Printer
	Messages map[string]json.RawMessage
	Langs    []langChoice
	// Path is the page's address without ?lang=, for the language
	// switch's links.
	Path string
}

// site holds the parsed templates and the docs pages, rendered once at
// start-up.
type site struct {
	pages    map[string]*template.Template // by content template file
	docs     map[string]template.HTML      // "api", "rules/kinevet", "rules/kinevet.hu"
	titles   map[string]string             // each doc's first heading, by the same key
	diagrams map[string]map[string][]byte  // SVG by language and address: "/rules/kinevet/board.svg"
	diagramT *template.Template            // draws a diagram under options (?opt=) on request
	langs    map[string]*langPack          // by language code
}

// newSite parses the templates and renders every Markdown page. The
// files are embedded in the binary, so an error is a broken build,
// caught by the tests.
func newSite(static *staticFiles) (*site, error) {
	s := &site{pages: map[string]*template.Template{}, docs: map[string]template.HTML{}, titles: map[string]string{}}
	var err error
	var layout *template.Template
	if s.langs, err = newLangPacks(); err != nil {
		return nil, err
	}
	// {{static "game.js"}}: the file's address in this release (static.go).
	layout, err = template.New("layout.html").Funcs(template.FuncMap{"static": static.url}).ParseFS(web.Templates, "templates/layout.html")
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"lobby", "game", "replay", "doc", "rules-index", "docs-index", "notfound"} {
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
	s.diagramT = dt
	s.diagrams = map[string]map[string][]byte{}
	for lang, pack := range s.langs {
		if s.diagrams[lang], err = rulesDiagrams(dt, pack.p); err != nil {
			return nil, err
		}
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
		if strings.HasPrefix(key, "rules/") {
			_, lang, translated := strings.Cut(key, ".")
			if translated {
				body = withDiagramLang(body, lang)
			} else {
				lang = "en"
			}
			if pack := s.langs[lang]; pack != nil {
				body = withUprightNote(body, pack.p)
			}
			if !translated {
				// The English page by name (kinevet.en), for the rules
				// index's links: its diagrams in English whatever the
				// reader's choice, as a translation's are in its language.
				s.docs[key+".en"] = withDiagramLang(body, "en")
			}
		}
		s.docs[key] = body
		s.titles[key] = firstHeading(string(src))
	}
	return s, nil
}

// webRoutes serves the browser interface: the lobby, the game and
// replay pages (templates whose scripts use the API), the rules pages
// and the other docs (Markdown rendered at start-up).
func (s *Server) webRoutes(mux *http.ServeMux) {
	static, err := loadStatic()
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	site, err := newSite(static)
	if err != nil {
		panic(err) // the templates and docs are part of the binary
	}
	show := func(name string, data pageData) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { s.page(w, r, site, http.StatusOK, name, data) }
	}
	mux.HandleFunc("GET /{$}", show("lobby", pageData{TitleID: "web.title.lobby", Class: "lobby", Script: "lobby.js"}))
	// A game's pages are the 404 page where there is no such game, not
	// a board and buttons that can never work.
	showGame := func(name string, data pageData) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if _, err := s.st.Game(r.Context(), r.PathValue("id")); errors.Is(err, store.ErrNotFound) {
				s.noGame(w, r, site)
				return
			}
			s.page(w, r, site, http.StatusOK, name, data)
		}
	}
	mux.HandleFunc("GET /g/{id}", showGame("game", pageData{TitleID: "web.title.game", Class: "game", Script: "game.js"}))
	mux.HandleFunc("GET /g/{id}/replay", showGame("replay", pageData{TitleID: "web.title.replay", Class: "replay", Script: "replay.js"}))
	mux.HandleFunc("GET /static/{version}/{file}", static.serveVersioned)
	mux.HandleFunc("GET /static/{file}", static.serveUnversioned)
	// The icon's old address leads to this release's, which is cached for
	// a year; temporarily (302), since the next release's address differs.
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		icon, _ := static.url("favicon.svg") // there: TestStaticFiles
		http.Redirect(w, r, icon, http.StatusFound)
	})
	mux.HandleFunc("GET /rules/{name}", func(w http.ResponseWriter, r *http.Request) { s.rulesPage(w, r, site) })
	mux.HandleFunc("GET /rules/{name}/{file}", func(w http.ResponseWriter, r *http.Request) {
		lang := imageLang(r).String()
		svg, ok := site.diagrams[lang][r.URL.Path]
		if !ok {
			s.notFound(w, r, site)
			return
		}
		// With ?opt= (as a rules page with options asks for them), the
		// diagram is drawn under those options, checked as the page
		// checks them: water=15 marks the return square on 15.
		if opts := r.URL.Query()["opt"]; len(opts) > 0 {
			sp, _ := catalog.Lookup(r.PathValue("name")) // there: site.diagrams has it
			kit, err := catalog.Open(sp.Name, opts)
			if err != nil {
				s.badOptions(w, r, site, "", sp.Name, err)
				return
			}
			if kit.ID() != sp.Name {
				file := r.PathValue("file")
				docs, err := kitDiagrams(site.langs[lang].p, sp, kit, file)
				if err != nil {
					s.fail(w, r, err)
					return
				}
				var b bytes.Buffer
				if err := site.diagramT.ExecuteTemplate(&b, "diagram", docs[file]); err != nil {
					s.fail(w, r, err)
					return
				}
				svg = b.Bytes()
			}
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Vary", "Accept-Language, Cookie")
		w.Write(svg)
	})
	mux.HandleFunc("GET /rules", func(w http.ResponseWriter, r *http.Request) {
		var list []rulesEntry
		for _, sp := range catalog.Specs() {
			if _, ok := site.docs["rules/"+sp.Name]; !ok {
				continue
			}
			e := rulesEntry{Name: sp.Name}
			// Every language the page is written in, English included:
			// a reader may want the English text whatever the choice.
			for _, tag := range i18n.Languages {
				if _, ok := site.docs["rules/"+sp.Name+"."+tag.String()]; ok {
					e.Langs = append(e.Langs, langChoice{Code: tag.String(), Name: site.langs[tag.String()].name})
				}
			}
			list = append(list, e)
		}
		s.page(w, r, site, http.StatusOK, "rules-index", pageData{TitleID: "web.title.rules", Class: "doc", MainClass: "doc", Rules: list})
	})
	docsIndex := func(w http.ResponseWriter, r *http.Request) {
		s.page(w, r, site, http.StatusOK, "docs-index", pageData{TitleID: "web.title.docs", Class: "doc", MainClass: "doc", DocGroups: site.docsGroups()})
	}
	mux.HandleFunc("GET /docs", docsIndex)
	mux.HandleFunc("GET /docs/{$}", docsIndex)
	mux.HandleFunc("GET /docs/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		body, ok := site.docs[name]
		// An escaped slash (rules%2Fkinevet) must not reach a rules page here.
		if !ok || strings.Contains(name, "/") {
			s.notFound(w, r, site)
			return
		}
		// The docs are for developers and stay in English (<html lang>
		// says so); the header around them follows the chosen language.
		title := "Passage docs: " + name
		if name == "api" {
			title = "The Passage API"
		}
		s.page(w, r, site, http.StatusOK, "doc", pageData{Title: title, ContentLang: "en", Class: "doc", MainClass: "doc", Body: body})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/g/") {
			s.noGame(w, r, site) // /g/ID/, /g/ID/replay/
			return
		}
		s.notFound(w, r, site)
	})
}

// docsGroup is a section of the /docs index: the documents for one
// kind of reader.
type docsGroup struct {
	HeadingID string // its heading's catalog id
	Docs      []docsEntry
	Sim       bool // followed by how to run simulations (passage sim)
}

// docsEntry is a document on the /docs index, described by the catalog's
// web.docs.about.NAME.
type docsEntry struct {
	Name, Href, Title string
	English           bool // a developers' page, in English (docs/NAME.md)
}

// docsIndex lists every page of docs/*.md (and the rules) by reader;
// TestDocsIndex checks that none is left out.
var docsIndex = []struct {
	heading string
	names   []string
	sim     bool
}{
	{"web.docs.players", []string{"rules"}, false},
	{"web.docs.researchers", []string{"analysis", "agents", "strength", "endgame", "notation", "cli", "api"}, true},
	{"web.docs.operators", []string{"deploy"}, false},
	{"web.docs.translators", []string{"i18n"}, false},
}

// docsGroups is the /docs index: each document under its English title
// (its first heading), the rules under the rules index's address.
func (s *site) docsGroups() []docsGroup {
	var out []docsGroup
	for _, g := range docsIndex {
		group := docsGroup{HeadingID: g.heading, Sim: g.sim}
		for _, name := range g.names {
			e := docsEntry{Name: name, Href: "/docs/" + name, Title: s.titles[name], English: true}
			if name == "rules" {
				e = docsEntry{Name: name, Href: "/rules"}
			}
			group.Docs = append(group.Docs, e)
		}
		out = append(out, group)
	}
	return out
}

// nearGameAddress is the game or replay page address that p misses
// (/g/ID. with a chat's full stop, /g/ID/, an upper-case ID) and its
// game ID: p without its trailing punctuation and slashes, in lower
// case, when that is the address of a page of a possible game.
func nearGameAddress(p string) (addr, id string, ok bool) {
	addr = strings.ToLower(strings.TrimRightFunc(p, func(c rune) bool { return c == '/' || unicode.IsPunct(c) }))
	rest, ok := strings.CutPrefix(addr, "/g/")
	if !ok {
		return "", "", false
	}
	id, page, _ := strings.Cut(rest, "/")
	if !validID(id) || page != "" && page != "replay" {
		return "", "", false
	}
	return addr, id, true
}

// noGame answers a /g/ address that names no game: a permanent
// redirect (308, the query kept) to the page it misses when that game
// exists, else the 404 page saying there is no such game.
func (s *Server) noGame(w http.ResponseWriter, r *http.Request, site *site) {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		if addr, id, ok := nearGameAddress(r.URL.Path); ok && addr != r.URL.Path {
			if _, err := s.st.Game(r.Context(), id); err == nil {
				if r.URL.RawQuery != "" {
					addr += "?" + r.URL.RawQuery
				}
				http.Redirect(w, r, addr, http.StatusPermanentRedirect)
				return
			}
		}
	}
	s.page(w, r, site, http.StatusNotFound, "notfound", pageData{TitleID: "web.title.noGame", MainClass: "doc",
		HeadingID: "web.notFound.noGame", TextID: "web.notFound.noGameText", TextArg: clip(path.Clean(r.URL.Path)), Back: "/", BackTextID: "web.notFound.lobby"})
}

// rulesEntry is a ruleset on the rules index, with the languages its
// page is written in (English first).
type rulesEntry struct {
	Name  string
	Langs []langChoice
}

// rulesPage serves /rules/ID in the page's language: docs/rules/ID.LANG.md
// when there is one, else the English page with a note saying so.
// /rules/ID.LANG names one translation whatever the chosen language.
func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request, site *site) {
	name := r.PathValue("name")
	lang := pageLang(w, r).String()
	p := site.langs[lang].p
	// The box "in brief" follows the options of the query
	// (?opt=KEY=VALUE, repeated, as GET /api/rulesets/NAME reads them):
	// a game page links to its rules with its own.
	brief := func(base string, p *i18n.Printer, data *pageData) bool {
		kit, err := catalog.Open(base, r.URL.Query()["opt"])
		if err != nil {
			s.badOptions(w, r, site, data.Lang, base, err)
			return false
		}
		v, err := briefOf(p, kit)
		if err != nil {
			s.fail(w, r, err)
			return false
		}
		data.Brief = v
		// The diagrams follow the same options, so that the board marks
		// what the box says (water=15: the return square on 15).
		data.Body = withDiagramOpts(data.Body, kit.ID())
		data.Title1, data.Body = splitTitle(data.Body)
		return true
	}
	if sp, err := catalog.Lookup(name); err == nil {
		body, in := rulesIn(site.docs, sp.Name, lang)
		if body == "" {
			s.rulesNotFound(w, r, site, name)
			return
		}
		data := pageData{Title: p.T("ruleset." + sp.Name), Class: "doc", MainClass: "doc", Body: body, ContentLang: in}
		if in != lang {
			data.Note = p.T("web.rules.englishOnly")
		}
		if brief(sp.Name, p, &data) {
			s.page(w, r, site, http.StatusOK, "doc", data)
		}
		return
	}
	base, l, ok := strings.Cut(name, ".")
	body, found := site.docs["rules/"+name]
	if !ok || !found || site.langs[l] == nil {
		s.rulesNotFound(w, r, site, name)
		return
	}
	// A translation asked for by name (kinevet.hu) is a page in its
	// own language, under its title in that language.
	data := pageData{Lang: l, Title: site.langs[l].p.T("ruleset." + base), Class: "doc", MainClass: "doc", Body: body}
	if brief(base, site.langs[l].p, &data) {
		s.page(w, r, site, http.StatusOK, "doc", data)
	}
}

// rulesIn is the rules page of ruleset name in lang, and the language it
// is written in: docs/rules/NAME.LANG.md when there is one, else the
// English page (empty when there is none).
func rulesIn(docs map[string]template.HTML, name, lang string) (template.HTML, string) {
	if body, ok := docs["rules/"+name+"."+lang]; ok && lang != "en" {
		return body, lang
	}
	return docs["rules/"+name], "en"
}

// badOptions answers a rules page or diagram asked for with options
// ruleset base does not have (400), in lang (the page's when empty).
func (s *Server) badOptions(w http.ResponseWriter, r *http.Request, site *site, lang, base string, err error) {
	in := lang
	if in == "" {
		in = imageLang(r).String() // the page's language, which page remembers
	}
	s.page(w, r, site, http.StatusBadRequest, "notfound", pageData{Lang: lang, TitleID: "web.title.badOptions", MainClass: "doc",
		HeadingID: "web.notFound.badOptions", TextID: "web.notFound.badOptionsText", TextArg: optionErrorText(site.langs[in].p, err),
		Back: "/rules/" + base, BackTextID: "web.notFound.plainRules"})
}

// optionErrorText says what is wrong with a ruleset's options in p's
// language (web.optionError.KIND, from a *game.OptionError's data: the
// option, the value given and those it takes), not in the English of
// the error's message, which the API gives; the user's words clipped.
func optionErrorText(p *i18n.Printer, err error) string {
	var oe *game.OptionError
	if !errors.As(err, &oe) {
		return clip(err.Error())
	}
	key, value := clip(oe.Key), clip(oe.Value)
	item := key + "=" + value
	switch oe.Kind {
	case game.OptionSyntax:
		return p.T("web.optionError.syntax", "Item", key)
	case game.OptionUnknown:
		if len(oe.Allowed) == 0 {
			return p.T("web.optionError.none", "Item", item)
		}
		return p.T("web.optionError.unknown", "Item", item, "Key", key, "Allowed", joinList(p, oe.Allowed, "web.brief.and"))
	case game.OptionTwice:
		return p.T("web.optionError.twice", "Key", key)
	case game.OptionValue:
		return p.T("web.optionError.value", "Key", key, "Value", value, "Allowed", joinList(p, oe.Allowed, "web.brief.or"))
	case game.OptionConflict:
		return p.T("web.optionError.conflict", "Key", key, "Value", value, "Other", oe.Other, "OtherValue", oe.OtherValue)
	}
	return clip(err.Error())
}

func (s *Server) rulesNotFound(w http.ResponseWriter, r *http.Request, site *site, name string) {
	s.page(w, r, site, http.StatusNotFound, "notfound", pageData{TitleID: "web.title.noRules", MainClass: "doc",
		HeadingID: "web.notFound.noRules", TextID: "web.notFound.noRulesText", TextArg: clip(name), Back: "/rules", BackTextID: "web.notFound.allRules"})
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request, site *site) {
	s.page(w, r, site, http.StatusNotFound, "notfound", pageData{TitleID: "web.title.notFound", MainClass: "doc",
		HeadingID: "web.notFound.heading", TextID: "web.notFound.text", TextArg: clip(path.Clean(r.URL.Path)), Back: "/", BackTextID: "web.notFound.lobby"})
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
	lang := data.Lang // a page in one language whatever the choice (kinevet.hu)
	if lang == "" {
		lang = pageLang(w, r).String()
	}
	pack := site.langs[lang]
	data.Lang, data.P, data.Messages = lang, pack.p, pack.messages
	data.Langs = langChoices(site.langs, lang)
	if data.ContentLang == lang {
		data.ContentLang = "" // the whole page is in one language
	}
	if data.TitleID != "" {
		data.Title = pack.p.T(data.TitleID)
	}
	if data.HeadingID != "" {
		data.Heading, data.Text, data.BackText = pack.p.T(data.HeadingID), pack.p.T(data.TextID, "Name", data.TextArg), pack.p.T(data.BackTextID)
		// An address that ends the sentence with its own full stop (or
		// the ellipsis of a clipped one) takes no second one: "/g/x.",
		// not "/g/x..".
		for _, end := range []string{".", "…"} {
			if strings.HasSuffix(data.TextArg, end) && strings.HasSuffix(data.Text, data.TextArg+".") {
				data.Text = strings.TrimSuffix(data.Text, ".")
			}
		}
	}
	q := r.URL.Query()
	q.Del("lang")
	data.Path = r.URL.Path
	if len(q) > 0 {
		data.Path += "?" + q.Encode()
	}
	var b bytes.Buffer
	if err := site.pages[name].ExecuteTemplate(&b, "layout", data); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.URL.Query().Has("invite") {
		// The page holds the invite's secret (its links): no cache may
		// keep a copy (operator review).
		w.Header().Set("Cache-Control", "no-store")
	}
	w.Header().Set("Vary", "Accept-Language, Cookie")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}
