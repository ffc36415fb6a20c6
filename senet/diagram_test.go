package senet

import (
	"math/rand/v2"
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
`

func TestDiagramStart(t *testing.T) {
	r := MustNew("senet-jequier", nil)
	if got := r.Diagram(r.Start()); got != startDiagram {
		t.Errorf("Diagram(start) (-want +got):\n%s", linediff.Diff(strings.Split(startDiagram, "\n"), strings.Split(got, "\n")))
	}
}

// TestDiagram checks the snake (rules/README.md: 11 under 10, 21 under
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

// TestHousesNamed: every ruleset names, for the browser's board, each
// square its rules mark: the safe squares and the House of Water.
func TestHousesNamed(t *testing.T) {
	for _, spec := range Specs() {
		named := map[int]bool{}
		for _, h := range spec.Houses {
			named[h.Square] = true
		}
		r := MustNew(spec.Name, nil)
		for s := 1; s <= Squares; s++ {
			if (r.Safe&(1<<s) != 0 || s == Water) && !named[s] {
				t.Errorf("%s: square %d is marked by the rules but has no House entry", spec.Name, s)
			}
		}
	}
}
