package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// countBar draws "WHAT [####......]  42% 420/1000" on one line of a
// terminal, redrawn at most five times a second, for long work counted
// in steps (the turns analyze judges). A nil *countBar draws nothing.
type countBar struct {
	w    io.Writer
	what string
	last time.Time
	done int
}

// newCountBar is a bar on w when w is a terminal or force asks for it
// anyway (--progress), else nil.
func newCountBar(w io.Writer, what string, force bool) *countBar {
	if !force && !isTerminal(w) {
		return nil
	}
	return &countBar{w: w, what: what}
}

// show draws done of total, unless it drew less than 0.2 s ago and the
// work is not finished.
func (b *countBar) show(done, total int) {
	if b == nil || done < total && time.Since(b.last) < 200*time.Millisecond {
		return
	}
	b.last, b.done = time.Now(), done
	const width = 30
	n := width * done / max(total, 1)
	fmt.Fprintf(b.w, "\r%s [%s%s] %3d%% %d/%d ", b.what, strings.Repeat("#", n), strings.Repeat(".", width-n), 100*done/max(total, 1), done, total)
}

// end ends the bar's line.
func (b *countBar) end() {
	if b != nil && !b.last.IsZero() {
		fmt.Fprintln(b.w)
	}
}
