package endgame

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"unsafe"
)

// DiskGraphPositions is the largest layer group whose move graph the
// solver keeps in memory (about 55 bytes a position). A larger group's
// graph, such as K=4's 4+4 group (300 million positions, some 16 GB),
// goes to files in Options.Scratch and is read back in every sweep;
// the largest K=3 group (10.7 million positions) stays in memory.
const DiskGraphPositions = 1 << 25

// A diskGraph holds a group's edge chunks and order in files of a
// directory of its own, deleted when the group is solved. Each chunk is
// its positions' throw counts (uint16) then its edges (uint32),
// little-endian, written once in the order the workers finish them and
// read back whole by position: the workers take chunks in order, so
// sweeps read the file nearly front to back.
type diskGraph struct {
	dir     string
	edges   *os.File
	order   *os.File
	changes *os.File // the last sweep's changes, for aggregation
	mu      sync.Mutex
	end     int64   // bytes written to edges
	offs    []int64 // chunk ci's bytes start at offs[ci]
	sizes   []int32 // and are sizes[ci] long
	err     error   // the first write error
}

func newDiskGraph(scratch string, chunks int) (*diskGraph, error) {
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(scratch, "graph-")
	if err != nil {
		return nil, err
	}
	d := &diskGraph{dir: dir, offs: make([]int64, chunks), sizes: make([]int32, chunks)}
	for _, f := range []struct {
		name string
		to   **os.File
	}{{"edges", &d.edges}, {"order", &d.order}, {"changes", &d.changes}} {
		if *f.to, err = os.Create(filepath.Join(dir, f.name)); err != nil {
			d.close()
			return nil, err
		}
	}
	return d, nil
}

// close deletes the files.
func (d *diskGraph) close() {
	for _, f := range []*os.File{d.edges, d.order, d.changes} {
		if f != nil {
			f.Close()
		}
	}
	os.RemoveAll(d.dir)
}

// writeChunk appends chunk ci, encoding it in buf: its counts, padded
// to a whole number of uint32, then its edges, so that a reader on a
// little-endian machine can use the bytes it reads as they are.
func (d *diskGraph) writeChunk(ci int, ch *edgeChunk, buf *[]byte) error {
	b := (*buf)[:0]
	for _, c := range ch.counts {
		b = binary.LittleEndian.AppendUint16(b, c)
	}
	if len(ch.counts)%2 != 0 {
		b = binary.LittleEndian.AppendUint16(b, 0)
	}
	for _, e := range ch.edges {
		b = binary.LittleEndian.AppendUint32(b, e)
	}
	*buf = b
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.err != nil {
		return d.err
	}
	if _, err := d.edges.WriteAt(b, d.end); err != nil {
		d.err = fmt.Errorf("endgame: writing the move graph: %w", err)
		return d.err
	}
	d.offs[ci], d.sizes[ci] = d.end, int32(len(b))
	d.end += int64(len(b))
	return nil
}

// readChunk reads chunk ci of npos positions into ch, with words as the
// read buffer; throws is the number of throws a position has.
func (d *diskGraph) readChunk(ci, npos, throws int, ch *edgeChunk, words *[]uint32) error {
	size := int(d.sizes[ci])
	if cap(*words) < size/4 {
		*words = make([]uint32, size/4)
	}
	w := (*words)[:size/4]
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), size)
	if _, err := d.edges.ReadAt(b, d.offs[ci]); err != nil {
		return fmt.Errorf("endgame: reading the move graph: %w", err)
	}
	pad := (npos + 1) / 2 // words of counts
	if littleEndian {
		ch.counts = unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(w))), npos)
		ch.edges = w[pad:]
	} else {
		ch.counts = make([]uint16, npos)
		for k := range npos {
			ch.counts[k] = binary.LittleEndian.Uint16(b[2*k:])
		}
		ch.edges = w[pad:]
		for k := range ch.edges {
			ch.edges[k] = binary.LittleEndian.Uint32(b[4*(pad+k):])
		}
	}
	ch.first = ch.first[:0]
	next := uint32(0)
	for _, c := range ch.counts {
		ch.first = append(ch.first, next)
		for t := range throws {
			next += uint32(c>>(3*t)) & maxEdges
		}
	}
	if int(next) != len(ch.edges) {
		return fmt.Errorf("endgame: the move graph's chunk %d is damaged", ci)
	}
	return nil
}

// littleEndian is whether this machine stores numbers as the graph
// files do, so that their bytes are used as read.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// writeOrder stores the local position -> table index map.
func (d *diskGraph) writeOrder(order []uint32) error {
	w := bufio.NewWriterSize(d.order, 1<<20)
	var b [4]byte
	for _, i := range order {
		binary.LittleEndian.PutUint32(b[:], i)
		w.Write(b[:])
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("endgame: writing the move graph: %w", err)
	}
	return nil
}

// eachOrder calls f with every local position and its table index, in
// local order.
func (g *graph) eachOrder(f func(j int, i uint32)) error {
	if g.disk == nil {
		for j, i := range g.order {
			f(j, i)
		}
		return nil
	}
	r := bufio.NewReaderSize(io.NewSectionReader(g.disk.order, 0, 4*int64(g.n)), 1<<20)
	var b [4]byte
	for j := range g.n {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return fmt.Errorf("endgame: reading the move graph's order: %w", err)
		}
		f(j, binary.LittleEndian.Uint32(b[:]))
	}
	return nil
}

// close deletes a disk graph's files.
func (g *graph) close() {
	if g.disk != nil {
		g.disk.close()
	}
}

// chunkReader is one worker's buffers for reading a disk graph.
type chunkReader struct {
	words []uint32
	ch    edgeChunk
}

// forChunks calls f, on up to workers goroutines, for every chunk that
// holds positions of [lo, hi): with the chunk, its first local position
// base and the part [from, to) of it inside [lo, hi). A worker takes per
// consecutive chunks at a time and calls f for them in order, so that
// sums kept per per*graphChunk positions do not depend on the workers.
func (g *graph) forChunks(lo, hi, per, workers int, f func(w int, ch *edgeChunk, base, from, to int)) error {
	if hi <= lo {
		return nil
	}
	c0, c1 := lo/graphChunk, (hi-1)/graphChunk+1
	workers = max(1, workers)
	if g.disk != nil && len(g.readers) < workers {
		g.readers = make([]chunkReader, workers)
	}
	var failed atomic.Pointer[error]
	parallelWorkers(c1-c0, per, workers, func(w, from, to int) {
		for ci := c0 + from; ci < c0+to && failed.Load() == nil; ci++ {
			base := ci * graphChunk
			npos := min(graphChunk, g.n-base)
			var ch *edgeChunk
			if g.disk == nil {
				ch = &g.chunks[ci]
			} else {
				rd := &g.readers[w]
				if err := g.disk.readChunk(ci, npos, len(g.probs), &rd.ch, &rd.words); err != nil {
					failed.CompareAndSwap(nil, &err)
					return
				}
				ch = &rd.ch
			}
			f(w, ch, base, max(lo, base), min(hi, base+npos))
		}
	})
	if err := failed.Load(); err != nil {
		return *err
	}
	return nil
}

// changeLog records each position's change in a sweep, which an
// aggregation step bins positions by: in memory, or for a disk graph in
// its changes file, written and read front to back.
type changeLog struct {
	mem  []float32
	file *os.File
	w    *bufio.Writer
	n    int
}

func (g *graph) changeLog() *changeLog {
	if g.disk == nil {
		return &changeLog{mem: make([]float32, g.n), n: g.n}
	}
	return &changeLog{file: g.disk.changes, w: bufio.NewWriterSize(g.disk.changes, 1<<20), n: g.n}
}

// start begins a sweep's changes; they are put in local order.
func (l *changeLog) start() error {
	if l.file == nil {
		return nil
	}
	_, err := l.file.Seek(0, io.SeekStart)
	l.w.Reset(l.file)
	return err
}

func (l *changeLog) put(j int, c float32) {
	if l.file == nil {
		l.mem[j] = c
		return
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], math.Float32bits(c))
	l.w.Write(b[:])
}

// finish ends a sweep's changes.
func (l *changeLog) finish() error {
	if l.file == nil {
		return nil
	}
	if err := l.w.Flush(); err != nil {
		return fmt.Errorf("endgame: writing the sweep's changes: %w", err)
	}
	return nil
}

// each calls f with every position's change of the last sweep, in local
// order.
func (l *changeLog) each(f func(j int, c float32)) error {
	if l.file == nil {
		for j, c := range l.mem {
			f(j, c)
		}
		return nil
	}
	r := bufio.NewReaderSize(io.NewSectionReader(l.file, 0, 4*int64(l.n)), 1<<20)
	var b [4]byte
	for j := range l.n {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return errors.Join(errors.New("endgame: reading the sweep's changes"), err)
		}
		f(j, math.Float32frombits(binary.LittleEndian.Uint32(b[:])))
	}
	return nil
}
