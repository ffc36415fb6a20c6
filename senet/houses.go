package senet

import (
	"fmt"
	"strings"

	"passage/game"
)

// A house is a square the rules give an effect. Which squares are houses,
// and what each does, is read from the Variant's fields (Safe, Water,
// Return, ExtraSquares, CompulsoryStop, SkipHouses, BonusHouses,
// SleepHouses, JumpFrom, MustLeave, EnterThrow, BearOff) by houseKinds,
// so the terminal diagram, the houses the API serves to the SVG board and
// the legends cannot disagree with move generation. The Variant adds only
// names: HouseNames (what the sources call a square) and HouseRules (the
// rule ID each kind of house cites).

// HouseName is what a ruleset calls one of its houses: a name from the
// sources (empty when they give none) and a symbol for drawings.
type HouseName struct {
	Name   string
	Symbol string
}

// houseKind is one effect a square can have.
type houseKind struct {
	key    string // the kind's key in Variant.HouseRules
	mark   byte   // its mark in the terminal diagram, or 0 for the legend only
	label  string // its name in the diagram's legend
	symbol string // the drawing symbol of a house the variant does not name
	// squares is the set of squares with this effect, bit s for square s.
	squares func(v *Variant) uint32
	// effect says what the house does, for players.
	effect func(v *Variant, s int) string
}

// houseKinds lists every kind of house in the order the diagram's legend
// and a house's effect text list them.
var houseKinds = []houseKind{
	{"safe", '*', "safe", "☆",
		func(v *Variant) uint32 { return v.Safe },
		func(*Variant, int) string { return "A piece here cannot be attacked." }},
	{"water", '~', "water", "≈",
		func(*Variant) uint32 { return 1 << Water },
		waterEffect},
	{"return", '^', "return square", "↺",
		func(v *Variant) uint32 {
			if v.Return == 0 {
				return 0
			}
			return 1 << v.Return
		},
		func(*Variant, int) string { return "Drowned pieces restart here." }},
	{"enter", '>', "pieces enter", "☥",
		func(v *Variant) uint32 {
			if v.EnterThrow == 0 {
				return 0
			}
			return 1 << 1
		},
		func(v *Variant, _ int) string {
			return fmt.Sprintf("Pieces enter here with a throw of %d.", v.EnterThrow)
		}},
	{"extra", '+', "extra throw", "☀",
		func(v *Variant) uint32 { return v.ExtraSquares },
		func(*Variant, int) string { return "A move ending here gives another throw." }},
	{"bonus", '#', "bonus throw", "☀",
		func(v *Variant) uint32 { return v.BonusHouses },
		func(*Variant, int) string {
			return "Ending your own move here gives a bonus throw that may only move this piece."
		}},
	{"skip", 'x', "miss a turn", "✕",
		func(v *Variant) uint32 { return v.SkipHouses },
		func(*Variant, int) string { return "Ending your own move here misses your next turn." }},
	{"sleep", 'z', "sleep", "☾",
		func(v *Variant) uint32 { return v.SleepHouses },
		func(*Variant, int) string {
			return "A piece ending its own move here falls asleep until a piece passes over the square."
		}},
	{"jump", 'j', "jump the water", "☆",
		func(v *Variant) uint32 {
			if v.JumpFrom == 0 {
				return 0
			}
			return 1 << v.JumpFrom
		},
		func(*Variant, int) string {
			return fmt.Sprintf("A piece leaving with a throw of 1 jumps the water to %d.", Water+1)
		}},
	{"stop", '!', "compulsory stop", "☆",
		func(v *Variant) uint32 {
			if v.CompulsoryStop == 0 {
				return 0
			}
			return 1 << v.CompulsoryStop
		},
		func(*Variant, int) string { return "Every piece must stop here." }},
	{"leave", 0, "must be left", "◆",
		func(v *Variant) uint32 { return v.MustLeave },
		func(*Variant, int) string { return "A piece here must move on when it can." }},
	{"bearoff", 0, "bearing off", "☉",
		bearOffSquares,
		bearOffEffect},
}

func waterEffect(v *Variant, _ int) string {
	switch v.Drown {
	case DrownToHand:
		return "A piece ending here drowns and waits to enter again; a drowned BA takes its side's pieces on the board with it."
	case DrownReturnDown:
		return fmt.Sprintf("A piece ending here drowns and restarts on %d, or the first empty square before it.", v.Return)
	}
	return fmt.Sprintf("A piece ending here drowns and restarts on %d, or the first empty square after it.", v.Return)
}

// bearOffSquares are the squares with a bearing-off rule of their own:
// 30 under J13; under A24 30, and with the compulsory stop on 26 also
// 26, 28 and 29, which need an exact throw.
func bearOffSquares(v *Variant) uint32 {
	switch v.BearOff {
	case BearOffLastRow:
		return 1 << 30
	case BearOffKendall:
		if v.CompulsoryStop != 0 {
			return squares(v.CompulsoryStop, 28, 29, 30)
		}
		return 1 << 30
	}
	return 0
}

func bearOffEffect(v *Variant, s int) string {
	if v.BearOff == BearOffKendall && s < Squares {
		return fmt.Sprintf("A piece here bears off with a throw of exactly %d.", OffSq-s)
	}
	if v.BearOff == BearOffLastRow {
		return "Once all of a side's pieces stand in 21-30, a piece here bears off with any throw."
	}
	return "A piece here bears off with any throw."
}

// houseSquares lists the squares of mask in ascending order.
func houseSquares(mask uint32) []int {
	var out []int
	for s := 1; s <= Squares; s++ {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// kindSquares is a kind of house and the squares that have it.
type kindSquares struct {
	houseKind
	sqs []int
}

// kinds lists the kinds of house the variant has, each with its squares.
func (v *Variant) kinds() []kindSquares {
	var out []kindSquares
	for _, k := range houseKinds {
		if sqs := houseSquares(k.squares(v)); len(sqs) > 0 {
			out = append(out, kindSquares{k, sqs})
		}
	}
	return out
}

// Houses lists the variant's houses in square order, for drawings and
// the rules pages (a Rules' under its options: water=15 moves the return
// square): each square with an effect, its name and symbol from
// HouseNames (or the symbol of its first kind), and its effects, each
// with the rule it cites.
func (v *Variant) Houses() []game.House {
	var out []game.House
	for s := 1; s <= Squares; s++ {
		var effects []string
		var data []game.HouseEffect
		symbol := ""
		for _, k := range houseKinds {
			if k.squares(v)&(1<<s) == 0 {
				continue
			}
			if symbol == "" {
				symbol = k.symbol
			}
			e := k.effect(v, s)
			if id := v.HouseRules[k.key]; id != "" {
				e = strings.TrimSuffix(e, ".") + " (" + id + ")."
			}
			effects = append(effects, e)
			kind, n := effectData(k.key, v, s)
			data = append(data, game.HouseEffect{Kind: kind, N: n, Rule: v.HouseRules[k.key]})
		}
		if len(effects) == 0 {
			continue
		}
		n := v.HouseNames[s]
		if n.Symbol != "" {
			symbol = n.Symbol
		}
		out = append(out, game.House{Square: s, Name: n.Name, Symbol: symbol, Effect: strings.Join(effects, " "), Effects: data})
	}
	return out
}

// effectData is the kind and number of an effect as data (game.HouseEffect):
// the kinds whose text varies with the variant are told apart, so that
// each has one text in every language.
func effectData(key string, v *Variant, s int) (string, int) {
	switch key {
	case "water":
		switch v.Drown {
		case DrownToHand:
			return "water-hand", 0
		case DrownReturnDown:
			return "water-down", v.Return
		}
		return "water-up", v.Return
	case "enter":
		return key, v.EnterThrow
	case "jump":
		return key, Water + 1
	case "bearoff":
		if v.BearOff == BearOffKendall && s < Squares {
			return "bearoff-exact", OffSq - s
		}
		if v.BearOff == BearOffLastRow {
			return "bearoff-lastrow", 0
		}
	}
	return key, 0
}
