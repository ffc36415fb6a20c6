package main

import (
	"fmt"
	"io"

	"passage/internal/progress"
)

// countBar is a progress bar for work counted in steps (the turns
// analyze judges, the positions verify checks): "WHAT [####....]  42%
// 420/1000". A nil *countBar draws nothing.
type countBar struct {
	bar  *progress.Bar
	what string
}

// newCountBar is a bar on w when w is a terminal or force asks for it
// anyway (--progress), else nil.
func newCountBar(w io.Writer, what string, force bool) *countBar {
	bar := progress.New(w, force)
	if bar == nil {
		return nil
	}
	return &countBar{bar: bar, what: what}
}

// show makes done of total the bar's state.
func (b *countBar) show(done, total int) {
	if b != nil {
		b.bar.Show(fmt.Sprintf("%s %s %d/%d", b.what, progress.Gauge(int64(done), int64(total)), done, total))
	}
}

// end draws the last state and ends the bar's line.
func (b *countBar) end() {
	if b != nil {
		b.bar.End()
	}
}
