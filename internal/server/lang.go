package server

import (
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/text/language"

	"passage/internal/i18n"
)

// langCookie remembers the language a person chose (?lang= or the
// header's switch) across pages and visits.
const langCookie = "lang"

// langYear is how long the choice is remembered, in seconds.
const langYear = 365 * 24 * 60 * 60

// pageLang chooses the language of a page: ?lang= forces one and is
// remembered in a cookie; then the cookie; then the browser's
// Accept-Language through the i18n matcher. A ?lang= or cookie that
// names no supported language is ignored (and nothing is remembered),
// so a stale or mistyped choice never breaks a page.
func pageLang(w http.ResponseWriter, r *http.Request) language.Tag {
	tag, forced := chosenLang(r)
	if forced {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: tag.String(), Path: "/",
			MaxAge: langYear, SameSite: http.SameSiteLaxMode})
	}
	return tag
}

// imageLang is the language of an image a page shows (a rules
// diagram): chosen as a page's, but an image's ?lang= (a translated
// page names its own) is not remembered.
func imageLang(r *http.Request) language.Tag {
	tag, _ := chosenLang(r)
	return tag
}

// chosenLang is the language r asks for, and whether ?lang= forced it.
func chosenLang(r *http.Request) (language.Tag, bool) {
	if q := r.URL.Query().Get("lang"); q != "" {
		if tag, err := i18n.Parse(q); err == nil {
			return tag, true
		}
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if tag, err := i18n.Parse(c.Value); err == nil {
			return tag, false
		}
	}
	return i18n.Match(r.Header.Get("Accept-Language")), false
}

// diagramSrc is a rules diagram shown by a page (an <img>, or the
// upright board's <source>).
var diagramSrc = regexp.MustCompile(`(src|srcset)="(/rules/[^"?]+\.svg)"`)

// withDiagramLang makes the diagrams of a translated rules page (written
// in lang) ask for their words in lang, whatever the reader's choice.
func withDiagramLang(body template.HTML, lang string) template.HTML {
	return template.HTML(diagramSrc.ReplaceAllString(string(body), `$1="$2?lang=`+lang+`"`))
}

// withDiagramOpts makes the diagrams of a rules page shown with options
// (kit ID "senet-jequier water=15") ask for them (?opt=water%3D15), so
// that they are drawn under the same options as the box "in brief";
// the page as it is for the ruleset without options.
func withDiagramOpts(body template.HTML, id string) template.HTML {
	fields := strings.Fields(id)
	if len(fields) < 2 {
		return body
	}
	q := make([]string, len(fields)-1)
	for i, kv := range fields[1:] {
		q[i] = "opt=" + url.QueryEscape(kv)
	}
	opts := strings.Join(q, "&amp;")
	return template.HTML(diagramSrcQuery.ReplaceAllStringFunc(string(body), func(m string) string {
		src := strings.TrimSuffix(m, `"`)
		if strings.Contains(src, "?") {
			return src + "&amp;" + opts + `"`
		}
		return src + "?" + opts + `"`
	}))
}

// diagramSrcQuery is a rules diagram shown by a page, with the query
// withDiagramLang may have given it.
var diagramSrcQuery = regexp.MustCompile(`(src|srcset)="/rules/[^"?]+\.svg(\?[^"]*)?"`)

// langPack is what a page needs of one language: the printer for the
// template's words and the messages its scripts read.
type langPack struct {
	p        *i18n.Printer
	messages map[string]json.RawMessage
	name     string // the language's own name, for the switch
}

// langChoice is one entry of the header's language switch.
type langChoice struct {
	Code, Name string
	Selected   bool
}

// newLangPacks loads every language's pack once, at start-up.
func newLangPacks() (map[string]*langPack, error) {
	out := map[string]*langPack{}
	for _, tag := range i18n.Languages {
		p, err := i18n.New(tag)
		if err != nil {
			return nil, err
		}
		m, err := i18n.Messages(tag, i18n.WebPrefixes...)
		if err != nil {
			return nil, err
		}
		out[tag.String()] = &langPack{p: p, messages: m, name: p.T("web.langName")}
	}
	return out, nil
}

// choices lists the languages for the switch, current marked.
func langChoices(packs map[string]*langPack, current string) []langChoice {
	var out []langChoice
	for _, tag := range i18n.Languages {
		code := tag.String()
		out = append(out, langChoice{Code: code, Name: packs[code].name, Selected: code == current})
	}
	return out
}
