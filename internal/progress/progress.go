// Package progress draws the one-line progress bars of long commands
// (passage solve, analyze and sim, cmd/train): one look and one redraw
// rate for all of them, and the rule that the line left on the screen is
// the last state reported, not one a throttled redraw skipped past.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Every is the least time between two redraws: five a second is smooth
// to the eye and costs nothing next to the work being counted.
const Every = 200 * time.Millisecond

// width is the number of cells between a gauge's brackets.
const width = 30

// IsTerminal reports whether w is a terminal: bars are drawn only there
// unless asked for (--progress), since a log file would fill with them.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Bar is one line of a writer redrawn in place. A nil *Bar draws
// nothing, so callers hold one whether or not a bar is wanted. It is not
// safe for concurrent use: one goroutine draws.
type Bar struct {
	w     io.Writer
	last  time.Time
	drawn bool // the writer's current line holds the bar
	// latest is the last line shown, drawn or not; fresh says a
	// throttled Show has not drawn it yet, so End must.
	latest string
	fresh  bool
	now    func() time.Time // the clock: tests set their own
}

// New is a bar on w when w is a terminal or force asks for one anyway,
// else nil.
func New(w io.Writer, force bool) *Bar {
	if !force && !IsTerminal(w) {
		return nil
	}
	return &Bar{w: w, now: time.Now}
}

// Show makes line the bar's state and draws it, unless the bar was drawn
// less than Every ago.
func (b *Bar) Show(line string) {
	if b == nil {
		return
	}
	b.latest, b.fresh = line, true
	if b.now().Sub(b.last) >= Every {
		b.draw()
	}
}

// Draw makes line the bar's state and draws it now (for a caller that
// keeps its own clock, as a ticker).
func (b *Bar) Draw(line string) {
	if b == nil {
		return
	}
	b.latest = line
	b.draw()
}

func (b *Bar) draw() {
	b.last, b.fresh, b.drawn = b.now(), false, true
	// The spaces after the line rub out the end of a longer one before.
	fmt.Fprintf(b.w, "\r%s   ", b.latest)
}

// Break ends the bar's line, so that other output starts on a line of
// its own; the next Show or Draw starts a new bar line.
func (b *Bar) Break() {
	if b != nil && b.drawn {
		fmt.Fprintln(b.w)
		b.drawn = false
	}
}

// Note prints line under the bar.
func (b *Bar) Note(line string) {
	if b == nil {
		return
	}
	b.Break()
	fmt.Fprintln(b.w, line)
}

// End draws the last state shown if a throttled Show skipped it, and
// ends the bar's line.
func (b *Bar) End() {
	if b == nil {
		return
	}
	if b.fresh {
		b.draw()
	}
	b.Break()
}

// Gauge is "[#########.....................]  30%" for done of total.
func Gauge(done, total int64) string {
	return Cells(done, total) + " " + Percent(done, total)
}

// Cells is the gauge's bracketed cells alone, for a line that words the
// share itself.
func Cells(done, total int64) string {
	total = max(total, 1)
	done = min(max(done, 0), total)
	n := int(width * done / total)
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}

// Percent is done of total as a whole percent, three columns wide.
func Percent(done, total int64) string {
	total = max(total, 1)
	return fmt.Sprintf("%3d%%", 100*min(max(done, 0), total)/total)
}

// Pace is the rate over elapsed of the work done now (done minus from,
// the work an earlier run had done, which a resumed run does not count)
// and the time left at that rate to reach total; a negative left is not
// yet known. The caller reads the clock (its own, in tests), as Bar does.
func Pace(elapsed time.Duration, from, done, total int) (perSec float64, left time.Duration) {
	now := done - from
	if now <= 0 || elapsed <= 0 {
		return 0, -1
	}
	perSec = float64(now) / elapsed.Seconds()
	return perSec, time.Duration(float64(elapsed) / float64(now) * float64(total-done)).Round(time.Second)
}

// Left words a time left from Pace: "?" while unknown, else m:ss.
func Left(left time.Duration) string {
	if left < 0 {
		return "?"
	}
	secs := int(left.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
