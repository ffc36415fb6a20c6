package server

import (
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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
	// Play is the link that opens the lobby with these rules and options
	// chosen (PlayHref), as a variant page on lichess offers a game.
	Play, PlayHref string
}

// playHref is the lobby's address with the ruleset of kit and its
// options chosen: /?rules=NAME&opt=KEY%3DVALUE...#create (lobby.js reads
// them).
func playHref(kit catalog.Kit) string {
	f := strings.Fields(kit.ID())
	q := url.Values{"rules": {f[0]}}
	if len(f) > 1 {
		q["opt"] = f[1:]
	}
	return "/?" + q.Encode() + "#create"
}

// briefOf words the brief of kit (opened with opts) in p's language;
// nil for a ruleset without one.
func briefOf(p *i18n.Printer, kit catalog.Kit) (*briefView, error) {
	if kit.Brief == nil {
		return nil, nil
	}
	b := kit.Brief()
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
	v := &briefView{Heading: p.T("web.brief.heading"), Play: p.T("web.brief.play"), PlayHref: playHref(kit)}
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
	if b.BA && b.Enter > 0 {
		v.Lines = append(v.Lines, p.N("web.brief.piecesEnterBA", b.Pieces, "Enter", b.Enter, "Squares", b.Squares, "Seat", seat))
	} else if b.Enter > 0 {
		v.Lines = append(v.Lines, p.N("web.brief.piecesEnter", b.Pieces, "Enter", b.Enter, "Squares", b.Squares, "Seat", seat))
	} else {
		v.Lines = append(v.Lines, p.N("web.brief.pieces", b.Pieces, "Squares", b.Squares, "Seat", seat))
	}
	if b.OpeningSquare > 0 {
		// Jéquier J4: White's first move from 9.
		name, _ := game.SeatName(kit.Ruleset, game.Player(b.OpeningSeat))
		v.Lines[len(v.Lines)-1] += " " + p.T("web.brief.opening", "Seat", p.T("seat."+strings.ToLower(name)),
			"Square", p.T("web.brief.squareNo", "N", b.OpeningSquare))
	}
	// A turn: the move and the extra throws.
	turn := []string{p.T("web.brief.move")}
	switch {
	case len(b.Extra) > 0 && b.ExtraRolls == 1:
		turn = append(turn, p.T("web.brief.extra", "Throws", orList(p, b.Extra)))
	case len(b.Extra) > 0:
		turn = append(turn, p.N("web.brief.extraMany", b.ExtraRolls, "Throws", orList(p, b.Extra)))
	case b.EnterBonus && len(b.BonusSquares) > 0:
		turn = append(turn, p.T("web.brief.bonus", "Squares", squareList(p, b.BonusSquares, "web.brief.or")))
	default:
		turn = append(turn, p.T("web.brief.noExtra"))
	}
	if len(b.ExtraSquares) > 0 {
		turn = append(turn, p.T("web.brief.extraSquare", "Squares", squareList(p, b.ExtraSquares, "web.brief.or")))
	}
	switch b.Sixes {
	case 0:
	case 3:
		turn = append(turn, p.T("web.brief.threeSixes"))
	default:
		return nil, fmt.Errorf("%s: a limit of %d sixes in a row the box cannot say", kit.ID(), b.Sixes)
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
	if b.Spaced {
		capture = append(capture, p.T("web.brief.spaced")) // Apokrif A8
	}
	if len(b.Safe) > 0 {
		capture = append(capture, p.T("web.brief.safe", "Squares", squareList(p, b.Safe, "web.brief.or")))
	}
	if leave := houseSquares(b.Houses, "leave"); len(leave) > 0 {
		// Szenet S19: the safe houses must be left.
		if !slices.Equal(leave, b.Safe) {
			return nil, fmt.Errorf("%s: houses to leave %v that are not the safe squares %v", kit.ID(), leave, b.Safe)
		}
		capture = append(capture, p.T("web.brief.leave"))
	}
	v.Lines = append(v.Lines, strings.Join(capture, " "))
	// The special squares and pieces: the houses whose effect no other
	// line says, by their names; Ludo's goal.
	if line := housesLine(p, b); line != "" {
		v.Lines = append(v.Lines, line)
	}
	if b.GoalSquares > 0 {
		goal := []string{p.N("web.brief.goalExact", b.GoalSquares)}
		if b.GoalBounce {
			goal[0] = p.N("web.brief.goalBounce", b.GoalSquares)
		}
		if b.GoalJump {
			goal = append(goal, p.T("web.brief.goalJump"))
		} else {
			goal = append(goal, p.T("web.brief.goalNoJump"))
		}
		v.Lines = append(v.Lines, strings.Join(goal, " "))
	}
	// How you win.
	win := map[string]string{"off": "web.brief.winOff", "home": "web.brief.winHome"}[b.Goal]
	if win == "" {
		return nil, fmt.Errorf("%s: unknown goal %q", kit.ID(), b.Goal)
	}
	line = p.N(win, b.Pieces)
	if len(houseSquares(b.Houses, "bearoff-lastrow")) > 0 {
		line += " " + p.T("web.brief.lastRow") // Jéquier J13
	}
	if exact, err := exactOff(p, b); err != nil {
		return nil, fmt.Errorf("%s: %w", kit.ID(), err)
	} else if exact != "" {
		line += " " + exact // Apokrif A24, Szenet S20
	}
	switch last := p.T("web.brief.squareNo", "N", b.Squares); b.Overshoot {
	case "":
	case "bounce":
		line += " " + p.T("web.brief.overshootBounce", "Last", last) // Jéquier J14
	case "block":
		line += " " + p.T("web.brief.overshootBlock", "Last", last)
	default:
		return nil, fmt.Errorf("%s: unknown overshoot %q", kit.ID(), b.Overshoot)
	}
	if b.BAGate {
		line += " " + p.T("web.brief.baGate") // Szenet S20
	}
	if b.PlayOn {
		line += " " + p.T("web.brief.playOn")
	}
	v.Lines = append(v.Lines, line)
	return v, nil
}

// exactOff says the throws that bear a piece off from the houses that
// need an exact one ("5 from 26, 3 from 28 or 2 from 29"; Apokrif A24)
// and the squares from which any throw bears off, as the board's houses
// have them (bearoff-exact, bearoff); or, where every piece needs the
// exact throw (b.ExactOff, Szenet S20), those throws and that a larger
// one does not bear off; "" where no piece needs an exact throw.
func exactOff(p *i18n.Printer, b *game.Brief) (string, error) {
	var throws []string
	if len(b.ExactOff) > 0 {
		if len(houseSquares(b.Houses, "bearoff-exact")) > 0 {
			return "", fmt.Errorf("exact bearing-off throws both for every piece and from houses")
		}
		for _, o := range b.ExactOff {
			throws = append(throws, p.T("web.brief.throwFrom", "Roll", o.Throw, "Square", p.T("web.brief.squareNo", "N", o.Square)))
		}
		return p.T("web.brief.exactOffOnly", "Throws", joinList(p, throws, "web.brief.or")), nil
	}
	for _, h := range b.Houses {
		for _, e := range h.Effects {
			if e.Kind == "bearoff-exact" {
				throws = append(throws, p.T("web.brief.throwFrom", "Roll", e.N, "Square", p.T("web.brief.squareNo", "N", h.Square)))
			}
		}
	}
	if len(throws) == 0 {
		return "", nil
	}
	anyThrow := houseSquares(b.Houses, "bearoff")
	if len(anyThrow) == 0 {
		return "", fmt.Errorf("exact bearing-off throws %q but no square any throw bears off from", throws)
	}
	return p.T("web.brief.exactOff", "Throws", joinList(p, throws, "web.brief.or"), "Any", squareList(p, anyThrow, "web.brief.or")), nil
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

// briefHouseKinds are the house effects (game.HouseEffect kinds) the
// box says in its houses line, in that order, with their words (a
// drowned BA's under web.brief.house.waterHandBA). The others are said
// on other lines (safe, enter, extra, bonus, leave, bearoff-lastrow; the
// return square with the water; the exact bearing-off throws with the
// win), or only on the page (jump).
var briefHouseKinds = []struct{ kind, key string }{
	{"stop", "web.brief.house.stop"},
	{"skip", "web.brief.house.skip"},
	{"sleep", "web.brief.house.sleep"},
	{"water-up", "web.brief.house.waterUp"},
	{"water-down", "web.brief.house.waterDown"},
	{"water-hand", "web.brief.house.waterHand"},
}

// housesLine says the effects of b's houses that no other line of the
// box says, each after the houses that have it, by their names in p's
// language and their squares ("House of Water (27): ..."), the houses
// without a name by their squares; "" for none.
func housesLine(p *i18n.Printer, b *game.Brief) string {
	type said struct {
		first int
		text  string
	}
	var out []said
	for _, k := range briefHouseKinds {
		var labels []string
		var plain []int
		first, n := 0, 0
		for _, h := range b.Houses {
			for _, e := range h.Effects {
				if e.Kind != k.kind {
					continue
				}
				if first == 0 {
					first = h.Square
				}
				n = e.N
				if h.Name == "" {
					plain = append(plain, h.Square)
				} else {
					labels = append(labels, p.T("web.brief.houseLabel", "Name", houseName(p, h.Name), "Square", h.Square))
				}
			}
		}
		if first == 0 {
			continue
		}
		if len(plain) > 0 {
			labels = append(labels, p.N("web.brief.squares", len(plain), "Squares", squareList(p, plain, "web.brief.and")))
		}
		key := k.key
		if k.kind == "water-hand" && b.BA {
			key = "web.brief.house.waterHandBA"
		}
		out = append(out, said{first, p.T("web.brief.where", "Where", upperFirst(joinList(p, labels, "web.brief.and")), "What", p.T(key, "N", n))})
	}
	slices.SortStableFunc(out, func(a, b said) int { return a.first - b.first })
	texts := make([]string, len(out))
	for i, s := range out {
		texts[i] = s.text
	}
	return strings.Join(texts, " ")
}

// houseSquares lists the squares of houses with an effect of kind.
func houseSquares(houses []game.House, kind string) []int {
	var out []int
	for _, h := range houses {
		for _, e := range h.Effects {
			if e.Kind == kind {
				out = append(out, h.Square)
				break
			}
		}
	}
	return out
}

// houseName is a house's name in p's language (web.house.name.*, keyed
// as the board's script keys it: "House of the Net" is
// house-of-the-net), else its English name.
func houseName(p *i18n.Printer, name string) string {
	if s := p.T("web.house.name." + houseKey(name)); !strings.HasPrefix(s, "!") {
		return s
	}
	return name
}

// upperFirst writes s with its first letter in capitals, for a name
// that opens a sentence (hu "a Víz háza").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// squareList is orList (or with "web.brief.and") for squares, each
// written as the language writes a square's number (web.brief.squareNo:
// hu "15." for "the 15th").
func squareList(p *i18n.Printer, nums []int, last string) string {
	items := numberItems(nums)
	for i, s := range items {
		items[i] = p.T("web.brief.squareNo", "N", s)
	}
	return joinList(p, items, last)
}

// orList writes numbers as the box lists throws and squares: runs of
// three or more as a range (26–30, held on one line), the last joined by "or" in the
// language (web.brief.or).
func orList(p *i18n.Printer, nums []int) string {
	return joinList(p, numberItems(nums), "web.brief.or")
}

// numberItems writes ascending numbers as list items, runs of three or
// more as a range (26–30, held on one line).
func numberItems(nums []int) []string {
	return runItems(nums, "\u2060–\u2060") // joined: no line break in it
}

// runItems writes ascending numbers as items, runs of three or more as
// one range whose ends dash joins.
func runItems(nums []int, dash string) []string {
	var items []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if j-i >= 2 {
			items = append(items, fmt.Sprintf("%d%s%d", nums[i], dash, nums[j]))
		} else {
			for k := i; k <= j; k++ {
				items = append(items, fmt.Sprint(nums[k]))
			}
		}
		i = j + 1
	}
	return items
}

// joinList joins items as the language does, the last by the catalog's
// key last (web.brief.or: "1, 4 or 6"; web.brief.and).
func joinList(p *i18n.Printer, items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return p.T(last, "Rest", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
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
