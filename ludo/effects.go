package ludo

import "math/bits"

// effectNames are the special rules Effects reports, in its bit order.
var effectNames = []string{
	"entering (K3)",
	"capture (K6)",
	"into the goal (K7)",
	"roll again after a 6 (K4, H2)",
	"third six: turn lost (H3)",
	"roll lost (pass)",
}

// EffectNames names the special rules Effects reports (game.Effecter).
func (r *Rules) EffectNames() []string { return effectNames }

// Effects says which special rules move m after roll sets off in p, as a
// bit set over EffectNames (game.Effecter).
func (r *Rules) Effects(p Position, roll int, m Move) uint64 {
	var fired uint64
	next := r.Apply(p, roll, m)
	if m.From == 0 && m != Pass {
		fired |= 1 << 0
	}
	for c := range Colors {
		if c != int(p.turn) && bits.OnesCount64(next.track[c]) < bits.OnesCount64(p.track[c]) {
			fired |= 1 << 1
		}
	}
	if m.To > goalBase && m.From <= goalBase && m.From != 0 {
		fired |= 1 << 2
	}
	switch {
	case roll == 6 && next.turn == p.turn:
		fired |= 1 << 3
	case roll == 6 && r.SixesLimit > 0 && int(p.sixes)+1 >= r.SixesLimit:
		fired |= 1 << 4
	}
	if m == Pass {
		fired |= 1 << 5
	}
	return fired
}
