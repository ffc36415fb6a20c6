package senet

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
)

// startDiagram is the Jéquier start (J2, J4) as Diagram draws it.
const startDiagram = `    ┌─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
    │1   ^│2    │3    │4    │5    │6    │7    │8    │9    │10   │
    │  w  │  b  │  w  │  b  │  w  │  b  │  w  │  b  │  w  │  .  │ →
    ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
    │20   │19   │18   │17   │16   │15   │14   │13   │12   │11   │
  ← │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  b  │
    ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
    │21   │22   │23   │24   │25   │26  *│27  ~│28  *│29  *│30  *│
    │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │ → off
    └─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
  White (w)  on the board 5  borne off 0 of 5
  Black (b)  on the board 5  borne off 0 of 5
  Black to throw.
  Opening: White's first move must use the piece on 9 if it can.
  Houses:  * safe: 26 28 29 30  ~ water: 27  ^ return square: 1
           bearing off: 30
`

func TestDiagramStart(t *testing.T) {
	r := MustNew("senet-jequier", nil)
	if got := r.Diagram(r.Start()); got != startDiagram {
		t.Errorf("Diagram(start) (-want +got):\n%s", linediff.Diff(strings.Split(startDiagram, "\n"), strings.Split(got, "\n")))
	}
}

// TestDiagram checks the snake (J1, S1, A1: 11 under 10, 21 under
// 20), the houses taken from the variant's data (J11 water=15 moves the
// return mark), the counts and the result line.
func TestDiagram(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		pos  string
		want []string // lines the diagram must contain
	}{
		{
			name: "row 2 runs right to left",
			pos:  "wbwbw....w.b.......w....b....b b",
			want: []string{
				"    │  w  │  b  │  w  │  b  │  w  │  .  │  .  │  .  │  .  │  w  │ →",
				"  ← │  w  │  .  │  .  │  .  │  .  │  .  │  .  │  .  │  b  │  .  │",
				"    │  .  │  .  │  .  │  .  │  b  │  .  │  .  │  .  │  .  │  b  │ → off",
			},
		},
		{
			name: "J11 water=15 marks 15",
			opts: map[string]string{"water": "15"},
			pos:  "wbwbwbwbw.b................... b opening=w",
			want: []string{
				"    │1    │2    │3    │4    │5    │6    │7    │8    │9    │10   │",
				"    │20   │19   │18   │17   │16   │15  ^│14   │13   │12   │11   │",
				"  Houses:  * safe: 26 28 29 30  ~ water: 27  ^ return square: 15",
			},
		},
		{
			name: "J16 game over",
			pos:  "....................b...b..... - off=wwwwwbbb winner=w",
			want: []string{
				"  White (w)  on the board 0  borne off 5 of 5",
				"  Black (b)  on the board 2  borne off 3 of 5",
				"  Game over: White wins.",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := MustNew("senet-jequier", tt.opts)
			p, err := r.ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := r.Diagram(p)
			lines := strings.Split(got, "\n")
			for _, w := range tt.want {
				if !contains(lines, w) {
					t.Errorf("Diagram(%q) lacks the line\n%s\ngot:\n%s", tt.pos, w, got)
				}
			}
			if strings.Contains(got, "Opening") != p.Opening() {
				t.Errorf("Diagram(%q): opening line shown = %v, want %v", tt.pos, !p.Opening(), p.Opening())
			}
		})
	}
}

// TestDiagramFits80Columns checks the width promise of Diagram.
func TestDiagramFits80Columns(t *testing.T) {
	r := MustNew("senet-jequier", nil)
	for i, line := range strings.Split(r.Diagram(r.Start()), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

// TestDiagramRandomGames draws every position of a few random games under
// every option combination: 30 squares, pieces as in notation, at most 80
// columns.
func TestDiagramRandomGames(t *testing.T) {
	for _, r := range everyRuleset() {
		t.Run(r.ID(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			for range 3 {
				p := r.Start()
				for turn := 0; !r.Over(p); turn++ {
					if turn > 100_000 {
						t.Fatal("random game did not end")
					}
					checkDiagram(t, r, p)
					roll := game.Sample(r.Outcomes(p), rng)
					moves := r.Moves(p, roll, nil)
					p = r.Apply(p, roll, moves[rng.IntN(len(moves))])
				}
				checkDiagram(t, r, p)
			}
		})
	}
}

func checkDiagram(t *testing.T, r *Rules, p Position) {
	t.Helper()
	d := r.Diagram(p)
	lines := strings.Split(d, "\n")
	// The piece lines are 3, 6 and 9; square s of the snake is at cell
	// column (s-1)%10, reversed on row 2.
	var board []byte
	for row, li := range []int{2, 5, 8} {
		cells := strings.Split(lines[li], "│")[1:11]
		if row == 1 {
			for i, j := 0, len(cells)-1; i < j; i, j = i+1, j-1 {
				cells[i], cells[j] = cells[j], cells[i]
			}
		}
		for _, c := range cells {
			board = append(board, strings.TrimSpace(c)[0])
		}
	}
	if got, want := string(board), r.Format(p)[:Squares]; got != want {
		t.Fatalf("Diagram of %q shows the board %q", r.Format(p), got)
	}
	for i, line := range lines {
		if n := len([]rune(line)); n > 80 {
			t.Fatalf("Diagram of %q: line %d is %d columns wide", r.Format(p), i+1, n)
		}
	}
}

// TestDiagramShowsEveryHouse: every house of every ruleset, under every
// option, carries the marks of its kinds on its square in the diagram,
// and the legend lists every kind with its squares. The Szenet board
// once left 10, 16 and 20 unmarked.
func TestDiagramShowsEveryHouse(t *testing.T) {
	for name, r := range everyRuleset() {
		lines := strings.Split(r.Diagram(r.Start()), "\n")
		cells := map[int]string{} // square -> its number line's cell
		for row, li := range []int{1, 4, 7} {
			for i, c := range strings.Split(lines[li], "│")[1:11] {
				s := row*10 + i + 1
				if row == 1 {
					s = 20 - i
				}
				if !strings.HasPrefix(c, strconv.Itoa(s)) || len([]rune(c)) != cellW {
					t.Fatalf("%s: cell %q drawn where square %d belongs", name, c, s)
				}
				cells[s] = c
			}
		}
		legend := strings.Join(lines[slices.IndexFunc(lines, func(l string) bool {
			return strings.HasPrefix(l, "  Houses:")
		}):], " ")
		legend = strings.Join(strings.Fields(legend), " ")
		marked := map[int]bool{}
		for _, k := range r.kinds() {
			nums := make([]string, len(k.sqs))
			for i, s := range k.sqs {
				nums[i] = strconv.Itoa(s)
				if k.mark != 0 {
					marked[s] = true
					if !strings.ContainsRune(cells[s], rune(k.mark)) {
						t.Errorf("%s: square %d (%s) lacks its mark %c: %q", name, s, k.label, k.mark, cells[s])
					}
				}
			}
			if item := k.label + ": " + strings.Join(nums, " "); !strings.Contains(legend, item) {
				t.Errorf("%s: legend lacks %q: %s", name, item, legend)
			}
		}
		for _, h := range r.Houses() {
			if !marked[h.Square] {
				t.Errorf("%s: house %d has no mark on the board", name, h.Square)
			}
		}
	}
}

// TestSzenetHousesMarked pins the marks of the Szenet board's houses
// (S12-S19), which the diagram once left out for 10, 16 and 20.
func TestSzenetHousesMarked(t *testing.T) {
	r := MustNew("senet-szenet", nil)
	d := r.Diagram(r.Start())
	for _, cell := range []string{"│1  *>│", "│10  x│", "│15 *#│", "│16  z│", "│20  x│", "│26*#j│", "│27  ~│", "│28  *│"} {
		if !strings.Contains(d, cell) {
			t.Errorf("Szenet diagram lacks the cell %s:\n%s", cell, d)
		}
	}
}

// TestHouses: each ruleset's houses, as drawings and rules pages get
// them, have a symbol and an effect citing a rule for each kind; every
// name the variant gives is a name of a house, and a water=15 option
// moves the return square.
func TestHouses(t *testing.T) {
	for name, r := range everyRuleset() {
		houses := map[int]bool{}
		for _, h := range r.Houses() {
			houses[h.Square] = true
			if h.Symbol == "" || h.Effect == "" {
				t.Errorf("%s: house %+v lacks a symbol or an effect", name, h)
			}
		}
		for _, k := range r.kinds() {
			if r.HouseRules[k.key] == "" {
				t.Errorf("%s: houses of kind %s cite no rule", name, k.key)
			}
		}
		for s := range r.HouseNames {
			if !houses[s] {
				t.Errorf("%s: square %d is named but has no effect", name, s)
			}
		}
		for s := 1; s <= Squares; s++ {
			if (r.Safe&(1<<s) != 0 || s == Water) && !houses[s] {
				t.Errorf("%s: square %d is marked by the rules but is not a house", name, s)
			}
		}
	}
	r := MustNew("senet-jequier", map[string]string{"water": "15"})
	var got []int
	for _, h := range r.Houses() {
		got = append(got, h.Square)
	}
	if want := []int{15, 26, 27, 28, 29, 30}; !slices.Equal(got, want) {
		t.Errorf("senet-jequier water=15 houses on %v, want %v", got, want)
	}
	if h := r.Houses()[1]; h.Effect != "A piece here cannot be attacked (J12)." {
		t.Errorf("house 26: %q", h.Effect)
	}
}
