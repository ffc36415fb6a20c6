package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of the
// server's own (so that several servers, in tests, do not collide),
// with the Go runtime and process collectors. Rates (moves per second)
// are left to PromQL: rate(passage_moves_total[1m]).
type metrics struct {
	reg *prometheus.Registry

	moves     prometheus.Counter
	created   prometheus.Counter
	finished  *prometheus.CounterVec
	abandoned prometheus.Counter
	refused   *prometheus.CounterVec
	requests  *prometheus.CounterVec
	broadcast prometheus.Histogram

	conns     prometheus.Gauge
	forwarded prometheus.Counter
}

// newMetrics registers the metrics, each labelled with the node's name
// when there is one (several nodes share one store); games in memory
// and searches are read when scraped.
func newMetrics(node string, gamesInMemory func() float64, queued, running func() float64) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	var reg prometheus.Registerer = m.reg
	if node != "" {
		reg = prometheus.WrapRegistererWith(prometheus.Labels{"node": node}, m.reg)
	}
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "passage_moves_total", Help: "Moves played since the server started."})
	m.created = prometheus.NewCounter(prometheus.CounterOpts{Name: "passage_games_created_total", Help: "Games created."})
	m.finished = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "passage_games_finished_total",
		Help: "Games over, by how they ended: move (the last move), resign, abort, noStart, claim or noReturn."}, []string{"how"})
	m.abandoned = prometheus.NewCounter(prometheus.CounterOpts{Name: "passage_games_abandoned_total", Help: "Waiting games given up after the waiting time."})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "passage_refused_requests_total",
		Help: "Requests refused to protect the server or its users, by reason."}, []string{"reason"})
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "passage_http_requests_total",
		Help: "HTTP requests served, by the class of their status (2xx, 3xx, 4xx, 5xx; 1xx for a WebSocket's switch)."}, []string{"code"})
	m.broadcast = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "passage_move_broadcast_seconds",
		Help:    "Time from a move's submission to its broadcast to the game's clients (the store write included).",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}})
	m.conns = prometheus.NewGauge(prometheus.GaugeOpts{Name: "passage_websocket_connections", Help: "Open WebSocket connections."})
	m.forwarded = prometheus.NewCounter(prometheus.CounterOpts{Name: "passage_forwarded_requests_total", Help: "Requests forwarded to the node that runs their game."})
	reg.MustRegister(m.moves, m.forwarded, m.created, m.finished, m.abandoned, m.refused, m.requests, m.broadcast, m.conns,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "passage_games_in_memory", Help: "Games held in memory (their actors)."}, gamesInMemory),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "passage_searches_queued", Help: "Computer moves waiting for a search slot."}, queued),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "passage_searches_running", Help: "Computer moves being searched."}, running),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	// Every reason appears from the start, at zero.
	for _, r := range refusalReasons {
		m.refused.WithLabelValues(r)
	}
	return m
}

// refusalReasons are the reasons of passage_refused_requests_total.
var refusalReasons = []string{"rate_limit", "games_full", "computer_games", "review_queue", "review_client", "client_streams", "cross_origin", "content_type", "shutdown", "elsewhere", "reloading"}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
