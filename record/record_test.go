package record

import (
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/senet"
)

func jequier(t *testing.T, opts map[string]string) game.Ruleset {
	t.Helper()
	r, err := senet.New("senet-jequier", opts)
	if err != nil {
		t.Fatal(err)
	}
	return game.Text(r)
}

// sample is a short Jéquier game: Black 11-14, White's forced opening move
// 9-11 (J4), Black 14-18 after a 4 and an extra throw (J5).
const sample = `passage-record 1
# a comment
rules senet-jequier
seed 5
seats human random
start wbwbwbwbw.b................... b opening=w

b 3 11-14
w 2 9-11
b 4 14-18
end wbwbwbwb..w......b............ b
`

func TestReadWriteRoundTrip(t *testing.T) {
	rec, err := Read(strings.NewReader(sample))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	want := Record{
		Rules: "senet-jequier", Seed: 5, HasSeed: true,
		Seats: []string{"human", "random"},
		Start: "wbwbwbwbw.b................... b opening=w",
		Turns: []Turn{{"b", 3, "11-14"}, {"w", 2, "9-11"}, {"b", 4, "14-18"}},
		End:   "wbwbwbwb..w......b............ b",
	}
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("Read:\n got %+v\nwant %+v", rec, want)
	}
	var b strings.Builder
	if err := Write(&b, rec); err != nil {
		t.Fatalf("Write: %v", err)
	}
	wantText := strings.Replace(strings.Replace(sample, "# a comment\n", "", 1), "\n\n", "\n", 1)
	if got := b.String(); got != wantText {
		t.Errorf("Write:\n--- want\n%s--- got\n%s", wantText, got)
	}
	if got := rec.String(); got != wantText {
		t.Errorf("String:\n--- want\n%s--- got\n%s", wantText, got)
	}
}

// TestCommitRoundTrip: the fair-dice lines are optional, come after the
// seed, and survive a round trip; records without them read as before.
func TestCommitRoundTrip(t *testing.T) {
	text := `passage-record 1
rules senet-jequier
seed 5
commit 0a1b
dice-seed 2c3d
seats human random
b 3 11-14
`
	rec, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if rec.Commit != "0a1b" || rec.DiceSeed != "2c3d" {
		t.Errorf("Read: commit %q dice-seed %q, want 0a1b and 2c3d", rec.Commit, rec.DiceSeed)
	}
	if got := rec.String(); got != text {
		t.Errorf("String:\n--- want\n%s--- got\n%s", text, got)
	}
	rec.DiceSeed = "two words"
	if err := Write(&strings.Builder{}, rec); !errors.Is(err, ErrBadRecord) {
		t.Errorf("Write with a two-word dice seed: error %v, want ErrBadRecord", err)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "empty"},
		{"no header", "rules senet-jequier\n", `line 1: want "passage-record 1"`},
		{"other version", "passage-record 2\nrules senet-jequier\n", "line 1"},
		{"no rules", "passage-record 1\n", "no rules line"},
		{"seed before rules", "passage-record 1\nseed 1\nrules senet-jequier\n", "before the rules line"},
		{"rules twice", "passage-record 1\nrules senet-jequier\nrules senet-jequier\n", `line 3: "rules" out of order`},
		{"seed after turns", "passage-record 1\nrules senet-jequier\nb 3 11-14\nseed 1\n", `line 4: "seed" out of order`},
		{"turn after end", "passage-record 1\nrules senet-jequier\nend x b\nb 3 11-14\n", "line 4"},
		{"bad seed", "passage-record 1\nrules senet-jequier\nseed -1\n", `seed "-1" is not a number`},
		{"empty start", "passage-record 1\nrules senet-jequier\nstart\n", "start: no value"},
		{"short turn", "passage-record 1\nrules senet-jequier\nb 11-14\n", "want SEAT ROLL MOVE"},
		{"long turn", "passage-record 1\nrules senet-jequier\nb 3 11 14\n", "want SEAT ROLL MOVE"},
		{"bad roll", "passage-record 1\nrules senet-jequier\nb three 11-14\n", `throw "three" is not a number`},
		{"commit after seats", "passage-record 1\nrules senet-jequier\nseats a b\ncommit ab\n", `line 4: "commit" out of order`},
		{"dice-seed before commit", "passage-record 1\nrules senet-jequier\ndice-seed ab\ncommit ab\n", `line 4: "commit" out of order`},
		{"commit two words", "passage-record 1\nrules senet-jequier\ncommit ab cd\n", "want one word"},
		{"empty dice-seed", "passage-record 1\nrules senet-jequier\ndice-seed\n", "dice-seed: no value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.text))
			if err == nil {
				t.Fatalf("Read(%q) = nil error, want one containing %q", tt.text, tt.want)
			}
			if !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v, want ErrBadRecord containing %q", tt.text, err, tt.want)
			}
		})
	}
}

func TestWriteRejectsBadTurns(t *testing.T) {
	for _, tt := range []struct {
		name string
		rec  Record
	}{
		{"no rules", Record{}},
		{"empty move", Record{Rules: "senet-jequier", Turns: []Turn{{"b", 3, ""}}}},
		{"spaced move", Record{Rules: "senet-jequier", Turns: []Turn{{"b", 3, "11 14"}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := Write(&strings.Builder{}, tt.rec); !errors.Is(err, ErrBadRecord) {
				t.Errorf("Write(%+v) = %v, want ErrBadRecord", tt.rec, err)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	rec, err := Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Replay(jequier(t, nil), rec)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if want := "wbwbwbwb..w......b............ b"; got != want {
		t.Errorf("Replay = %q, want %q", got, want)
	}
	// Without start and end lines the ruleset's start is used and the
	// result is not checked.
	rec.Start, rec.End = "", ""
	if got2, err := Replay(jequier(t, nil), rec); err != nil || got2 != got {
		t.Errorf("Replay without start/end = %q, %v; want %q", got2, err, got)
	}
}

// TestReplayTampered edits the sample record one way at a time; each
// edit must be caught with an error that names the problem.
func TestReplayTampered(t *testing.T) {
	tests := []struct {
		name   string
		rules  map[string]string
		edit   func(*Record)
		want   string
		wantIs error
	}{
		{"other ruleset", map[string]string{"water": "15"}, func(*Record) {}, `recorded under "senet-jequier", not "senet-jequier water=15"`, nil},
		{"wrong seat", nil, func(r *Record) { r.Turns[1].Seat = "b" }, "turn 2 (b 2 9-11)", game.ErrNotYourTurn},
		{"illegal move", nil, func(r *Record) { r.Turns[1].Move = "7-9" }, "turn 2 (w 2 7-9)", game.ErrIllegalMove},
		{"J4 opening ignored", nil, func(r *Record) { r.Turns[1] = Turn{"w", 1, "7-8"} }, "turn 2", game.ErrIllegalMove},
		{"impossible roll", nil, func(r *Record) { r.Turns[0].Roll = 5 }, "turn 1 (b 5 11-14)", game.ErrBadRoll},
		{"malformed move", nil, func(r *Record) { r.Turns[2].Move = "14to18" }, "turn 3", game.ErrBadMove},
		{"bad start", nil, func(r *Record) { r.Start = "w b" }, "start", game.ErrBadPosition},
		{"bad end", nil, func(r *Record) { r.End = "nonsense b" }, "end", game.ErrBadPosition},
		{"turn dropped", nil, func(r *Record) { r.Turns = r.Turns[:2] }, "end position", nil},
		{"end edited", nil, func(r *Record) { r.End = "wbwbwbwb..w.....b............. b" }, "but the turns lead to", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Read(strings.NewReader(sample))
			if err != nil {
				t.Fatal(err)
			}
			tt.edit(&rec)
			_, err = Replay(jequier(t, tt.rules), rec)
			if err == nil {
				t.Fatalf("Replay of a tampered record = nil error, want one containing %q", tt.want)
			}
			if !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Replay = %v, want ErrBadRecord containing %q", err, tt.want)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Replay = %v, want errors.Is %v", err, tt.wantIs)
			}
		})
	}
}

func TestReplayAfterGameOver(t *testing.T) {
	rules := jequier(t, nil)
	rec := playRandom(t, rules, 3)
	rec.Turns = append(rec.Turns, Turn{"w", 3, "pass"})
	rec.End = ""
	if _, err := Replay(rules, rec); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Replay with a turn after the end = %v, want ErrGameOver", err)
	}
}

// playRandom plays a whole random game through the text-level ruleset and
// records it.
func playRandom(t *testing.T, rules game.Ruleset, seed uint64) Record {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	rec := Record{Rules: rules.ID(), Seed: seed, HasSeed: true, Start: rules.Start()}
	pos := rules.Start()
	for turn := 0; ; turn++ {
		if turn > 100_000 {
			t.Fatal("random game did not end")
		}
		p, err := rules.ToMove(pos)
		if err != nil {
			t.Fatal(err)
		}
		if p == game.NoPlayer {
			break
		}
		outs, err := rules.Outcomes(pos)
		if err != nil {
			t.Fatal(err)
		}
		roll := game.Sample(outs, rng)
		moves, err := rules.Moves(pos, roll)
		if err != nil {
			t.Fatal(err)
		}
		mv := moves[rng.IntN(len(moves))]
		_, letter := game.SeatName(rules, p)
		rec.Turns = append(rec.Turns, Turn{Seat: letter, Roll: roll, Move: mv.Move})
		pos = mv.Pos
	}
	rec.End = pos
	return rec
}

// TestRandomGamesRoundTrip writes whole random games under every option
// combination, reads them back and replays them to the same end.
func TestRandomGamesRoundTrip(t *testing.T) {
	for _, spec := range senet.Specs() {
		for _, combo := range spec.Combinations() {
			kit, err := catalog.Open(spec.Name, combo)
			if err != nil {
				t.Fatal(err)
			}
			rules := kit.Ruleset
			t.Run(rules.ID(), func(t *testing.T) {
				for seed := range uint64(5) {
					rec := playRandom(t, rules, seed)
					var b strings.Builder
					if err := Write(&b, rec); err != nil {
						t.Fatal(err)
					}
					back, err := Read(strings.NewReader(b.String()))
					if err != nil {
						t.Fatalf("seed %d: Read: %v", seed, err)
					}
					if !reflect.DeepEqual(back, rec) {
						t.Fatalf("seed %d: Read(Write(rec)) differs from rec", seed)
					}
					got, err := Replay(rules, back)
					if err != nil {
						t.Fatalf("seed %d: Replay: %v", seed, err)
					}
					if got != rec.End {
						t.Errorf("seed %d: Replay = %q, want %q", seed, got, rec.End)
					}
					if over, _, _ := rules.Result(got); !over {
						t.Errorf("seed %d: replayed game is not over: %q", seed, got)
					}
				}
			})
		}
	}
}

// TestResignedRoundTrip: a seat's resignation is a line "resigned SEAT
// TURN" among the turns, after the TURN turns played before it: Ki nevet
// of three seats, Green out after 3 turns (the computer plays its colour
// on), and Red's resignation ending the game after the last turn. Write
// puts the lines where they came, Read gives them back, and the record
// replays.
func TestResignedRoundTrip(t *testing.T) {
	text := `passage-record 1
rules kinevet players=3
seats human human human
r 6 in-1
r 2 1-3
resigned g 2
y 4 pass
g 3 pass
resigned r 4
end ..r..................................... ..../..../..../.... r colors=ryg
`
	rec, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resignation{{"g", 2}, {"r", 4}}
	if !reflect.DeepEqual(rec.Resigned, want) {
		t.Fatalf("Read: resigned %+v, want %+v", rec.Resigned, want)
	}
	var b strings.Builder
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if b.String() != text {
		t.Errorf("Write:\n--- want\n%s--- got\n%s", text, b.String())
	}
	// Given in another order, Write still puts each where it came.
	rec.Resigned = []Resignation{{"r", 4}, {"g", 2}}
	if got := rec.String(); got != text {
		t.Errorf("Write of resignations out of order:\n%s", got)
	}
	kit, err := catalog.OpenID(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(kit.Ruleset, rec); err != nil {
		t.Errorf("Replay: %v", err)
	}
	// A seat the ruleset does not have.
	rec.Resigned = []Resignation{{"b", 2}}
	if _, err := Replay(kit.Ruleset, rec); !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), "b is not a seat of kinevet players=3") {
		t.Errorf("Replay with Blue resigned in a game of three: %v", err)
	}
	// A record without a resignation has no such line, as before.
	rec.Resigned = nil
	if got := rec.String(); strings.Contains(got, "resigned") {
		t.Errorf("a record without a resignation:\n%s", got)
	}
}

func TestResignedReadErrors(t *testing.T) {
	const head = "passage-record 1\nrules kinevet players=3\n"
	for _, tt := range []struct{ name, text, want string }{
		{"no turn", head + "resigned g\n", `line 3: "resigned g": want resigned SEAT TURN`},
		{"no seat", head + "resigned\n", "want resigned SEAT TURN"},
		{"three fields", head + "resigned g 0 1\n", "want resigned SEAT TURN"},
		{"turn not a number", head + "resigned g two\n", `TURN "two" is not a number of turns`},
		{"negative turn", head + "resigned g -1\n", `TURN "-1" is not a number of turns`},
		{"turn after its place", head + "r 6 in-1\nresigned g 2\n", `"resigned g 2" stands after 1 turns`},
		{"turn before its place", head + "r 6 in-1\nr 2 1-3\nresigned g 1\n", `"resigned g 1" stands after 2 turns`},
		{"twice", head + "resigned g 0\nr 6 in-1\nresigned g 1\n", "seat g resigned already after 0 turns"},
		{"after the end", head + "end x\nresigned g 0\n", `"resigned" out of order`},
		{"before the start", head + "resigned g 0\nstart x\n", `"start" out of order`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.text))
			if !errors.Is(err, ErrBadRecord) || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%q) = %v, want ErrBadRecord containing %q", tt.text, err, tt.want)
			}
		})
	}
}

func TestWriteRejectsBadResignations(t *testing.T) {
	turns := []Turn{{"r", 6, "in-1"}}
	for _, tt := range []struct {
		name     string
		resigned []Resignation
		want     string
	}{
		{"not a word", []Resignation{{"g g", 0}}, `resigned seat "g g" must be a single word`},
		{"empty seat", []Resignation{{"", 0}}, `resigned seat "" must be a single word`},
		{"after the turns", []Resignation{{"g", 2}}, "seat g resigned after 2 turns, but the record has 1"},
		{"negative", []Resignation{{"g", -1}}, "seat g resigned after -1 turns"},
		{"twice", []Resignation{{"g", 0}, {"g", 1}}, "seat g resigned twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(io.Discard, Record{Rules: "kinevet players=3", Turns: turns, Resigned: tt.resigned})
			if !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Write = %v, want ErrBadRecord containing %q", err, tt.want)
			}
		})
	}
}

// TestGameAndDate: the informational "game" and "date" lines (player
// review 6: a record told neither which game nor when) are written after
// the rules, read back, and checked.
func TestGameAndDate(t *testing.T) {
	when := time.Date(2026, 12, 7, 18, 4, 5, 0, time.UTC)
	rec := Record{Rules: "senet-jequier", Game: "k3f9x2qa", Date: when, Turns: []Turn{{"w", 2, "9-11"}}}
	text := rec.String()
	if want := "passage-record 1\nrules senet-jequier\ngame k3f9x2qa\ndate 2026-12-07T18:04:05Z\nw 2 9-11\n"; text != want {
		t.Fatalf("written:\n%s\nwant:\n%s", text, want)
	}
	back, err := Read(strings.NewReader(text))
	if err != nil || back.Game != rec.Game || !back.Date.Equal(when) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	// Another zone is written in UTC.
	rec.Date = when.In(time.FixedZone("CET", 3600))
	if !strings.Contains(rec.String(), "date 2026-12-07T18:04:05Z\n") {
		t.Errorf("a date in CET written as %q", rec.String())
	}
	if err := Write(io.Discard, Record{Rules: "kinevet", Game: "a b"}); !errors.Is(err, ErrBadRecord) {
		t.Errorf("a game ID of two words written: %v", err)
	}
	const head = "passage-record 1\nrules kinevet\n"
	for _, tt := range []struct{ name, text, want string }{
		{"bad date", head + "date yesterday\n", `date "yesterday": want RFC 3339`},
		{"fractions", head + "date 2026-12-07T18:04:05.5Z\n", `want RFC 3339 to the second`},
		{"two words", head + "game a b\n", `game "a b": want one word`},
		{"date before game", head + "date 2026-12-07T18:04:05Z\ngame x\n", `"game" out of order`},
		{"game before rules", "passage-record 1\ngame x\nrules kinevet\n", `"game" before the rules line`},
		{"after the seed", head + "seed 1\ndate 2026-12-07T18:04:05Z\n", `"date" out of order`},
	} {
		if _, err := Read(strings.NewReader(tt.text)); !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Read = %v, want ErrBadRecord containing %q", tt.name, err, tt.want)
		}
	}
}
