package fairdice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/catalog"
	"passage/record"
)

var sticks = []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16}, {Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 6, Num: 1, Den: 16}}

func seedOf(b byte) []byte {
	s := make([]byte, SeedSize)
	for i := range s {
		s[i] = b + byte(i)
	}
	return s
}

// TestThrowByHand recomputes throws with the documented recipe written
// out again: HMAC-SHA256(seed, n), first word mod 16 (16 divides 2^64,
// so no word is ever rejected), mapped onto the cumulative outcomes.
func TestThrowByHand(t *testing.T) {
	seed := seedOf(7)
	for n := uint64(0); n < 50; n++ {
		var msg [8]byte
		binary.BigEndian.PutUint64(msg[:], n)
		mac := hmac.New(sha256.New, seed)
		mac.Write(msg[:])
		v := binary.BigEndian.Uint64(mac.Sum(nil)) % 16
		want := 0
		switch {
		case v < 4:
			want = 1
		case v < 10:
			want = 2
		case v < 14:
			want = 3
		case v < 15:
			want = 4
		default:
			want = 6
		}
		got, err := Throw(seed, n, sticks)
		if err != nil || got != want {
			t.Fatalf("Throw(seed, %d) = %d, %v; want %d", n, got, err, want)
		}
	}
}

// TestThrowFrequencies: over many throws each outcome comes up close to
// its probability (a loose bound: the test checks the mapping, not the
// hash).
func TestThrowFrequencies(t *testing.T) {
	die := []game.Outcome{{Roll: 1, Num: 1, Den: 6}, {Roll: 2, Num: 1, Den: 6}, {Roll: 3, Num: 1, Den: 6}, {Roll: 4, Num: 1, Den: 6}, {Roll: 5, Num: 1, Den: 6}, {Roll: 6, Num: 1, Den: 6}}
	for _, tt := range []struct {
		name     string
		outcomes []game.Outcome
	}{{"sticks", sticks}, {"die", die}} {
		t.Run(tt.name, func(t *testing.T) {
			const n = 32000
			count := map[int]int{}
			for i := uint64(0); i < n; i++ {
				r, err := Throw(seedOf(1), i, tt.outcomes)
				if err != nil {
					t.Fatal(err)
				}
				count[r]++
			}
			for _, o := range tt.outcomes {
				want := float64(n) * o.Prob()
				if got := float64(count[o.Roll]); got < want*0.9 || got > want*1.1 {
					t.Errorf("roll %d: %v times in %d, want about %v", o.Roll, got, n, want)
				}
			}
		})
	}
}

func TestUniformRejects(t *testing.T) {
	// With den = 2^63 + 1 about half the words are rejected; the value
	// must still be below den and deterministic.
	den := uint64(1)<<63 + 1
	for n := uint64(0); n < 100; n++ {
		a, b := Uniform(seedOf(3), n, den), Uniform(seedOf(3), n, den)
		if a != b || a >= den {
			t.Fatalf("Uniform(%d) = %d then %d, want equal and < %d", n, a, b, den)
		}
	}
}

func TestThrowErrors(t *testing.T) {
	for _, tt := range []struct {
		name     string
		outcomes []game.Outcome
	}{
		{"empty", nil},
		{"mixed den", []game.Outcome{{Roll: 1, Num: 1, Den: 2}, {Roll: 2, Num: 2, Den: 4}}},
		{"short sum", []game.Outcome{{Roll: 1, Num: 1, Den: 3}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Throw(seedOf(0), 0, tt.outcomes); err == nil {
				t.Errorf("Throw(%v) = nil error, want one", tt.outcomes)
			}
		})
	}
}

func TestCommit(t *testing.T) {
	seed := seedOf(0)
	sum := sha256.Sum256(seed)
	if got, want := Commit(seed), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("Commit = %s, want %s", got, want)
	}
	if a, b := NewSeed(), NewSeed(); len(a) != SeedSize || string(a) == string(b) {
		t.Errorf("NewSeed: %x and %x, want two different %d-byte seeds", a, b, SeedSize)
	}
}

// fairGame plays a game with throws from seed, choosing the first legal
// move each turn, and returns its record.
func fairGame(t *testing.T, rulesID string, seed []byte, turns int) record.Record {
	t.Helper()
	rules, err := catalog.ByID(rulesID)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Record{Rules: rules.ID(), Commit: Commit(seed), DiceSeed: hex.EncodeToString(seed)}
	pos := rules.Start()
	for i := 0; i < turns; i++ {
		seat, _ := rules.ToMove(pos)
		if seat == game.NoPlayer {
			break
		}
		outcomes, err := rules.Outcomes(pos)
		if err != nil {
			t.Fatal(err)
		}
		roll, err := Throw(seed, uint64(i), outcomes)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := rules.Moves(pos, roll)
		if err != nil {
			t.Fatal(err)
		}
		_, letter := game.SeatName(rules, seat)
		rec.Turns = append(rec.Turns, record.Turn{Seat: letter, Roll: roll, Move: moves[0].Move})
		pos = moves[0].Pos
	}
	rec.End = pos
	return rec
}

func TestVerify(t *testing.T) {
	seed := seedOf(9)
	for _, id := range []string{"senet-jequier", "senet-szenet", "kinevet", "kinevet players=2"} {
		t.Run(id, func(t *testing.T) {
			rules, _ := catalog.ByID(id)
			rec := fairGame(t, id, seed, 60)
			rep, err := Verify(rules, rec)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if rep.Throws != len(rec.Turns) || rep.Final != rec.End {
				t.Errorf("Verify = %+v, want %d throws ending in %q", rep, len(rec.Turns), rec.End)
			}
		})
	}
}

func TestVerifyFailures(t *testing.T) {
	seed := seedOf(9)
	rules, _ := catalog.ByID("senet-jequier")
	good := fairGame(t, "senet-jequier", seed, 40)
	tests := []struct {
		name   string
		change func(r *record.Record)
		want   string
	}{
		{"no commit", func(r *record.Record) { r.Commit = "" }, "no dice commitment"},
		{"seed hidden", func(r *record.Record) { r.DiceSeed = "" }, "does not reveal"},
		{"seed not hex", func(r *record.Record) { r.DiceSeed = "zz" }, "not 32 bytes"},
		{"other seed", func(r *record.Record) { r.DiceSeed = hex.EncodeToString(seedOf(10)) }, "but the commitment was"},
		{"throw changed", func(r *record.Record) {
			// The first turn with another throw and a move legal for it:
			// a legal game, but not the seed's throws.
			r.Turns = r.Turns[:1]
			r.End = ""
			r.Turns[0].Roll, r.Turns[0].Move = otherThrow(t, rules, r.Turns[0].Roll)
		}, "the seed gives the throw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := good
			rec.Turns = append([]record.Turn(nil), good.Turns...)
			tt.change(&rec)
			_, err := Verify(rules, rec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Verify = %v, want an error containing %q", err, tt.want)
			}
			if !errors.Is(err, ErrMismatch) {
				t.Errorf("Verify = %v, want ErrMismatch", err)
			}
		})
	}
}

// otherThrow picks a throw other than roll in the start position and a
// legal move for it.
func otherThrow(t *testing.T, rules game.Ruleset, roll int) (int, string) {
	t.Helper()
	outcomes, _ := rules.Outcomes(rules.Start())
	for _, o := range outcomes {
		if o.Roll != roll {
			moves, err := rules.Moves(rules.Start(), o.Roll)
			if err != nil {
				t.Fatal(err)
			}
			return o.Roll, moves[0].Move
		}
	}
	t.Fatal("no other throw")
	return 0, ""
}
