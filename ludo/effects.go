package ludo

import "math/bits"

// effect is one special rule that a simulation counts.
type effect uint8

const (
	effEnter     effect = iota // K3: a piece comes out of the yard
	effCapture                 // K6: a piece is sent back to its yard
	effGoal                    // K7: a piece steps from the track into the goal
	effSixAgain                // K4, H2: a 6 gives another roll (counted once a 6)
	effThirdSix                // H3: the third 6 in a row is not played
	effSafeStart               // H1: a 6 cannot enter, an opponent is safe on the start square
	effBounce                  // H4: a piece into the goal counted to g4 and back
	effTry                     // H5: a failed roll gives another try for a 6
	effPass                    // K8: no legal move, the roll is lost
	numEffects
)

// effectNames are the names Effects reports; they are also the keys of
// the simulation report's and the game page's words for them.
var effectNames = [numEffects]string{
	effEnter: "entering (K3)", effCapture: "capture (K6)", effGoal: "into the goal (K7)",
	effSixAgain: "roll again after a 6 (K4, H2)", effThirdSix: "third six: turn lost (H3)",
	effSafeStart: "start square safe (H1)", effBounce: "goal bounce (H4)",
	effTry: "another try for a 6 (H5)", effPass: "roll lost (pass)",
}

// effects lists the effects the variant can produce, in report order:
// a house rule's only where it is on, so that a report has no row that
// cannot count.
func (v *Variant) effects() []effect {
	out := []effect{effEnter, effCapture, effGoal, effSixAgain}
	if v.SixesLimit > 0 {
		out = append(out, effThirdSix)
	}
	if v.Safe&startSquares != 0 {
		out = append(out, effSafeStart)
	}
	if v.Overshoot == OvershootBounce {
		out = append(out, effBounce)
	}
	if v.Tries > 1 {
		out = append(out, effTry)
	}
	return append(out, effPass)
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

// Effects says which special rules move m after roll sets off in p, as a
// bit set over EffectNames (game.Effecter).
func (r *Rules) Effects(p Position, roll int, m Move) uint64 {
	var fired uint64
	set := func(e effect) { fired |= 1 << e }
	c := int(p.turn)
	next := r.Apply(p, roll, m)
	if m.From == 0 && m != Pass {
		set(effEnter)
	}
	for o := range Colors {
		if o != c && bits.OnesCount64(next.track[o]) < bits.OnesCount64(p.track[o]) {
			set(effCapture)
		}
	}
	if m.To > goalBase && m.From <= goalBase && m.From != 0 {
		set(effGoal)
		// H4: the steps to the goal square are fewer than the roll's.
		if r.steps(c, int(m.From))+roll > lastStep {
			set(effBounce)
		}
	}
	switch {
	case roll == 6 && next.turn == p.turn:
		set(effSixAgain)
	case roll == 6 && r.SixesLimit > 0 && int(p.sixes)+1 >= r.SixesLimit:
		set(effThirdSix)
	}
	// H1: the 6 could have brought a piece out but for an opponent on the
	// start square, whom safe-start protects.
	if c >= 0 && roll == 6 && p.Yard(c) > 0 && !r.thirdSix(p, roll) { // a third six is not played at all (H3)
		start := StartSquare[c]
		if r.Safe&(1<<start) != 0 && p.track[c]&(1<<start) == 0 {
			for o := range Colors {
				if o != c && p.track[o]&(1<<start) != 0 {
					set(effSafeStart)
				}
			}
		}
	}
	if next.tries > p.tries {
		set(effTry)
	}
	if m == Pass {
		set(effPass)
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
