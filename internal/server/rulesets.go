package server

import (
	"net/http"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
)

// rulesetView describes a ruleset to clients: its options, board and
// houses; with options chosen also its seats, throws and start.
type rulesetView struct {
	Name     string        `json:"name"`
	Title    string        `json:"title"`
	Board    string        `json:"board"`
	Options  []optionView  `json:"options"`
	Houses   []game.House  `json:"houses"`
	ID       string        `json:"id,omitempty"`
	Players  int           `json:"players,omitempty"`
	Seats    []seatName    `json:"seats,omitempty"`
	Outcomes []outcomeView `json:"outcomes,omitempty"`
	Start    string        `json:"start,omitempty"`
	// Opening is the square the first move must start from while a
	// position says opening=... (Senet J4), left out where there is none.
	Opening int `json:"opening,omitempty"`
}

type optionView struct {
	Key     string   `json:"key"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Doc     string   `json:"doc"`
}

// outcomeView is a throw and its probability num/den.
type outcomeView struct {
	Roll int `json:"roll"`
	Num  int `json:"num"`
	Den  int `json:"den"`
}

type seatName struct {
	Name   string `json:"name"`
	Letter string `json:"letter"`
}

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

func specView(sp game.Spec) rulesetView {
	opts := []optionView{}
	for _, o := range sp.Options {
		opts = append(opts, optionView(o))
	}
	houses := sp.Houses
	if houses == nil {
		houses = []game.House{}
	}
	return rulesetView{Name: sp.Name, Title: sp.Title, Board: sp.Board, Options: opts, Houses: houses}
}

// kitView completes a ruleset's view with its options applied.
func kitView(sp game.Spec, kit catalog.Kit) rulesetView {
	v := specView(sp)
	if kit.Houses != nil {
		v.Houses = kit.Houses // under the options chosen (water=15 moves the return square)
	}
	v.ID, v.Players, v.Start = kit.ID(), kit.Players(), kit.Start()
	v.Opening = game.OpeningSquare(kit.Ruleset)
	for i := range kit.Players() {
		name, letter := game.SeatName(kit.Ruleset, game.Player(i))
		v.Seats = append(v.Seats, seatName{name, letter})
	}
	outcomes, _ := kit.Outcomes(kit.Start())
	for _, o := range outcomes {
		v.Outcomes = append(v.Outcomes, outcomeView(o))
	}
	return v
}

func (s *Server) handleRulesets(w http.ResponseWriter, r *http.Request) {
	var out []rulesetView
	for _, sp := range catalog.Specs() {
		kit, err := catalog.Open(sp.Name, nil)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out = append(out, kitView(sp, kit))
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
	writeJSON(w, http.StatusOK, kitView(sp, kit))
}
