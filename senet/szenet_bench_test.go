package senet

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"passage/game"
)

// BenchmarkSzenetRandomGame plays whole random games of senet-szenet
// (throws sampled, moves uniform), one per iteration, and reports the
// mean number of moves (plies, passes included) per game and the heap
// allocations per move.
func BenchmarkSzenetRandomGame(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, 8)
	var plies int64
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mallocs := ms.Mallocs
	for b.Loop() {
		p := szenet.Start()
		for !szenet.Over(p) {
			roll := game.Sample(szenet.Throws, rng)
			buf = szenet.Moves(p, roll, buf[:0])
			p = szenet.Apply(p, roll, buf[rng.IntN(len(buf))])
			plies++
		}
	}
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(plies)/float64(b.N), "moves/game")
	b.ReportMetric(float64(ms.Mallocs-mallocs)/float64(plies), "allocs/move")
}

// BenchmarkSzenetMoves measures move generation alone over the positions
// of a seeded random game, every throw.
func BenchmarkSzenetMoves(b *testing.B) {
	b.ReportAllocs()
	var positions []Position
	rng := rand.New(rand.NewPCG(1, 2))
	p := szenet.Start()
	var buf []Move
	for !szenet.Over(p) {
		positions = append(positions, p)
		roll := game.Sample(szenet.Throws, rng)
		buf = szenet.Moves(p, roll, buf[:0])
		p = szenet.Apply(p, roll, buf[rng.IntN(len(buf))])
	}
	buf = make([]Move, 0, 8)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := positions[i%len(positions)]
		for _, o := range szenet.Throws {
			buf = szenet.Moves(q, o.Roll, buf[:0])
		}
	}
}

// szEvents counts how often each Szenet rule fires in play.
type szEvents struct {
	plies, passes, enters, attacks                  int
	skip10, skip20, bonus15, bonus26, bonusLost     int
	sleep16, sleeperAttacked, woken, jump26         int
	drown, baDrown, dragged, mustLeave, baGateBlock int
}

// szCount records the events of move m after throw roll in p.
func (e *szEvents) szCount(p Position, roll int, m Move, moves []Move) {
	e.plies++
	noLeave, noGate := szenet.Variant, szenet.Variant
	noLeave.MustLeave, noGate.BAGatesBearOff = 0, false
	if len(noLeave.Moves(p, roll, nil)) != len(moves) {
		e.mustLeave++ // S19 removed moves
	}
	if len(noGate.Moves(p, roll, nil)) != len(moves) {
		e.baGateBlock++ // S20's BA gate removed a bearing-off move
	}
	side := p.Turn()
	switch {
	case m == Pass:
		e.passes++
		if p.bonus != 0 {
			e.bonusLost++
		}
		return
	case m.From == 0:
		e.enters++
		return
	}
	if p.asleep&(1<<16) != 0 && m.From < 16 && m.To > 16 {
		e.woken++
	}
	if m.To != OffSq && p.occ[side^1]&(1<<m.To) != 0 {
		e.attacks++
		if p.asleep&(1<<m.To) != 0 {
			e.sleeperAttacked++
		}
	}
	switch {
	case m.From == 26 && roll == 1:
		e.jump26++
	case m.To == 10:
		e.skip10++
	case m.To == 20:
		e.skip20++
	case m.To == 15:
		e.bonus15++
	case m.To == 26:
		e.bonus26++
	case m.To == 16:
		e.sleep16++
	case m.To == Water && p.ba&(1<<m.From) != 0:
		e.baDrown++
		e.dragged += int(popcount(p.occ[side])) - 1
	case m.To == Water:
		e.drown++
	}
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// BenchmarkSzenetHouseEffects plays random games (one per iteration; use
// -benchtime=2000x for 2,000 games) and reports how often each rule fires
// per game.
func BenchmarkSzenetHouseEffects(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 3))
	var e szEvents
	var buf []Move
	for b.Loop() {
		p := szenet.Start()
		for !szenet.Over(p) {
			roll := game.Sample(szenet.Throws, rng)
			buf = szenet.Moves(p, roll, buf[:0])
			m := buf[rng.IntN(len(buf))]
			e.szCount(p, roll, m, buf)
			p = szenet.Apply(p, roll, m)
		}
	}
	n := float64(b.N)
	for _, r := range []struct {
		count int
		unit  string
	}{
		{e.plies, "plies"}, {e.passes, "passes"}, {e.enters, "S6-enter"}, {e.attacks, "S9-attacks"},
		{e.skip10, "S13-on10"}, {e.skip20, "S13-on20"}, {e.bonus15, "S14-on15"}, {e.bonus26, "S16-on26"},
		{e.bonusLost, "bonus-lost"}, {e.sleep16, "S15-asleep"}, {e.sleeperAttacked, "S15-sleeper-attacked"},
		{e.woken, "S15-woken"}, {e.jump26, "S16-jump"}, {e.drown, "S17-drown"}, {e.baDrown, "S17-BA-drown"},
		{e.dragged, "S17-dragged"}, {e.mustLeave, "S19-binds"}, {e.baGateBlock, "S20-BA-gate"},
	} {
		b.ReportMetric(float64(r.count)/n, r.unit+"/game")
	}
}
