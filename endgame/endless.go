package endgame

import (
	"context"
	"fmt"
	"runtime"

	"passage/senet"
)

// Where a side can keep the game going for ever (Apokrif: a piece on 26
// that nobody may pass, A23, and another piece that can always move),
// the Bellman equation has more than one solution: values that count
// endless play as anything between a loss and a win. A table's values
// are the game's only if best play still ends the game: from every
// position, some choice among the best moves must reach the end with a
// positive probability (then, the class being finite, it ends with
// probability 1, and the values are those of play that ends). Endless
// checks that; docs/endgame.md, "Endless play", has the background.

// EndlessTie is how far below the best a move's value may be and still
// count as a best move for Endless: the table rounds every value to a
// step of 1/65535 (two equal values may differ by one step) and the
// solver stops within Tolerance.
const EndlessTie = Quantum + 2*Tolerance

// EndlessReport is the result of Endless.
type EndlessReport struct {
	Checked int64 // positions checked (each stands for both colours to move)
	// Prolongable counts the positions from which the two sides
	// together could keep the game going for ever: at every throw some
	// legal move leads to another such position. Where there are none,
	// every line of play ends with probability 1 and the Bellman
	// equation has one solution.
	Prolongable int64
	Endless     int64   // positions from which no choice of best moves reaches the end of the game
	Example     string  // the first of them in table order, when there are any
	Value       float64 // its value
	Passes      int     // passes over the positions still undecided, in all groups, for both counts
}

// Endless finds the positions of the table whose value rests on endless
// play: those from which no choice among the best moves (within
// EndlessTie) can lead to the end of the game (see canEnd). It also
// counts the positions where endless play is possible at all, whatever
// the values (see mustEnd). Moves come from the real move generator, as
// in Verify. The result does not depend on workers.
func (t *Table) Endless(ctx context.Context, workers int) (EndlessReport, error) {
	return t.EndlessWith(ctx, workers, nil)
}

// EndlessWith is Endless telling progress (when not nil) how many of its
// steps are done: each layer group, once for each of the two fixed
// points.
func (t *Table) EndlessWith(ctx context.Context, workers int, progress func(done, total int64)) (EndlessReport, error) {
	c := t.Class
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep := EndlessReport{Checked: c.size}
	steps := int64(2 * len(c.groups()))
	tell := func(offset int64) func(int) {
		return func(g int) {
			if progress != nil {
				progress(offset+int64(g), steps)
			}
		}
	}
	ends, passes, err := t.leastFixpoint(ctx, workers, t.canEnd, tell(0))
	rep.Passes += passes
	if err != nil {
		return rep, err
	}
	must, passes, err := t.leastFixpoint(ctx, workers, t.mustEnd, tell(steps/2))
	rep.Passes += passes
	if err != nil {
		return rep, err
	}
	for i := range ends {
		if !must[i] {
			rep.Prolongable++
		}
		if !ends[i] {
			if rep.Endless == 0 {
				rep.Example = c.Rules.Format(c.Position(c.layerOf(int64(i)), int64(i)))
				rep.Value = float64(t.vals[i]) / 65535
			}
			rep.Endless++
		}
	}
	return rep, nil
}

// A rule decides whether position i (White to move) gets the property,
// given the positions that have it so far; it reports the position a
// move leads to outside the class, if any.
type rule func(i int64, have []bool, buf []senet.Move) (bool, []senet.Move, string)

// leastFixpoint marks every position that rule gives the property,
// until no more do: the least fixed point, which does not depend on the
// order. Positions are taken layer group by layer group (a move never
// leads to a later group), within a group by decreasing sum of occupied
// squares (the order forward moves take), in passes over the positions
// not yet marked until a pass marks none; it returns the passes made.
func (t *Table) leastFixpoint(ctx context.Context, workers int, decide rule, groupDone func(int)) ([]bool, int, error) {
	c := t.Class
	have := make([]bool, c.size)
	passes := 0
	for gi, group := range c.groups() {
		todo := bySquareSum(c, group)
		next := make([]bool, endlessBlock)
		failures := make([]string, workers)
		for changed := true; changed; {
			if err := ctx.Err(); err != nil {
				return nil, passes, err
			}
			passes++
			changed = false
			// Blocks of todo are decided in parallel from have as it was
			// before the block, then stored, so the passes do not depend
			// on the number of workers.
			for lo := 0; lo < len(todo); lo += endlessBlock {
				block := todo[lo:min(lo+endlessBlock, len(todo))]
				parallelWorkers(len(block), chunk, workers, func(w, from, to int) {
					var buf []senet.Move
					for j := from; j < to; j++ {
						var msg string
						next[j], buf, msg = decide(int64(block[j]), have, buf)
						if msg != "" && failures[w] == "" {
							failures[w] = msg
						}
					}
				})
				for j, i := range block {
					if next[j] {
						have[i] = true
						changed = true
					}
				}
			}
			for _, msg := range failures {
				if msg != "" {
					return nil, passes, fmt.Errorf("%w: a move leaves the class: %s", ErrBadTable, msg)
				}
			}
			kept := todo[:0]
			for _, i := range todo {
				if !have[i] {
					kept = append(kept, i)
				}
			}
			todo = kept
		}
		groupDone(gi + 1)
	}
	return have, passes, nil
}

// endlessBlock is how many positions a pass decides together.
const endlessBlock = 1 << 14

// canEnd is the rule of positions that best play can end: position i
// (White to move) has a throw with a best move that wins or leads to a
// position that can end.
func (t *Table) canEnd(i int64, ends []bool, buf []senet.Move) (bool, []senet.Move, string) {
	c, r := t.Class, t.Class.Rules
	p := c.Position(c.layerOf(i), i)
	for _, o := range r.Outcomes(p) {
		buf = r.Moves(p, o.Roll, buf[:0])
		best, ending := -1.0, -1.0 // the best value, and the best of the moves that can end
		for _, m := range buf {
			q := r.Apply(p, o.Roll, m)
			if q.Turn() < 0 {
				// The game is over: an end, won or (where the rules
				// allow that) lost.
				v := float64(1 - q.Winner())
				best, ending = max(best, v), max(ending, v)
				continue
			}
			k, ok := c.Lookup(q)
			if !ok {
				return false, buf, r.Format(q)
			}
			v := float64(t.vals[k]) / 65535
			if q.Turn() != senet.White {
				v = 1 - v
			}
			best = max(best, v)
			if ends[k] {
				ending = max(ending, v)
			}
		}
		if ending >= 0 && ending >= best-EndlessTie {
			return true, buf, ""
		}
	}
	return false, buf, ""
}

// bySquareSum lists the positions of group by decreasing sum of occupied
// squares, then by index.
func bySquareSum(c *Class, group []Layer) []uint32 {
	bySum := make([][]uint32, 2*30*c.K+1) // squares are 1-30
	for _, l := range group {
		start, n := c.Span(l)
		for i := start; i < start+n; i++ {
			m, o := c.Boards(l, i)
			s := squareSum(m | o)
			bySum[s] = append(bySum[s], uint32(i))
		}
	}
	var out []uint32
	for s := len(bySum) - 1; s >= 0; s-- {
		out = append(out, bySum[s]...)
	}
	return out
}

// mustEnd is the rule of positions from which the game ends with a
// positive probability whatever both sides choose: position i (White to
// move) has a throw whose every move wins or leads to such a position.
// The others are those from which the two sides together could play
// for ever.
func (t *Table) mustEnd(i int64, must []bool, buf []senet.Move) (bool, []senet.Move, string) {
	c, r := t.Class, t.Class.Rules
	p := c.Position(c.layerOf(i), i)
	for _, o := range r.Outcomes(p) {
		buf = r.Moves(p, o.Roll, buf[:0])
		forced := true
		for _, m := range buf {
			q := r.Apply(p, o.Roll, m)
			if q.Turn() < 0 {
				continue
			}
			k, ok := c.Lookup(q)
			if !ok {
				return false, buf, r.Format(q)
			}
			if !must[k] {
				forced = false
				break
			}
		}
		if forced {
			return true, buf, ""
		}
	}
	return false, buf, ""
}
