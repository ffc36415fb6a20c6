package game

// Perft counts the (throw, move) sequences of length depth from p: every
// throw of the distribution, every legal move for it (a pass counts as
// one). Leaves are counted, not weighted by probability; an extra throw
// is simply the next ply; a finished game has no throw, so nothing is
// counted below it. The perft files of the tests pin these counts, and
// passage perft prints them, so that another move generator can be
// checked against this one.
func Perft[P comparable, M comparable](g Game[P, M], p P, depth int) int64 {
	bufs := make([][]M, depth)
	return perft(g, p, depth, bufs)
}

// perft is Perft with one move buffer per remaining ply, so that the
// count does not allocate once the buffers have grown.
func perft[P comparable, M comparable](g Game[P, M], p P, depth int, bufs [][]M) int64 {
	if depth == 0 {
		return 1
	}
	if g.Over(p) {
		return 0
	}
	var n int64
	for _, o := range g.Outcomes(p) {
		bufs[depth-1] = g.Moves(p, o.Roll, bufs[depth-1][:0])
		if depth == 1 {
			n += int64(len(bufs[0]))
			continue
		}
		for _, m := range bufs[depth-1] {
			n += perft(g, g.Apply(p, o.Roll, m), depth-1, bufs)
		}
	}
	return n
}
