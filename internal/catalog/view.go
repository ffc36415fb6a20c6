package catalog

import "passage/game"

// View describes a ruleset to programs: its options, board and houses;
// with options chosen also its seats, throws (with their probabilities)
// and start. The server's GET /api/rulesets/NAME and passage rules
// --rules ID print it, so both say the same.
type View struct {
	Name     string        `json:"name"`
	Title    string        `json:"title"`
	Board    string        `json:"board"`
	Options  []OptionView  `json:"options"`
	Houses   []game.House  `json:"houses"`
	ID       string        `json:"id,omitempty"`
	Players  int           `json:"players,omitempty"`
	Seats    []SeatView    `json:"seats,omitempty"`
	Outcomes []OutcomeView `json:"outcomes,omitempty"`
	Start    string        `json:"start,omitempty"`
	// Opening is the square the first move must start from while a
	// position says opening=... (Senet J4), left out where there is none.
	Opening int `json:"opening,omitempty"`
}

// OptionView is an option: its values, default and what it does.
type OptionView struct {
	Key     string   `json:"key"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Doc     string   `json:"doc"`
}

// OutcomeView is a throw and its probability num/den.
type OutcomeView struct {
	Roll int `json:"roll"`
	Num  int `json:"num"`
	Den  int `json:"den"`
}

// SeatView names a seat and its letter in the notation.
type SeatView struct {
	Name   string `json:"name"`
	Letter string `json:"letter"`
}

// SpecView is the view of a ruleset's description alone.
func SpecView(sp game.Spec) View {
	opts := []OptionView{}
	for _, o := range sp.Options {
		opts = append(opts, OptionView(o))
	}
	houses := sp.Houses
	if houses == nil {
		houses = []game.House{}
	}
	return View{Name: sp.Name, Title: sp.Title, Board: sp.Board, Options: opts, Houses: houses}
}

// KitView completes a ruleset's view with its options applied.
func KitView(sp game.Spec, kit Kit) View {
	v := SpecView(sp)
	if houses := kit.Houses(); houses != nil {
		v.Houses = houses // under the options chosen (water=15 moves the return square)
	}
	v.ID, v.Players, v.Start = kit.ID(), kit.Players(), kit.Start()
	v.Opening = game.OpeningSquare(kit.Ruleset)
	for i := range kit.Players() {
		name, letter := game.SeatName(kit.Ruleset, game.Player(i))
		v.Seats = append(v.Seats, SeatView{name, letter})
	}
	outcomes, _ := kit.Outcomes(kit.Start())
	for _, o := range outcomes {
		v.Outcomes = append(v.Outcomes, OutcomeView(o))
	}
	return v
}
