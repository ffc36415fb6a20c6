package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter is a token bucket per client (golang.org/x/time/rate).
type limiter struct {
	r     rate.Limit
	burst int

	mu      sync.Mutex
	clients map[string]*rate.Limiter
}

func newLimiter(r rate.Limit, burst int) *limiter {
	return &limiter{r: r, burst: burst, clients: map[string]*rate.Limiter{}}
}

// allow takes one token of client's bucket; when there is none it takes
// nothing and says how long until there is.
func (l *limiter) allow(client string, now time.Time) (ok bool, retry time.Duration) {
	l.mu.Lock()
	lim := l.clients[client]
	if lim == nil {
		lim = rate.NewLimiter(l.r, l.burst)
		l.clients[client] = lim
	}
	l.mu.Unlock()
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// forget drops the clients whose buckets are full again: they are as
// new, and the map does not grow with every address ever seen.
func (l *limiter) forget(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c, lim := range l.clients {
		if lim.TokensAt(now) >= float64(l.burst) {
			delete(l.clients, c)
		}
	}
}

// limit refuses the request with 429 and Retry-After when client has
// used its bucket of l.
func limit(l *limiter, client, what string) error {
	if ok, retry := l.allow(client, time.Now()); !ok {
		secs := int((retry + time.Second - 1) / time.Second)
		return refusal(http.StatusTooManyRequests, "rate_limit", retry,
			"too many %s from your address: try again in %d s", what, secs).as("rate_limited")
	}
	return nil
}

// clientID is who a request comes from, for the rate limits and the
// cap on computer games: the address in the configured trusted proxy
// header (the last entry of a list, the one the proxy added), or the
// connection's remote address. An IPv6 address counts by its /64
// network, which one host usually has whole. A request forwarded by
// another node with the nodes' secret counts for the client that node
// named (relay.go).
func (s *Server) clientID(r *http.Request) string {
	if c, ok := s.peerClient(r); ok {
		return c // as the node that forwarded the request saw it
	}
	addr := ""
	if h := s.cfg.ClientHeader; h != "" {
		if v := r.Header.Values(h); len(v) > 0 {
			list := strings.Split(v[len(v)-1], ",")
			addr = strings.TrimSpace(list[len(list)-1])
		}
	}
	if addr == "" {
		addr = r.RemoteAddr
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
	}
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// perClient counts what each client holds at once (computer-only games,
// streams), for a cap per client; the map keeps only clients that hold
// something.
type perClient map[string]int

// take counts one more for client, unless it holds limit already.
func (p perClient) take(client string, limit int) bool {
	if p[client] >= limit {
		return false
	}
	p[client]++
	return true
}

// release counts one less for client.
func (p perClient) release(client string) {
	if p[client]--; p[client] <= 0 {
		delete(p, client)
	}
}

// streamCap serves a game stream unless its client has Config.MaxStreams
// open already (429 too_many_streams). Each stream holds a connection,
// a goroutine and its game in memory for as long as it lasts, so one
// address must not open them without end. It wraps the route outside
// the cluster's forwarding, so that a stream relayed to another node
// counts on this one too.
func (s *Server) streamCap(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		client := s.clientID(r)
		s.mu.Lock()
		ok := s.streams.take(client, s.cfg.MaxStreams)
		s.mu.Unlock()
		if !ok {
			s.fail(w, r, refusal(http.StatusTooManyRequests, "client_streams", 30*time.Second,
				"you have %d game streams open, as many as one address may: close a game's page", s.cfg.MaxStreams).as("too_many_streams"))
			return
		}
		defer func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.streams.release(client)
		}()
		next(w, r)
	}
}
