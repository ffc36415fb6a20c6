package senet

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"passage/game"
)

// The tests below check the rules of docs/rules/senet-szenet.md one by one. Each case
// gives a position, a throw and the exact list of legal moves with the
// position after each (szMove: move, pieces on the board, turn and keys).

func TestS1BoardSquare31IsOff(t *testing.T) {
	pos := szPos("30w", "w hand=bbbbB off=wwwW")
	runSzCases(t, []szCase{
		{"30 leaves with 1", pos, 1, []string{
			szMove("30-off", "", "- hand=bbbbB off=wwwwW winner=w"),
		}},
		{"30 cannot use 2", pos, 2, []string{
			szMove("pass", "30w", "b hand=bbbbB off=wwwW"),
		}},
	})
}

func TestS2AllPiecesStartOffTheBoard(t *testing.T) {
	start := szenet.Start()
	if got, want := szenet.FormatPosition(start), ".............................. w hand=wwwwWbbbbB"; got != want {
		t.Fatalf("start = %q, want %q", got, want)
	}
	for side := range 2 {
		if got := start.Hand(side); got != 5 {
			t.Errorf("start: side %d has %d pieces waiting, want 5", side, got)
		}
	}
	pos := szPos("", "w hand=wwwwWbbbbB")
	cases := []szCase{{"1 enters", pos, 1, []string{
		szMove("in-1", "1w", "w hand=wwwWbbbbB bonus=1"),
	}}}
	for roll := 2; roll <= 5; roll++ {
		cases = append(cases, szCase{"no entry with " + string(rune('0'+roll)), pos, roll, []string{
			szMove("pass", "", "b hand=wwwwWbbbbB"),
		}})
	}
	runSzCases(t, cases)
}

func TestS3ThrowsOneToFive(t *testing.T) {
	want := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16},
		{Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 5, Num: 1, Den: 16}}
	if got := szenet.Outcomes(szenet.Start()); !slices.Equal(got, want) {
		t.Errorf("Outcomes = %v, want %v", got, want)
	}
	text := game.Text(szenet)
	for _, roll := range []int{0, 6, 7} {
		if _, err := text.Moves(text.Start(), roll); !errors.Is(err, game.ErrBadRoll) {
			t.Errorf("Moves(start, %d) error = %v, want ErrBadRoll", roll, err)
		}
	}
}

func TestS4WhiteThrowsFirst(t *testing.T) {
	if got := szenet.Start().Turn(); got != White {
		t.Errorf("start: turn = %d, want White (%d)", got, White)
	}
}

func TestS5NoExtraThrows(t *testing.T) {
	pos := szPos("3w", "w hand=wwwWbbbbB")
	runSzCases(t, []szCase{
		{"1 passes the turn unless entering", pos, 1, []string{
			szMove("in-1", "1w 3w", "w hand=wwWbbbbB bonus=1"),
			szMove("3-4", "4w", "b hand=wwwWbbbbB"),
		}},
		{"4 passes the turn", pos, 4, []string{szMove("3-7", "7w", "b hand=wwwWbbbbB")}},
		{"5 passes the turn", pos, 5, []string{szMove("3-8", "8w", "b hand=wwwWbbbbB")}},
		{"black passes to white", szPos("3b", "b hand=wwwwWbbbB"), 4, []string{
			szMove("3-7", "7b", "w hand=wwwwWbbbB"),
		}},
	})
}

func TestS6Entering(t *testing.T) {
	runSzCases(t, []szCase{
		{"ordinary pieces before the BA", szPos("5w 8w 12w", "w hand=wWbbbbB"), 1, []string{
			szMove("in-1", "1w 5w 8w 12w", "w hand=WbbbbB bonus=1"),
			szMove("5-6", "6w 8w 12w", "b hand=wWbbbbB"),
			szMove("8-9", "5w 9w 12w", "b hand=wWbbbbB"),
			szMove("12-13", "5w 8w 13w", "b hand=wWbbbbB"),
		}},
		{"the BA enters last", szPos("5w 8w 12w 18w", "w hand=WbbbbB"), 1, []string{
			szMove("in-1", "1W 5w 8w 12w 18w", "w hand=bbbbB bonus=1"),
			szMove("5-6", "6w 8w 12w 18w", "b hand=WbbbbB"),
			szMove("8-9", "5w 9w 12w 18w", "b hand=WbbbbB"),
			szMove("12-13", "5w 8w 13w 18w", "b hand=WbbbbB"),
			szMove("18-19", "5w 8w 12w 19w", "b hand=WbbbbB"),
		}},
		{"square 1 must be empty", szPos("1b", "w hand=wwwwWbbbB"), 1, []string{
			szMove("pass", "1b", "b hand=wwwwWbbbB"),
		}},
		{"bonus throw moves only the piece on 1", szPos("1w 6w", "w hand=wwWbbbbB bonus=1"), 2, []string{
			szMove("1-3", "3w 6w", "b hand=wwWbbbbB"),
		}},
		{"bonus throw of 1 does not enter", szPos("1w 6w", "w hand=wwWbbbbB bonus=1"), 1, []string{
			szMove("1-2", "2w 6w", "b hand=wwWbbbbB"),
		}},
		{"unusable bonus throw is lost and the turn passes", szPos("1w 2b 3b 6w", "w hand=wwWbbB bonus=1"), 2, []string{
			szMove("pass", "1w 2b 3b 6w", "b hand=wwWbbB"),
		}},
	})
}

func TestS7ForwardByTheThrow(t *testing.T) {
	runSzCases(t, []szCase{
		{"passes pieces of both colours", szPos("5w 6b 7w", "w hand=wwWbbbB"), 3, []string{
			szMove("5-8", "6b 7w 8w", "b hand=wwWbbbB"),
			szMove("7-10", "5w 6b 10w", "b hand=wwWbbbB skip=w"),
		}},
		{"own piece blocks the destination", szPos("5w 7w", "w hand=wwWbbbbB"), 2, []string{
			szMove("7-9", "5w 9w", "b hand=wwWbbbbB"),
		}},
		{"no backward move, no move past the exit", szPos("28w", "w hand=bbbbB off=wwwW"), 4, []string{
			szMove("pass", "28w", "b hand=bbbbB off=wwwW"),
		}},
	})
}

func TestS8ForcedPlay(t *testing.T) {
	runSzCases(t, []szCase{
		{"a move must be made", szPos("3w", "w hand=wwwWbbbbB"), 2, []string{
			szMove("3-5", "5w", "b hand=wwwWbbbbB"),
		}},
		{"entering counts as a move", szPos("3w 4b 5b", "w hand=wwwWbbB"), 1, []string{
			szMove("in-1", "1w 3w 4b 5b", "w hand=wwWbbB bonus=1"),
		}},
		{"pass only when nothing is legal", szPos("3w 4b 5b", "w hand=wwwWbbB"), 2, []string{
			szMove("pass", "3w 4b 5b", "b hand=wwwWbbB"),
		}},
	})
}

func TestS9AttackSwaps(t *testing.T) {
	runSzCases(t, []szCase{
		{"lone piece", szPos("5w 9b", "w hand=wwwWbbbB"), 4, []string{
			szMove("5-9", "5b 9w", "b hand=wwwWbbbB"),
		}},
		{"the BA is attacked like any piece", szPos("5w 9B", "w hand=wwwWbbbb"), 4, []string{
			szMove("5-9", "5B 9w", "b hand=wwwWbbbb"),
		}},
		{"the BA attacks", szPos("5W 9b", "w hand=wwwwbbbB"), 4, []string{
			szMove("5-9", "5b 9W", "b hand=wwwwbbbB"),
		}},
		{"not on a protected house", szPos("13w 15b", "w hand=wwwWbbbB"), 2, []string{
			szMove("pass", "13w 15b", "b hand=wwwWbbbB"),
		}},
	})
}

func TestS10PairPassableNotAttackable(t *testing.T) {
	pos := szPos("5w 7b 8B", "w hand=wwwWbbb")
	runSzCases(t, []szCase{
		{"attack the first", pos, 2, []string{szMove("pass", "5w 7b 8B", "b hand=wwwWbbb")}},
		{"attack the BA", pos, 3, []string{szMove("pass", "5w 7b 8B", "b hand=wwwWbbb")}},
		{"pass over", pos, 4, []string{szMove("5-9", "7b 8B 9w", "b hand=wwwWbbb")}},
		{"stop short", pos, 1, []string{
			szMove("in-1", "1w 5w 7b 8B", "w hand=wwWbbb bonus=1"),
			szMove("5-6", "6w 7b 8B", "b hand=wwwWbbb"),
		}},
	})
}

func TestS11UnitBlocksOpponent(t *testing.T) {
	pos := szPos("3b 5w 6w 7W", "b hand=wwbbbB")
	runSzCases(t, []szCase{
		{"cannot pass over", pos, 5, []string{szMove("pass", "3b 5w 6w 7W", "w hand=wwbbbB")}},
		{"cannot attack", pos, 2, []string{szMove("pass", "3b 5w 6w 7W", "w hand=wwbbbB")}},
		{"may stop before it", pos, 1, []string{
			szMove("in-1", "1b 3b 5w 6w 7W", "b hand=wwbbB bonus=1"),
			szMove("3-4", "4b 5w 6w 7W", "w hand=wwbbbB"),
		}},
		{"own pieces pass their unit", szPos("4w 5w 6w 7w", "w hand=WbbbbB"), 4, []string{
			szMove("4-8", "5w 6w 7w 8w", "b hand=WbbbbB"),
			szMove("5-9", "4w 6w 7w 9w", "b hand=WbbbbB"),
			szMove("6-10", "4w 5w 7w 10w", "b hand=WbbbbB skip=w"),
			szMove("7-11", "4w 5w 6w 11w", "b hand=WbbbbB"),
		}},
	})
}

func TestS12HouseOfThoth(t *testing.T) {
	runSzCases(t, []szCase{
		{"a piece on 1 must leave", szPos("1w 5w", "w hand=wwWbbbbB"), 2, []string{
			szMove("1-3", "3w 5w", "b hand=wwWbbbbB"),
		}},
		{"a piece on 1 that cannot move frees the others", szPos("1w 2b 3b 5w", "w hand=wwWbbB"), 1, []string{
			szMove("5-6", "1w 2b 3b 6w", "b hand=wwWbbB"),
		}},
	})
}

func TestS13MissedTurn(t *testing.T) {
	runSzCases(t, []szCase{
		{"ending on 10", szPos("7w", "w hand=wwwWbbbbB"), 3, []string{
			szMove("7-10", "10w", "b hand=wwwWbbbbB skip=w"),
		}},
		{"ending on 20", szPos("18b", "b hand=wwwwWbbbB"), 2, []string{
			szMove("18-20", "20b", "w hand=wwwwWbbbB skip=b"),
		}},
		{"the missed turn is taken", szPos("4b 10w", "b hand=wwwWbbbB skip=w"), 1, []string{
			szMove("in-1", "1b 4b 10w", "b hand=wwwWbbB skip=w bonus=1"),
			szMove("4-5", "5b 10w", "b hand=wwwWbbbB"),
		}},
		{"two missed turns pending at once", szPos("10w 17b", "b hand=wwwWbbbB skip=w"), 3, []string{
			szMove("17-20", "10w 20b", "w hand=wwwWbbbB"),
		}},
		{"skip=wb with w to throw", szPos("5w 10w 20b", "w hand=wwWbbbB skip=wb"), 1, []string{
			szMove("in-1", "1w 5w 10w 20b", "w hand=wWbbbB skip=wb bonus=1"),
			szMove("5-6", "6w 10w 20b", "b hand=wwWbbbB"),
			szMove("10-11", "5w 11w 20b", "b hand=wwWbbbB"),
		}},
		{"a pass uses the missed turn too", szPos("5w 6b 7b 20b", "w hand=wwwWbB skip=b"), 2, []string{
			szMove("pass", "5w 6b 7b 20b", "w hand=wwwWbB"),
		}},
	})
}

func TestS14HouseOfRenewal(t *testing.T) {
	runSzCases(t, []szCase{
		{"ending on 15 gives a bonus throw", szPos("12w", "w hand=wwwWbbbbB"), 3, []string{
			szMove("12-15", "15w", "w hand=wwwWbbbbB bonus=15"),
		}},
		{"the bonus throw moves only that piece", szPos("5w 15w", "w hand=wwWbbbbB bonus=15"), 2, []string{
			szMove("15-17", "5w 17w", "b hand=wwWbbbbB"),
		}},
		{"an unusable bonus throw is lost", szPos("5w 15w 18w", "w hand=wWbbbbB bonus=15"), 3, []string{
			szMove("pass", "5w 15w 18w", "b hand=wWbbbbB"),
		}},
		{"bonus move onto 20", szPos("15w", "w hand=wwwWbbbbB bonus=15"), 5, []string{
			szMove("15-20", "20w", "b hand=wwwWbbbbB skip=w"),
		}},
		{"bonus move onto 16", szPos("15w", "w hand=wwwWbbbbB bonus=15"), 1, []string{
			szMove("15-16", "16w", "b hand=wwwWbbbbB asleep=16"),
		}},
		{"a piece on 15 is protected", szPos("13b 15w", "b hand=wwwWbbbB"), 2, []string{
			szMove("pass", "13b 15w", "w hand=wwwWbbbB"),
		}},
	})
}

func TestS15HouseOfOblivion(t *testing.T) {
	sleeper := szPos("14b 16w", "b hand=wwwWbbbB asleep=16")
	runSzCases(t, []szCase{
		{"ending on 16 falls asleep", szPos("13w", "w hand=wwwWbbbbB"), 3, []string{
			szMove("13-16", "16w", "b hand=wwwWbbbbB asleep=16"),
		}},
		{"a sleeping piece cannot move", szPos("5w 16w", "w hand=wwWbbbbB asleep=16"), 2, []string{
			szMove("5-7", "7w 16w", "b hand=wwWbbbbB asleep=16"),
		}},
		{"attack on a sleeping piece: the attacker falls asleep", sleeper, 2, []string{
			szMove("14-16", "14w 16b", "w hand=wwwWbbbB asleep=16"),
		}},
		{"an opponent passing over wakes it", sleeper, 3, []string{
			szMove("14-17", "16w 17b", "w hand=wwwWbbbB"),
		}},
		{"stopping short of 16 does not", sleeper, 1, []string{
			szMove("in-1", "1b 14b 16w", "b hand=wwwWbbB bonus=1 asleep=16"),
			szMove("14-15", "15b 16w", "b hand=wwwWbbbB bonus=15 asleep=16"),
		}},
		{"its own side passing over wakes it", szPos("15w 16w", "w hand=wwWbbbbB asleep=16"), 2, []string{
			szMove("15-17", "16w 17w", "b hand=wwWbbbbB"),
		}},
		{"a sleeping piece in a pair is protected", szPos("14b 16w 17w", "b hand=wwWbbbB asleep=16"), 2, []string{
			szMove("pass", "14b 16w 17w", "w hand=wwWbbbB asleep=16"),
		}},
	})
}

func TestS16HouseOfGood(t *testing.T) {
	on26 := szPos("26w", "w hand=bbbbB off=wwwW bonus=26")
	runSzCases(t, []szCase{
		{"ending on 26 gives a bonus throw", szPos("23w", "w hand=wwwWbbbbB"), 3, []string{
			szMove("23-26", "26w", "w hand=wwwWbbbbB bonus=26"),
		}},
		{"1 jumps the water to 28", on26, 1, []string{szMove("26-28", "28w", "b hand=bbbbB off=wwwW")}},
		{"2 reaches 28", on26, 2, []string{szMove("26-28", "28w", "b hand=bbbbB off=wwwW")}},
		{"3 reaches 29", on26, 3, []string{szMove("26-29", "29w", "b hand=bbbbB off=wwwW")}},
		{"4 reaches 30", on26, 4, []string{szMove("26-30", "30w", "b hand=bbbbB off=wwwW")}},
		{"5 bears off", on26, 5, []string{szMove("26-off", "", "- hand=bbbbB off=wwwwW winner=w")}},
		{"the jump needs 28 empty", szPos("26w 28b", "w hand=wwwWbbbB bonus=26"), 1, []string{
			szMove("pass", "26w 28b", "b hand=wwwWbbbB"),
		}},
		{"26 is protected", szPos("24b 26w", "b hand=wwwWbbbB"), 2, []string{
			szMove("pass", "24b 26w", "w hand=wwwWbbbB"),
		}},
		{"26 can be passed", szPos("24b 26w", "b hand=wwwWbbbB"), 4, []string{
			szMove("24-28", "26w 28b", "w hand=wwwWbbbB"),
		}},
	})
}

func TestS17HouseOfWater(t *testing.T) {
	runSzCases(t, []szCase{
		{"a piece drowns to hand", szPos("24w", "w hand=wwwWbbbbB"), 3, []string{
			szMove("24-27", "", "b hand=wwwwWbbbbB"),
		}},
		{"the BA drags its side's board along, borne-off pieces stay off",
			szPos("5w 8b 16w 24W", "w hand=bbbB off=ww asleep=16"), 3, []string{
				szMove("5-8", "5b 8w 16w 24W", "b hand=bbbB off=ww asleep=16"),
				szMove("24-27", "8b", "b hand=wwWbbbB off=ww"),
			}},
		{"the dragged pieces join those already waiting", szPos("3w 24W", "w hand=wbbbbB off=ww"), 3, []string{
			szMove("3-6", "6w 24W", "b hand=wbbbbB off=ww"),
			szMove("24-27", "", "b hand=wwWbbbbB off=ww"),
		}},
	})
}

func TestS18LastHousesProtectedPassable(t *testing.T) {
	pos := szPos("25b 28w 30w", "b hand=wwWbbbB")
	runSzCases(t, []szCase{
		{"1", pos, 1, []string{
			szMove("in-1", "1b 25b 28w 30w", "b hand=wwWbbB bonus=1"),
			szMove("25-26", "26b 28w 30w", "b hand=wwWbbbB bonus=26"),
		}},
		{"2 drowns", pos, 2, []string{szMove("25-27", "28w 30w", "w hand=wwWbbbbB")}},
		{"28 is protected", pos, 3, []string{szMove("pass", "25b 28w 30w", "w hand=wwWbbbB")}},
		{"28 can be passed", pos, 4, []string{szMove("25-29", "28w 29b 30w", "w hand=wwWbbbB")}},
		{"30 is protected", pos, 5, []string{szMove("pass", "25b 28w 30w", "w hand=wwWbbbB")}},
	})
}

func TestS19ProtectedHousesMustBeLeft(t *testing.T) {
	runSzCases(t, []szCase{
		{"leaving beats entering", szPos("28w", "w hand=wwwWbbbbB"), 1, []string{
			szMove("28-29", "29w", "b hand=wwwWbbbbB"),
		}},
		{"a blocked protected piece binds nothing", szPos("29w 30b", "w hand=wwwWbbbB"), 1, []string{
			szMove("in-1", "1w 29w 30b", "w hand=wwWbbbB bonus=1"),
		}},
		{"any protected piece may leave", szPos("5w 15w 26w", "w hand=wWbbbbB"), 2, []string{
			szMove("15-17", "5w 17w 26w", "b hand=wWbbbbB"),
			szMove("26-28", "5w 15w 28w", "b hand=wWbbbbB"),
		}},
		{"bearing off is leaving", szPos("5w 30W", "w hand=bbbbB off=www"), 1, []string{
			szMove("30-off", "5w", "b hand=bbbbB off=wwwW"),
		}},
	})
}

func TestS20BearingOff(t *testing.T) {
	exit := szPos("26w 28w 29w 30w", "w hand=bbbbB off=W")
	runSzCases(t, []szCase{
		{"30 needs 1", exit, 1, []string{szMove("30-off", "26w 28w 29w", "b hand=bbbbB off=wW")}},
		{"29 needs 2", exit, 2, []string{szMove("29-off", "26w 28w 30w", "b hand=bbbbB off=wW")}},
		{"28 needs 3", exit, 3, []string{szMove("28-off", "26w 29w 30w", "b hand=bbbbB off=wW")}},
		{"a larger throw is lost", exit, 4, []string{szMove("pass", "26w 28w 29w 30w", "b hand=bbbbB off=W")}},
		{"26 needs 5", exit, 5, []string{szMove("26-off", "28w 29w 30w", "b hand=bbbbB off=wW")}},
		{"an opponent unit blocks the way out", szPos("26w 28b 29b 30b", "w hand=wwwbB off=W"), 5, []string{
			szMove("pass", "26w 28b 29b 30b", "b hand=wwwbB off=W"),
		}},
		{"an ordinary piece waits for its BA", szPos("5w 30w", "w hand=WbbbbB off=ww"), 1, []string{
			szMove("in-1", "1W 5w 30w", "w hand=bbbbB off=ww bonus=1"),
			szMove("5-6", "6w 30w", "b hand=WbbbbB off=ww"),
		}},
		{"the BA waits while a piece waits to enter", szPos("5w 30W", "w hand=wbbbbB off=ww"), 1, []string{
			szMove("in-1", "1w 5w 30W", "w hand=bbbbB off=ww bonus=1"),
			szMove("5-6", "6w 30W", "b hand=wbbbbB off=ww"),
		}},
	})
}

func TestS21FirstToBearOffAllFiveWins(t *testing.T) {
	pos := szPos("5b 30W", "w hand=bbbB off=wwww skip=b")
	runSzCases(t, []szCase{{"last piece off", pos, 1, []string{
		szMove("30-off", "5b", "- hand=bbbB off=wwwwW skip=b winner=w"),
	}}})
	p, err := szenet.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	end := szenet.Apply(p, 1, szenet.Moves(p, 1, nil)[0])
	if !szenet.Over(end) || szenet.Payoffs(end) != (game.Payoffs{1, 0}) {
		t.Errorf("after the last piece: Over = %v, Payoffs = %v; want true, [1 0]", szenet.Over(end), szenet.Payoffs(end))
	}
	if four := szenet.Apply(p, 2, Pass); szenet.Over(four) {
		t.Errorf("four pieces off: game over")
	}
}

func TestS22HouseEffectsNeedOwnMove(t *testing.T) {
	runSzCases(t, []szCase{
		{"swapped onto 1: no bonus", szPos("1w 3b", "w hand=wwwWbbbB"), 2, []string{
			szMove("1-3", "1b 3w", "b hand=wwwWbbbB"),
		}},
		{"swapped onto 10: no missed turn", szPos("10w 12b", "w hand=wwwWbbbB"), 2, []string{
			szMove("10-12", "10b 12w", "b hand=wwwWbbbB"),
		}},
		{"swapped onto 15: no bonus", szPos("15w 17b", "w hand=wwwWbbbB"), 2, []string{
			szMove("15-17", "15b 17w", "b hand=wwwWbbbB"),
		}},
		{"swapped onto 16: awake", szPos("16w 18b", "w hand=wwwWbbbB"), 2, []string{
			szMove("16-18", "16b 18w", "b hand=wwwWbbbB"),
		}},
	})
}

func TestSzenetParseChecksPosition(t *testing.T) {
	cases := []struct {
		name, pos, want string // want: a part of the error message, "" for none
	}{
		{"start", szPos("", "w hand=wwwwWbbbbB"), ""},
		{"every key", szPos("5b 14w 16B 20b", "w hand=wwwWb off=b skip=b bonus=14"), "no bonus throw"},
		{"every key, bonus on 15", szPos("5b 15w 16B 20b", "w hand=wwwWb off=b skip=b bonus=15 asleep=16"), ""},
		{"both sides skip", szPos("10w 20b", "w hand=wwwWbbbB skip=wb"), ""},
		{"game over", szPos("5b", "- hand=bbbB off=wwwwW winner=w"), ""},
		{"two BAs", szPos("5W 6W", "w hand=wwwbbbbB"), "w has 2 BAs"},
		{"BA on the board and in hand", szPos("5W", "w hand=wwwWbbbbB"), "w has 2 BAs"},
		{"BA borne off and on the board", szPos("5B", "w hand=wwwwWbbb off=B"), "b has 2 BAs"},
		{"no BA", szPos("5w", "w hand=wwwwbbbbB"), "w has 0 BAs"},
		{"six pieces", szPos("5w", "w hand=wwwwWbbbbB"), "w has 6 pieces"},
		{"bonus on an ordinary square", szPos("5w", "w hand=wwwWbbbbB bonus=5"), "no bonus throw is won on square 5"},
		{"bonus for the other side", szPos("15b", "w hand=wwwwWbbbB bonus=15"), "does not hold a piece of the side to throw"},
		{"asleep off 16", szPos("5w", "w hand=wwwWbbbbB asleep=5"), "no piece falls asleep on square 5"},
		{"asleep on an empty 16", szPos("5w", "w hand=wwwWbbbbB asleep=16"), "asleep= names an empty square"},
		{"piece on 27", szPos("27w", "w hand=wwwWbbbbB"), "square 27 cannot hold a piece"},
		{"hand out of order", szPos("", "w hand=Wwwwwbbbb"), "order w, W, b, B"},
		{"keys out of order", szPos("10w", "b skip=w hand=wwwWbbbbB"), "out of order"},
		{"opening is Jéquier's", szPos("", "w hand=wwwwWbbbbB opening=w"), "does not use the key opening="},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := szenet.ParsePosition(c.pos)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("ParsePosition(%q): %v", c.pos, err)
			case c.want == "":
				if got := szenet.FormatPosition(p); got != c.pos {
					t.Errorf("round trip: got %q, want %q", got, c.pos)
				}
			case err == nil:
				t.Fatalf("ParsePosition(%q): no error, want one containing %q", c.pos, c.want)
			case !errors.Is(err, game.ErrBadPosition) || !strings.Contains(err.Error(), c.want):
				t.Errorf("ParsePosition(%q) = %v, want ErrBadPosition containing %q", c.pos, err, c.want)
			}
		})
	}
	if _, err := MustNew("senet-jequier", nil).ParsePosition(szPos("1W", "b")); err == nil {
		t.Errorf("senet-jequier accepted a BA")
	}
}
