// Package record reads, writes and replays game records: the ruleset with
// its options, the seed, the seats, and every turn as (seat, throw, move),
// enough to replay a game under the rules it was played with.
//
// A record is plain text, one item a line; blank lines and lines that
// start with '#' are ignored:
//
//	passage-record 1
//	rules senet-jequier water=15
//	game k3f9x2qa
//	date 2026-12-07T18:04:05Z
//	seed 42
//	commit 5f2b...e1
//	dice-seed 9c04...7a
//	seats human random
//	start wbwbwbwbw.b................... b opening=w
//	b 1 10-11
//	b 3 11-14
//	w 2 9-11
//	...
//	end ..........................b..b - off=wwwwwbbb winner=w
//
// and a game of Ki nevet in which Green resigned after 57 turns, and the
// computer played its colour on:
//
//	passage-record 1
//	rules kinevet players=3
//	seats human human human
//	r 6 in-1
//	...
//	g 2 14-16
//	resigned g 57
//	r 4 3-7
//	...
//
// The first line names the format and its version. Then come the header
// lines: "rules" is the ruleset ID with its non-default options
// (game.Ruleset.ID); "game" and "date" (optional, informational: as a
// chess PGN's tags do, they let a collection of records be told apart)
// the game's ID on the server that played it and when the game was
// created, in RFC 3339 UTC to the second; "seed" the seed of the throws (informational: the
// throws are in the turns); "commit" and "dice-seed" (optional, games
// played with fair dice, package internal/fairdice) the published
// SHA-256 of the dice seed and the seed itself, both in hex, the seed
// only once the game is over; "seats" who played each seat, in seat order
// (informational); "start" the initial position in notation (optional:
// the ruleset's start when absent). Each turn line is SEAT ROLL MOVE: the
// seat's letter (game.SeatName: "w" and "b" in Senet), the throw, and the
// move token, "pass" included. A line "resigned SEAT TURN" stands among
// the turns where a seat resigned: the seat's letter and the number of
// turns played before it (the turn lines above it; 0 before the first).
// In a game of three or four seats the seat is then out and the computer
// plays it on, so its letter still has turns after the line; a
// resignation that ends the game (two seats, or the last person's seat)
// is the same line after the last turn. Records without a resignation
// have none. The optional last line "end" is the
// position after the last turn; Replay checks it, so a record that was
// cut or edited is caught. The rules, start and end values run to the end
// of the line; the others are single words. ExampleReplay shows the use.
package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"passage/game"
)

// Header is the first line of every record: the format and its version.
const Header = "passage-record 1"

// ErrBadRecord is wrapped by every error of Read and Replay.
var ErrBadRecord = errors.New("record")

// Turn is one turn of a game: the seat's letter, its throw and its move.
type Turn struct {
	Seat string
	Roll int
	Move string
}

// Resignation is a seat's resignation: its letter and the number of
// turns played before it resigned.
type Resignation struct {
	Seat string
	Turn int
}

// Record is a game record. Rules and the turns are what Replay needs;
// the others describe the game.
type Record struct {
	Rules string   // ruleset ID with options ("senet-jequier water=15")
	Seed  uint64   // seed of the throws; HasSeed says whether it is set
	Seats []string // who played each seat ("human", "random"), may be empty
	// Game is the game's ID where it was played ("" when unknown); Date
	// when it was created (zero when unknown). Both are informational.
	Game string
	Date time.Time
	// Commit and DiceSeed are the fair-dice commitment and the revealed
	// seed in hex (internal/fairdice); empty when the game has none.
	Commit   string
	DiceSeed string
	Start    string // initial position; empty means the ruleset's start
	Turns    []Turn
	// Resigned are the seats' resignations, in the order they came
	// (their Turn ascending); nil when no seat resigned.
	Resigned []Resignation
	End      string // position after the last turn; empty means unchecked

	HasSeed bool
}

// Write writes rec in the record format.
func Write(w io.Writer, rec Record) error {
	if rec.Rules == "" {
		return fmt.Errorf("%w: no ruleset", ErrBadRecord)
	}
	var b strings.Builder
	b.WriteString(Header + "\n")
	b.WriteString("rules " + rec.Rules + "\n")
	if rec.Game != "" {
		if !isWord(rec.Game) {
			return fmt.Errorf("%w: game %q must be a single word", ErrBadRecord, rec.Game)
		}
		b.WriteString("game " + rec.Game + "\n")
	}
	if !rec.Date.IsZero() {
		b.WriteString("date " + rec.Date.UTC().Format(time.RFC3339) + "\n")
	}
	if rec.HasSeed {
		b.WriteString("seed " + strconv.FormatUint(rec.Seed, 10) + "\n")
	}
	for _, kv := range [][2]string{{"commit", rec.Commit}, {"dice-seed", rec.DiceSeed}} {
		if kv[1] == "" {
			continue
		}
		if !isWord(kv[1]) {
			return fmt.Errorf("%w: %s %q must be a single word", ErrBadRecord, kv[0], kv[1])
		}
		b.WriteString(kv[0] + " " + kv[1] + "\n")
	}
	if len(rec.Seats) > 0 {
		b.WriteString("seats " + strings.Join(rec.Seats, " ") + "\n")
	}
	if rec.Start != "" {
		b.WriteString("start " + rec.Start + "\n")
	}
	resigned, err := resignations(rec)
	if err != nil {
		return err
	}
	for i := 0; i <= len(rec.Turns); i++ {
		for len(resigned) > 0 && resigned[0].Turn == i {
			fmt.Fprintf(&b, "resigned %s %d\n", resigned[0].Seat, i)
			resigned = resigned[1:]
		}
		if i == len(rec.Turns) {
			break
		}
		t := rec.Turns[i]
		if !isWord(t.Seat) || !isWord(t.Move) {
			return fmt.Errorf("%w: turn %d: seat %q and move %q must be single words", ErrBadRecord, i+1, t.Seat, t.Move)
		}
		fmt.Fprintf(&b, "%s %d %s\n", t.Seat, t.Roll, t.Move)
	}
	if rec.End != "" {
		b.WriteString("end " + rec.End + "\n")
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// resignations checks rec's resignations for Write and gives them in
// their order, Turn ascending (the order given among those of one turn).
func resignations(rec Record) ([]Resignation, error) {
	seen := map[string]bool{}
	for _, r := range rec.Resigned {
		if !isWord(r.Seat) {
			return nil, fmt.Errorf("%w: resigned seat %q must be a single word", ErrBadRecord, r.Seat)
		}
		if r.Turn < 0 || r.Turn > len(rec.Turns) {
			return nil, fmt.Errorf("%w: seat %s resigned after %d turns, but the record has %d", ErrBadRecord, r.Seat, r.Turn, len(rec.Turns))
		}
		if seen[r.Seat] {
			return nil, fmt.Errorf("%w: seat %s resigned twice", ErrBadRecord, r.Seat)
		}
		seen[r.Seat] = true
	}
	return slices.SortedStableFunc(slices.Values(rec.Resigned), func(a, b Resignation) int { return a.Turn - b.Turn }), nil
}

// String is the record in the record format.
func (rec Record) String() string {
	var b strings.Builder
	if err := Write(&b, rec); err != nil {
		return "# " + err.Error() + "\n"
	}
	return b.String()
}

func isWord(s string) bool {
	return s != "" && len(strings.Fields(s)) == 1 && strings.TrimSpace(s) == s
}

// turnStage is Read's stage of the turn lines.
const turnStage = 9

// Read reads one record. It checks the form only (header, known keys in
// order, turns of three fields with a numeric throw, a resignation's
// TURN matching the turns above it, each seat resigning once); Replay
// checks the game.
func Read(r io.Reader) (Record, error) {
	var rec Record
	sc := bufio.NewScanner(r)
	line := 0
	sawHeader := false
	// stage orders the keys: 1 rules, 2 game, 3 date, 4 seed, 5 commit,
	// 6 dice-seed, 7 seats, 8 start, 9 turns and resignations, 10 end.
	stage := 0
	fail := func(format string, args ...any) (Record, error) {
		return Record{}, fmt.Errorf("%w: line %d: %s", ErrBadRecord, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !sawHeader {
			if text != Header {
				return fail("want %q, got %q", Header, text)
			}
			sawHeader = true
			continue
		}
		key, val, _ := strings.Cut(text, " ")
		val = strings.TrimSpace(val)
		next := 0
		switch key {
		case "rules":
			next = 1
		case "game":
			next = 2
		case "date":
			next = 3
		case "seed":
			next = 4
		case "commit":
			next = 5
		case "dice-seed":
			next = 6
		case "seats":
			next = 7
		case "start":
			next = 8
		case "end":
			next = 10
		default: // a turn or a resignation
			next = turnStage
		}
		if next < stage || (next == stage && next != turnStage) {
			return fail("%q out of order or repeated (order: rules, game, date, seed, commit, dice-seed, seats, start, turns and resignations, end)", key)
		}
		if next > 1 && stage < 1 {
			return fail("%q before the rules line", key)
		}
		stage = next
		if next != turnStage && val == "" {
			return fail("%s: no value", key)
		}
		switch key {
		case "rules":
			rec.Rules = strings.Join(strings.Fields(val), " ")
		case "game":
			if len(strings.Fields(val)) != 1 {
				return fail("game %q: want one word", val)
			}
			rec.Game = val
		case "date":
			d, err := time.Parse(time.RFC3339, val)
			if err != nil || d.Nanosecond() != 0 {
				return fail("date %q: want RFC 3339 to the second, as 2026-12-07T18:04:05Z", val)
			}
			rec.Date = d.UTC()
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return fail("seed %q is not a number", val)
			}
			rec.Seed, rec.HasSeed = n, true
		case "commit", "dice-seed":
			if len(strings.Fields(val)) != 1 {
				return fail("%s %q: want one word", key, val)
			}
			if key == "commit" {
				rec.Commit = val
			} else {
				rec.DiceSeed = val
			}
		case "seats":
			rec.Seats = strings.Fields(val)
		case "start":
			rec.Start = val
		case "end":
			rec.End = val
		case "resigned":
			f := strings.Fields(val)
			if len(f) != 2 {
				return fail("%q: want resigned SEAT TURN", text)
			}
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 0 {
				return fail("%q: TURN %q is not a number of turns", text, f[1])
			}
			if n != len(rec.Turns) {
				return fail("%q stands after %d turns: TURN is the number of turn lines above it", text, len(rec.Turns))
			}
			for _, r := range rec.Resigned {
				if r.Seat == f[0] {
					return fail("%q: seat %s resigned already after %d turns", text, f[0], r.Turn)
				}
			}
			rec.Resigned = append(rec.Resigned, Resignation{Seat: f[0], Turn: n})
		default:
			f := strings.Fields(text)
			if len(f) != 3 {
				return fail("turn %q: want SEAT ROLL MOVE", text)
			}
			roll, err := strconv.Atoi(f[1])
			if err != nil {
				return fail("turn %q: throw %q is not a number", text, f[1])
			}
			rec.Turns = append(rec.Turns, Turn{Seat: f[0], Roll: roll, Move: f[2]})
		}
	}
	if err := sc.Err(); err != nil {
		return Record{}, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if !sawHeader {
		return Record{}, fmt.Errorf("%w: empty: want %q first", ErrBadRecord, Header)
	}
	if rec.Rules == "" {
		return Record{}, fmt.Errorf("%w: no rules line", ErrBadRecord)
	}
	return rec, nil
}

// Replay plays the record's turns under rules from its start and returns
// the final position in notation. It checks that rules is the record's
// ruleset, and every turn through the ruleset: the game is not over, the
// seat is the one to throw, the throw is possible and the move legal. It
// then checks the end position when the record has one. The error names
// the first bad turn and wraps the ruleset's error (game.ErrIllegalMove,
// game.ErrBadRoll, ...). A resignation must name a seat of the ruleset.
func Replay(rules game.Ruleset, rec Record) (string, error) {
	if rules.ID() != rec.Rules {
		return "", fmt.Errorf("%w: recorded under %q, not %q", ErrBadRecord, rec.Rules, rules.ID())
	}
	for _, r := range rec.Resigned {
		if !isSeat(rules, r.Seat) {
			return "", fmt.Errorf("%w: resigned %s %d: %s is not a seat of %s", ErrBadRecord, r.Seat, r.Turn, r.Seat, rules.ID())
		}
	}
	pos := rules.Start()
	if rec.Start != "" {
		p, err := rules.Normalize(rec.Start)
		if err != nil {
			return "", fmt.Errorf("%w: start: %w", ErrBadRecord, err)
		}
		pos = p
	}
	for i, t := range rec.Turns {
		fail := func(err error) (string, error) {
			return "", fmt.Errorf("%w: turn %d (%s %d %s): %w", ErrBadRecord, i+1, t.Seat, t.Roll, t.Move, err)
		}
		seat, err := rules.ToMove(pos)
		if err != nil {
			return fail(err)
		}
		if seat == game.NoPlayer {
			return fail(game.ErrGameOver)
		}
		if _, letter := game.SeatName(rules, seat); letter != t.Seat {
			return fail(fmt.Errorf("%w: %s to throw", game.ErrNotYourTurn, letter))
		}
		next, err := rules.Play(pos, t.Roll, t.Move)
		if err != nil {
			return fail(err)
		}
		pos = next
	}
	if rec.End != "" {
		end, err := rules.Normalize(rec.End)
		if err != nil {
			return "", fmt.Errorf("%w: end: %w", ErrBadRecord, err)
		}
		if end != pos {
			return "", fmt.Errorf("%w: end position %q, but the turns lead to %q", ErrBadRecord, end, pos)
		}
	}
	return pos, nil
}

// isSeat reports whether letter names one of rules' seats.
func isSeat(rules game.Ruleset, letter string) bool {
	for p := range rules.Players() {
		if _, l := game.SeatName(rules, game.Player(p)); l == letter {
			return true
		}
	}
	return false
}
