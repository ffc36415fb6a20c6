package ludo

import (
	"errors"
	"slices"
	"testing"

	"passage/game"
)

// TestK1Players checks the number of players, the colours in play, the
// canonical ruleset ID and the initial position for each choice, and
// that options which disagree are refused.
func TestK1Players(t *testing.T) {
	tests := []struct {
		opts    []string
		id      string
		players int
		start   string
	}{
		{nil, "kinevet", 4, pos("", "", "r")},
		{[]string{"players=4"}, "kinevet", 4, pos("", "", "r")},
		{[]string{"players=3"}, "kinevet players=3", 3, pos("", "", "r colors=ryg")},
		{[]string{"players=2"}, "kinevet players=2", 2, pos("", "", "r colors=rg")},
		{[]string{"players=2", "colors=rg"}, "kinevet players=2", 2, pos("", "", "r colors=rg")},
		{[]string{"colors=ry"}, "kinevet colors=ry players=2", 2, pos("", "", "r colors=ry")},
		{[]string{"colors=ry", "players=2"}, "kinevet colors=ry players=2", 2, pos("", "", "r colors=ry")},
		{[]string{"colors=gr"}, "kinevet colors=gr players=2", 2, pos("", "", "g colors=gr")},
		{[]string{"colors=byr"}, "kinevet colors=byr players=3", 3, pos("", "", "b colors=byr")},
		{[]string{"colors=rygb"}, "kinevet", 4, pos("", "", "r")},
		{[]string{"colors=bgyr"}, "kinevet colors=bgyr", 4, pos("", "", "b colors=bgyr")},
	}
	for _, tt := range tests {
		r := rules(t, tt.opts...)
		if got := r.ID(); got != tt.id {
			t.Errorf("%v: ID() = %q, want %q", tt.opts, got, tt.id)
		}
		if got := r.Players(); got != tt.players {
			t.Errorf("%v: Players() = %d, want %d", tt.opts, got, tt.players)
		}
		if got := r.FormatPosition(r.Start()); got != tt.start {
			t.Errorf("%v: start = %q, want %q", tt.opts, got, tt.start)
		}
	}
	for _, bad := range []map[string]string{
		{"players": "3", "colors": "ry"},
		{"players": "2", "colors": "ryg"},
		{"players": "5"},
		{"colors": "rr"},
		{"colors": "r"},
		{"colour": "r"},
	} {
		if _, err := New("kinevet", bad); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(kinevet, %v) = %v, want ErrBadOption", bad, err)
		}
	}
}

// TestK1TurnOrder passes round the table with 2, 3 and 4 players and
// with colors= orders: the roll goes to the next colour in play.
func TestK1TurnOrder(t *testing.T) {
	tests := []struct {
		opts  []string
		start string
		turns []string // TURN after each pass in turn
		keys  string
	}{
		{[]string{"players=2"}, "r", []string{"g", "r", "g"}, " colors=rg"},
		{[]string{"players=3"}, "r", []string{"y", "g", "r"}, " colors=ryg"},
		{nil, "r", []string{"y", "g", "b", "r"}, ""},
		{[]string{"colors=gr"}, "g", []string{"r", "g"}, " colors=gr"},
		{[]string{"colors=yb"}, "y", []string{"b", "y"}, " colors=yb"},
		{[]string{"colors=byr"}, "b", []string{"y", "r", "b"}, " colors=byr"},
		{[]string{"colors=bgyr"}, "b", []string{"g", "y", "r", "b"}, " colors=bgyr"},
	}
	for _, tt := range tests {
		r := rules(t, tt.opts...)
		var steps []any
		var want []string
		for _, turn := range tt.turns {
			steps = append(steps, 1, "pass") // K8: a 1 with every piece in the yard
			want = append(want, pos("", "", turn+tt.keys))
		}
		expectPlay(t, r, pos("", "", tt.start+tt.keys), want, steps...)
	}
}

// TestK1ColoursNotInPlay checks that a position with pieces or the turn
// of a colour that is not in play is refused.
func TestK1ColoursNotInPlay(t *testing.T) {
	r := rules(t, "players=2")
	for _, s := range []string{
		pos("11y", "", "r colors=rg"),
		pos("", "..../y.../..../....", "r colors=rg"),
		pos("", "", "y colors=rg"),
		pos("", "", "r"),           // colors= missing: rygb is not this ruleset's
		pos("", "", "r colors=ry"), // another pair
	} {
		if _, err := r.ParsePosition(s); !errors.Is(err, game.ErrBadPosition) {
			t.Errorf("ParsePosition(%q) = %v, want ErrBadPosition", s, err)
		}
	}
}

// TestK2FirstColourStarts: the initial position has the first colour in
// play to roll.
func TestK2FirstColourStarts(t *testing.T) {
	for _, tt := range []struct {
		opts []string
		want game.Player
		turn int
	}{
		{nil, 0, Red},
		{[]string{"players=2"}, 0, Red},
		{[]string{"colors=gr"}, 0, Green},
		{[]string{"colors=yb"}, 0, Yellow},
	} {
		r := rules(t, tt.opts...)
		if got := r.ToMove(r.Start()); got != tt.want {
			t.Errorf("%s: ToMove(Start) = %d, want %d", r.ID(), got, tt.want)
		}
		if got := r.Start().Turn(); got != tt.turn {
			t.Errorf("%s: Start().Turn() = %d, want %d", r.ID(), got, tt.turn)
		}
	}
}

func TestK3Entering(t *testing.T) {
	r := rules(t)
	t.Run("six enters", func(t *testing.T) {
		expectMoves(t, r, pos("", "", "r"), 6, to("in-1", pos("1r", "", "r")))
	})
	t.Run("only a six enters", func(t *testing.T) {
		for roll := 1; roll <= 5; roll++ {
			expectMoves(t, r, pos("", "", "r"), roll, to("pass", pos("", "", "y")))
		}
	})
	t.Run("yellow enters on 11", func(t *testing.T) {
		expectMoves(t, r, pos("", "", "y"), 6, to("in-11", pos("11y", "", "y")))
	})
	t.Run("opponent on the start square is captured", func(t *testing.T) {
		expectMoves(t, r, pos("1y 20y", "", "r"), 6, to("in-1", pos("1r 20y", "", "r")))
	})
	t.Run("own piece on the start square refuses entry", func(t *testing.T) {
		expectMoves(t, r, pos("1r", "", "r"), 6, to("1-7", pos("7r", "", "r")))
	})
	t.Run("empty yard", func(t *testing.T) {
		expectMoves(t, r, pos("5r 15r 25r", "...r/..../..../....", "r"), 6,
			to("5-11", pos("11r 15r 25r", "...r/..../..../....", "r")),
			to("15-21", pos("5r 21r 25r", "...r/..../..../....", "r")),
			to("25-31", pos("5r 15r 31r", "...r/..../..../....", "r")))
	})
}

func TestK4RollAgain(t *testing.T) {
	t.Run("after a six used to move or enter", func(t *testing.T) {
		expectMoves(t, rules(t), pos("5r", "", "r"), 6,
			to("in-1", pos("1r 5r", "", "r")),
			to("5-11", pos("11r", "", "r")))
	})
	t.Run("after a six that could not be used", func(t *testing.T) {
		// 39 is 38 steps from red's start: 6 would go beyond g4.
		before := pos("39r", ".rrr/..../..../....", "r")
		expectMoves(t, rules(t), before, 6, to("pass", before))
	})
	t.Run("not after another roll", func(t *testing.T) {
		expectMoves(t, rules(t), pos("5r", "", "r"), 2, to("5-7", pos("7r", "", "y")))
	})
	t.Run("not after the six that brings the last piece home", func(t *testing.T) {
		expectMoves(t, rules(t, "finish=all"), pos("35r", ".rrr/..../..../....", "r"), 6,
			to("35-g1", pos("", "rrrr/..../..../....", "y done=r")))
	})
}

func TestK5Moving(t *testing.T) {
	r := rules(t)
	before := pos("5r 8r 6y 7y", "", "r")
	t.Run("not onto an own piece", func(t *testing.T) {
		expectMoves(t, r, before, 3, to("8-11", pos("5r 11r 6y 7y", "", "y")))
	})
	t.Run("passing over pieces", func(t *testing.T) {
		expectMoves(t, r, before, 4,
			to("5-9", pos("8r 9r 6y 7y", "", "y")),
			to("8-12", pos("5r 12r 6y 7y", "", "y")))
	})
	t.Run("round from 40 to 1", func(t *testing.T) {
		expectMoves(t, r, pos("38y", "", "y"), 5, to("38-3", pos("3y", "", "g")))
	})
}

func TestK6Capture(t *testing.T) {
	r := rules(t)
	t.Run("landing on an opponent", func(t *testing.T) {
		expectMoves(t, r, pos("5r 8y", "", "r"), 3, to("5-8", pos("8r", "", "y")))
	})
	t.Run("in a four-player game", func(t *testing.T) {
		// Blue starts on 31, so 30 is its last track square.
		expectMoves(t, r, pos("5b 9g 30b 34y 36b 40r", "", "b"), 4,
			to("5-9", pos("9b 30b 34y 36b 40r", "", "r")),
			to("30-g4", pos("5b 9g 34y 36b 40r", "..../..../..../...b", "r")),
			to("36-40", pos("5b 9g 30b 34y 40b", "", "r")))
	})
	t.Run("goal pieces are out of reach", func(t *testing.T) {
		expectMoves(t, r, pos("8r", "..../y.../..../....", "r"), 2,
			to("8-10", pos("10r", "..../y.../..../....", "y")))
	})
}

func TestK7Goal(t *testing.T) {
	r := rules(t)
	jump := rules(t, "goal-jump=on")
	t.Run("exact roll into the goal", func(t *testing.T) {
		expectMoves(t, r, pos("38r", "", "r"), 3, to("38-g1", pos("", "r.../..../..../....", "y")))
		expectMoves(t, r, pos("38r", "", "r"), 6,
			to("in-1", pos("1r 38r", "", "r")),
			to("38-g4", pos("", "...r/..../..../....", "r")))
	})
	t.Run("not beyond g4: the other piece must move", func(t *testing.T) {
		expectMoves(t, r, pos("10r 40r", "", "r"), 5, to("10-15", pos("15r 40r", "", "y")))
	})
	t.Run("not beyond g4: nothing else moves", func(t *testing.T) {
		expectMoves(t, r, pos("40r", "", "r"), 5, to("pass", pos("40r", "", "y")))
	})
	t.Run("not onto an own goal piece", func(t *testing.T) {
		expectMoves(t, r, pos("38r", "...r/..../..../....", "r"), 6,
			to("in-1", pos("1r 38r", "...r/..../..../....", "r")))
	})
	t.Run("inside the goal by exact rolls", func(t *testing.T) {
		expectMoves(t, r, pos("", "r.../..../..../....", "r"), 2, to("g1-g3", pos("", "..r./..../..../....", "y")))
		expectMoves(t, r, pos("", "r.../..../..../....", "r"), 4, to("pass", pos("", "r.../..../..../....", "y")))
	})
	t.Run("green enters its own goal", func(t *testing.T) {
		expectMoves(t, r, pos("18g", "", "g"), 4, to("18-g2", pos("", "..../..../.g../....", "b")))
	})
	t.Run("passing an own piece into the goal refused", func(t *testing.T) {
		// 39 -> g3 passes g1 and g2.
		expectMoves(t, r, pos("39r", ".r../..../..../....", "r"), 4,
			to("pass", pos("39r", ".r../..../..../....", "y")))
	})
	t.Run("passing an own piece into the goal with goal-jump=on", func(t *testing.T) {
		expectMoves(t, jump, pos("39r", ".r../..../..../....", "r"), 4,
			to("39-g3", pos("", ".rr./..../..../....", "y")))
	})
	t.Run("passing an own piece inside the goal refused", func(t *testing.T) {
		expectMoves(t, r, pos("", "r.r./..../..../....", "r"), 3,
			to("pass", pos("", "r.r./..../..../....", "y")))
	})
	t.Run("passing an own piece inside the goal with goal-jump=on", func(t *testing.T) {
		expectMoves(t, jump, pos("", "r.r./..../..../....", "r"), 3,
			to("g1-g4", pos("", "..rr/..../..../....", "y")))
	})
}

func TestK8ForcedPlay(t *testing.T) {
	r := rules(t)
	t.Run("entering is not compulsory", func(t *testing.T) {
		expectMoves(t, r, pos("10r", "", "r"), 6,
			to("in-1", pos("1r 10r", "", "r")),
			to("10-16", pos("16r", "", "r")))
	})
	t.Run("no legal move loses the roll", func(t *testing.T) {
		expectMoves(t, r, pos("", "", "r"), 5, to("pass", pos("", "", "y")))
	})
	t.Run("a pass is refused when a move exists", func(t *testing.T) {
		if _, err := game.Text(r).Play(pos("10r", "", "r"), 3, "pass"); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("Play(pass) = %v, want ErrIllegalMove", err)
		}
	})
}

func TestK9Winning(t *testing.T) {
	t.Run("finish=first ends the game", func(t *testing.T) {
		r := rules(t)
		expectMoves(t, r, pos("40r 7y", ".rrr/..../..../....", "r"), 1,
			to("40-g1", pos("7y", "rrrr/..../..../....", "- winner=r")))
		checkResult(t, r, pos("7y", "rrrr/..../..../....", "- winner=r"), []int{Red}, game.Payoffs{1, 0, 0, 0})
	})
	t.Run("finish=all plays on and skips finished colours", func(t *testing.T) {
		r := rules(t, "finish=all")
		expectMoves(t, r, pos("10y", "..../.yyy/..../....", "y"), 1,
			to("10-g1", pos("", "..../yyyy/..../....", "g done=y")))
		expectMoves(t, r, pos("5r", "..../yyyy/..../....", "r done=y"), 2,
			to("5-7", pos("7r", "..../yyyy/..../....", "g done=y")))
		expectMoves(t, r, pos("5b", "..../yyyy/..../....", "b done=y"), 2,
			to("5-7", pos("7b", "..../yyyy/..../....", "r done=y")))
	})
	t.Run("finish=all placings with four players", func(t *testing.T) {
		r := rules(t, "finish=all")
		expectMoves(t, r, pos("40r 3g", ".rrr/yyyy/..../bbbb", "r done=yb"), 1,
			to("40-g1", pos("3g", "rrrr/yyyy/..../bbbb", "- done=ybrg winner=y")))
		// Seats r, y, g, b: places 3, 1, 4, 2.
		checkResult(t, r, pos("3g", "rrrr/yyyy/..../bbbb", "- done=ybrg winner=y"),
			[]int{Yellow, Blue, Red, Green}, game.Payoffs{1.0 / 6, 3.0 / 6, 0, 2.0 / 6})
	})
	t.Run("finish=all placings with three players", func(t *testing.T) {
		r := rules(t, "finish=all", "players=3")
		expectMoves(t, r, pos("10y 5g", "rrrr/.yyy/..../....", "y colors=ryg done=r"), 1,
			to("10-g1", pos("5g", "rrrr/yyyy/..../....", "- colors=ryg done=ryg winner=r")))
		checkResult(t, r, pos("5g", "rrrr/yyyy/..../....", "- colors=ryg done=ryg winner=r"),
			[]int{Red, Yellow, Green}, game.Payoffs{2.0 / 3, 1.0 / 3, 0, 0})
	})
	t.Run("finish=all with two players ends at the first", func(t *testing.T) {
		r := rules(t, "finish=all", "colors=gr")
		expectMoves(t, r, pos("20g 5r", "..../..../.ggg/....", "g colors=gr"), 1,
			to("20-g1", pos("5r", "..../..../gggg/....", "- colors=gr done=gr winner=g")))
		checkResult(t, r, pos("5r", "..../..../gggg/....", "- colors=gr done=gr winner=g"),
			[]int{Green, Red}, game.Payoffs{1, 0, 0, 0})
	})
}

// checkResult checks that the game in s is over with the placings and
// payoffs (by seat) given.
func checkResult(t *testing.T, r *Rules, s string, places []int, want game.Payoffs) {
	t.Helper()
	p, err := r.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	if !r.Over(p) || r.ToMove(p) != game.NoPlayer {
		t.Errorf("%q: Over = %v, ToMove = %d; want over, NoPlayer", s, r.Over(p), r.ToMove(p))
	}
	if got := r.Placings(p); !slices.Equal(got, places) {
		t.Errorf("%q: Placings = %v, want %v", s, got, places)
	}
	got := r.Payoffs(p)
	for i := range got {
		if d := got[i] - want[i]; d > 1e-12 || d < -1e-12 {
			t.Errorf("%q: Payoffs = %v, want %v", s, got, want)
			break
		}
	}
}

func TestH1SafeStart(t *testing.T) {
	r := rules(t, "safe-start=on")
	t.Run("no entry onto an opponent on the start square", func(t *testing.T) {
		before := pos("1y", "", "r")
		expectMoves(t, r, before, 6, to("pass", before))
	})
	t.Run("no capture on another colour's start square", func(t *testing.T) {
		expectMoves(t, r, pos("5r 11y", "", "r"), 6, to("in-1", pos("1r 5r 11y", "", "r")))
	})
	t.Run("also the start square of a colour not in play", func(t *testing.T) {
		r2 := rules(t, "safe-start=on", "players=2")
		expectMoves(t, r2, pos("25r 31g", "", "r colors=rg"), 6,
			to("in-1", pos("1r 25r 31g", "", "r colors=rg")))
	})
	t.Run("other squares still capture", func(t *testing.T) {
		expectMoves(t, r, pos("5r 8y", "", "r"), 3, to("5-8", pos("8r", "", "y")))
	})
	t.Run("without the house rule the start square captures", func(t *testing.T) {
		expectMoves(t, rules(t), pos("5r 11y", "", "r"), 6,
			to("in-1", pos("1r 5r 11y", "", "r")),
			to("5-11", pos("11r", "", "r")))
	})
}

func TestH2SixRolls(t *testing.T) {
	r := rules(t, "six-rolls=2")
	t.Run("a six gives two extra rolls", func(t *testing.T) {
		want := []string{pos("1r", "", "r extra=2"), pos("4r", "", "r extra=1"), pos("6r", "", "y")}
		expectPlay(t, r, pos("", "", "r"), want, 6, "in-1", 3, "1-4", 2, "4-6")
	})
	t.Run("each six adds two", func(t *testing.T) {
		expectMoves(t, r, pos("1r", "", "r extra=2"), 6, to("1-7", pos("7r", "", "r extra=3")))
		expectMoves(t, r, pos("4r", "", "r extra=1"), 6,
			to("in-1", pos("1r 4r", "", "r extra=2")),
			to("4-10", pos("10r", "", "r extra=2")))
	})
	t.Run("also a six that could not be used", func(t *testing.T) {
		expectMoves(t, r, pos("39r", ".rrr/..../..../....", "r"), 6,
			to("pass", pos("39r", ".rrr/..../..../....", "r extra=2")))
	})
	t.Run("not after the last piece home", func(t *testing.T) {
		expectMoves(t, rules(t, "six-rolls=2", "finish=all"), pos("35r", ".rrr/..../..../....", "r extra=3"), 6,
			to("35-g1", pos("", "rrrr/..../..../....", "y done=r")))
	})
}

func TestH3ThreeSixes(t *testing.T) {
	r := rules(t, "three-sixes=on")
	t.Run("the third six sends the piece moved last home", func(t *testing.T) {
		want := []string{
			pos("1r 20r", "", "r sixes=1 last=1"),
			pos("7r 20r", "", "r sixes=2 last=7"),
			pos("20r", "", "y"),
		}
		expectPlay(t, r, pos("20r", "", "r"), want, 6, "in-1", 6, "1-7", 6, "pass")
	})
	t.Run("the third six is not played", func(t *testing.T) {
		expectMoves(t, r, pos("7r 20r", "", "r sixes=2 last=7"), 6, to("pass", pos("20r", "", "y")))
	})
	t.Run("last follows the piece moved", func(t *testing.T) {
		expectMoves(t, r, pos("1r 7r", "", "r sixes=1 last=1"), 6,
			to("7-13", pos("1r 13r", "", "r sixes=2 last=13")))
	})
	t.Run("a piece in the goal is not sent back", func(t *testing.T) {
		want := []string{pos("", "..r./..../..../....", "r sixes=2"), pos("", "..r./..../..../....", "y")}
		expectPlay(t, r, pos("37r", "", "r sixes=1 last=37"), want, 6, "37-g3", 6, "pass")
	})
	t.Run("a roll other than six ends the run", func(t *testing.T) {
		expectMoves(t, r, pos("7r", "", "r sixes=2 last=7"), 2, to("7-9", pos("9r", "", "y")))
	})
	t.Run("with six-rolls=2 a run is broken by other rolls", func(t *testing.T) {
		r2 := rules(t, "three-sixes=on", "six-rolls=2")
		want := []string{
			pos("1r", "", "r sixes=1 last=1 extra=2"),
			pos("7r", "", "r sixes=2 last=7 extra=3"),
			pos("10r", "", "r last=10 extra=2"),
			pos("1r 10r", "", "r sixes=1 last=1 extra=3"),
		}
		expectPlay(t, r2, pos("", "", "r"), want, 6, "in-1", 6, "1-7", 3, "7-10", 6, "in-1")
		expectMoves(t, r2, pos("7r", "", "r sixes=2 last=7 extra=3"), 6, to("pass", pos("", "", "y")))
	})
}

func TestH4GoalBounce(t *testing.T) {
	r := rules(t, "goal-bounce=on")
	t.Run("count to g4 and back", func(t *testing.T) {
		// 40 is red's last track square: 6 = g1 g2 g3 g4 g3 g2.
		expectMoves(t, r, pos("40r", "", "r"), 6,
			to("in-1", pos("1r 40r", "", "r")),
			to("40-g2", pos("", ".r../..../..../....", "r")))
		expectMoves(t, r, pos("40r", "", "r"), 5, to("40-g3", pos("", "..r./..../..../....", "y")))
		expectMoves(t, r, pos("38r", "", "r"), 6, to("in-1", pos("1r 38r", "", "r")), to("38-g4", pos("", "...r/..../..../....", "r")))
		expectMoves(t, r, pos("39r", "", "r"), 6, to("in-1", pos("1r 39r", "", "r")), to("39-g3", pos("", "..r./..../..../....", "r")))
	})
	t.Run("exact rolls unchanged", func(t *testing.T) {
		expectMoves(t, r, pos("40r", "", "r"), 4, to("40-g4", pos("", "...r/..../..../....", "y")))
	})
	t.Run("pieces in the goal still need exact rolls", func(t *testing.T) {
		expectMoves(t, r, pos("", "..r./..../..../....", "r"), 2, to("pass", pos("", "..r./..../..../....", "y")))
	})
	t.Run("g4 counts as passed over", func(t *testing.T) {
		expectMoves(t, r, pos("40r", "...r/..../..../....", "r"), 5, to("pass", pos("40r", "...r/..../..../....", "y")))
		expectMoves(t, rules(t, "goal-bounce=on", "goal-jump=on"), pos("40r", "...r/..../..../....", "r"), 5,
			to("40-g3", pos("", "..rr/..../..../....", "y")))
	})
	t.Run("the end square must be empty", func(t *testing.T) {
		expectMoves(t, rules(t, "goal-bounce=on", "goal-jump=on"), pos("40r", "..r./..../..../....", "r"), 5,
			to("pass", pos("40r", "..r./..../..../....", "y")))
	})
	t.Run("off without the house rule", func(t *testing.T) {
		expectMoves(t, rules(t), pos("40r", "", "r"), 5, to("pass", pos("40r", "", "y")))
	})
}

func TestH5ThreeTries(t *testing.T) {
	r := rules(t, "three-tries=on")
	t.Run("three tries to throw a six", func(t *testing.T) {
		want := []string{pos("", "", "r tries=1"), pos("", "", "r tries=2"), pos("", "", "y")}
		expectPlay(t, r, pos("", "", "r"), want, 3, "pass", 2, "pass", 1, "pass")
	})
	t.Run("a six ends the tries", func(t *testing.T) {
		expectMoves(t, r, pos("", "", "r tries=2"), 6, to("in-1", pos("1r", "", "r")))
	})
	t.Run("not with a piece on the track", func(t *testing.T) {
		expectMoves(t, r, pos("40r", "", "r"), 5, to("pass", pos("40r", "", "y")))
	})
	t.Run("pieces in the goal move if they can", func(t *testing.T) {
		expectMoves(t, r, pos("", "r.../..../..../....", "r"), 2, to("g1-g3", pos("", "..r./..../..../....", "y")))
		expectMoves(t, r, pos("", "r.../..../..../....", "r"), 4, to("pass", pos("", "r.../..../..../....", "r tries=1")))
	})
	t.Run("failed tries do not use up extra rolls", func(t *testing.T) {
		r2 := rules(t, "three-tries=on", "six-rolls=2")
		want := []string{
			pos("", ".rrr/..../..../....", "r extra=2"),
			pos("", ".rrr/..../..../....", "r extra=2 tries=1"),
			pos("", ".rrr/..../..../....", "r extra=2 tries=2"),
			pos("", ".rrr/..../..../....", "r extra=1"),
		}
		expectPlay(t, r2, pos("36r", "..rr/..../..../....", "r"), want, 6, "36-g2", 3, "pass", 3, "pass", 3, "pass")
	})
}
