package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestShowThrottlesAndEndDrawsTheLast(t *testing.T) {
	var out bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	b := New(&out, true)
	b.now = clock.now
	b.Show("one")
	b.Show("two") // too soon: not drawn
	clock.t = clock.t.Add(Every)
	b.Show("three")
	b.Show("four") // too soon again, but the last: End draws it
	b.End()
	want := "\rone   \rthree   \rfour   \n"
	if out.String() != want {
		t.Errorf("drawn %q, want %q", out.String(), want)
	}
}

func TestNoteGoesUnderTheBar(t *testing.T) {
	var out bytes.Buffer
	b := New(&out, true)
	b.Draw("sweep 1")
	b.Note("a warning")
	b.Draw("sweep 2")
	b.End()
	b.End() // a second end adds nothing
	want := "\rsweep 1   \na warning\n\rsweep 2   \n"
	if out.String() != want {
		t.Errorf("drawn %q, want %q", out.String(), want)
	}
}

func TestEndWithoutDrawingPrintsNothing(t *testing.T) {
	var out bytes.Buffer
	b := New(&out, true)
	b.End()
	b.Break()
	if out.Len() != 0 {
		t.Errorf("drawn %q, want nothing", out.String())
	}
}

func TestNoBarOffATerminal(t *testing.T) {
	var out bytes.Buffer
	b := New(&out, false) // a buffer is no terminal
	if b != nil {
		t.Fatal("a bar on a buffer without force")
	}
	// A nil bar is safe to use and draws nothing.
	b.Show("x")
	b.Draw("x")
	b.Note("x")
	b.Break()
	b.End()
}

func TestGauge(t *testing.T) {
	for _, c := range []struct {
		done, total int64
		want        string
	}{
		{0, 10, "[" + strings.Repeat(".", 30) + "]   0%"},
		{3, 10, "[" + strings.Repeat("#", 9) + strings.Repeat(".", 21) + "]  30%"},
		{10, 10, "[" + strings.Repeat("#", 30) + "] 100%"},
		{12, 10, "[" + strings.Repeat("#", 30) + "] 100%"}, // never past full
		{-1, 10, "[" + strings.Repeat(".", 30) + "]   0%"},
		{0, 0, "[" + strings.Repeat(".", 30) + "]   0%"}, // no division by zero
	} {
		if got := Gauge(c.done, c.total); got != c.want {
			t.Errorf("Gauge(%d, %d) = %q, want %q", c.done, c.total, got, c.want)
		}
	}
}

func TestPaceCountsOnlyThisRunsWork(t *testing.T) {
	// 50 games in 10 s: 5 a second; 100 to go: 20 s.
	if perSec, left := Pace(10*time.Second, 100, 150, 250); perSec != 5 || left != 20*time.Second {
		t.Errorf("rate %v, left %s; want 5 and 20s", perSec, left)
	}
	if _, left := Pace(10*time.Second, 100, 100, 250); left >= 0 {
		t.Errorf("left %s with nothing done yet, want unknown", left)
	}
	if _, left := Pace(0, 100, 150, 250); left >= 0 {
		t.Errorf("left %s with no time elapsed, want unknown", left)
	}
}

func TestLeft(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{-1, "?"}, {0, "0:00"}, {62 * time.Second, "1:02"}, {3725 * time.Second, "62:05"}} {
		if got := Left(c.d); got != c.want {
			t.Errorf("Left(%s) = %q, want %q", c.d, got, c.want)
		}
	}
}
