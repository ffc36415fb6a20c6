package endgame

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"sync"
	"testing"

	"passage/senet"
)

func mustClass(t testing.TB, name string, opts map[string]string, k int) *Class {
	t.Helper()
	r, err := senet.New(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewClass(r, k)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// solved keeps the values the tests solved with the default options,
// by ruleset and K, so that each class is solved once per test binary
// (under the race detector a solve is ten times slower).
var (
	solvedMu sync.Mutex
	solved   = map[string][]float32{}
)

// mustValues solves c with the default options, once per ruleset and K,
// and returns the unquantized values; callers must not change them.
func mustValues(t testing.TB, c *Class) []float32 {
	t.Helper()
	solvedMu.Lock()
	defer solvedMu.Unlock()
	key := fmt.Sprint(c.Rules.ID(), "/", c.K)
	if vals, ok := solved[key]; ok {
		return vals
	}
	s, err := newSolver(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.run(context.Background(), Options{}); err != nil {
		t.Fatal(err)
	}
	solved[key] = s.vals
	return s.vals
}

// mustSolve is the table of mustValues.
func mustSolve(t testing.TB, c *Class) *Table {
	t.Helper()
	vals := mustValues(t, c)
	tab := &Table{Class: c, vals: make([]uint16, len(vals))}
	for i, v := range vals {
		tab.vals[i] = quantize(float64(v))
	}
	return tab
}

// TestIndexRoundTrip checks that Index and Boards are inverse and that
// the numbering has no holes: every index of every layer decodes to a
// board of the layer's sizes that encodes back to the same index.
func TestIndexRoundTrip(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 2)
	want := int64(0)
	for _, l := range c.Layers() {
		start, n := c.Span(l)
		if start != want {
			t.Fatalf("layer %v starts at %d, want %d", l, start, want)
		}
		want += n
		for i := start; i < start+n; i++ {
			m, o := c.Boards(l, i)
			if bits.OnesCount32(m) != l.A || bits.OnesCount32(o) != l.B || m&o != 0 || (m|o)&(1<<senet.Water) != 0 {
				t.Fatalf("index %d of layer %v decodes to %x %x", i, l, m, o)
			}
			j, ok := c.Index(m, o)
			if !ok || j != i {
				t.Fatalf("index %d decodes to %x %x, which encodes to %d %v", i, m, o, j, ok)
			}
		}
	}
	if want != c.Size() {
		t.Fatalf("layers cover %d, size %d", want, c.Size())
	}
	// 29*28 + 2*29*C(28,2) + C(29,2)*C(27,2)
	if c.Size() != 812+2*29*378+406*351 {
		t.Fatalf("K=2 class has %d positions", c.Size())
	}
}

// TestTooManyPieces: a class needs a piece of each side borne off.
func TestTooManyPieces(t *testing.T) {
	if _, err := NewClass(senet.MustNew("senet-jequier", nil), 5); err == nil {
		t.Fatal("NewClass accepted 5 pieces of 5")
	}
	if _, err := NewClass(senet.MustNew("senet-szenet", nil), 0); err == nil {
		t.Fatal("NewClass accepted 0 pieces")
	}
}

var (
	osReadFile  = os.ReadFile
	osWriteFile = func(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }
)
