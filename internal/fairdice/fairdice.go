// Package fairdice derives a game's throws from a secret seed so that
// anyone can check them afterwards.
//
// At a game's creation the server draws a random 32-byte seed and
// publishes its commitment, the hex SHA-256 of the seed. Throw n (the
// throw of turn n+1, counting from 0) is derived from HMAC-SHA256(seed,
// n), with n as 8 bytes big-endian:
//
//  1. The 32-byte digest is read as four unsigned 64-bit big-endian words.
//  2. With D the common denominator of the ruleset's outcomes (16 for the
//     Senet sticks, 6 for a die) and L = 2^64 - (2^64 mod D), the first
//     word x with x < L gives the value v = x mod D, uniform over 0..D-1
//     (rejection sampling). If all four words are rejected (probability
//     below 2^-200), the digest is replaced by HMAC-SHA256(seed, digest)
//     and step 1 repeats.
//  3. v is mapped onto the outcomes in the order the ruleset lists them:
//     the first outcome takes values 0..Num1-1, the next Num2 values, and
//     so on. Each outcome therefore has exactly its probability Num/D.
//
// When the game ends the seed is revealed; Verify recomputes every throw
// of a record and checks the commitment.
package fairdice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"

	"passage/game"
	"passage/record"
)

// SeedSize is the size of a dice seed in bytes.
const SeedSize = 32

// ErrMismatch is wrapped by every verification failure.
var ErrMismatch = errors.New("dice verification failed")

// NewSeed draws a random seed.
func NewSeed() []byte {
	seed := make([]byte, SeedSize)
	rand.Read(seed) // never fails (crypto/rand)
	return seed
}

// Commit is the commitment published for seed: its SHA-256, in hex.
func Commit(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}

// Throw is throw number n (from 0) under seed, drawn from outcomes as
// the package documentation describes. It fails on an empty or
// inconsistent outcome list.
func Throw(seed []byte, n uint64, outcomes []game.Outcome) (int, error) {
	if len(outcomes) == 0 {
		return 0, fmt.Errorf("fairdice: no outcomes")
	}
	den := outcomes[0].Den
	sum := 0
	for _, o := range outcomes {
		if o.Den != den || o.Num < 0 {
			return 0, fmt.Errorf("fairdice: outcomes do not share one denominator")
		}
		sum += o.Num
	}
	if den <= 0 || sum != den {
		return 0, fmt.Errorf("fairdice: outcome probabilities do not sum to 1")
	}
	v := Uniform(seed, n, uint64(den))
	for _, o := range outcomes {
		if v < uint64(o.Num) {
			return o.Roll, nil
		}
		v -= uint64(o.Num)
	}
	return 0, fmt.Errorf("fairdice: unreachable")
}

// Uniform is the value v, uniform over 0..den-1, that throw n under seed
// maps onto the outcomes (steps 1 and 2 of the package documentation).
func Uniform(seed []byte, n uint64, den uint64) uint64 {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], n)
	mac := hmac.New(sha256.New, seed)
	mac.Write(msg[:])
	digest := mac.Sum(nil)
	// limit = 2^64 - (2^64 mod den), computed without overflow.
	limit := -((-den) % den) // (2^64 - r) mod 2^64, with r = 2^64 mod den
	for {
		for i := 0; i < 4; i++ {
			x := binary.BigEndian.Uint64(digest[8*i:])
			if limit == 0 || x < limit {
				return x % den
			}
		}
		mac = hmac.New(sha256.New, seed)
		mac.Write(digest)
		digest = mac.Sum(nil)
	}
}

// ParseSeed reads a seed written in hex.
func ParseSeed(s string) ([]byte, error) {
	seed, err := hex.DecodeString(s)
	if err != nil || len(seed) != SeedSize {
		return nil, fmt.Errorf("%w: dice seed %q is not %d bytes in hex", ErrMismatch, s, SeedSize)
	}
	return seed, nil
}

// Report is the outcome of a successful verification.
type Report struct {
	Throws int    // throws checked
	Final  string // the position after the last turn
}

// Verify checks a record of a game played with fair dice: the revealed
// seed matches the commitment, every throw is the one the seed gives
// for its turn, and the turns replay under rules (record.Replay).
func Verify(rules game.Ruleset, rec record.Record) (Report, error) {
	if rec.Commit == "" {
		return Report{}, fmt.Errorf("%w: the record has no dice commitment", ErrMismatch)
	}
	if rec.DiceSeed == "" {
		return Report{}, fmt.Errorf("%w: the record does not reveal the dice seed (is the game over?)", ErrMismatch)
	}
	seed, err := ParseSeed(rec.DiceSeed)
	if err != nil {
		return Report{}, err
	}
	if got := Commit(seed); got != rec.Commit {
		return Report{}, fmt.Errorf("%w: SHA-256 of the seed is %s, but the commitment was %s", ErrMismatch, got, rec.Commit)
	}
	final, err := record.Replay(rules, rec)
	if err != nil {
		return Report{}, err
	}
	// Replay has checked every turn; walk them again for the throws.
	pos := rules.Start()
	if rec.Start != "" {
		if pos, err = rules.Normalize(rec.Start); err != nil {
			return Report{}, err
		}
	}
	for i, t := range rec.Turns {
		outcomes, err := rules.Outcomes(pos)
		if err != nil {
			return Report{}, fmt.Errorf("turn %d: %w", i+1, err)
		}
		want, err := Throw(seed, uint64(i), outcomes)
		if err != nil {
			return Report{}, fmt.Errorf("turn %d: %w", i+1, err)
		}
		if want != t.Roll {
			return Report{}, fmt.Errorf("%w: turn %d (%s %d %s): the seed gives the throw %d", ErrMismatch, i+1, t.Seat, t.Roll, t.Move, want)
		}
		if pos, err = rules.Play(pos, t.Roll, t.Move); err != nil {
			return Report{}, fmt.Errorf("turn %d: %w", i+1, err)
		}
	}
	return Report{Throws: len(rec.Turns), Final: final}, nil
}
