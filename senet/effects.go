package senet

// effect is one special rule that a simulation counts.
type effect uint8

const (
	effAttack   effect = iota // J7, S9: a piece lands on an opponent piece and they swap
	effBackward               // J10: a move backward
	effBounce                 // J14: a throw past 30 counts back from 30
	effDrown                  // J11, S17: a piece ends on the House of Water
	effEnter                  // S6: a waiting piece enters
	effBearOff                // J13, S20: a piece leaves the board
	effExtra                  // J5, S6, S14, S16: the mover throws again
	effSkip                   // S13: a piece ends on a house of missed turns
	effSleep                  // S15: a piece falls asleep
	effJump                   // S16: a piece jumps the water from 26
	effPass                   // J10, J17, S8: no legal move, the throw is lost
	effBAEnter                // S6: the BA enters, after every ordinary piece
	effBADrown                // S17: the BA drowns and takes its pieces on the board along
	effTriple                 // A13: the middle piece of three is attacked
	effRebirth                // A20: a move ending on 15 gives another throw
	numEffects
)

var effectNames = [numEffects]string{
	effAttack: "attack (swap)", effBackward: "backward move", effBounce: "bounce at 30",
	effDrown: "drowning (27)", effEnter: "entering", effBearOff: "bearing off",
	effExtra: "extra or bonus throw", effSkip: "missed turn (10, 20)", effSleep: "falls asleep (16)",
	effJump: "jump over the water", effPass: "throw lost (pass)",
	effBAEnter: "BA entering (S6)", effBADrown: "BA drowning (S17)",
	effTriple: "middle of three attacked (A13)", effRebirth: "extra throw on 15 (A20)",
}

// effects lists the effects the variant can produce, in report order.
func (v *Variant) effects() []effect {
	out := []effect{effAttack}
	if v.BreakTriple {
		out = append(out, effTriple)
	}
	if v.Backward != BackwardNone {
		out = append(out, effBackward)
	}
	if v.Overshoot == OvershootBounce {
		out = append(out, effBounce)
	}
	out = append(out, effDrown)
	if v.EnterThrow != 0 {
		out = append(out, effEnter)
	}
	out = append(out, effBearOff, effExtra)
	if v.ExtraSquares != 0 {
		out = append(out, effRebirth)
	}
	if v.SkipHouses != 0 {
		out = append(out, effSkip)
	}
	if v.SleepHouses != 0 {
		out = append(out, effSleep)
	}
	if v.JumpFrom != 0 {
		out = append(out, effJump)
	}
	out = append(out, effPass)
	if v.BA {
		out = append(out, effBAEnter, effBADrown)
	}
	return out
}

// EffectNames names the special rules Effects reports, in its bit order
// (game.Effecter).
func (r *Rules) EffectNames() []string {
	var names []string
	for _, e := range r.effectList {
		names = append(names, effectNames[e])
	}
	return names
}

// Effects says which special rules move m after throw roll in p sets
// off, as a bit set over EffectNames (game.Effecter).
func (r *Rules) Effects(p Position, roll int, m Move) uint64 {
	var fired uint64
	set := func(e effect) { fired |= 1 << e }
	side := int(p.turn)
	from, to := int(m.From), int(m.To)
	switch {
	case m == Pass:
		set(effPass)
	case from == 0:
		set(effEnter)
		if p.hand[side] == 0 {
			set(effBAEnter) // S6: ordinary pieces enter first, so this is the BA
		}
	case to == OffSq:
		set(effBearOff)
	default:
		if p.occ[side^1]&(1<<to) != 0 {
			set(effAttack)
			// A13: a piece with a neighbour of its colour can be attacked
			// only as the middle of three.
			if r.BreakTriple && p.occ[side^1]&(1<<(to-1)|1<<(to+1)) != 0 {
				set(effTriple)
			}
		}
		switch {
		case from == r.JumpFrom && roll == 1:
			set(effJump)
		case from+roll > Squares && r.Overshoot == OvershootBounce && to == 2*Squares-from-roll:
			// J14: counted up to 30 and back by the rest, wherever that
			// ends: 25 with a 6 bounces to 29, ahead of where it began,
			// and without the mark reads as a miscount.
			set(effBounce)
		case to < from:
			set(effBackward) // J10, A16, also from 28 or 29 when the throw overshoots
		}
		if r.ExtraSquares&(1<<to) != 0 {
			set(effRebirth) // A20: forward or backward
		}
		switch bit := uint32(1) << to; {
		case to == Water:
			set(effDrown)
			if p.ba&(1<<from) != 0 {
				set(effBADrown) // S17: its pieces on the board go back with it
			}
		case r.SkipHouses&bit != 0:
			set(effSkip)
		case r.SleepHouses&bit != 0:
			set(effSleep)
		}
	}
	// J5, S6, S14, S16: the mover throws again, and not merely because
	// the other side's turn was passed over (S13, counted as effSkip).
	oppSkip := flagSkipB >> side
	if next := r.Apply(p, roll, m); next.turn == p.turn && (p.flags&oppSkip == 0 || next.flags&oppSkip != 0) {
		set(effExtra)
	}
	// Report in the variant's order.
	var out uint64
	for i, e := range r.effectList {
		if fired&(1<<e) != 0 {
			out |= 1 << i
		}
	}
	return out
}
