package server

import (
	"fmt"
	"html/template"
	"strings"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
)

// The rules pages open with a box "in brief": how a turn goes in a few
// lines. Its facts come from the ruleset under the options asked for
// (game.Brief, the throws and who starts from the Ruleset), its words
// from the catalogs (web.brief.*), so that it follows every option
// (/rules/kinevet?opt=six-rolls=2 says a 6 gives two more throws).

// briefView is the box as the doc template shows it.
type briefView struct {
	Heading string
	// Options is the line that says the box follows the options asked
	// for, empty for the ruleset as it comes.
	Options string
	Lines   []string
}

// briefOf words the brief of kit (opened with opts) in p's language;
// nil for a ruleset without one.
func briefOf(p *i18n.Printer, kit catalog.Kit) (*briefView, error) {
	b := kit.Brief
	if b == nil {
		return nil, nil
	}
	start := kit.Start()
	outcomes, err := kit.Outcomes(start)
	if err != nil {
		return nil, err
	}
	first, err := kit.ToMove(start)
	if err != nil {
		return nil, err
	}
	name, _ := game.SeatName(kit.Ruleset, first)
	seat := p.T("seat." + strings.ToLower(name))
	v := &briefView{Heading: p.T("web.brief.heading")}
	if words := optionWords(p, kit); words != "" {
		v.Options = p.T("web.brief.options", "Options", words)
	}
	// What you throw.
	if b.Sticks > 0 {
		chances := make([]string, len(outcomes))
		for i, o := range outcomes {
			chances[i] = p.T("web.brief.chance", "Roll", o.Roll, "Chance", fmt.Sprintf("%d/%d", o.Num, o.Den))
		}
		v.Lines = append(v.Lines, p.N("web.brief.sticks", b.Sticks, "None", b.NoneUp, "Chances", strings.Join(chances, ", ")))
	} else {
		even := true
		for _, o := range outcomes {
			even = even && o.Num*outcomes[0].Den == outcomes[0].Num*o.Den
		}
		if !even || len(outcomes) == 0 {
			return nil, fmt.Errorf("%s: a die whose throws are not equally likely", kit.ID())
		}
		o := outcomes[0]
		v.Lines = append(v.Lines, p.T("web.brief.die", "From", o.Roll, "To", outcomes[len(outcomes)-1].Roll,
			"Chance", fmt.Sprintf("%d/%d", o.Num, o.Den)))
	}
	// The pieces, the track and who starts.
	if b.Enter > 0 {
		v.Lines = append(v.Lines, p.N("web.brief.piecesEnter", b.Pieces, "Enter", b.Enter, "Squares", b.Squares, "Seat", seat))
	} else {
		v.Lines = append(v.Lines, p.N("web.brief.pieces", b.Pieces, "Squares", b.Squares, "Seat", seat))
	}
	// A turn: the move and the extra throws.
	turn := []string{p.T("web.brief.move")}
	switch {
	case len(b.Extra) > 0 && b.ExtraRolls == 1:
		turn = append(turn, p.T("web.brief.extra", "Throws", orList(p, b.Extra)))
	case len(b.Extra) > 0:
		turn = append(turn, p.N("web.brief.extraMany", b.ExtraRolls, "Throws", orList(p, b.Extra)))
	case b.EnterBonus && len(b.BonusSquares) > 0:
		turn = append(turn, p.T("web.brief.bonus", "Squares", orList(p, b.BonusSquares)))
	default:
		turn = append(turn, p.T("web.brief.noExtra"))
	}
	if len(b.ExtraSquares) > 0 {
		turn = append(turn, p.T("web.brief.extraSquare", "Squares", orList(p, b.ExtraSquares)))
	}
	v.Lines = append(v.Lines, strings.Join(turn, " "))
	// No move.
	noMove := map[string]string{"": "web.brief.lost", "any": "web.brief.backward", "piece": "web.brief.backwardPiece"}[b.Backward]
	if noMove == "" {
		return nil, fmt.Errorf("%s: unknown backward rule %q", kit.ID(), b.Backward)
	}
	line := p.T(noMove)
	if b.Tries > 1 {
		line += " " + p.N("web.brief.tries", b.Tries, "Enter", b.Enter)
	}
	v.Lines = append(v.Lines, line)
	// Capture and protection.
	var capture []string
	switch b.Capture {
	case "swap":
		capture = append(capture, p.T("web.brief.swap"))
	case "home":
		capture = append(capture, p.T("web.brief.home"))
	default:
		return nil, fmt.Errorf("%s: unknown capture %q", kit.ID(), b.Capture)
	}
	if b.Pair && b.BreakTriple {
		capture = append(capture, p.T("web.brief.pairTriple"))
	} else if b.Pair {
		capture = append(capture, p.T("web.brief.pair"))
	}
	if b.Wall > 0 {
		capture = append(capture, p.T("web.brief.wall", "Count", b.Wall))
	}
	if len(b.Safe) > 0 {
		capture = append(capture, p.T("web.brief.safe", "Squares", orList(p, b.Safe)))
	}
	v.Lines = append(v.Lines, strings.Join(capture, " "))
	// How you win.
	win := map[string]string{"off": "web.brief.winOff", "home": "web.brief.winHome"}[b.Goal]
	if win == "" {
		return nil, fmt.Errorf("%s: unknown goal %q", kit.ID(), b.Goal)
	}
	line = p.N(win, b.Pieces)
	if b.PlayOn {
		line += " " + p.T("web.brief.playOn")
	}
	v.Lines = append(v.Lines, line)
	return v, nil
}

// optionWords writes the non-default options of kit's ruleset ("kinevet
// six-rolls=2") as the lobby words them ("A 6 gives: two more throws"),
// the catalog's words where it has them (web.option.NAME.KEY.*), else
// the value itself, Ludo's colours by their names; "" for none.
func optionWords(p *i18n.Printer, kit catalog.Kit) string {
	fields := strings.Fields(kit.ID())
	if len(fields) < 2 {
		return ""
	}
	word := func(key, fallback string) string {
		if s := p.T(key); !strings.HasPrefix(s, "!") {
			return s
		}
		return fallback
	}
	var out []string
	for _, kv := range fields[1:] {
		k, val, _ := strings.Cut(kv, "=")
		base := "web.option." + fields[0] + "." + k
		value := word(base+".value."+val, val)
		if k == colorsOption && value == val {
			value = seatNames(p, kit)
		}
		out = append(out, p.T("web.option.pair", "Name", word(base+".name", k), "Value", value))
	}
	return strings.Join(out, "; ")
}

// colorsOption is Ludo's option that names the colours in play in turn
// order ("colors=ry"): its value is said as those seats' names, which
// the ruleset opened with it gives.
const colorsOption = "colors"

// seatNames is kit's seats in turn order, by their names in p's
// language ("Red, Yellow").
func seatNames(p *i18n.Printer, kit catalog.Kit) string {
	names := make([]string, kit.Players())
	for i := range names {
		name, _ := game.SeatName(kit.Ruleset, game.Player(i))
		names[i] = p.T("seat." + strings.ToLower(name))
	}
	return strings.Join(names, ", ")
}

// orList writes numbers as the box lists throws and squares: runs of
// three or more as a range (26–30, held on one line), the last joined by "or" in the
// language (web.brief.or).
func orList(p *i18n.Printer, nums []int) string {
	var items []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if j-i >= 2 {
			items = append(items, fmt.Sprintf("%d\u2060–\u2060%d", nums[i], nums[j])) // joined: no line break in it
		} else {
			for k := i; k <= j; k++ {
				items = append(items, fmt.Sprint(nums[k]))
			}
		}
		i = j + 1
	}
	if len(items) == 1 {
		return items[0]
	}
	return p.T("web.brief.or", "Rest", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
}

// splitTitle cuts a rendered rules page after its first heading, where
// the brief goes.
func splitTitle(body template.HTML) (title, rest template.HTML) {
	s := string(body)
	if i := strings.Index(s, "</h1>"); i >= 0 {
		i += len("</h1>")
		return template.HTML(s[:i]), template.HTML(s[i:])
	}
	return "", body
}
