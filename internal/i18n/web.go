package i18n

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"golang.org/x/text/language"
)

// WebPrefixes are the message families the browser's scripts read: the
// page words (web.*) and the names they share with the terminal.
var WebPrefixes = []string{"web.", "ruleset.", "seat.", "kind."}

// Messages returns the raw catalog entries of tag (a text, or an object
// of CLDR plural forms) whose ids start with one of prefixes, for a page
// to embed as JSON: its scripts fill them in with the same rules
// (web/static/i18n.js: {{.Name}} placeholders, plural forms chosen by
// Intl.PluralRules, which is CLDR too). An id the language lacks takes
// the English entry, which the catalog tests rule out anyway.
func Messages(tag language.Tag, prefixes ...string) (map[string]json.RawMessage, error) {
	tag = closest(tag)
	out := map[string]json.RawMessage{}
	for _, t := range []language.Tag{Languages[0], tag} {
		data, err := locales.ReadFile(path.Join("locales", t.String()+".json"))
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		var all map[string]json.RawMessage
		if err := json.Unmarshal(data, &all); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", t, err)
		}
		for id, v := range all {
			for _, p := range prefixes {
				if strings.HasPrefix(id, p) {
					out[id] = v
					break
				}
			}
		}
	}
	return out, nil
}
