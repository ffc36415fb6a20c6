package game

// Perft counts the (throw, move) sequences of length depth from p: every
// throw of the distribution, every legal move for it (a pass counts as
// one). Leaves are counted, not weighted by probability; an extra throw
// is simply the next ply; a finished game has no throw, so nothing is
// counted below it. The perft files of the tests pin these counts, and
// passage perft prints them, so that another move generator can be
// checked against this one.
func Perft[P comparable, M comparable](g Game[P, M], p P, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	return PerftDepths(g, p, depth)[depth-1]
}

// PerftDepths is Perft for every depth from 1 to depth at once (counts[d-1]
// is Perft to depth d), in one walk: a file that pins depths 1 to 3 needs
// no three walks.
func PerftDepths[P comparable, M comparable](g Game[P, M], p P, depth int) []int64 {
	counts := make([]int64, max(depth, 0))
	if depth > 0 {
		perft(g, p, 0, counts, make([][]M, depth))
	}
	return counts
}

// perft adds the sequences below p, reached after ply plies, to counts,
// with one move buffer per ply, so that the walk does not allocate once
// the buffers have grown.
func perft[P comparable, M comparable](g Game[P, M], p P, ply int, counts []int64, bufs [][]M) {
	if g.Over(p) {
		return
	}
	for _, o := range g.Outcomes(p) {
		bufs[ply] = g.Moves(p, o.Roll, bufs[ply][:0])
		counts[ply] += int64(len(bufs[ply]))
		if ply+1 == len(counts) {
			continue
		}
		for _, m := range bufs[ply] {
			perft(g, g.Apply(p, o.Roll, m), ply+1, counts, bufs)
		}
	}
}
