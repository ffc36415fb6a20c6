package senet

import (
	"errors"
	"strings"
	"testing"

	"passage/game"
)

// TestNotationRoundTrip: every canonical position parses and formats back
// to the same string (docs/notation.md), under every option combination.
func TestNotationRoundTrip(t *testing.T) {
	positions := []string{
		"wbwbwbwbw.b................... b opening=w", // the start (J2, J4)
		"wbwbwbw.wbb................... b opening=w", // White passed: the flag stays
		"wbwbwbw.wbb................... w opening=w", // Black moved 8-10
		"w.wwwbb.wbbb.................. w",
		".....w.bbb.....w.............. w off=wwwbb",
		"....................wwbbbw.wbw b off=b",
		".....................w..b....w w off=wwwbbbb",
		".........................w...b b off=wwwwbbbb",
		"....bbbbb..................... - off=wwwww winner=w",
		"ww............................ - off=wwwbbbbb winner=b",
		".....................b........ - off=wwwwwbbbb winner=w",
	}
	for _, opts := range jequierOptions {
		r := MustNew("senet-jequier", opts)
		text := game.Text(r)
		for _, s := range positions {
			p, err := r.ParsePosition(s)
			if err != nil {
				t.Errorf("%s: parse %q: %v", r.ID(), s, err)
				continue
			}
			if got := r.FormatPosition(p); got != s {
				t.Errorf("%s: format(parse(%q)) = %q", r.ID(), s, got)
			}
			q, err := r.ParsePosition(r.FormatPosition(p))
			if err != nil || q != p {
				t.Errorf("%s: parse(format(parse(%q))) = %v, %v; want the same position", r.ID(), s, q, err)
			}
			if got, err := text.Normalize(s); err != nil || got != s {
				t.Errorf("%s: Normalize(%q) = %q, %v", r.ID(), s, got, err)
			}
		}
	}
}

// TestParsePositionErrors: a malformed or impossible position is an error
// wrapping game.ErrBadPosition whose message names the problem.
func TestParsePositionErrors(t *testing.T) {
	const start = "wbwbwbwbw.b..................."
	tests := []struct {
		name, pos, want string
	}{
		{"empty", "", "want BOARD TURN"},
		{"no turn", start, "want BOARD TURN"},
		{"29 squares", start[1:] + " b", "board has 29 squares, want 30"},
		{"31 squares", start + ". b", "board has 31 squares, want 30"},
		{"bad char", "wbwbxbwbw.b................... b", `square 5: unknown piece 'x'`},
		{"digit", "wbwbwbwbw.b.........1......... b", `square 21: unknown piece '1'`},
		{"BA piece", "Wbwbwbwbw.b................... b", "senet-jequier has no BA piece (W on square 1)"},
		{"11 pieces", "wbwbwbwbw.b.....w............. b", "w has 6 pieces (board 6, hand 0, off 0), want 5"},
		{"4 pieces", "wbwbwbwb..b................... b", "w has 4 pieces (board 4, hand 0, off 0), want 5"},
		{"6 with off", "wbwbwbwbw.b................... b off=w", "w has 6 pieces (board 5, hand 0, off 1), want 5"},
		{"black 6", "wbwbwbwbw.bb.................. w", "b has 6 pieces (board 6, hand 0, off 0), want 5"},
		{"piece on 27", "wbwbwbwb..b...............w... b", "square 27 cannot hold a piece"},
		{"turn x", start + " x", `turn "x": want w, b or -`},
		{"turn W", start + " W", `turn "W": want w, b or -`},
		{"unknown key", start + " b foo=1", `unknown key "foo"`},
		{"not KEY=VALUE", start + " b opening", `"opening" is not KEY=VALUE`},
		{"keys out of order", "wbwbwbw..bb................... b opening=w off=ww", "key off= out of order"},
		{"key repeated", "wbwbwbw..bb................... b off=w off=w", "key off= out of order or repeated"},
		{"hand in jequier", "wbwbwbw..bb................... b hand=ww", "senet-jequier does not use the key hand="},
		{"skip in jequier", start + " b skip=w", "senet-jequier does not use the key skip="},
		{"bonus in jequier", start + " b bonus=1", "senet-jequier does not use the key bonus="},
		{"asleep in jequier", start + " b asleep=1", "senet-jequier does not use the key asleep="},
		{"empty value", start + " b off=", "key off= is empty"},
		{"off letter", "wbwbwbw..bb................... b off=wx", `off=: unknown piece 'x'`},
		{"off order", "wbwbwbw..b.b.......b.......... b off=bw", "letters must come in the order w, W, b, B"},
		{"off BA", "wbwbwbw..bb................... b off=wW", "senet-jequier has no BA piece (W in off=)"},
		{"opening=b", start + " b opening=b", "opening=b: the only value is w"},
		{"opening with white off", ".bwbwbwbw.b................... b off=w opening=w", "opening=w: White has not moved yet"},
		{"winner without -", "....bbbbb..................... w off=wwwww winner=w", "winner= needs turn -"},
		{"- without winner", "....bbbbb..................... - off=wwwww", "turn - needs winner="},
		{"winner=x", "....bbbbb..................... - off=wwwww winner=x", "winner=x: want w or b"},
		{"wrong winner", "....bbbbb..................... - off=wwwww winner=b", "winner=b has not borne off all 5 pieces"},
		{"winner not done", "....bbbbb...................w. - off=wwww winner=w", "winner=w has not borne off all 5 pieces"},
		{"over but going on", "....bbbbb..................... b off=wwwww", "w has borne off all its pieces: the game is over"},
		{"both done", ".............................. - off=wwwwwbbbbb winner=w", "both sides have borne off every piece"},
	}
	r := MustNew("senet-jequier", nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.ParsePosition(tt.pos)
			if err == nil {
				t.Fatalf("parse %q: no error, want one containing %q", tt.pos, tt.want)
			}
			if !errors.Is(err, game.ErrBadPosition) {
				t.Errorf("parse %q: error %v does not wrap game.ErrBadPosition", tt.pos, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parse %q: error %q, want it to contain %q", tt.pos, err, tt.want)
			}
			if _, err := game.Text(r).Normalize(tt.pos); !errors.Is(err, game.ErrBadPosition) {
				t.Errorf("text Normalize(%q): error %v, want game.ErrBadPosition", tt.pos, err)
			}
		})
	}
}

// TestParseMove: move tokens parse to the right move and format back
// unchanged.
func TestParseMove(t *testing.T) {
	tests := []struct {
		token string
		want  Move
	}{
		{"12-15", Move{From: 12, To: 15}},
		{"26-28", Move{From: 26, To: 28}},
		{"1-2", Move{From: 1, To: 2}},
		{"12-9", Move{From: 12, To: 9}},   // backward (J10)
		{"24-27", Move{From: 24, To: 27}}, // drowning is written with 27 (J11)
		{"29-28", Move{From: 29, To: 28}}, // a bounce with its final square (J14)
		{"29-off", Move{From: 29, To: OffSq}},
		{"30-off", Move{From: 30, To: OffSq}},
		{"in-1", Move{From: 0, To: 1}},
		{"pass", Pass},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			got, err := ParseMove(tt.token)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.token, err)
			}
			if got != tt.want {
				t.Errorf("ParseMove(%q) = %+v, want %+v", tt.token, got, tt.want)
			}
			if s := got.String(); s != tt.token {
				t.Errorf("ParseMove(%q).String() = %q", tt.token, s)
			}
			if got.IsPass() != (tt.token == "pass") {
				t.Errorf("ParseMove(%q).IsPass() = %v", tt.token, got.IsPass())
			}
		})
	}
}

// TestParseMoveErrors: a malformed move token is an error wrapping
// game.ErrBadMove whose message names the problem.
func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		token, want string
	}{
		{"", `"": want FROM-TO, in-N, FROM-off or pass`},
		{"12", `"12": want FROM-TO`},
		{"Pass", `"Pass": want FROM-TO`},
		{"pass ", `"pass ": want FROM-TO`},
		{"12-", `"12-": to: "" is not a square 1-30`},
		{"-12", `"-12": from: "" is not a square 1-30`},
		{"0-3", `"0-3": from: "0" is not a square 1-30`},
		{"31-32", `"31-32": from: "31" is not a square 1-30`},
		{"29-31", `"29-31": to: "31" is not a square 1-30`},
		{"012-15", `"012-15": from: "012" is not a square 1-30`},
		{"+3-4", `"+3-4": from: "+3" is not a square 1-30`},
		{"12-15-18", `"12-15-18": to: "15-18" is not a square 1-30`},
		{"off-12", `"off-12": from: "off" is not a square 1-30`},
		{"12-in", `"12-in": to: "in" is not a square 1-30`},
		{" 12-15", `" 12-15": from: " 12" is not a square 1-30`},
		{"12-12", `"12-12": a move must change square`},
		{"in-off", `"in-off": a piece cannot enter and bear off at once`},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			m, err := ParseMove(tt.token)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an error containing %q", tt.token, m, tt.want)
			}
			if !errors.Is(err, game.ErrBadMove) {
				t.Errorf("ParseMove(%q): error %v does not wrap game.ErrBadMove", tt.token, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseMove(%q): error %q, want it to contain %q", tt.token, err, tt.want)
			}
		})
	}
}
