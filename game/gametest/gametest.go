// Package gametest holds the tests every ruleset runs, in the manner of
// net/http/httptest: Run, the conformance suite, checks the game
// contract of package game on random games; Perft and RunPerft count
// moves and check a ruleset's testdata/*.perft file (one format for
// every ruleset); Golden pins a seeded random game in a
// testdata/*.golden file.
//
// Usage, in a ruleset's tests:
//
//	func TestConformance(t *testing.T) {
//		gametest.Run(t, senet.MustNew("senet-jequier", nil), gametest.Config{})
//	}
package gametest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"passage/game"
)

// Config tunes a conformance run. Zero values take the defaults.
type Config struct {
	// Games is the number of random games played (default 200).
	Games int
	// MaxTurns bounds the length of a random game in throws; a game still
	// going after it fails the suite (default 100,000).
	MaxTurns int
	// Seed seeds the random games (default 1).
	Seed uint64
	// Positions are extra positions, in notation, checked like every
	// position reached in play.
	Positions []string
}

// Run checks that g keeps the game contract:
//   - throw probabilities lie in [0,1], share a denominator and sum to 1;
//   - every decision offers at least one move, a pass only ever alone,
//     no move twice, the same list each time it is asked;
//   - Apply never changes its input, and is deterministic;
//   - positions and moves round-trip through notation exactly (a parsed
//     position is validated, so this also checks that pieces are
//     conserved);
//   - Moves does not allocate when its buffer has room;
//   - the text-level adapter agrees with the typed game;
//   - positions with their own key (game.Keyer) give distinct positions
//     distinct keys, so no field of the position is left out of it;
//   - random games end within the bound, with payoffs in [0,1] that sum
//     to 1 and no side to move.
func Run[P comparable, M comparable](t *testing.T, g game.Game[P, M], cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 200
	}
	if cfg.MaxTurns == 0 {
		cfg.MaxTurns = 100_000
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	c := checker[P, M]{t: t, g: g, text: game.Text(g), keys: map[uint64]P{}}
	t.Run("start", func(t *testing.T) {
		c.t = t
		c.position(g.Start(), true)
		if got, want := c.text.Start(), g.FormatPosition(g.Start()); got != want {
			t.Errorf("text Start() = %q, want %q", got, want)
		}
	})
	t.Run("positions", func(t *testing.T) {
		c.t = t
		for _, s := range cfg.Positions {
			p, err := g.ParsePosition(s)
			if err != nil {
				t.Errorf("ParsePosition(%q): %v", s, err)
				continue
			}
			c.position(p, true)
		}
	})
	t.Run("random-games", func(t *testing.T) {
		c.t = t
		rng := rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15))
		longest := 0
		for i := 0; i < cfg.Games && !t.Failed(); i++ {
			n := c.game(rng, cfg.MaxTurns)
			longest = max(longest, n)
		}
		t.Logf("%d random games, longest %d throws", cfg.Games, longest)
	})
	t.Run("no-alloc", func(t *testing.T) {
		p := g.Start()
		buf := make([]M, 0, 256)
		rolls := g.Outcomes(p)
		allocs := testing.AllocsPerRun(100, func() {
			for _, o := range rolls {
				buf = g.Moves(p, o.Roll, buf[:0])
				if len(buf) > 0 {
					_ = g.Apply(p, o.Roll, buf[0])
				}
			}
		})
		if allocs != 0 {
			t.Errorf("Moves and Apply allocate %.1f times per call round, want 0", allocs)
		}
	})
}

type checker[P comparable, M comparable] struct {
	t    *testing.T
	g    game.Game[P, M]
	text game.Ruleset
	keys map[uint64]P // positions seen, by key (Keyer positions only)
}

// maxKeys bounds the positions kept for the key check.
const maxKeys = 200_000

// key checks that p's key is not already the key of another position.
// Among fewer than a million positions a 64-bit collision by chance has
// a probability below 1e-7: a collision means the key ignores a field.
func (c *checker[P, M]) key(p P, s string) bool {
	k, ok := any(p).(game.Keyer)
	if !ok || len(c.keys) >= maxKeys {
		return true
	}
	key := k.Key()
	if q, seen := c.keys[key]; seen && q != p {
		c.t.Errorf("positions %q and %q have the same key %#x", c.g.FormatPosition(q), s, key)
		return false
	}
	c.keys[key] = p
	return true
}

// game plays one random game, checking every position, and returns its
// length in throws.
func (c *checker[P, M]) game(rng *rand.Rand, maxTurns int) int {
	t, g := c.t, c.g
	p := g.Start()
	var buf []M
	for turn := 0; ; turn++ {
		// Every position gets the typed checks; the costlier text-level
		// checks run on the first positions of a game and every 16th.
		if !c.position(p, turn < 32 || turn%16 == 0) {
			return turn
		}
		if g.Over(p) {
			return turn
		}
		if turn >= maxTurns {
			t.Errorf("random game still going after %d throws at %s", maxTurns, g.FormatPosition(p))
			return turn
		}
		roll := game.Sample(g.Outcomes(p), rng)
		buf = g.Moves(p, roll, buf[:0])
		p = g.Apply(p, roll, buf[rng.IntN(len(buf))])
	}
}

// position checks everything the contract says about p and the moves
// from it; deep adds the text-level adapter's checks. It returns false
// after a failure.
func (c *checker[P, M]) position(p P, deep bool) bool {
	t, g := c.t, c.g
	t.Helper()
	s := g.FormatPosition(p)
	q, err := g.ParsePosition(s)
	if err != nil {
		t.Errorf("ParsePosition(FormatPosition(p)) = %v for %q", err, s)
		return false
	}
	if q != p {
		t.Errorf("position %q does not round-trip to the same value", s)
		return false
	}
	if !c.key(p, s) {
		return false
	}
	if !deep {
		return c.moves(p, s, false)
	}
	if norm, err := c.text.Normalize(s); err != nil || norm != s {
		t.Errorf("text Normalize(%q) = %q, %v", s, norm, err)
		return false
	}
	if g.Over(p) {
		if g.ToMove(p) != game.NoPlayer {
			t.Errorf("%q: game over but ToMove = %d", s, g.ToMove(p))
		}
		pay := g.Payoffs(p)
		sum := 0.0
		for i, v := range pay {
			if v < 0 || v > 1 || (i >= g.Players() && v != 0) {
				t.Errorf("%q: payoff %d = %v out of range", s, i, v)
			}
			sum += v
		}
		if sum < 0.999999 || sum > 1.000001 {
			t.Errorf("%q: payoffs %v sum to %v, want 1", s, pay, sum)
		}
		if _, err := c.text.Moves(s, g.Outcomes(g.Start())[0].Roll); err == nil {
			t.Errorf("%q: text Moves on a finished game: no error", s)
		}
		return !t.Failed()
	}
	return c.moves(p, s, true)
}

// moves checks the throws and moves of an unfinished position p (s in
// notation); deep adds the text-level checks.
func (c *checker[P, M]) moves(p P, s string, deep bool) bool {
	t, g := c.t, c.g
	t.Helper()
	if g.Over(p) {
		return true
	}
	if pl := g.ToMove(p); pl < 0 || int(pl) >= g.Players() {
		t.Errorf("%q: ToMove = %d, want a seat below %d", s, pl, g.Players())
		return false
	}
	outs := g.Outcomes(p)
	if len(outs) == 0 {
		t.Errorf("%q: no throw outcomes", s)
		return false
	}
	num, seen := 0, map[int]bool{}
	for _, o := range outs {
		if o.Den <= 0 || o.Den != outs[0].Den || o.Num <= 0 || o.Num > o.Den || seen[o.Roll] {
			t.Errorf("%q: bad outcome %+v in %+v", s, o, outs)
			return false
		}
		seen[o.Roll] = true
		num += o.Num
	}
	if num != outs[0].Den {
		t.Errorf("%q: probabilities sum to %d/%d, want 1", s, num, outs[0].Den)
		return false
	}
	for _, o := range outs {
		moves := g.Moves(p, o.Roll, nil)
		if len(moves) == 0 {
			t.Errorf("%q roll %d: no move (a pass must be offered)", s, o.Roll)
			return false
		}
		if again := g.Moves(p, o.Roll, nil); !slices.Equal(moves, again) {
			t.Errorf("%q roll %d: Moves is not stable", s, o.Roll)
		}
		var texts []game.Transition
		if deep {
			var err error
			texts, err = c.text.Moves(s, o.Roll)
			if err != nil || len(texts) != len(moves) {
				t.Errorf("%q roll %d: text Moves = %d moves, %v; typed %d", s, o.Roll, len(texts), err, len(moves))
				return false
			}
		}
		tokens := map[string]bool{}
		for i, m := range moves {
			tok := g.FormatMove(m)
			if tokens[tok] {
				t.Errorf("%q roll %d: move %s listed twice", s, o.Roll, tok)
			}
			tokens[tok] = true
			if tok == "pass" && len(moves) != 1 {
				t.Errorf("%q roll %d: pass offered beside other moves", s, o.Roll)
			}
			if back, err := g.ParseMove(tok); err != nil || back != m {
				t.Errorf("%q roll %d: move %s does not round-trip: %v", s, o.Roll, tok, err)
			}
			before := p
			next := g.Apply(p, o.Roll, m)
			if p != before {
				t.Errorf("%q roll %d: Apply(%s) changed its input", s, o.Roll, tok)
			}
			if again := g.Apply(p, o.Roll, m); again != next {
				t.Errorf("%q roll %d: Apply(%s) is not deterministic", s, o.Roll, tok)
			}
			if !deep {
				continue
			}
			ns := g.FormatPosition(next)
			if _, err := g.ParsePosition(ns); err != nil {
				t.Errorf("%q roll %d: %s leads to an invalid position %q: %v", s, o.Roll, tok, ns, err)
				return false
			}
			if texts[i].Move != tok || texts[i].Pos != ns {
				t.Errorf("%q roll %d: text move %d = %+v, typed %s -> %s", s, o.Roll, i, texts[i], tok, ns)
			}
			if played, err := c.text.Play(s, o.Roll, tok); err != nil || played != ns {
				t.Errorf("%q roll %d: text Play(%s) = %q, %v; want %q", s, o.Roll, tok, played, err, ns)
			}
		}
	}
	return !t.Failed()
}
