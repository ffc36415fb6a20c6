package senet

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"passage/game"
)

// This file holds one test per rule of docs/rules/senet-jequier.md (J1-J17). Each
// case is a position in notation and a throw, with the exact list of legal
// moves in canonical order and the position each one leads to; the
// expectations were worked out by hand from the rule text.

// jequier builds senet-jequier with options written KEY=VALUE.
func jequier(t testing.TB, opts ...string) *Rules {
	t.Helper()
	m := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("option %q is not KEY=VALUE", kv)
		}
		m[k] = v
	}
	r, err := New("senet-jequier", m)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// moveCase is one row of a rule's table: a position, a throw and the exact
// expected moves (see checkMoves), under the given options.
type moveCase struct {
	name string
	opts []string // KEY=VALUE options; none means the defaults
	pos  string
	roll int
	want []string
}

func runCases(t *testing.T, cases []moveCase) {
	t.Helper()
	for _, c := range cases {
		name := fmt.Sprintf("%s/throw_%d", c.name, c.roll)
		if len(c.opts) > 0 {
			name += "/" + strings.Join(c.opts, ",")
		}
		t.Run(name, func(t *testing.T) {
			checkMoves(t, jequier(t, c.opts...), c.pos, c.roll, c.want)
		})
	}
}

// TestJ1BoardIsOnePath: 30 squares travelled as a snake; "adjacent" means
// neighbours along the path, so 10-11 and 20-21 are neighbours and a move
// runs on from the end of one row to the start of the next.
func TestJ1BoardIsOnePath(t *testing.T) {
	if Squares != 30 || Water != 27 {
		t.Fatalf("Squares, Water = %d, %d; want 30, 27", Squares, Water)
	}
	r := jequier(t)
	if got := strings.Fields(r.Format(r.Start()))[0]; len(got) != 30 {
		t.Errorf("start board %q has %d squares, want 30", got, len(got))
	}
	pairs := ".......w.bb.......wbb......... w off=wwwb"
	runCases(t, []moveCase{
		// Black on 10 is protected by 11, and 21 by 20 (J8 across rows),
		// so White must move back (J10).
		{name: "10-11_and_20-21_are_pairs", pos: pairs, roll: 2, want: []string{
			"8-6 .....w...bb.......wbb......... b off=wwwb",
			"19-17 .......w.bb.....w..bb......... b off=wwwb",
		}},
		{name: "moves_cross_rows", pos: pairs, roll: 6, want: []string{
			"8-14 .........bb..w....wbb......... w off=wwwb",
			"19-25 .......w.bb........bb...w..... w off=wwwb",
		}},
	})
}

// TestJ2StartPosition: White on 1, 3, 5, 7, 9 and Black on 2, 4, 6, 8, 10,
// with Black's opening 10-11 (J4) already made.
func TestJ2StartPosition(t *testing.T) {
	for _, opts := range [][]string{nil, {"water=15"}, {"overshoot=block"}, {"overshoot=block", "water=15"}} {
		r := jequier(t, opts...)
		t.Run(r.ID(), func(t *testing.T) {
			p := r.Start()
			if got, want := r.Format(p), "wbwbwbwbw.b................... b opening=w"; got != want {
				t.Errorf("start = %q, want %q", got, want)
			}
			for s := 1; s <= Squares; s++ {
				want := byte('.')
				switch {
				case s <= 9 && s%2 == 1:
					want = 'w'
				case s <= 8 && s%2 == 0, s == 11: // J2 put Black's fifth piece on 10; J4 moved it to 11
					want = 'b'
				}
				if got := p.At(s); got != want {
					t.Errorf("square %d holds %q, want %q", s, got, want)
				}
			}
			if p.Turn() != Black || !p.Opening() || p.Winner() != -1 {
				t.Errorf("turn %d, opening %v, winner %d; want Black (1), true, -1", p.Turn(), p.Opening(), p.Winner())
			}
			for side := range 2 {
				if p.Off(side) != 0 || p.Hand(side) != 0 {
					t.Errorf("side %d: off %d, hand %d; want 0, 0", side, p.Off(side), p.Hand(side))
				}
			}
		})
	}
}

// TestJ3ThrowProbabilities: four two-sided sticks; 1-4 marked sides are
// worth 1-4, none is worth 6; the probabilities are exact sixteenths.
func TestJ3ThrowProbabilities(t *testing.T) {
	want := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16},
		{Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 6, Num: 1, Den: 16}}
	// Derive the same table from the sticks: all 16 ways four sticks fall.
	count := map[int]int{}
	for sticks := range 16 {
		v := bits.OnesCount(uint(sticks))
		if v == 0 {
			v = 6
		}
		count[v]++
	}
	for _, o := range want {
		if count[o.Roll] != o.Num {
			t.Fatalf("the sticks give %d/16 for %d, the table says %d/16", count[o.Roll], o.Roll, o.Num)
		}
	}
	for _, opts := range [][]string{nil, {"overshoot=block", "water=15"}} {
		r := jequier(t, opts...)
		for _, pos := range []string{r.Format(r.Start()), "....bb...............w.......w w off=wwwbbb"} {
			p, err := r.Parse(pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Outcomes(p); !slices.Equal(got, want) {
				t.Errorf("%s: Outcomes(%s) = %v, want %v", r.ID(), pos, got, want)
			}
		}
		for _, roll := range []int{0, 5, 7} {
			if game.Possible(r.Outcomes(r.Start()), roll) {
				t.Errorf("%s: a throw of %d is possible", r.ID(), roll)
			}
		}
	}
}

// TestJ4OpeningMoveWithPieceOn9: White's first move is made with its piece
// on 9 if that piece has a legal move, otherwise freely; a pass does not
// clear the opening flag; the rule does not bind Black.
func TestJ4OpeningMoveWithPieceOn9(t *testing.T) {
	start := "wbwbwbwbw.b................... b opening=w"
	afterBlack := "wbwbwbw.wbb................... w opening=w"
	no9 := "wbwbwbwwb.b................... w opening=w"
	back9 := ".wwwwbb.wbbb.................. w opening=w"
	runCases(t, []moveCase{
		// Black opens (J4: a 1 moved 10-11) and throws again; it moves freely.
		{name: "black_moves_freely", pos: start, roll: 1, want: []string{
			"2-3 wwbbwbwbw.b................... b opening=w",
			"4-5 wbwwbbwbw.b................... b opening=w",
			"6-7 wbwbwwbbw.b................... b opening=w",
			"8-9 wbwbwbwwb.b................... b opening=w",
			"11-12 wbwbwbwbw..b.................. b opening=w",
		}},
		{name: "black_moves_freely", pos: start, roll: 2, want: []string{
			"8-10 wbwbwbw.wbb................... w opening=w",
			"11-13 wbwbwbwbw...b................. w opening=w",
		}},
		// 9-12 is legal, so it is White's only move, though 1-4, 3-6 and
		// 5-8 would be legal later.
		{name: "piece_on_9_must_move", pos: afterBlack, roll: 3, want: []string{
			"9-12 wbwbwbw..bbw.................. b",
		}},
		{name: "piece_on_9_must_move", pos: afterBlack, roll: 4, want: []string{
			"9-13 wbwbwbw..bb.w................. w",
		}},
		// 9-10 would attack a protected piece (10 and 11 are a pair), so the
		// piece on 9 has no legal move and White moves freely.
		{name: "piece_on_9_cannot_move", pos: afterBlack, roll: 1, want: []string{
			"1-2 bwwbwbw.wbb................... w",
			"3-4 wbbwwbw.wbb................... w",
			"5-6 wbwbbww.wbb................... w",
			"7-8 wbwbwb.wwbb................... w",
		}},
		// No move at all: the throw is lost and White's first move is
		// still to come.
		{name: "pass_keeps_opening", pos: afterBlack, roll: 2, want: []string{
			"pass wbwbwbw.wbb................... b opening=w",
		}},
		// Black's 8-9 swapped White's piece on 9 back to 8: no White piece
		// stands on 9, so White moves freely (8-9 attacks the lone piece).
		{name: "no_piece_on_9", pos: no9, roll: 1, want: []string{
			"1-2 bwwbwbwwb.b................... w",
			"3-4 wbbwwbwwb.b................... w",
			"5-6 wbwbbwwwb.b................... w",
			"8-9 wbwbwbwbw.b................... w",
		}},
		// No forward move (2-5 are White's, 6-7 and 10-12 Black's pair and
		// wall): the backward move of the piece on 9 (J10) is its legal move.
		{name: "backward_move_of_9", pos: back9, roll: 1, want: []string{
			"9-8 .wwwwbbw.bbb.................. w",
		}},
		{name: "backward_without_opening", pos: ".wwwwbb.wbbb.................. w", roll: 1, want: []string{
			"2-1 w.wwwbb.wbbb.................. w",
			"9-8 .wwwwbbw.bbb.................. w",
		}},
	})
}

// TestJ5ExtraThrows: after 1, 4 or 6 the same side throws again, after 2
// or 3 the turn passes, whether or not the throw could be used.
func TestJ5ExtraThrows(t *testing.T) {
	free := "...........w.......b.......... w off=wwwwbbbb"
	stuck := "wbbb.......................... w off=wwwwbb" // White's only piece can neither pass the wall nor go back
	runCases(t, []moveCase{
		{name: "used", pos: free, roll: 1, want: []string{"12-13 ............w......b.......... w off=wwwwbbbb"}},
		{name: "used", pos: free, roll: 2, want: []string{"12-14 .............w.....b.......... b off=wwwwbbbb"}},
		{name: "used", pos: free, roll: 3, want: []string{"12-15 ..............w....b.......... b off=wwwwbbbb"}},
		{name: "used", pos: free, roll: 4, want: []string{"12-16 ...............w...b.......... w off=wwwwbbbb"}},
		{name: "used", pos: free, roll: 6, want: []string{"12-18 .................w.b.......... w off=wwwwbbbb"}},
		{name: "black", pos: "...........b.......w.......... b off=wwwwbbbb", roll: 1, want: []string{"12-13 ............b......w.......... b off=wwwwbbbb"}},
		{name: "black", pos: "...........b.......w.......... b off=wwwwbbbb", roll: 3, want: []string{"12-15 ..............b....w.......... w off=wwwwbbbb"}},
		{name: "lost", pos: stuck, roll: 1, want: []string{"pass wbbb.......................... w off=wwwwbb"}},
		{name: "lost", pos: stuck, roll: 2, want: []string{"pass wbbb.......................... b off=wwwwbb"}},
		{name: "lost", pos: stuck, roll: 3, want: []string{"pass wbbb.......................... b off=wwwwbb"}},
		{name: "lost", pos: stuck, roll: 4, want: []string{"pass wbbb.......................... w off=wwwwbb"}},
		{name: "lost", pos: stuck, roll: 6, want: []string{"pass wbbb.......................... w off=wwwwbb"}},
	})
}

// TestJ6Movement: exactly the thrown number of squares forward, over pieces
// of either colour, onto an empty square or an attackable opponent; never
// onto a piece of one's own colour.
func TestJ6Movement(t *testing.T) {
	pos := "..wwb.b..w.................... w off=wwbbb"
	runCases(t, []moveCase{
		// 3-4 is blocked by White's own piece.
		{name: "own_piece_blocks_landing", pos: pos, roll: 1, want: []string{
			"4-5 ..wbw.b..w.................... w off=wwbbb",
			"10-11 ..wwb.b...w................... w off=wwbbb",
		}},
		{name: "lands_or_attacks", pos: pos, roll: 2, want: []string{
			"3-5 ..bww.b..w.................... b off=wwbbb",
			"4-6 ..w.bwb..w.................... b off=wwbbb",
			"10-12 ..wwb.b....w.................. b off=wwbbb",
		}},
		// 3-6 jumps White's 4 and Black's 5; 4-7 jumps 5 and attacks 7.
		{name: "jumps_both_colours", pos: pos, roll: 3, want: []string{
			"3-6 ...wbwb..w.................... b off=wwbbb",
			"4-7 ..wbb.w..w.................... b off=wwbbb",
			"10-13 ..wwb.b.....w................. b off=wwbbb",
		}},
	})
}

// TestJ7AttackSwaps: the attacked piece goes to the square the attacker
// came from.
func TestJ7AttackSwaps(t *testing.T) {
	runCases(t, []moveCase{
		{name: "white_attacks", pos: ".........w...b.b...w...b...... w off=wwwbb", roll: 4, want: []string{
			"10-14 .........b...w.b...w...b...... w off=wwwbb",
			"20-24 .........w...b.b...b...w...... w off=wwwbb",
		}},
		{name: "white_attacks", pos: ".........w...b.b...w...b...... w off=wwwbb", roll: 6, want: []string{
			"10-16 .........b...b.w...w...b...... w off=wwwbb",
			"20-26 .........w...b.b.......b.w.... w off=wwwbb",
		}},
		{name: "black_attacks", pos: ".........w...b.b...w...b...... b off=wwwbb", roll: 4, want: []string{
			"14-18 .........w.....b.b.w...b...... b off=wwwbb",
			"16-20 .........w...b.w...b...b...... b off=wwwbb",
			"24-28 .........w...b.b...w.......b.. b off=wwwbb",
		}},
	})
}

// TestJ8PairProtects: a piece with a piece of its own colour on an adjacent
// square cannot be attacked; a neighbour of the other colour protects
// nothing.
func TestJ8PairProtects(t *testing.T) {
	pos := "....w..bb..wbw................ w off=wwbb"
	runCases(t, []moveCase{
		// Black's 13 stands between two White pieces: it is alone.
		{name: "lone_piece_attackable", pos: pos, roll: 1, want: []string{
			"5-6 .....w.bb..wbw................ w off=wwbb",
			"12-13 ....w..bb..bww................ w off=wwbb",
			"14-15 ....w..bb..wb.w............... w off=wwbb",
		}},
		{name: "first_of_pair_protected", pos: pos, roll: 3, want: []string{
			"12-15 ....w..bb...bww............... b off=wwbb",
			"14-17 ....w..bb..wb...w............. b off=wwbb",
		}},
		{name: "second_of_pair_protected", pos: pos, roll: 4, want: []string{
			"12-16 ....w..bb...bw.w.............. w off=wwbb",
			"14-18 ....w..bb..wb....w............ w off=wwbb",
		}},
	})
}

// TestJ9WallBlocksPassing: three or more contiguous pieces of one colour
// cannot be passed by the other colour; two can.
func TestJ9WallBlocksPassing(t *testing.T) {
	runCases(t, []moveCase{
		{name: "wall_of_three", pos: "....w.bbb.....w............... w off=wwwbb", roll: 6, want: []string{
			"15-21 ....w.bbb...........w......... w off=wwwbb",
		}},
		{name: "wall_of_four", pos: "....w.bbbb....w............... w off=wwwb", roll: 6, want: []string{
			"15-21 ....w.bbbb..........w......... w off=wwwb",
		}},
		{name: "pair_is_no_wall", pos: "....w.bb......w............... w off=wwwbbb", roll: 6, want: []string{
			"5-11 ......bb..w...w............... w off=wwwbbb",
			"15-21 ....w.bb............w......... w off=wwwbbb",
		}},
	})
}

// TestJ9WallBlocksAttack: no piece of a wall can be attacked.
func TestJ9WallBlocksAttack(t *testing.T) {
	pos := "....w.bbb.....w............... w off=wwwbb"
	runCases(t, []moveCase{
		{name: "first_piece", pos: pos, roll: 2, want: []string{"15-17 ....w.bbb.......w............. b off=wwwbb"}},
		{name: "middle_piece", pos: pos, roll: 3, want: []string{"15-18 ....w.bbb........w............ b off=wwwbb"}},
		{name: "last_piece", pos: pos, roll: 4, want: []string{"15-19 ....w.bbb.........w........... w off=wwwbb"}},
	})
}

// TestJ9WallDoesNotHinderOwnColour: Black's own pieces pass Black's wall.
func TestJ9WallDoesNotHinderOwnColour(t *testing.T) {
	runCases(t, []moveCase{
		{name: "own_wall", pos: "...bw.bbb.....w............... b off=wwwb", roll: 6, want: []string{
			"4-10 ....w.bbbb....w............... b off=wwwb",
			"7-13 ...bw..bb...b.w............... b off=wwwb",
			"8-14 ...bw.b.b....bw............... b off=wwwb",
			"9-15 ...bw.bbw.....b............... b off=wwwb",
		}},
	})
}

// TestJ10BackwardWhenNoForwardMove: with no forward move a piece must move
// back by the throw, onto an empty square, not below 1, not over an
// opponent wall; with no backward move either the throw is lost.
func TestJ10BackwardWhenNoForwardMove(t *testing.T) {
	walled := "...........wbbb............... w off=wwwwbb"
	runCases(t, []moveCase{
		{name: "backward", pos: walled, roll: 1, want: []string{"12-11 ..........w.bbb............... w off=wwwwbb"}},
		{name: "backward", pos: walled, roll: 2, want: []string{"12-10 .........w..bbb............... b off=wwwwbb"}},
		{name: "backward", pos: walled, roll: 3, want: []string{"12-9 ........w...bbb............... b off=wwwwbb"}},
		{name: "backward", pos: walled, roll: 4, want: []string{"12-8 .......w....bbb............... w off=wwwwbb"}},
		{name: "backward", pos: walled, roll: 6, want: []string{"12-6 .....w......bbb............... w off=wwwwbb"}},
		// One forward move anywhere rules out every backward move.
		{name: "forward_first", pos: "...........wbbb....w.......... w off=wwwbb", roll: 1, want: []string{
			"20-21 ...........wbbb.....w......... w off=wwwbb",
		}},
		{name: "never_attacks", pos: "........b..wbbb............... w off=wwwwb", roll: 3, want: []string{
			"pass ........b..wbbb............... b off=wwwwb",
		}},
		{name: "never_onto_own_piece", pos: "........w..wbbb............... w off=wwwbb", roll: 3, want: []string{
			"9-6 .....w.....wbbb............... b off=wwwbb",
		}},
		{name: "not_below_1", pos: ".wbbb......................... w off=wwwwbb", roll: 1, want: []string{"2-1 w.bbb......................... w off=wwwwbb"}},
		{name: "not_below_1", pos: ".wbbb......................... w off=wwwwbb", roll: 2, want: []string{"pass .wbbb......................... b off=wwwwbb"}},
		{name: "not_below_1", pos: ".wbbb......................... w off=wwwwbb", roll: 3, want: []string{"pass .wbbb......................... b off=wwwwbb"}},
		// 12-16 attacks a pair; 12-8 would cross the wall 9-11.
		{name: "not_over_a_wall", pos: "........bbbw...bb............. w off=wwww", roll: 4, want: []string{
			"pass ........bbbw...bb............. w off=wwww",
		}},
		// Crossing a pair backwards is allowed.
		{name: "over_a_pair", pos: ".........bbw...bb............. w off=wwwwb", roll: 4, want: []string{
			"12-8 .......w.bb....bb............. w off=wwwwb",
		}},
	})
}

// TestJ11HouseOfWater: a piece ending a move on 27 goes to the return square
// (1, or 15 with water=15) or the first empty square after it, where the
// drowning piece's own start counts as empty.
func TestJ11HouseOfWater(t *testing.T) {
	start21 := "..............bwbwbww......... w off=wbb"
	runCases(t, []moveCase{
		{name: "return_square_empty", pos: ".........b.............w...... w off=wwwwbbbb", roll: 3, want: []string{
			"24-27 w........b.................... b off=wwwwbbbb",
		}},
		{name: "return_square_empty", opts: []string{"water=15"}, pos: ".........b.............w...... w off=wwwwbbbb", roll: 3, want: []string{
			"24-27 .........b....w............... b off=wwwwbbbb",
		}},
		// 1 and 2 are taken, so the piece goes to 3.
		{name: "return_square_taken", pos: "bw.......b.............w...... w off=wwwbbb", roll: 3, want: []string{
			"2-5 b...w....b.............w...... b off=wwwbbb",
			"24-27 bww......b.................... b off=wwwbbb",
		}},
		{name: "return_square_taken", opts: []string{"water=15"}, pos: "bw.......b.............w...... w off=wwwbbb", roll: 3, want: []string{
			"2-5 b...w....b.............w...... b off=wwwbbb",
			"24-27 bw.......b....w............... b off=wwwbbb",
		}},
		{name: "return_square_taken", opts: []string{"water=15"}, pos: "..............bwb......w...... w off=wwwbbb", roll: 3, want: []string{
			"16-19 ..............b.b.w....w...... b off=wwwbbb",
			"24-27 ..............bwbw............ b off=wwwbbb",
		}},
		{name: "return_square_taken", pos: "..............bwb......w...... w off=wwwbbb", roll: 3, want: []string{
			"16-19 ..............b.b.w....w...... b off=wwwbbb",
			"24-27 w.............bwb............. b off=wwwbbb",
		}},
		// 15-20 are all taken: the first empty square after 15 is 21, the
		// square the drowning piece left.
		{name: "own_start_counts_as_empty", opts: []string{"water=15"}, pos: start21, roll: 6, want: []string{
			"16-22 ..............b.bwbwww........ w off=wbb",
			"18-24 ..............bwb.bww..w...... w off=wbb",
			"20-26 ..............bwbwb.w....w.... w off=wbb",
			"21-27 ..............bwbwbww......... w off=wbb",
		}},
		{name: "own_start_counts_as_empty", pos: start21, roll: 6, want: []string{
			"16-22 ..............b.bwbwww........ w off=wbb",
			"18-24 ..............bwb.bww..w...... w off=wbb",
			"20-26 ..............bwbwb.w....w.... w off=wbb",
			"21-27 w.............bwbwbw.......... w off=wbb",
		}},
		// 29+2 would bounce back to 29 (J14), so 29 moves back 2 onto 27
		// (J10) and drowns: "in either direction".
		{name: "backward_onto_27", pos: "b...........................w. w off=wwwwbbbb", roll: 2, want: []string{
			"29-27 bw............................ b off=wwwwbbbb",
		}},
		{name: "backward_onto_27", opts: []string{"water=15"}, pos: "b...........................w. w off=wwwwbbbb", roll: 2, want: []string{
			"29-27 b.............w............... b off=wwwwbbbb",
		}},
		{name: "backward_onto_27", opts: []string{"overshoot=block"}, pos: "b...........................w. w off=wwwwbbbb", roll: 2, want: []string{
			"29-27 bw............................ b off=wwwwbbbb",
		}},
	})
}

// TestJ12SafeSquares: pieces on 26, 28, 29 and 30 cannot be attacked, but
// they can be passed.
func TestJ12SafeSquares(t *testing.T) {
	safe := "...................w...w.b.b.b w off=wwwbb"
	runCases(t, []moveCase{
		{name: "26", pos: safe, roll: 2, want: []string{"20-22 .....................w.w.b.b.b b off=wwwbb"}},
		// 24-28 attacks a safe square and 20-24 lands on White's own piece:
		// no forward move, so back (J10).
		{name: "28", pos: safe, roll: 4, want: []string{"20-16 ...............w.......w.b.b.b w off=wwwbb"}},
		{name: "26_and_30", pos: safe, roll: 6, want: []string{
			"20-14 .............w.........w.b.b.b w off=wwwbb",
			"24-18 .................w.w.....b.b.b w off=wwwbb",
		}},
		// 24 is not safe, 29 is.
		{name: "29", pos: "...................w...bw...b. w off=wwwbbb", roll: 4, want: []string{
			"20-24 ...................b...ww...b. w off=wwwbbb",
		}},
		{name: "passed", pos: "...................w..w..b.b.b w off=wwwbb", roll: 6, want: []string{
			"23-29 ...................w.....b.bwb w off=wwwbb",
		}},
	})
}

// TestJ13BearingOff: once all of a side's pieces on the board stand in
// 21-30, a move ending exactly on 30 bears the piece off (30 must be
// empty), and a piece on 30 leaves with any throw.
func TestJ13BearingOff(t *testing.T) {
	on30 := "....bb...............w.......w w off=wwwbbb"
	row := "....bb.................w.w..w. w off=wwbbb"
	runCases(t, []moveCase{
		{name: "piece_on_30_leaves", pos: on30, roll: 1, want: []string{
			"22-23 ....bb................w......w w off=wwwbbb",
			"30-off ....bb...............w........ w off=wwwwbbb",
		}},
		{name: "piece_on_30_leaves", pos: on30, roll: 2, want: []string{
			"22-24 ....bb.................w.....w b off=wwwbbb",
			"30-off ....bb...............w........ b off=wwwwbbb",
		}},
		{name: "piece_on_30_leaves", pos: on30, roll: 3, want: []string{
			"22-25 ....bb..................w....w b off=wwwbbb",
			"30-off ....bb...............w........ b off=wwwwbbb",
		}},
		{name: "piece_on_30_leaves", pos: on30, roll: 4, want: []string{
			"22-26 ....bb...................w...w w off=wwwbbb",
			"30-off ....bb...............w........ w off=wwwwbbb",
		}},
		{name: "piece_on_30_leaves", pos: on30, roll: 6, want: []string{
			"22-28 ....bb.....................w.w w off=wwwbbb",
			"30-off ....bb...............w........ w off=wwwwbbb",
		}},
		{name: "piece_on_30_leaves", opts: []string{"overshoot=block"}, pos: on30, roll: 6, want: []string{
			"22-28 ....bb.....................w.w w off=wwwbbb",
			"30-off ....bb...............w........ w off=wwwwbbb",
		}},
		// Only the move reaching 30 exactly bears off; 26-27 drowns.
		{name: "exactly_30", pos: row, roll: 1, want: []string{
			"24-25 ....bb..................ww..w. w off=wwbbb",
			"26-27 w...bb.................w....w. w off=wwbbb",
			"29-off ....bb.................w.w.... w off=wwwbbb",
		}},
		{name: "exactly_30", pos: row, roll: 4, want: []string{
			"24-28 ....bb...................w.ww. w off=wwbbb",
			"26-off ....bb.................w....w. w off=wwwbbb",
			"29-27 w...bb.................w.w.... w off=wwbbb",
		}},
		{name: "exactly_30", pos: row, roll: 6, want: []string{
			"24-off ....bb...................w..w. w off=wwwbbb",
			"26-28 ....bb.................w...ww. w off=wwbbb",
			"29-25 ....bb.................www.... w off=wwbbb",
		}},
		{name: "exactly_30", opts: []string{"overshoot=block"}, pos: row, roll: 4, want: []string{
			"24-28 ....bb...................w.ww. w off=wwbbb",
			"26-off ....bb.................w....w. w off=wwwbbb",
		}},
		{name: "exactly_30", opts: []string{"overshoot=block"}, pos: row, roll: 6, want: []string{
			"24-off ....bb...................w..w. w off=wwwbbb",
		}},
		{name: "30_taken_by_own_piece", pos: "....bb...................w...w w off=wwwbbb", roll: 4, want: []string{
			"30-off ....bb...................w.... w off=wwwwbbb",
		}},
		// 30 is safe (J12), so White's 26 has no forward move and goes back.
		{name: "30_taken_by_opponent", pos: "....b....................w...b w off=wwwwbbb", roll: 4, want: []string{
			"26-22 ....b................w.......b w off=wwwwbbb",
		}},
		{name: "piece_in_1_to_20", pos: "....bb.............w.....w.... w off=wwwbbb", roll: 4, want: []string{
			"20-24 ....bb.................w.w.... w off=wwwbbb",
			"26-30 ....bb.............w.........w w off=wwwbbb",
		}},
		{name: "piece_in_1_to_20", pos: "....bb.............w.........w w off=wwwbbb", roll: 1, want: []string{
			"20-21 ....bb..............w........w w off=wwwbbb",
			"30-29 ....bb.............w........w. w off=wwwbbb",
		}},
		{name: "piece_in_1_to_20", opts: []string{"overshoot=block"}, pos: "....bb.............w.........w w off=wwwbbb", roll: 1, want: []string{
			"20-21 ....bb..............w........w w off=wwwbbb",
		}},
		{name: "black", pos: "....ww..................b....b b off=wwwbbb", roll: 2, want: []string{
			"25-27 b...ww.......................b w off=wwwbbb",
			"30-off ....ww..................b..... w off=wwwbbbb",
		}},
	})
}

// TestJ14Overshoot: every worked example of J14 (destination = 60 - start -
// throw), first outside the bearing-off phase (White keeps a piece on 10),
// then inside it, then with overshoot=block.
func TestJ14Overshoot(t *testing.T) {
	var block = []string{"overshoot=block"}
	runCases(t, []moveCase{
		{name: "29+2_own_start", pos: "..b.b....w..................w. w off=wwwbbb", roll: 2, want: []string{
			"10-12 ..b.b......w................w. b off=wwwbbb",
		}},
		{name: "28+4_own_start", pos: "..b.b....w.................w.. w off=wwwbbb", roll: 4, want: []string{
			"10-14 ..b.b........w.............w.. w off=wwwbbb",
		}},
		{name: "29+3=28", pos: "..b.b....w..................w. w off=wwwbbb", roll: 3, want: []string{
			"10-13 ..b.b.......w...............w. b off=wwwbbb",
			"29-28 ..b.b....w.................w.. b off=wwwbbb",
		}},
		{name: "26+6=28", pos: "..b.b....w...............w.... w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w.........w.... w off=wwwbbb",
			"26-28 ..b.b....w.................w.. w off=wwwbbb",
		}},
		{name: "25+6=29", pos: "..b.b....w..............w..... w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w........w..... w off=wwwbbb",
			"25-29 ..b.b....w..................w. w off=wwwbbb",
		}},
		{name: "28+6=26", pos: "..b.b....w.................w.. w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w...........w.. w off=wwwbbb",
			"28-26 ..b.b....w...............w.... w off=wwwbbb",
		}},
		{name: "29+4=27_drowned", pos: "..b.b....w..................w. w off=wwwbbb", roll: 4, want: []string{
			"10-14 ..b.b........w..............w. w off=wwwbbb",
			"29-27 w.b.b....w.................... w off=wwwbbb",
		}},
		{name: "29+4=27_drowned", opts: []string{"water=15"}, pos: "..b.b....w..................w. w off=wwwbbb", roll: 4, want: []string{
			"10-14 ..b.b........w..............w. w off=wwwbbb",
			"29-27 ..b.b....w....w............... w off=wwwbbb",
		}},
		{name: "30+1=29", pos: "..b.b....w...................w w off=wwwbbb", roll: 1, want: []string{
			"10-11 ..b.b.....w..................w w off=wwwbbb",
			"30-29 ..b.b....w..................w. w off=wwwbbb",
		}},
		// A bounce may attack (25 is not safe); the victim goes to 29.
		{name: "29+6=25_attacks", pos: "..b......w..............b...w. w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b............w........b...w. w off=wwwbbb",
			"29-25 ..b......w..............w...b. w off=wwwbbb",
		}},
		// 28 belongs to Black's wall 28-30.
		{name: "26+6_into_a_wall", pos: ".........w...............w.bbb w off=wwwbb", roll: 6, want: []string{
			"10-16 ...............w.........w.bbb w off=wwwbb",
		}},
		// Bearing off: J13 comes first, and a bounce never bears off.
		{name: "bearing_off_29+3=28", pos: "..b.b.......................w. w off=wwwwbbb", roll: 3, want: []string{
			"29-28 ..b.b......................w.. b off=wwwwbbb",
		}},
		{name: "bearing_off_30+1_off", pos: "..b.b...................w....w w off=wwwbbb", roll: 1, want: []string{
			"25-26 ..b.b....................w...w w off=wwwbbb",
			"30-off ..b.b...................w..... w off=wwwwbbb",
		}},
		{name: "bearing_off_25+6=29", pos: "..b.b...................w..w.. w off=wwwbbb", roll: 6, want: []string{
			"25-29 ..b.b......................ww. w off=wwwbbb",
			"28-26 ..b.b...................ww.... w off=wwwbbb",
		}},
		// overshoot=block: no move past 30 at all.
		{name: "block_29+3", opts: block, pos: "..b.b....w..................w. w off=wwwbbb", roll: 3, want: []string{
			"10-13 ..b.b.......w...............w. b off=wwwbbb",
		}},
		{name: "block_26+6", opts: block, pos: "..b.b....w...............w.... w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w.........w.... w off=wwwbbb",
		}},
		{name: "block_25+6", opts: block, pos: "..b.b....w..............w..... w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w........w..... w off=wwwbbb",
		}},
		{name: "block_28+6", opts: block, pos: "..b.b....w.................w.. w off=wwwbbb", roll: 6, want: []string{
			"10-16 ..b.b..........w...........w.. w off=wwwbbb",
		}},
		{name: "block_29+4", opts: block, pos: "..b.b....w..................w. w off=wwwbbb", roll: 4, want: []string{
			"10-14 ..b.b........w..............w. w off=wwwbbb",
		}},
		{name: "block_30+1", opts: block, pos: "..b.b....w...................w w off=wwwbbb", roll: 1, want: []string{
			"10-11 ..b.b.....w..................w w off=wwwbbb",
		}},
		// Bearing off with overshoot=block: 29+3 is impossible, so 29 goes
		// back (J10) to 26.
		{name: "block_bearing_off_29+3", opts: block, pos: "..b.b.......................w. w off=wwwwbbb", roll: 3, want: []string{
			"29-26 ..b.b....................w.... b off=wwwwbbb",
		}},
		{name: "block_bearing_off_30+1", opts: block, pos: "..b.b...................w....w w off=wwwbbb", roll: 1, want: []string{
			"25-26 ..b.b....................w...w w off=wwwbbb",
			"30-off ..b.b...................w..... w off=wwwwbbb",
		}},
	})
}

// TestJ15BackToTheFrontRows: a piece sent back out of the last row stops
// its side bearing off until it is back in 21-30.
func TestJ15BackToTheFrontRows(t *testing.T) {
	runCases(t, []moveCase{
		{name: "bearing_off", pos: ".b.b............b.....w....w.. w off=wwwbb", roll: 2, want: []string{
			"23-25 .b.b............b.......w..w.. b off=wwwbb",
			"28-off .b.b............b.....w....... b off=wwwwbb",
		}},
		// Black attacks White's 23, which goes back to 17.
		{name: "attacked_on_23", pos: ".b.b............b.....w....w.. b off=wwwbb", roll: 6, want: []string{
			"2-8 ...b...b........b.....w....w.. b off=wwwbb",
			"4-10 .b.......b......b.....w....w.. b off=wwwbb",
			"17-23 .b.b............w.....b....w.. b off=wwwbb",
		}},
		{name: "after_attack", pos: ".b.b............w.....b....w.. w off=wwwbb", roll: 2, want: []string{
			"17-19 .b.b..............w...b....w.. b off=wwwbb",
			"28-30 .b.b............w.....b......w b off=wwwbb",
		}},
		{name: "drowned", pos: ".b.b............b......w...w.. w off=wwwbb", roll: 3, want: []string{
			"24-27 wb.b............b..........w.. b off=wwwbb",
			"28-29 .b.b............b......w....w. b off=wwwbb",
		}},
		{name: "after_drowning", pos: "wb.b............b..........w.. w off=wwwbb", roll: 2, want: []string{
			"1-3 .bwb............b..........w.. b off=wwwbb",
			"28-30 wb.b............b............w b off=wwwbb",
		}},
		{name: "back_in_the_last_row", pos: ".b.b............b..w.......w.. w off=wwwbb", roll: 1, want: []string{
			"20-21 .b.b............b...w......w.. w off=wwwbb",
			"28-29 .b.b............b..w........w. w off=wwwbb",
		}},
		{name: "back_in_the_last_row", pos: ".b.b............b...w......w.. w off=wwwbb", roll: 2, want: []string{
			"21-23 .b.b............b.....w....w.. b off=wwwbb",
			"28-off .b.b............b...w......... b off=wwwwbb",
		}},
	})
}

// TestJ16Winning: bearing off the fifth piece wins at once, even after a
// throw that would give another throw.
func TestJ16Winning(t *testing.T) {
	whiteWins := "....bbbbb..................... - off=wwwww winner=w"
	runCases(t, []moveCase{
		{name: "white", pos: "....bbbbb....................w w off=wwww", roll: 2, want: []string{"30-off " + whiteWins}},
		{name: "white_extra_throw", pos: "....bbbbb....................w w off=wwww", roll: 1, want: []string{"30-off " + whiteWins}},
		{name: "black", pos: "....wwwww................b.... b off=bbbb", roll: 4, want: []string{
			"26-off ....wwwww..................... - off=bbbbb winner=b",
		}},
		{name: "black", pos: "ww..........................b. b off=wwwbbbb", roll: 1, want: []string{
			"29-off ww............................ - off=wwwbbbbb winner=b",
		}},
	})
	r := jequier(t)
	p, err := r.Parse(whiteWins)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Over(p) || r.ToMove(p) != game.NoPlayer || p.Winner() != White {
		t.Errorf("%s: Over %v, ToMove %d, Winner %d; want true, %d, %d", whiteWins, r.Over(p), r.ToMove(p), p.Winner(), game.NoPlayer, White)
	}
	if got, want := r.Payoffs(p), (game.Payoffs{1, 0}); got != want {
		t.Errorf("payoffs %v, want %v (no draws)", got, want)
	}
	if _, err := game.Text(r).Moves(whiteWins, 1); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("moves after the end: error %v, want %v", err, game.ErrGameOver)
	}
}

// TestJ17ForcedPlay: a throw must be used when any legal move exists, even
// a move that drowns the mover's own piece; pass is legal only alone.
func TestJ17ForcedPlay(t *testing.T) {
	pos := ".........b.............w...... w off=wwwwbbbb"
	runCases(t, []moveCase{
		{name: "only_move_drowns", pos: pos, roll: 3, want: []string{"24-27 w........b.................... b off=wwwwbbbb"}},
	})
	r := jequier(t)
	p, err := r.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(r, p)
	if err := m.Play(game.Player(White), 3, Pass); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("pass with a legal move: error %v, want %v", err, game.ErrIllegalMove)
	}
	if _, err := game.Text(r).Play(pos, 3, "pass"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("text pass with a legal move: error %v, want %v", err, game.ErrIllegalMove)
	}
	if err := m.Play(game.Player(White), 3, Move{From: 24, To: 27}); err != nil {
		t.Errorf("the forced move: %v", err)
	}
	// The J5 stuck position: every throw is lost, and pass is the move.
	stuck := "wbbb.......................... w off=wwwwbb"
	if _, err := game.Text(r).Play(stuck, 6, "pass"); err != nil {
		t.Errorf("pass with no legal move: %v", err)
	}
}
