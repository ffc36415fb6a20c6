package endgame

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"passage/senet"
)

// A graph is the move graph of one layer group: for every position and
// throw, the positions the legal moves lead to. Generating moves is what
// a sweep of value iteration spends its time on, and every sweep would
// generate the same moves again; the graph generates them once, so that
// a sweep only reads stored successors and values (see docs/endgame.md).
//
// Positions are numbered locally in sweep order (by decreasing sum of
// occupied squares); a band is a run of positions with the same sum. An
// edge is the local number of a successor in the group, or with
// outsideEdge set the table index of a successor in an earlier layer
// (whose value is final), with flipEdge set when the turn passes (the
// mover's value there is 1 minus the stored one); or winEdge for a move
// that wins the game. Edges into earlier layers are reduced to the best
// one of each throw.
type graph struct {
	spans  []span    // the group's layers: first table index and count
	n      int       // positions in the group
	order  []uint32  // local position -> table index (nil when on disk)
	local  []uint32  // ordinal (see ordinal) -> local position; only while building
	bands  []int     // band b is local positions bands[b] to bands[b+1]-1
	probs  []float64 // probability of each throw, in Outcomes order
	chunks []edgeChunk
	// disk, when set, holds the edge chunks and the order instead of
	// memory (see diskgraph.go).
	disk     *diskGraph
	readers  []chunkReader // per worker, for a disk graph
	gathered [][]float64   // per worker, gatherEdges's buffer
}

// edgeChunk holds the edges of graphChunk consecutive local positions:
// position j's edges of throw t are edges[first[j]+sum of counts of
// throws before t:...], counts 3 bits a throw.
type edgeChunk struct {
	first  []uint32
	counts []uint16
	edges  []uint32
}

const (
	flipEdge    = uint32(1) << 31
	outsideEdge = uint32(1) << 30
	indexMask   = outsideEdge - 1
	winEdge     = ^uint32(0)
	// graphChunk is how many positions one edgeChunk holds and a worker
	// takes at a time; fixed, so that the graph and every sum over it
	// do not depend on the number of workers.
	graphChunk = 4096
	// maxEdges is the most edges a throw can have: 3 bits.
	maxEdges = 7
)

// ordinal numbers the group's positions in table order, 0 to n-1, or
// false for a table index outside the group.
func (g *graph) ordinal(i int64) (int64, bool) {
	base := int64(0)
	for _, sp := range g.spans {
		if i >= sp.start && i < sp.start+sp.n {
			return base + i - sp.start, true
		}
		base += sp.n
	}
	return 0, false
}

// buildGraph generates the moves of every position of group. s.vals holds
// the final values of the earlier layers. progress is called with the
// positions done so far. It stops early with ErrInterrupted when ctx is
// done: a large group's build takes minutes (K=4's 4+4 about eleven).
//
// With scratch set, the edges and the order go to files in that
// directory instead of memory, for groups whose graph does not fit
// (docs/endgame.md); the caller closes the graph to delete them.
func (s *solver) buildGraph(ctx context.Context, group []Layer, scratch string, progress func(done, total int64)) (g *graph, err error) {
	c := s.c
	g = &graph{}
	var n int64
	for _, l := range group {
		start, ln := c.Span(l)
		g.spans = append(g.spans, span{start, ln})
		n += ln
	}
	if c.size > int64(indexMask) {
		return nil, fmt.Errorf("endgame: %d positions are too many for the move graph", c.size)
	}
	// Sweep order: a counting sort by decreasing sum of occupied squares.
	sums := make([]uint16, n)
	maxSum, ord := 0, 0
	for _, l := range group {
		start, ln := c.Span(l)
		for i := start; i < start+ln; i++ {
			m, o := c.Boards(l, i)
			sums[ord] = uint16(squareSum(m | o))
			maxSum = max(maxSum, int(sums[ord]))
			ord++
		}
	}
	tableIndex := func(ord int) int64 {
		for _, sp := range g.spans {
			if int64(ord) < sp.n {
				return sp.start + int64(ord)
			}
			ord -= int(sp.n)
		}
		panic("endgame: ordinal outside the group")
	}
	// start[k] is the first local position with sum maxSum-k.
	start := make([]int, maxSum+2)
	for _, sm := range sums {
		start[maxSum-int(sm)+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	for k := 0; k <= maxSum; k++ {
		if start[k+1] > start[k] {
			g.bands = append(g.bands, start[k])
		}
	}
	g.bands = append(g.bands, int(n))
	g.n = int(n)
	g.order = make([]uint32, n)
	g.local = make([]uint32, n)
	for ord, sm := range sums {
		k := maxSum - int(sm)
		g.order[start[k]] = uint32(tableIndex(ord))
		g.local[ord] = uint32(start[k])
		start[k]++
	}
	sums = nil

	r := c.Rules
	probe := r.PlainPosition([2]uint32{1 << 1, 1 << 2}, senet.White)
	for _, o := range r.Outcomes(probe) {
		g.probs = append(g.probs, o.Prob())
	}
	nChunks := int((n + graphChunk - 1) / graphChunk)
	if scratch != "" {
		if g.disk, err = newDiskGraph(scratch, nChunks); err != nil {
			return nil, err
		}
		// The graph itself, not the named result, which is nil on an
		// error return.
		built := g
		defer func() {
			if err != nil {
				built.close()
			}
		}()
	} else {
		g.chunks = make([]edgeChunk, nChunks)
	}
	var (
		wg      sync.WaitGroup
		cursor  atomic.Int64
		done    atomic.Int64
		failure atomic.Pointer[string]
		mu      sync.Mutex // progress is called by one worker at a time
	)
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []senet.Move
			var reuse edgeChunk // a disk graph's chunks are written and forgotten
			var bytes []byte
			for failure.Load() == nil && ctx.Err() == nil {
				ci := cursor.Add(1) - 1
				if ci >= int64(nChunks) {
					return
				}
				lo := ci * graphChunk
				hi := min(lo+graphChunk, n)
				ch := edgeChunk{first: make([]uint32, hi-lo), counts: make([]uint16, hi-lo)}
				if g.disk != nil {
					ch = edgeChunk{first: slices.Grow(reuse.first[:0], int(hi-lo))[:hi-lo],
						counts: slices.Grow(reuse.counts[:0], int(hi-lo))[:hi-lo], edges: reuse.edges[:0]}
				}
				for j := lo; j < hi; j++ {
					i := int64(g.order[j])
					p := c.Position(c.layerOf(i), i)
					ch.first[j-lo] = uint32(len(ch.edges))
					var counts uint16
					for t, o := range r.Outcomes(p) {
						before := len(ch.edges)
						var msg *string
						ch.edges, buf, msg = s.throwEdges(g, p, o.Roll, ch.edges, buf)
						if msg != nil {
							failure.CompareAndSwap(nil, msg)
							return
						}
						counts |= uint16(len(ch.edges)-before) << (3 * t)
					}
					ch.counts[j-lo] = counts
				}
				if g.disk != nil {
					if err := g.disk.writeChunk(int(ci), &ch, &bytes); err != nil {
						msg := err.Error()
						failure.CompareAndSwap(nil, &msg)
						return
					}
					reuse = ch
				} else {
					ch.edges = append([]uint32(nil), ch.edges...) // trim
					g.chunks[ci] = ch
				}
				mu.Lock()
				progress(done.Add(hi-lo), n)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if p := failure.Load(); p != nil {
		if g.disk != nil && g.disk.err != nil {
			return nil, g.disk.err
		}
		return nil, fmt.Errorf("endgame: the class is not closed under the rules: a move leads to %s", *p)
	}
	if ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	g.local = nil
	if g.disk != nil {
		if err := g.disk.writeOrder(g.order); err != nil {
			return nil, err
		}
		g.order = nil
	}
	return g, nil
}

// throwEdges appends the edges of throw roll in p (White to move): a
// winning move alone, otherwise the distinct in-group successors and the
// best successor in an earlier layer. It returns the position a move
// leads to outside the class, if any.
func (s *solver) throwEdges(g *graph, p senet.Position, roll int, edges []uint32, buf []senet.Move) ([]uint32, []senet.Move, *string) {
	r := s.c.Rules
	start := len(edges)
	buf = r.Moves(p, roll, buf[:0])
	outside, outsideVal := uint32(0), -1.0
	for _, m := range buf {
		q := r.Apply(p, roll, m)
		if q.Turn() < 0 {
			// The mover bore off its last piece; nothing is better.
			return append(edges[:start], winEdge), buf, nil
		}
		i, ok := s.c.Lookup(q)
		if !ok {
			msg := r.Format(q)
			return edges, buf, &msg
		}
		flip := uint32(0)
		if q.Turn() != senet.White {
			flip = flipEdge
		}
		ord, in := g.ordinal(i)
		if !in {
			v := float64(s.vals[i])
			if flip != 0 {
				v = 1 - v
			}
			if v > outsideVal {
				outside, outsideVal = uint32(i)|outsideEdge|flip, v
			}
			continue
		}
		e := g.local[ord] | flip
		dup := false
		for _, f := range edges[start:] {
			dup = dup || f == e
		}
		if !dup {
			edges = append(edges, e)
		}
	}
	if outsideVal >= 0 {
		edges = append(edges, outside)
	}
	if len(edges)-start > maxEdges {
		panic(fmt.Sprintf("endgame: %d moves for one throw", len(edges)-start))
	}
	return edges, buf, nil
}

// values are what a sweep reads: the group's own values, by local
// number, in float64 (a slow plateau moves by less than a float32 can
// resolve), and the final values of the earlier layers.
type values struct {
	x    []float64
	vals []float32
}

// edge is the mover's value of edge e.
func (v values) edge(e uint32) float64 {
	if e == winEdge {
		return 1
	}
	var w float64
	if e&outsideEdge != 0 {
		w = float64(v.vals[e&indexMask])
	} else {
		w = v.x[e&indexMask]
	}
	if e&flipEdge != 0 {
		return 1 - w
	}
	return w
}

// row is the edges and the counts per throw of the chunk's k-th
// position.
func (ch *edgeChunk) row(k int) ([]uint32, uint16) {
	return ch.edges[ch.first[k]:], ch.counts[k]
}

// edgeRange is where the edges of the chunk's positions [from, to) are
// in ch.edges.
func (ch *edgeChunk) edgeRange(from, to int) (int, int) {
	e1 := len(ch.edges)
	if to < len(ch.first) {
		e1 = int(ch.first[to])
	}
	return int(ch.first[from]), e1
}

// gatherEdges is the mover's value of each edge, in worker w's buffer.
// A sweep reads the group's values at random, and each read misses the
// cache; read in one loop that does nothing else, the reads do not wait
// for each other, where in backup each row's reads wait behind the
// previous row's branches (BenchmarkSweepK3: a quarter less time a
// sweep). The values read are those before the band, as backup's would
// be: a band stores its new values only at its end.
// The caller has made g.gathered hold a buffer for every worker.
func (g *graph) gatherEdges(w int, v values, edges []uint32) []float64 {
	buf := slices.Grow(g.gathered[w][:0], len(edges))[:len(edges)]
	g.gathered[w] = buf
	for k, e := range edges {
		buf[k] = v.edge(e)
	}
	return buf
}

// backup is the Bellman right-hand side at local position j, whose
// edges and counts are given with their values (vals, aligned with
// edges, see gatherEdges): the expectation over throws of the best
// edge's value. A throw whose only edge leads back to j itself (a lost
// throw that gives another throw, J5, A5) is solved for: V = A + P V
// gives V = A / (1 - P).
func (g *graph) backup(vals []float64, edges []uint32, counts uint16, j int) float64 {
	self := uint32(j)
	total, selfP := 0.0, 0.0
	for t, p := range g.probs {
		cnt := int(counts>>(3*t)) & maxEdges
		if cnt == 1 && edges[0] == self {
			selfP += p
		} else {
			best := 0.0
			for _, w := range vals[:cnt] {
				best = max(best, w)
			}
			total += p * best
		}
		edges, vals = edges[cnt:], vals[cnt:]
	}
	if selfP > 0 {
		return total / (1 - selfP)
	}
	return total
}

// policyRow calls f for each throw of the chunk's k-th position with
// its probability and the best edge under v (the first of equals).
func (g *graph) policyRow(v values, ch *edgeChunk, k int, f func(prob float64, e uint32)) {
	edges, counts := ch.row(k)
	for t, p := range g.probs {
		cnt := int(counts>>(3*t)) & maxEdges
		best, bestVal := uint32(0), -1.0
		for _, e := range edges[:cnt] {
			if w := v.edge(e); w > bestVal {
				best, bestVal = e, w
			}
		}
		f(p, best)
		edges = edges[cnt:]
	}
}
