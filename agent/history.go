package agent

// HistoryWindow is how many of a game's last positions a History
// counts. A hold comes back to its few positions within a few dozen
// turns, so the window changes nothing there, while it bounds the
// memory a game that goes on for ever can take (a server's game of two
// people holding each other, say).
const HistoryWindow = 4096

// History counts the positions a game has been at, over its last
// HistoryWindow positions: what a player told the game's history
// (ChooseWithHistory) avoids coming back to. K is the position, or its
// notation. A nil *History is a game whose history is not kept.
type History[K comparable] struct {
	counts map[K]int
	last   []K // the positions counted, a ring once full
	next   int // where the next position goes in last once it is full
}

// NewHistory is the history of a game that starts at start.
func NewHistory[K comparable](start K) *History[K] {
	h := &History[K]{counts: map[K]int{}}
	h.Add(start)
	return h
}

// Add counts position k, the game's latest, and forgets the oldest one
// counted if the window is full.
func (h *History[K]) Add(k K) {
	if len(h.last) < HistoryWindow {
		h.last = append(h.last, k)
	} else {
		old := h.last[h.next]
		if h.counts[old]--; h.counts[old] == 0 {
			delete(h.counts, old)
		}
		h.last[h.next] = k
		h.next = (h.next + 1) % HistoryWindow
	}
	h.counts[k]++
}

// Reached is how many times the game has been at k within the window.
func (h *History[K]) Reached(k K) int { return h.counts[k] }

// Func is Reached as a function for ChooseWithHistory, or nil for a nil
// History.
func (h *History[K]) Func() func(K) int {
	if h == nil {
		return nil
	}
	return h.Reached
}
