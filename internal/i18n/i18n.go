// Package i18n holds Passage's message catalogs, one per language, and
// chooses the language a person reads: from the terminal's locale
// (LC_ALL, LC_MESSAGES, LANG), from a browser's Accept-Language, or
// from an explicit choice (--lang, ?lang=). The catalogs are embedded
// JSON files in locales/, loaded with go-i18n so that plurals follow
// each language's CLDR rules; numbers are written in each language's
// format by golang.org/x/text/message. The English catalog is the
// source; docs/i18n.md tells translators how to add to it.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

//go:embed locales/*.json
var locales embed.FS

// Languages are the languages Passage speaks, English (the fallback)
// first.
var Languages = []language.Tag{
	language.English,
	language.Hungarian,
	language.French,
	language.Spanish,
	language.Russian,
}

// matcher picks among Languages; its first entry is the fallback.
var matcher = language.NewMatcher(Languages)

var (
	loadOnce sync.Once
	bundle   *goi18n.Bundle
	loadErr  error
)

// load reads every embedded catalog once.
func load() (*goi18n.Bundle, error) {
	loadOnce.Do(func() {
		b := goi18n.NewBundle(language.English)
		b.RegisterUnmarshalFunc("json", json.Unmarshal)
		for _, tag := range Languages {
			name := path.Join("locales", tag.String()+".json")
			data, err := locales.ReadFile(name)
			if err != nil {
				loadErr = fmt.Errorf("i18n: %w", err)
				return
			}
			if _, err := b.ParseMessageFileBytes(data, name); err != nil {
				loadErr = fmt.Errorf("i18n: %s: %w", name, err)
				return
			}
		}
		bundle = b
	})
	return bundle, loadErr
}

// Printer writes messages and numbers in one language. It is safe for
// concurrent use, so a server can keep one per language.
type Printer struct {
	tag  language.Tag
	loc  *goi18n.Localizer
	nums *message.Printer
}

// New returns the printer of tag, which should be one of Languages (as
// Parse, Match and FromEnv return); any other tag gets its closest
// match. It fails only if an embedded catalog is broken, which the
// tests rule out.
func New(tag language.Tag) (*Printer, error) {
	b, err := load()
	if err != nil {
		return nil, err
	}
	tag = closest(tag)
	return &Printer{
		tag:  tag,
		loc:  goi18n.NewLocalizer(b, tag.String()),
		nums: message.NewPrinter(tag),
	}, nil
}

// closest is the supported language nearest to tag.
func closest(tag language.Tag) language.Tag {
	_, i, _ := matcher.Match(tag)
	return Languages[i]
}

// Tag is the printer's language, for <html lang> and the like.
func (p *Printer) Tag() language.Tag { return p.tag }

// T is message id with its {{.Name}} placeholders filled from args,
// given as name, value pairs. A message the catalog lacks comes back as
// "!id" so that it shows and the catalog tests name it; it is never
// silently English.
func (p *Printer) T(id string, args ...any) string {
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data(args)})
	if err != nil {
		return "!" + id
	}
	return s
}

// N is message id in the plural form that count takes in the printer's
// language; {{.Count}} is count written in the language's format.
func (p *Printer) N(id string, count int, args ...any) string {
	d := data(args)
	d["Count"] = p.Int(count)
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: count})
	if err != nil {
		return "!" + id
	}
	return s
}

// Int writes n in the language's format ("1 000" in Hungarian and
// Russian, "1,000" in English).
func (p *Printer) Int(n int) string { return p.nums.Sprintf("%d", n) }

// Float writes x with decimals digits after the language's decimal
// separator ("0,5" in French).
func (p *Printer) Float(x float64, decimals int) string {
	return p.nums.Sprintf("%.*f", decimals, x)
}

// Percent writes the share x (0.25 is 25%) with decimals digits, as the
// language writes percentages ("25,0 %" in French, "25.0%" in English).
func (p *Printer) Percent(x float64, decimals int) string {
	return p.nums.Sprint(number.Percent(x, number.Scale(decimals)))
}

// data turns name, value pairs into template data.
func data(args []any) map[string]any {
	d := make(map[string]any, len(args)/2+1)
	for i := 0; i+1 < len(args); i += 2 {
		d[fmt.Sprint(args[i])] = args[i+1]
	}
	return d
}

// Codes lists the supported languages' codes: "en, hu, fr, es, ru".
func Codes() string {
	codes := make([]string, len(Languages))
	for i, t := range Languages {
		codes[i] = t.String()
	}
	return strings.Join(codes, ", ")
}

// Parse reads an explicit choice of language (--lang, ?lang=): one of
// the supported languages, with or without a region ("hu", "hu-HU",
// "pt_BR" is an error). Anything else is an error naming the choices.
func Parse(s string) (language.Tag, error) {
	tag, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
	if err == nil {
		base, _ := tag.Base()
		for _, t := range Languages {
			if b, _ := t.Base(); b == base {
				return t, nil
			}
		}
	}
	return language.Und, fmt.Errorf("unknown language %q (want one of %s)", s, Codes())
}

// Match chooses the language for a browser's Accept-Language header;
// English when nothing in it is supported or it does not parse.
func Match(acceptLanguage string) language.Tag {
	prefs, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(prefs) == 0 {
		return Languages[0]
	}
	_, i, _ := matcher.Match(prefs...)
	return Languages[i]
}

// FromEnv chooses the terminal's language the POSIX way: the first of
// LC_ALL, LC_MESSAGES and LANG that is set decides ("hu_HU.UTF-8"); C,
// POSIX and unsupported languages give English.
func FromEnv(getenv func(string) string) language.Tag {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		v, _, _ = strings.Cut(v, ".") // the codeset: hu_HU.UTF-8
		v, _, _ = strings.Cut(v, "@") // the modifier: sr_RS@latin
		if tag, err := Parse(v); err == nil {
			return tag
		}
		return Languages[0]
	}
	return Languages[0]
}

// English is the English printer: the words of drawings that are also
// pinned by golden files and of callers that choose no language. The
// catalogs are embedded and their tests load every one, so a failure
// here is a broken build, not bad input.
var English = sync.OnceValue(func() *Printer {
	p, err := New(language.English)
	if err != nil {
		panic(err)
	}
	return p
})
