package senet

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"passage/game"
)

// apokrifCase is one decision of senet-apokrif: a position in notation, a
// throw, and the exact legal moves in canonical order, each followed by
// the position it leads to ("MOVE POSITION").
type apokrifCase struct {
	name string
	opts string // "pieces=7", or "" for the defaults
	pos  string
	roll int
	want []string
}

// apokrifRules builds senet-apokrif with options written "k=v k=v".
func apokrifRules(t testing.TB, opts string) *Rules {
	t.Helper()
	m := map[string]string{}
	for _, kv := range strings.Fields(opts) {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	r, err := New("senet-apokrif", m)
	if err != nil {
		t.Fatalf("New(senet-apokrif, %q): %v", opts, err)
	}
	return r
}

// apokrifTransitions lists the legal moves of p for roll, each as
// "MOVE POSITION".
func apokrifTransitions(r *Rules, p Position, roll int) []string {
	var out []string
	for _, m := range r.Moves(p, roll, nil) {
		out = append(out, m.String()+" "+r.Format(r.Apply(p, roll, m)))
	}
	return out
}

func runApokrifCases(t *testing.T, cases []apokrifCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Helper()
			r := apokrifRules(t, tc.opts)
			p, err := r.Parse(tc.pos)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.pos, err)
			}
			got := apokrifTransitions(r, p, tc.roll)
			if d := apokrifDiff(tc.want, got); d != "" {
				t.Errorf("%q throw %d: moves (-want +got):\n%s", tc.pos, tc.roll, d)
			}
		})
	}
}

// apokrifDiff returns a line diff of want and got, or "" when they are
// equal: lines only in want start with "-", lines only in got with "+",
// and two lines of context around each change are kept (" "), the rest
// elided ("..."). It aligns the lines on a longest common subsequence.
func apokrifDiff(want, got []string) string {
	if slices.Equal(want, got) {
		return ""
	}
	n, m := len(want), len(got)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var lines []string
	for i, j := 0, 0; i < n || j < m; {
		switch {
		case i < n && j < m && want[i] == got[j]:
			lines = append(lines, "  "+want[i])
			i, j = i+1, j+1
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			lines = append(lines, "- "+want[i])
			i++
		default:
			lines = append(lines, "+ "+got[j])
			j++
		}
	}
	const context = 2
	var b strings.Builder
	elided := false
	for k, line := range lines {
		near := false
		for d := max(0, k-context); d <= min(len(lines)-1, k+context); d++ {
			near = near || lines[d][0] != ' '
		}
		if !near {
			if !elided {
				b.WriteString("  ...\n")
			}
			elided = true
			continue
		}
		elided = false
		b.WriteString(line + "\n")
	}
	return b.String()
}

func TestA1Board(t *testing.T) {
	r := apokrifRules(t, "")
	for _, tc := range []struct{ name, pos string }{
		{"29-squares", "bwbwbwbwb.w.................. w"},
		{"31-squares", "bwbwbwbwb.w.................... w"},
		{"piece-on-27", "bwbwbwbw..w...............b... w"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Parse(tc.pos); !errors.Is(err, game.ErrBadPosition) {
				t.Errorf("Parse(%q) = %v, want an error wrapping %v", tc.pos, err, game.ErrBadPosition)
			}
		})
	}
}

// TestA2Start builds the A2 layout from the rule's words (alternating from
// square 1, Black first), makes the A4 opening move (White's front piece
// one square on), and compares with the engine's initial position.
func TestA2Start(t *testing.T) {
	for _, tc := range []struct {
		opts   string
		pieces int
		id     string
		want   string // docs/notation.md
	}{
		{"", 5, "senet-apokrif", "bwbwbwbwb.w................... w"},
		{"pieces=5", 5, "senet-apokrif", "bwbwbwbwb.w................... w"},
		{"pieces=7", 7, "senet-apokrif pieces=7", "bwbwbwbwbwbwb.w............... w"},
	} {
		t.Run("pieces="+fmt.Sprint(tc.pieces), func(t *testing.T) {
			r := apokrifRules(t, tc.opts)
			board := []byte(strings.Repeat(".", Squares))
			for i := range 2 * tc.pieces {
				board[i] = "bw"[i%2] // A2: Black on 1, White on 2, ...
			}
			front := 2*tc.pieces - 1 // index of White's front piece
			board[front], board[front+1] = '.', 'w'
			built := string(board) + " w"
			if got := r.Format(r.Start()); got != tc.want || got != built {
				t.Errorf("start = %q, want %q (notation.md) built from A2/A4 as %q", got, tc.want, built)
			}
			if r.ID() != tc.id || r.Pieces != tc.pieces {
				t.Errorf("ID, Pieces = %q, %d, want %q, %d", r.ID(), r.Pieces, tc.id, tc.pieces)
			}
		})
	}
	if _, err := New("senet-apokrif", map[string]string{"pieces": "6"}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("New(pieces=6) = %v, want an error wrapping %v", err, game.ErrBadOption)
	}
}

func TestA3Throws(t *testing.T) {
	r := apokrifRules(t, "")
	want := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16},
		{Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 5, Num: 1, Den: 16}}
	if got := r.Outcomes(r.Start()); !slices.Equal(got, want) {
		t.Errorf("Outcomes = %v, want %v", got, want)
	}
}

// TestA18TouchMove checks Touched, the helper an interface uses for
// strict touch-move: touching an own piece commits to its move, touching
// an opponent piece commits to attacking it when that is legal.
func TestA18TouchMove(t *testing.T) {
	r := apokrifRules(t, "")
	for _, tc := range []struct {
		name string
		pos  string
		roll int
		sq   int
		want string // moves, space-separated
	}{
		// w2 has no move (4 is supported by 5, nothing below 1).
		{"own-piece-without-move", ".w.bb....w.b.......w.......... w off=wwbb", 2, 2, ""},
		{"own-piece", ".w.bb....w.b.......w.......... w off=wwbb", 2, 10, "10-12"},
		{"own-piece-2", ".w.bb....w.b.......w.......... w off=wwbb", 2, 20, "20-22"},
		{"opponent-attackable", ".w.bb....w.b.......w.......... w off=wwbb", 2, 12, "10-12"},
		{"opponent-supported", ".w.bb....w.b.......w.......... w off=wwbb", 2, 4, ""},
		{"empty-square", ".w.bb....w.b.......w.......... w off=wwbb", 2, 22, ""},
		{"off-board", ".w.bb....w.b.......w.......... w off=wwbb", 2, 31, ""},
		// b12 can be attacked forward from 10 and backward from 14 (16 is
		// a House held by Black).
		{"opponent-two-attackers", ".........w.b.w.b.............. w off=wwwbbb", 2, 12, "10-12 14-12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range r.Touched(p, tc.roll, tc.sq, nil) {
				got = append(got, m.String())
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("Touched(%q, %d, %d) = %q, want %q", tc.pos, tc.roll, tc.sq, got, tc.want)
			}
		})
	}
}

func TestA1AdjacencyAlongPath(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"row-turn-10-11", "", ".......b.ww................... b off=wwwbbbb", 3, []string{
			"8-5 ....b....ww................... w off=wwwbbbb",
		}},
		{"row-turn-20-21", "", "..................bww......... b off=wwwbbbb", 2, []string{
			"19-17 ................b..ww......... w off=wwwbbbb",
		}},
	})
}

func TestA4Opening(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"start-throw-2", "", "bwbwbwbwb.w................... w", 2, []string{
			"8-10 bwbwbwb.bww................... b",
			"11-13 bwbwbwbwb...w................. b",
		}},
		{"start-throw-3", "", "bwbwbwbwb.w................... w", 3, []string{
			"11-14 bwbwbwbwb....w................ b",
		}},
		{"start-7-throw-1", "pieces=7", "bwbwbwbwbwbwb.w............... w", 1, []string{
			"2-3 bbwwbwbwbwbwb.w............... w",
			"4-5 bwbbwwbwbwbwb.w............... w",
			"6-7 bwbwbbwwbwbwb.w............... w",
			"8-9 bwbwbwbbwwbwb.w............... w",
			"10-11 bwbwbwbwbbwwb.w............... w",
			"12-13 bwbwbwbwbwbbw.w............... w",
			"15-16 bwbwbwbwbwbwb..w.............. w",
		}},
	})
}

func TestA5ExtraThrows(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"throw-1", "", "....b..............w.......... w off=wwwwbbbb", 1, []string{
			"20-21 ....b...............w......... w off=wwwwbbbb",
		}},
		{"throw-2", "", "....b..............w.......... w off=wwwwbbbb", 2, []string{
			"20-22 ....b................w........ b off=wwwwbbbb",
		}},
		{"throw-3", "", "....b..............w.......... w off=wwwwbbbb", 3, []string{
			"20-23 ....b.................w....... b off=wwwwbbbb",
		}},
		{"throw-4", "", "....b..............w.......... w off=wwwwbbbb", 4, []string{
			"20-24 ....b..................w...... w off=wwwwbbbb",
		}},
		{"throw-5", "", "....b..............w.......... w off=wwwwbbbb", 5, []string{
			"20-25 ....b...................w..... w off=wwwwbbbb",
		}},
		{"unused-3", "", ".w..bb........................ w off=wwwwbbb", 3, []string{
			"pass .w..bb........................ b off=wwwwbbb",
		}},
		{"unused-4", "", ".w..bb........................ w off=wwwwbbb", 4, []string{
			"pass .w..bb........................ w off=wwwwbbb",
		}},
		{"unused-5", "", ".w..bb........................ w off=wwwwbbb", 5, []string{
			"pass .w..bb........................ w off=wwwwbbb",
		}},
	})
}

func TestA6FreeChoice(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"extra-throw", "", "..w....w...........b.......... w off=wwwbbbb", 4, []string{
			"3-7 ......ww...........b.......... w off=wwwbbbb",
			"8-12 ..w........w.......b.......... w off=wwwbbbb",
		}},
		{"any-piece-after-extra", "", "..w........w.......b.......... w off=wwwbbbb", 2, []string{
			"3-5 ....w......w.......b.......... b off=wwwbbbb",
			"12-14 ..w..........w.....b.......... b off=wwwbbbb",
		}},
	})
}

func TestA7Distance(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"jumped-not-added", "", ".........wb................... w off=wwwwbbbb", 3, []string{
			"10-13 ..........b.w................. b off=wwwwbbbb",
		}},
		{"exactly-one", "", ".........wb................... w off=wwwwbbbb", 1, []string{
			"10-11 .........bw................... w off=wwwwbbbb",
		}},
	})
}

func TestA8Passing(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"spaced-pieces", "", "....wb.b...................... w off=wwwwbbb", 5, []string{
			"5-10 .....b.b.w.................... w off=wwwwbbb",
		}},
		// 5+3 would jump w6 and b7, two neighbours: 5 moves back instead.
		{"mixed-pair-refused", "", "....wwb....................... w off=wwwbbbb", 3, []string{
			"5-2 .w...wb....................... b off=wwwbbbb",
			"6-9 ....w.b.w..................... b off=wwwbbbb",
		}},
		{"opponent-pair-refused", "", "....wbb....................... w off=wwwwbbb", 3, []string{
			"5-2 .w...bb....................... b off=wwwwbbb",
		}},
	})
}

func TestA9OnePerSquare(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"own-square", "", ".........w..w......b.......... w off=wwwbbbb", 3, []string{
			"10-7 ......w.....w......b.......... b off=wwwbbbb",
			"13-16 .........w.....w...b.......... b off=wwwbbbb",
		}},
		{"house-square", "", "............w.b............... w off=wwwwbbbb", 2, []string{
			"13-11 ..........w...b............... b off=wwwwbbbb",
		}},
	})
}

func TestA10Attack(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"forward", "", ".........w..b................. w off=wwwwbbbb", 3, []string{
			"10-13 .........b..w................. b off=wwwwbbbb",
		}},
		{"black-forward", "", ".........b..w................. b off=wwwwbbbb", 3, []string{
			"10-13 .........w..b................. w off=wwwwbbbb",
		}},
		{"backward", "", "..................b..w.bb..... w off=wwwwbb", 3, []string{
			"22-19 ..................w..b.bb..... b off=wwwwbb",
		}},
	})
}

func TestA11AttackBehindFriend(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"behind-friend", "", ".........w.wb................. w off=wwwbbbb", 3, []string{
			"10-13 .........b.ww................. b off=wwwbbbb",
			"12-15 .........w..b.w............... w off=wwwbbbb",
		}},
		// 8+4 jumps the lone b9 and the friend w11 (spaced) to attack b12,
		// which has no black neighbour.
		{"pass-lone-then-attack-behind-friend", "", ".......wb.wb.................. w off=wwwbbb", 4, []string{
			"8-12 .......bb.ww.................. w off=wwwbbb",
			"11-15 .......wb..b..w............... w off=wwwbbb",
		}},
	})
}

func TestA12Support(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"pair-throw-3", "", ".........w..bb................ w off=wwwwbbb", 3, []string{
			"10-7 ......w.....bb................ b off=wwwwbbb",
		}},
		{"pair-throw-4", "", ".........w..bb................ w off=wwwwbbb", 4, []string{
			"10-6 .....w......bb................ w off=wwwwbbb",
		}},
		{"pair-throw-5", "", ".........w..bb................ w off=wwwwbbb", 5, []string{
			"10-5 ....w.......bb................ w off=wwwwbbb",
		}},
		{"other-colour-no-support", "", ".........w..bw................ w off=wwwbbbb", 3, []string{
			"10-13 .........b..ww................ b off=wwwbbbb",
			"14-17 .........w..b...w............. b off=wwwbbbb",
		}},
	})
}

func TestA13BreakTriple(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"break-forward", "", "..........wbbb.....b.......... w off=wwwwb", 2, []string{
			"11-13 ..........bbwb.....b.......... b off=wwwwb",
		}},
		{"end-piece-protected", "", "..........wbbb.....b.......... w off=wwwwb", 1, []string{
			"11-10 .........w.bbb.....b.......... w off=wwwwb",
		}},
		{"no-passing-triple", "", "..........wbbb.....b.......... w off=wwwwb", 3, []string{
			"11-8 .......w...bbb.....b.......... b off=wwwwb",
		}},
		// 17+4 = 21 is supported by 22, so 17 moves back 4, jumping 14 only,
		// and breaks the triple 12-14 on its middle.
		{"break-backward", "", "...........bbb..w...bb........ w off=wwww", 4, []string{
			"17-13 ...........bwb..b...bb........ w off=wwww",
		}},
		// The middle of the triple 14-16 stands on 15, a House (A21).
		{"middle-on-house", "", "............wbbb.............. w off=wwwwbb", 2, []string{
			"13-11 ..........w..bbb.............. b off=wwwwbb",
		}},
	})
}

func TestA14FourOrMore(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		// White 9-13. A 5 can only jump a whole four from the square just
		// behind it: 9 cannot jump its own four 10-13 and moves back; 11 can
		// jump neither 12-13 forward nor 9-10 backward; 10 and 12 leave the
		// group jumping only its end piece (interpretation 4).
		{"own-four-block", "", "........wwwww...........b..... w off=bbbb", 5, []string{
			"9-4 ...w.....wwww...........b..... w off=bbbb",
			"10-5 ....w...w.www...........b..... w off=bbbb",
			"12-17 ........www.w...w.......b..... w off=bbbb",
			"13-18 ........wwww.....w......b..... w off=bbbb",
		}},
		// 11 is inside a black four: neither attacked nor jumped.
		{"opponent-four-block", "", ".......w.bbbb................. w off=wwwwb", 3, []string{
			"8-5 ....w....bbbb................. b off=wwwwb",
		}},
	})
}

func TestA15NoSelfAttack(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"own-triple", "", "........w.www...........b..... w off=wbbbb", 3, []string{
			"9-6 .....w....www...........b..... b off=wbbbb",
			"11-8 .......ww..ww...........b..... b off=wbbbb",
			"12-15 ........w.w.w.w.........b..... w off=wbbbb",
			"13-16 ........w.ww...w........b..... b off=wbbbb",
		}},
	})
}

func TestA16Backward(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"per-piece", "", "....b....w.................w.. w off=wwwbbbb", 4, []string{
			"10-14 ....b........w.............w.. w off=wwwbbbb",
			"28-24 ....b....w.............w...... w off=wwwbbbb",
		}},
		{"not-below-1", "", ".w..bb.............w.bb....... w off=wwwb", 3, []string{
			"20-17 .w..bb..........w....bb....... b off=wwwb",
		}},
		{"backward-attack", "", "..................b..w.bb..... w off=wwwwbb", 3, []string{
			"22-19 ..................w..b.bb..... b off=wwwwbb",
		}},
	})
}

func TestA17Pass(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"throw-2", "", "w.bb.......................... w off=wwwwbbb", 2, []string{
			"pass w.bb.......................... b off=wwwwbbb",
		}},
		{"throw-3", "", "w.bb.......................... w off=wwwwbbb", 3, []string{
			"pass w.bb.......................... b off=wwwwbbb",
		}},
		{"throw-4", "", "w.bb.......................... w off=wwwwbbb", 4, []string{
			"pass w.bb.......................... w off=wwwwbbb",
		}},
		{"throw-5", "", "w.bb.......................... w off=wwwwbbb", 5, []string{
			"pass w.bb.......................... w off=wwwwbbb",
		}},
	})
}

func TestA19Winning(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"white-wins", "", "....b........................w w off=wwwwbbbb", 2, []string{
			"30-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"wins-on-extra-throw", "", "....b........................w w off=wwwwbbbb", 1, []string{
			"30-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"black-wins", "", "....w.......................b. b off=wwwwbbbb", 2, []string{
			"29-off ....w......................... - off=wwwwbbbbb winner=b",
		}},
	})
}

func TestA20HouseOfRebirth(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"forward", "", "............w......b.......... w off=wwwwbbbb", 2, []string{
			"13-15 ..............w....b.......... w off=wwwwbbbb",
		}},
		{"backward", "", ".................w..bb........ w off=wwwwbbb", 3, []string{
			"18-15 ..............w.....bb........ w off=wwwwbbb",
		}},
		{"victim-earns-nothing", "", "..............w.b............. w off=wwwwbbbb", 2, []string{
			"15-17 ..............b.w............. b off=wwwwbbbb",
		}},
	})
}

func TestA21HousesSafe(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"house-16", "", ".............w.b.............. w off=wwwwbbbb", 2, []string{
			"14-12 ...........w...b.............. b off=wwwwbbbb",
		}},
		// Forward 7 is supported by 8; backward 1 is a House: no move.
		{"house-1", "", "b..w..bb...................... w off=wwwwbb", 3, []string{
			"pass b..w..bb...................... b off=wwwwbb",
		}},
		{"house-26", "", ".......................w.b.... w off=wwwwbbbb", 2, []string{
			"24-22 .....................w...b.... b off=wwwwbbbb",
		}},
		{"victim-into-16", "", "...............w.b............ w off=wwwwbbbb", 2, []string{
			"16-18 ...............b.w............ b off=wwwwbbbb",
		}},
		{"victim-into-1", "", "w.b........................... w off=wwwwbbbb", 2, []string{
			"1-3 b.w........................... b off=wwwwbbbb",
		}},
		{"victim-into-29", "", "........................b...w. w off=wwwwbbbb", 4, []string{
			"29-25 ........................w...b. w off=wwwwbbbb",
		}},
	})
}

func TestA22HouseOfWater(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"to-15", "", "....b....................w.... w off=wwwwbbbb", 1, []string{
			"26-27 ....b.........w............... w off=wwwwbbbb",
		}},
		// The drowned piece skips 15 (Black) and 14 (White) and stops on 13.
		{"15-and-14-occupied", "", ".............wb..........w.... w off=wwwbbbb", 1, []string{
			"14-13 ............w.b..........w.... w off=wwwbbbb",
			"26-27 ............wwb............... w off=wwwbbbb",
		}},
		{"backward", "", "....b......................ww. w off=wwwbbbb", 1, []string{
			"28-27 ....b.........w.............w. w off=wwwbbbb",
			"29-30 ....b......................w.w w off=wwwbbbb",
		}},
		{"13-to-15-occupied", "", "............wbb..........w.... w off=wwwbbb", 1, []string{
			"13-12 ...........w.bb..........w.... w off=wwwbbb",
			"26-27 ...........wwbb............... w off=wwwbbb",
		}},
	})
}

func TestA23HouseOfBeauty(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"stop-on-26", "", "....b...............w..w...... w off=wwwbbbb", 5, []string{
			"21-26 ....b..................w.w.... w off=wwwbbbb",
			"24-19 ....b.............w.w......... w off=wwwbbbb",
		}},
		{"from-25-throw-1", "", "....b...................w..... w off=wwwwbbbb", 1, []string{
			"25-26 ....b....................w.... w off=wwwwbbbb",
		}},
		{"from-25-throw-2", "", "....b...................w..... w off=wwwwbbbb", 2, []string{
			"25-23 ....b.................w....... b off=wwwwbbbb",
		}},
	})
}

func TestA24BearingOff(t *testing.T) {
	runApokrifCases(t, []apokrifCase{
		{"from-26-throw-1", "", "....b....................w.... w off=wwwwbbbb", 1, []string{
			"26-27 ....b.........w............... w off=wwwwbbbb",
		}},
		{"from-26-throw-2", "", "....b....................w.... w off=wwwwbbbb", 2, []string{
			"26-28 ....b......................w.. b off=wwwwbbbb",
		}},
		{"from-26-throw-3", "", "....b....................w.... w off=wwwwbbbb", 3, []string{
			"26-29 ....b.......................w. b off=wwwwbbbb",
		}},
		{"from-26-throw-4", "", "....b....................w.... w off=wwwwbbbb", 4, []string{
			"26-30 ....b........................w w off=wwwwbbbb",
		}},
		{"from-26-throw-5", "", "....b....................w.... w off=wwwwbbbb", 5, []string{
			"26-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"from-28-throw-1", "", "....b......................w.. w off=wwwwbbbb", 1, []string{
			"28-29 ....b.......................w. w off=wwwwbbbb",
		}},
		{"from-28-throw-2", "", "....b......................w.. w off=wwwwbbbb", 2, []string{
			"28-30 ....b........................w b off=wwwwbbbb",
		}},
		{"from-28-throw-3", "", "....b......................w.. w off=wwwwbbbb", 3, []string{
			"28-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"from-28-throw-4", "", "....b......................w.. w off=wwwwbbbb", 4, []string{
			"28-24 ....b..................w...... w off=wwwwbbbb",
		}},
		{"from-28-throw-5", "", "....b......................w.. w off=wwwwbbbb", 5, []string{
			"28-23 ....b.................w....... w off=wwwwbbbb",
		}},
		{"from-29-throw-1", "", "....b.......................w. w off=wwwwbbbb", 1, []string{
			"29-30 ....b........................w w off=wwwwbbbb",
		}},
		{"from-29-throw-2", "", "....b.......................w. w off=wwwwbbbb", 2, []string{
			"29-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"from-29-throw-3", "", "....b.......................w. w off=wwwwbbbb", 3, []string{
			"29-26 ....b....................w.... b off=wwwwbbbb",
		}},
		{"from-29-throw-4", "", "....b.......................w. w off=wwwwbbbb", 4, []string{
			"29-25 ....b...................w..... w off=wwwwbbbb",
		}},
		{"from-29-throw-5", "", "....b.......................w. w off=wwwwbbbb", 5, []string{
			"29-24 ....b..................w...... w off=wwwwbbbb",
		}},
		{"from-30-throw-1", "", "....b........................w w off=wwwwbbbb", 1, []string{
			"30-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"from-30-throw-3", "", "....b........................w w off=wwwwbbbb", 3, []string{
			"30-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		{"from-30-throw-5", "", "....b........................w w off=wwwwbbbb", 5, []string{
			"30-off ....b......................... - off=wwwwwbbbb winner=w",
		}},
		// 29-3 would be 26, a House held by Black: no move at all.
		{"29-throw-3-26-held", "", ".........................b..w. w off=wwwwbbbb", 3, []string{
			"pass .........................b..w. b off=wwwwbbbb",
		}},
		// Bearing off from 28 with a 3 would jump the pair 29-30 (A8).
		{"exit-pair-refused-3", "", ".........................w.wbb w off=wwwbbb", 3, []string{
			"26-23 ......................w....wbb b off=wwwbbb",
			"28-25 ........................ww..bb b off=wwwbbb",
		}},
		{"exit-pair-refused-5", "", ".........................w.wbb w off=wwwbbb", 5, []string{
			"26-21 ....................w......wbb w off=wwwbbb",
			"28-23 ......................w..w..bb w off=wwwbbb",
		}},
		{"exit-passes-spaced", "", ".........................w.b.b w off=wwwwbbb", 5, []string{
			"26-off ...........................b.b - off=wwwwwbbb winner=w",
		}},
		// From 26 a 5 would jump 28 and 29, neighbours of two colours.
		{"exit-mixed-pair-refused", "", ".........................w.wb. w off=wwwbbbb", 5, []string{
			"26-21 ....................w......wb. w off=wwwbbbb",
			"28-23 ......................w..w..b. w off=wwwbbbb",
		}},
	})
}

// TestApokrifDiagramHouses checks that the diagram marks the Apokrif
// Houses from the variant's data: the eight safe Houses (A21), 15 as the
// return square and extra-throw square (A20, A22), 26 as the compulsory
// stop (A23).
func TestApokrifDiagramHouses(t *testing.T) {
	r := apokrifRules(t, "")
	d := r.Diagram(r.Start())
	for _, want := range []string{
		"│1   *│",
		"│16  *│15*^+│",
		"│26 *!│27 *~│28  *│29  *│30  *│",
		"Houses:  * safe: 1 15 16 26 27 28 29 30  ~ water: 27\n",
		"^ return square: 15  + extra throw: 15  ! compulsory stop: 26\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Diagram(start) lacks %q:\n%s", want, d)
		}
	}
}
