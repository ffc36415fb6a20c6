package server

import (
	"net/http"

	"passage/agent"
	"passage/internal/catalog"
)

// rulesetView is a ruleset as clients see it (catalog.View, which
// passage rules --rules ID prints too).
type rulesetView = catalog.View

// levelView is a computer level a seat can take.
type levelView struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// computerKinds are the computer players a seat may have: the named
// levels and the plain agents without a budget.
func computerKinds() []levelView {
	var out []levelView
	for _, l := range agent.Levels {
		out = append(out, levelView{Name: l.Name, Doc: l.Doc})
	}
	return out
}

func (s *Server) handleRulesets(w http.ResponseWriter, r *http.Request) {
	var out []rulesetView
	for _, sp := range catalog.Specs() {
		kit, err := catalog.Open(sp.Name, nil)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out = append(out, catalog.KitView(sp, kit))
	}
	writeJSON(w, http.StatusOK, map[string]any{"rulesets": out, "computers": computerKinds()})
}

// handleRuleset describes one ruleset with the options of the query
// (?opt=KEY=VALUE, repeated).
func (s *Server) handleRuleset(w http.ResponseWriter, r *http.Request) {
	sp, err := catalog.Lookup(r.PathValue("name"))
	if err != nil {
		s.fail(w, r, newError(http.StatusNotFound, err, "%v", err).as("unknown_ruleset"))
		return
	}
	kit, err := catalog.Open(sp.Name, r.URL.Query()["opt"])
	if err != nil {
		s.fail(w, r, newError(http.StatusBadRequest, err, "%v", err).as("invalid_options"))
		return
	}
	writeJSON(w, http.StatusOK, catalog.KitView(sp, kit))
}
