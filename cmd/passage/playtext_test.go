package main

import (
	"strings"
	"testing"

	"passage/internal/catalog"
	"passage/internal/i18n"

	"golang.org/x/text/language"
)

// TestPlayAutoForced: by default a person's only legal move is played
// for them, said so, and recorded; --auto-forced=false asks instead.
func TestPlayAutoForced(t *testing.T) {
	out := playOK(t, "quit\n", "--vs", "random", "--seed", "1")
	inOrder(t, out,
		"Black (random) throws 3 and plays 4-7.\n",
		"White throws 1: 9-10 is the only legal move, played for you. Another throw.\n",
		"White throws 3: 10-13 is the only legal move, played for you.\n",
		"White throws 2.\n  1) 4-6    2) 5-7    3) 13-15\nWhite, your move (1-3): ",
		"\nw 1 9-10\nw 3 10-13\n", // in the record
	)
	if strings.Contains(out, "your move (1)") {
		t.Errorf("a forced move was asked for:\n%s", out)
	}
	asked := playOK(t, "quit\n", "--vs", "random", "--seed", "1", "--auto-forced=false")
	inOrder(t, asked, "White throws 1.\n  1) 9-10\nWhite, your move (1): ")
	if strings.Contains(asked, "played for you") {
		t.Errorf("--auto-forced=false played a move for the person:\n%s", asked)
	}
}

// TestPlayFirstThrowExplained: when the engine's initial position has
// the opening already played, a person is told why the other side
// throws first.
func TestPlayFirstThrowExplained(t *testing.T) {
	out := playOK(t, "quit\n", "--vs", "random", "--seed", "1")
	inOrder(t, out, "White (w): you, Black (b): random\n", "Black throws first: the opening (J4) is already played.")
	apokrif := playOK(t, "quit\n", "--rules", "senet-apokrif", "--vs", "random", "--seed", "1")
	inOrder(t, apokrif, "White throws first: the opening (A4) is already played.")
	szenet := playOK(t, "quit\n", "--rules", "senet-szenet", "--vs", "random", "--seed", "1")
	if strings.Contains(szenet, "throws first") {
		t.Errorf("Szenet, whose first seat starts, explains who throws first:\n%.600s", szenet)
	}
	computers := playOK(t, "", "--seats", "random,random", "--seed", "1")
	if strings.Contains(computers, "throws first") {
		t.Errorf("a game without a person explains who throws first")
	}
}

// TestPlayBoardWithThrow: once the throw is shown, the board does not
// say whose throw it is to come; a board with no throw yet does, with
// the seat's name capitalised in every game.
func TestPlayBoardWithThrow(t *testing.T) {
	out := playOK(t, "board\nquit\n", "--vs", "random", "--seed", "1")
	if strings.Contains(out, "to throw") {
		t.Errorf("a board shown with its throw says \"to throw\":\n%s", out)
	}
	inOrder(t, out, "└─────┴", "White throws 2.\n  1) 4-6", "└─────┴", "White throws 2.\n  1) 4-6")
	computers := playOK(t, "", "--seats", "random,random", "--seed", "1")
	inOrder(t, computers, "  Black to throw.\n", "Black (random) throws")

	ludo := playOK(t, "board\nquit\n", "--rules", "kinevet", "--seats", "human,random,random,random", "--seed", "1")
	if strings.Contains(strings.ToLower(ludo), "red to roll") {
		t.Errorf("a Ludo board shown with its throw says \"to roll\":\n%s", ludo)
	}
	ludoComputers := playOK(t, "", "--rules", "kinevet", "--seats", "random,random,random,random", "--seed", "1")
	inOrder(t, ludoComputers, "Red to roll\n", "Red (random) throws")
	if strings.Contains(ludoComputers, "red to roll") {
		t.Errorf("the Ludo board writes a colour in lower case at the start of its status line")
	}
}

func TestWithThrowShown(t *testing.T) {
	hu, err := i18n.New(language.Hungarian)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, diagram, seat string
		words               *i18n.Printer
		shown               bool
		want                string
	}{
		{"senet, throw shown", "  board\n  White to throw.\n  Opening: x\n", "White", nil, true, "  board\n  Opening: x\n"},
		{"senet, no throw", "  board\n  White to throw.\n  Opening: x\n", "White", nil, false, "  board\n  White to throw.\n  Opening: x\n"},
		{"ludo, throw shown", "x\nred to roll\nlegend\n", "Red", nil, true, "x\nlegend\n"},
		{"ludo with state, throw shown", "x\nred to roll, 2 six(es) in a row, last moved 7\n", "Red", nil, true, "x\nRed: 2 six(es) in a row, last moved 7\n"},
		{"ludo with state, no throw", "x\nred to roll, 2 six(es) in a row", "Red", nil, false, "x\nRed to roll, 2 six(es) in a row"},
		{"another seat's name", "  White to throw.\n", "Black", nil, true, "  White to throw.\n"},
		{"game over", "  Game over: White wins.\n", "White", nil, true, "  Game over: White wins.\n"},
		{"hungarian senet, throw shown", "  tábla\n  Fehér dob.\n", "White", hu, true, "  tábla\n"},
		{"hungarian ludo with state", "x\npiros dob, 2 hatos egymás után\n", "Red", hu, true, "x\nPiros: 2 hatos egymás után\n"},
		{"hungarian ludo, no throw", "x\npiros dob\n", "Red", hu, false, "x\nPiros dob\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			words := tt.words
			if words == nil {
				words = i18n.English()
			}
			name := localSeatName(words, tt.seat)
			if got := withThrowShown(tt.diagram, name, throwHeads(words, tt.seat, name), tt.shown); got != tt.want {
				t.Errorf("withThrowShown(%q, %q, %v) = %q, want %q", tt.diagram, name, tt.shown, got, tt.want)
			}
		})
	}
}

// TestPlayLudoSeat: --seat names a Ludo colour by letter, name or
// number, as the flag's help says.
func TestPlayLudoSeat(t *testing.T) {
	for _, seat := range []string{"y", "Yellow", "2"} {
		out := playOK(t, "quit\n", "--rules", "kinevet", "--vs", "random", "--seat", seat, "--seed", "2")
		inOrder(t, out, "Red (r): random, Yellow (y): you, Green (g): random, Blue (b): random\n")
	}
}

// TestFirstThrowMatchesRules: every explanation of who throws first
// belongs to a known ruleset and, in every language, names first the
// seat that its initial position gives the throw to, and not the other.
func TestFirstThrowMatchesRules(t *testing.T) {
	for name := range firstThrow {
		kit, err := catalog.Open(name, nil)
		if err != nil {
			t.Errorf("firstThrow[%q]: %v", name, err)
			continue
		}
		p, err := kit.ToMove(kit.Start())
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range i18n.Languages {
			words, err := i18n.New(tag)
			if err != nil {
				t.Fatal(err)
			}
			why := words.T("play.firstThrow." + name)
			head, _, _ := strings.Cut(strings.ToLower(why), ":")
			first := strings.ToLower(localSeatName(words, seatName(kit.Ruleset, p)))
			other := strings.ToLower(localSeatName(words, seatName(kit.Ruleset, 1-p)))
			if !strings.Contains(head, first) || strings.Contains(head, other) {
				t.Errorf("%s: %s = %q, want it to say first that %s throws first", tag, name, why, first)
			}
		}
	}
}
