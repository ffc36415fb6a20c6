package endgame

import (
	"fmt"
	"math/bits"
	"slices"

	"passage/senet"
)

// szenetIndex numbers the class of a ruleset whose positions carry more
// than two sets of squares (senet-szenet): each side has at most K
// pieces left, on the board or in the hand, and a position also says
// where each BA is (on which square, in the hand or borne off), whether
// the other side misses its next turn (S13), which piece a pending bonus
// throw must move (S6, S14, S16) and which pieces sleep (S15). Layer
// {A, B} is the positions with A pieces of the mover left and B of the
// other side; borne off is final (S17, S20), so a move never leads to a
// layer with more pieces left, as for the plain class.
//
// A position is a 64-bit key (see key); a layer's keys are every
// position the rules allow, in ascending order, and a position's offset
// in its layer is the place of its key, found by binary search. The list
// is built from the combinations the rules allow, not from play, so it
// also holds positions no game reaches; their values are exact all the
// same. docs/endgame.md gives the counts.
type szenetIndex struct {
	r      *senet.Rules
	k      int
	bonus  []int        // squares where a bonus throw can be won, ascending
	sleep  []int        // squares where a piece can fall asleep, ascending
	skip   bool         // the ruleset has missed turns
	keys   [][][]uint64 // keys[a][b]: the keys of layer {a, b}, ascending
	counts [][]int64    // counts[a][b]: the positions of layer {a, b}
}

// maxSzenetPositions is the largest class szenetIndex builds. Each
// position costs 8 bytes of key and 4 of value for the whole solve, and
// those of the largest layer group some 50 bytes more while its move
// graph lives (about 13 successors of 4 bytes, order and sweep arrays):
// 2^26 positions stay within 4 GiB.
const maxSzenetPositions = 1 << 26

// Fields of a key, from the most significant: the mover's pieces on the
// board (3 bits), the other side's (3 bits), the rank of the two boards
// as in plainIndex (30 bits), the mover's BA (3 bits: 0 borne off, 1 in
// the hand, 2+j on the j-th of its squares), the other side's BA (3
// bits), the other side's missed turn (1 bit), the bonus throw (2 bits:
// 0 none, 1+j the j-th bonus square) and the sleepers (4 bits: bit j for
// the j-th sleep square).
const (
	keySleepBits = 4
	keyBonusAt   = keySleepBits
	keySkipAt    = keyBonusAt + 2
	keyOtherBAAt = keySkipAt + 1
	keyMoverBAAt = keyOtherBAAt + 3
	keyRankAt    = keyMoverBAAt + 3
	keyOtherNAt  = keyRankAt + 30
	keyMoverNAt  = keyOtherNAt + 3
)

func newSzenetIndex(r *senet.Rules, k int) (*szenetIndex, error) {
	v := &r.Variant
	x := &szenetIndex{r: r, k: k, skip: v.SkipHouses != 0}
	won := v.BonusHouses
	if v.EnterBonus {
		won |= 1 << 1
	}
	for s := 1; s <= senet.Squares; s++ {
		if won&(1<<s) != 0 {
			x.bonus = append(x.bonus, s)
		}
		if v.SleepHouses&(1<<s) != 0 {
			x.sleep = append(x.sleep, s)
		}
	}
	if len(x.bonus) > 3 || len(x.sleep) > keySleepBits || k > 7 {
		return nil, fmt.Errorf("%s: the endgame key holds at most 3 bonus squares, %d sleep squares and 7 pieces a side", r.ID(), keySleepBits)
	}
	x.counts = make([][]int64, k+1)
	total := int64(0)
	for a := 1; a <= k; a++ {
		x.counts[a] = make([]int64, k+1)
		for b := 1; b <= k; b++ {
			x.counts[a][b] = x.countLayer(Layer{a, b})
			total += x.counts[a][b]
		}
	}
	if total > maxSzenetPositions {
		return nil, fmt.Errorf("%s with %d pieces a side has %d positions, more than the %d this solver holds in 4 GiB (see docs/endgame.md)",
			r.ID(), k, total, maxSzenetPositions)
	}
	x.keys = make([][][]uint64, k+1)
	for a := 1; a <= k; a++ {
		x.keys[a] = make([][]uint64, k+1)
		for b := 1; b <= k; b++ {
			keys := make([]uint64, 0, x.counts[a][b])
			x.layerKeys(Layer{a, b}, func(key uint64) { keys = append(keys, key) })
			slices.Sort(keys)
			if int64(len(keys)) != x.counts[a][b] {
				panic(fmt.Sprintf("endgame: layer %v: %d keys, counted %d", Layer{a, b}, len(keys), x.counts[a][b]))
			}
			x.keys[a][b] = keys
		}
	}
	return x, nil
}

// baCodes are the key's codes of the places a side's BA can be with n
// pieces left, on of them on the board: 0 borne off (or no BA), 1 in the
// hand (when a piece waits), 2+j on the j-th of its squares.
func (x *szenetIndex) baCodes(n, on int) []uint64 {
	out := []uint64{0}
	if !x.r.BA {
		return out
	}
	if n > on {
		out = append(out, 1)
	}
	for j := range on {
		out = append(out, uint64(2+j))
	}
	return out
}

// countLayer counts the positions of layer l without listing them: the
// special squares (bonus and sleep squares) are given to the mover, the
// other side or nobody in every way, and the remaining pieces are placed
// on the ordinary cells by binomial coefficients.
func (x *szenetIndex) countLayer(l Layer) int64 {
	special := append(append([]int(nil), x.bonus...), x.sleep...)
	ordinary := Cells - len(special)
	skip := int64(1)
	if x.skip {
		skip = 2
	}
	total := int64(0)
	for bm := 0; bm <= l.A; bm++ {
		for bo := 0; bo <= l.B; bo++ {
			// 0 empty, 1 mover, 2 other for each special square.
			assign := make([]int, len(special))
			for {
				sm, so, bonusM, sleepOcc := 0, 0, 0, 0
				for i, a := range assign {
					switch a {
					case 1:
						sm++
					case 2:
						so++
					}
					if a == 1 && i < len(x.bonus) {
						bonusM++
					}
					if a != 0 && i >= len(x.bonus) {
						sleepOcc++
					}
				}
				if sm <= bm && so <= bo && bm-sm+bo-so <= ordinary {
					boards := binom[ordinary][bm-sm] * binom[ordinary-(bm-sm)][bo-so]
					total += boards * int64(len(x.baCodes(l.A, bm))*len(x.baCodes(l.B, bo))) * skip *
						int64(1+bonusM) * int64(1) << sleepOcc
				}
				i := 0
				for i < len(assign) && assign[i] == 2 {
					assign[i] = 0
					i++
				}
				if i == len(assign) {
					break
				}
				assign[i]++
			}
		}
	}
	return total
}

// layerKeys calls f with the key of every position of layer l.
func (x *szenetIndex) layerKeys(l Layer, f func(uint64)) {
	skips := 1
	if x.skip {
		skips = 2
	}
	for bm := 0; bm <= l.A; bm++ {
		for bo := 0; bo <= l.B; bo++ {
			per := binom[Cells-bm][bo]
			n := binom[Cells][bm] * per
			mbas, obas := x.baCodes(l.A, bm), x.baCodes(l.B, bo)
			for rk := int64(0); rk < n; rk++ {
				m := board(unrank(rk/per, bm, Cells))
				o := board(spread(unrank(rk%per, bo, Cells-bm), cells(m)))
				var bonusOpts []uint64
				bonusOpts = append(bonusOpts, 0)
				for j, s := range x.bonus {
					if m&(1<<s) != 0 {
						bonusOpts = append(bonusOpts, uint64(1+j))
					}
				}
				var sleepMask uint64
				for j, s := range x.sleep {
					if (m|o)&(1<<s) != 0 {
						sleepMask |= 1 << j
					}
				}
				base := uint64(bm)<<keyMoverNAt | uint64(bo)<<keyOtherNAt | uint64(rk)<<keyRankAt
				for _, mba := range mbas {
					for _, oba := range obas {
						for sk := range skips {
							for _, bn := range bonusOpts {
								// every subset of sleepMask
								for as := sleepMask; ; as = (as - 1) & sleepMask {
									f(base | mba<<keyMoverBAAt | oba<<keyOtherBAAt |
										uint64(sk)<<keySkipAt | bn<<keyBonusAt | as)
									if as == 0 {
										break
									}
								}
							}
						}
					}
				}
			}
		}
	}
}

func (x *szenetIndex) layerSize(l Layer) int64 { return x.counts[l.A][l.B] }

// decode splits a key into the sides and the turn's state.
func (x *szenetIndex) decode(l Layer, key uint64) (mover, other senet.SideState, st senet.TurnState) {
	bm := int(key >> keyMoverNAt & 7)
	bo := int(key >> keyOtherNAt & 7)
	rk := int64(key >> keyRankAt & (1<<30 - 1))
	per := binom[Cells-bm][bo]
	m := board(unrank(rk/per, bm, Cells))
	o := board(spread(unrank(rk%per, bo, Cells-bm), cells(m)))
	side := func(n int, sq uint32, code int) senet.SideState {
		s := senet.SideState{Board: sq, BA: senet.BAOff}
		switch {
		case code == 1:
			s.BA = senet.BAInHand
		case code >= 2:
			b := sq
			for range code - 2 {
				b &= b - 1
			}
			s.BA = bits.TrailingZeros32(b)
		}
		s.Hand = n - bits.OnesCount32(sq)
		if s.BA == senet.BAInHand {
			s.Hand--
		}
		return s
	}
	mover = side(l.A, m, int(key>>keyMoverBAAt&7))
	other = side(l.B, o, int(key>>keyOtherBAAt&7))
	st.SkipOther = key>>keySkipAt&1 != 0
	if bn := int(key >> keyBonusAt & 3); bn > 0 {
		st.Bonus = x.bonus[bn-1]
	}
	for j, s := range x.sleep {
		if key&(1<<j) != 0 {
			st.Asleep |= 1 << s
		}
	}
	return mover, other, st
}

func (x *szenetIndex) position(l Layer, off int64, turn int) senet.Position {
	m, o, st := x.decode(l, x.keys[l.A][l.B][off])
	return x.r.Compose(turn, m, o, st)
}

func (x *szenetIndex) boards(l Layer, off int64) (mover, other uint32) {
	m, o, _ := x.decode(l, x.keys[l.A][l.B][off])
	return m.Board, o.Board
}

// locate encodes p and looks its key up; a key that is not listed, or
// that decodes to another position, is outside the class.
func (x *szenetIndex) locate(p senet.Position) (Layer, int64, bool) {
	m, o, st, ok := p.Sides()
	if !ok {
		return Layer{}, 0, false
	}
	l := Layer{m.Left(), o.Left()}
	if l.A < 1 || l.B < 1 || l.A > x.k || l.B > x.k ||
		m.Board&o.Board != 0 || (m.Board|o.Board)&^restingSquares != 0 {
		return Layer{}, 0, false
	}
	baCode := func(s senet.SideState) (uint64, bool) {
		switch {
		case s.BA == senet.BAOff:
			return 0, true
		case s.BA == senet.BAInHand:
			return 1, true
		case s.Board&(1<<s.BA) == 0:
			return 0, false
		}
		return uint64(2 + bits.OnesCount32(s.Board&(1<<s.BA-1))), true
	}
	mba, ok1 := baCode(m)
	oba, ok2 := baCode(o)
	if !ok1 || !ok2 {
		return Layer{}, 0, false
	}
	bm, bo := bits.OnesCount32(m.Board), bits.OnesCount32(o.Board)
	cm := cells(m.Board)
	rk := rank(cm)*binom[Cells-bm][bo] + rank(squeeze(cells(o.Board), cm))
	key := uint64(bm)<<keyMoverNAt | uint64(bo)<<keyOtherNAt | uint64(rk)<<keyRankAt |
		mba<<keyMoverBAAt | oba<<keyOtherBAAt
	if st.SkipOther {
		key |= 1 << keySkipAt
	}
	if st.Bonus != 0 {
		j := slices.Index(x.bonus, st.Bonus)
		if j < 0 {
			return Layer{}, 0, false
		}
		key |= uint64(1+j) << keyBonusAt
	}
	for j, s := range x.sleep {
		if st.Asleep&(1<<s) != 0 {
			key |= 1 << j
		}
	}
	off, found := slices.BinarySearch(x.keys[l.A][l.B], key)
	if !found || x.position(l, int64(off), p.Turn()) != p {
		return Layer{}, 0, false
	}
	return l, int64(off), true
}
