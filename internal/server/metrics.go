package server

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// metrics are the server's counters, written by hand in the Prometheus
// text format at /metrics.
type metrics struct {
	conns       atomic.Int64 // open WebSocket connections
	subscribers atomic.Int64 // WebSocket clients following a live game
	moves       atomic.Int64 // moves played since start
	requests    atomic.Int64 // HTTP requests served

	mu sync.Mutex
	// perSecond counts moves in each of the last len(perSecond) seconds,
	// indexed by Unix second modulo its length.
	perSecond [16]int64
	stamp     [16]int64
	// lat holds the latest move-to-broadcast latencies, a ring.
	lat    [4096]time.Duration
	latN   int64
	latSum time.Duration
}

// rateWindow is the number of whole seconds moves per second averages.
const rateWindow = 10

func (m *metrics) move() {
	m.moves.Add(1)
	now := time.Now().Unix()
	m.mu.Lock()
	i := now % int64(len(m.perSecond))
	if m.stamp[i] != now {
		m.stamp[i], m.perSecond[i] = now, 0
	}
	m.perSecond[i]++
	m.mu.Unlock()
}

func (m *metrics) latency(d time.Duration) {
	m.mu.Lock()
	m.lat[m.latN%int64(len(m.lat))] = d
	m.latN++
	m.latSum += d
	m.mu.Unlock()
}

// rate is the moves per second over the last rateWindow whole seconds.
func (m *metrics) rate() float64 {
	now := time.Now().Unix()
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for s := now - rateWindow; s < now; s++ {
		i := s % int64(len(m.perSecond))
		if m.stamp[i] == s {
			n += m.perSecond[i]
		}
	}
	return float64(n) / rateWindow
}

// Latencies returns the recorded move-to-broadcast latencies (the
// latest few thousand), sorted.
func (m *metrics) latencies() []time.Duration {
	m.mu.Lock()
	n := min(m.latN, int64(len(m.lat)))
	out := slices.Clone(m.lat[:n])
	m.mu.Unlock()
	slices.Sort(out)
	return out
}

// quantile of sorted durations, nearest rank.
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// write writes the metrics in the Prometheus text format.
func (m *metrics) write(w io.Writer, liveGames int) {
	lat := m.latencies()
	m.mu.Lock()
	count, sum := m.latN, m.latSum
	m.mu.Unlock()
	fmt.Fprintf(w, "# HELP passage_live_games Games in play or waiting for players, held in memory.\n")
	fmt.Fprintf(w, "# TYPE passage_live_games gauge\npassage_live_games %d\n", liveGames)
	fmt.Fprintf(w, "# HELP passage_connections Open WebSocket connections following a game.\n")
	fmt.Fprintf(w, "# TYPE passage_connections gauge\npassage_connections %d\n", m.conns.Load())
	fmt.Fprintf(w, "# HELP passage_subscribers WebSocket clients following a game in play.\n")
	fmt.Fprintf(w, "# TYPE passage_subscribers gauge\npassage_subscribers %d\n", m.subscribers.Load())
	fmt.Fprintf(w, "# HELP passage_moves_total Moves played since the server started.\n")
	fmt.Fprintf(w, "# TYPE passage_moves_total counter\npassage_moves_total %d\n", m.moves.Load())
	fmt.Fprintf(w, "# HELP passage_moves_per_second Moves per second over the last %d seconds.\n", rateWindow)
	fmt.Fprintf(w, "# TYPE passage_moves_per_second gauge\npassage_moves_per_second %g\n", m.rate())
	fmt.Fprintf(w, "# HELP passage_http_requests_total HTTP requests served.\n")
	fmt.Fprintf(w, "# TYPE passage_http_requests_total counter\npassage_http_requests_total %d\n", m.requests.Load())
	fmt.Fprintf(w, "# HELP passage_move_broadcast_seconds Time from a move's submission to its broadcast (quantiles over the latest %d moves).\n", len(m.lat))
	fmt.Fprintf(w, "# TYPE passage_move_broadcast_seconds summary\n")
	for _, q := range []float64{0.5, 0.9, 0.99} {
		fmt.Fprintf(w, "passage_move_broadcast_seconds{quantile=\"%g\"} %g\n", q, quantile(lat, q).Seconds())
	}
	fmt.Fprintf(w, "passage_move_broadcast_seconds_sum %g\npassage_move_broadcast_seconds_count %d\n", sum.Seconds(), count)
}
