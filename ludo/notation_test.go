package ludo

import (
	"errors"
	"strings"
	"testing"

	"passage/game"
)

// allOn is every option that adds a notation key.
var allOn = []string{"finish=all", "six-rolls=2", "three-sixes=on", "three-tries=on"}

func TestPositionRoundTrip(t *testing.T) {
	tests := []struct {
		opts []string
		s    string
	}{
		{nil, "........................................ ..../..../..../.... r"},
		{nil, pos("1r 11y 21g 31b 40r", "r.r./.y../..g./...b", "b")},
		{nil, pos("7y", "rrrr/..../..../....", "- winner=r")},
		{[]string{"players=2"}, pos("3g", "..../..../..../....", "g colors=rg")},
		{[]string{"colors=bgyr"}, pos("3g", "..../..../..../....", "y colors=bgyr")},
		{allOn, pos("7r", "", "r sixes=2 last=7 extra=3")},
		{allOn, pos("", "r.../..../..../....", "r extra=1 tries=2")},
		{allOn, pos("9y", "rrrr/..../gggg/....", "y done=gr")},
		{allOn, pos("9y", "rrrr/..../gggg/bbbb", "- done=grby winner=g")},
	}
	for _, tt := range tests {
		r := rules(t, tt.opts...)
		p, err := r.ParsePosition(tt.s)
		if err != nil {
			t.Errorf("%s: ParsePosition(%q): %v", r.ID(), tt.s, err)
			continue
		}
		if got := r.FormatPosition(p); got != tt.s {
			t.Errorf("%s: FormatPosition(ParsePosition(%q)) = %q", r.ID(), tt.s, got)
		}
	}
}

// TestPositionErrors checks that impossible positions are refused with
// an error that names the problem.
func TestPositionErrors(t *testing.T) {
	tests := []struct {
		opts []string
		s    string
		want string // in the message
	}{
		{nil, "", "want TRACK GOALS TURN"},
		{nil, "....... ..../..../..../.... r", "track has 7 squares"},
		{nil, pos("5x", "", "r"), "track square 5: unknown piece 'x'"},
		{nil, pos("", "..../..../....", "r"), "four groups"},
		{nil, pos("", "..../..../..../...", "r"), "blue goal \"...\" has 3 squares"},
		{nil, pos("", "..../..r./..../....", "r"), "yellow goal g3: 'r' does not belong there"},
		{nil, pos("", "", "x"), "turn \"x\""},
		{nil, pos("1r 2r 3r 4r 5r", "", "r"), "red has 5 pieces"},
		{nil, pos("1r 2r 3r", "rr../..../..../....", "r"), "red has 5 pieces"},
		{nil, pos("", "", "r foo=1"), "unknown key \"foo\""},
		{nil, pos("", "", "r winner"), "is not KEY=VALUE"},
		{nil, pos("", "", "r colors=rygb"), "colors=rygb is the default"},
		{nil, pos("", "", "r colors=rg"), "colors=rg: this ruleset is played by rygb"},
		{nil, pos("", "", "r sixes=1"), "sixes= needs the option three-sixes=on"},
		{nil, pos("", "", "r extra=1"), "extra= needs the option six-rolls=2"},
		{nil, pos("", "", "r tries=1"), "tries= needs the option three-tries=on"},
		{nil, pos("", "", "r done=y"), "done= needs the option finish=all"},
		{nil, pos("", "", "- winner=r"), "winner=r has not brought all 4 pieces home"},
		{nil, pos("", "rrrr/..../..../....", "y"), "the game is over"},
		{nil, pos("", "rrrr/..../..../....", "-"), "turn - needs winner="},
		{nil, pos("", "", "r winner=r"), "winner= needs turn -"},
		{allOn, pos("", "", "r tries=1 sixes=1"), "out of order"},
		{allOn, pos("", "", "r sixes=3"), "sixes=3: want a number 1-2"},
		{allOn, pos("", "", "r sixes=01"), "sixes=01"},
		{allOn, pos("", "", "r extra=0"), "extra=0"},
		{allOn, pos("", "", "r tries=3"), "tries=3"},
		{allOn, pos("5y", "", "r sixes=1 last=5 extra=2"), "last=5: square 5 does not hold a piece of red"},
		{allOn, pos("5r", "", "r last=5"), "no roll of this turn is due"},
		{allOn, pos("5r", "", "r tries=1"), "red has a piece on the track"},
		{allOn, pos("5r", "", "r sixes=1 last=5 extra=1"), "at least 2 extra rolls"},
		{allOn, pos("", "", "r sixes="), "key sixes= is empty"},
		{allOn, pos("", "", "r done=rr"), "r twice"},
		{allOn, pos("", "", "r done=r"), "red has not brought all its pieces home"},
		{allOn, pos("", "rrrr/..../..../....", "y"), "done= must list every colour"},
		{allOn, pos("", "rrrr/yyyy/gggg/....", "b done=ryg"), "the game would be over"},
		{allOn, pos("", "rrrr/yyyy/..../....", "r done=ry"), "turn r: red has finished"},
		{allOn, pos("", "rrrr/yyyy/gggg/....", "- done=ryg winner=r"), "must list all 4 colours"},
		{allOn, pos("", "rrrr/yyyy/gggg/....", "- done=rygb winner=y"), "winner=y is not the first"},
		{allOn, pos("", "rrrr/yyyy/gggg/bbbb", "- done=rygb winner=r"), "blue, placed last, has brought all its pieces home"},
		{allOn, pos("", "rrrr/yyyy/gggg/....", "- sixes=1 extra=2 done=rygb winner=r"), "belong to a turn in progress"},
		{[]string{"players=2"}, pos("", "", "y colors=rg"), "turn y: yellow is not in play"},
		{[]string{"players=2"}, pos("", "", "r"), "colors= missing (so rygb), but this ruleset is played by rg"},
		{[]string{"players=3"}, pos("31b", "", "r colors=ryg"), "blue is not in play"},
	}
	for _, tt := range tests {
		r := rules(t, tt.opts...)
		_, err := r.ParsePosition(tt.s)
		if !errors.Is(err, game.ErrBadPosition) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParsePosition(%q) = %v, want ErrBadPosition naming %q", r.ID(), tt.s, err, tt.want)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want Move
	}{
		{"pass", Pass},
		{"in-1", Move{0, 1}},
		{"in-31", Move{0, 31}},
		{"38-3", Move{38, 3}},
		{"12-18", Move{12, 18}},
		{"38-g2", Move{38, goalBase + 2}},
		{"g1-g4", Move{goalBase + 1, goalBase + 4}},
	} {
		got, err := ParseMove(tt.s)
		if err != nil || got != tt.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.s, got, err, tt.want)
		}
		if s := got.String(); s != tt.s {
			t.Errorf("%v.String() = %q, want %q", got, s, tt.s)
		}
	}
	for _, tt := range []struct{ s, want string }{
		{"", "want in-N"},
		{"5", "want in-N"},
		{"in-5", "5 is not a start square"},
		{"in-g1", "not in the goal"},
		{"0-4", "\"0\" is not a square"},
		{"41-4", "\"41\" is not a square"},
		{"05-9", "\"05\" is not a square"},
		{"5-5", "must change square"},
		{"g2-g1", "only move forward"},
		{"g2-5", "never leaves its goal"},
		{"38-g5", "not a goal square"},
		{"38-g0", "not a goal square"},
		{"38-g01", "not a goal square"},
	} {
		_, err := ParseMove(tt.s)
		if !errors.Is(err, game.ErrBadMove) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMove(%q) = %v, want ErrBadMove naming %q", tt.s, err, tt.want)
		}
	}
}
