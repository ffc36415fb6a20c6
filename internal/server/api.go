package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// maxBody is the largest request body the API reads.
const maxBody = 64 << 10

// minTimeLimit and maxTimeLimit bound a per-move time limit, in
// seconds (0 is none). Below 10 s a creator who moves first could have
// the joining player's seat go away, then claim the win or hand the seat
// over, before the other could play (the lobby offers 30 s, 1 min and
// 5 min).
const (
	minTimeLimit = 10
	maxTimeLimit = 24 * 3600
)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api/rulesets", s.handleRulesets)
	mux.HandleFunc("GET /api/rulesets/{name}", s.handleRuleset)
	mux.HandleFunc("GET /api/games", s.handleListGames)
	mux.HandleFunc("POST /api/games", s.handleCreateGame)
	mux.HandleFunc("GET /api/games/{id}", s.gameRoute(s.handleGetGame))
	mux.HandleFunc("POST /api/games/{id}/seats/{seat}", s.gameRoute(s.handleTakeSeat))
	mux.HandleFunc("POST /api/games/{id}/throw", s.gameRoute(s.handleThrow))
	mux.HandleFunc("POST /api/games/{id}/move", s.gameRoute(s.handleMove))
	mux.HandleFunc("POST /api/games/{id}/resign", s.gameRoute(s.endHandler(cmdResign)))
	mux.HandleFunc("POST /api/games/{id}/abort", s.gameRoute(s.endHandler(cmdAbort)))
	mux.HandleFunc("POST /api/games/{id}/claim", s.gameRoute(s.endHandler(cmdClaim)))
	mux.HandleFunc("POST /api/games/{id}/handover", s.gameRoute(s.endHandler(cmdHandOver)))
	mux.HandleFunc("POST /api/games/{id}/rematch", s.gameRoute(s.handleRematch))
	mux.HandleFunc("GET /api/games/{id}/events", s.streamCap(s.gameRoute(s.handleEvents)))
	mux.HandleFunc("GET /api/games/{id}/record", s.gameRoute(s.handleRecordText))
	mux.HandleFunc("GET /api/games/{id}/record.json", s.gameRoute(s.handleRecordJSON))
	mux.HandleFunc("GET /api/games/{id}/verify", s.gameRoute(s.handleVerify))
	mux.HandleFunc("GET /api/games/{id}/analysis", s.gameRoute(s.handleAnalysis))
	mux.HandleFunc("GET /api/records.zip", s.handleRecords)
	mux.HandleFunc("GET /cluster/games/{id}/state", s.peerOnly(s.gameRoute(s.handleSnapshot)))
	mux.HandleFunc("POST /cluster/games/{id}/intent", s.peerOnly(s.gameRoute(s.handleRelayedIntent)))
	mux.HandleFunc("POST /cluster/games/{id}/here", s.peerOnly(s.gameRoute(s.handleRelayedStream(false))))
	mux.HandleFunc("POST /cluster/games/{id}/gone", s.peerOnly(s.gameRoute(s.handleRelayedStream(true))))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, newError(http.StatusNotFound, nil, "no such API endpoint: %s %s (see docs/api.md)", r.Method, clip(r.URL.Path)).as("no_endpoint"))
	})
	s.webRoutes(mux)
	return s.guard(compress(mux))
}

// gameRoute checks the game ID before h runs.
func (s *Server) gameRoute(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !validID(r.PathValue("id")) {
			s.fail(w, r, errUnknownGame)
			return
		}
		s.clusterRoute(h)(w, r)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, `{"error":"internal error"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// decode reads a JSON body into v: one object, known fields only, at
// most maxBody bytes. An empty body is allowed when empty is true.
func decode(w http.ResponseWriter, r *http.Request, v any, empty bool) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	return decodeBody(body, v, empty)
}

// readBody reads the request body, at most maxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, newError(http.StatusRequestEntityTooLarge, nil, "request body larger than %d bytes", maxBody)
		}
		return nil, newError(http.StatusBadRequest, nil, "reading the request body: %v", err)
	}
	return body, nil
}

// decodeBody decodes a body readBody read as decode does.
func decodeBody(body []byte, v any, empty bool) error {
	if len(bytes.TrimSpace(body)) == 0 {
		if empty {
			return nil
		}
		return newError(http.StatusBadRequest, nil, "missing JSON body")
	}
	return decodeBytes(body, v)
}

func decodeBytes(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return newError(http.StatusBadRequest, nil, "malformed JSON: %s", jsonProblem(err))
	}
	if dec.More() {
		return newError(http.StatusBadRequest, nil, "malformed JSON: more than one value")
	}
	return nil
}

// bearer is the seat token of the request's Authorization header.
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if tok, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(tok)
	}
	return ""
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "gamesInMemory": s.GamesInMemory()})
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options"`
	// Seats says who plays each seat, in seat order; empty means the
	// creator takes the first seat and the others wait for people.
	Seats []seatRequest `json:"seats"`
	// TimeLimit is the time, in seconds, a person has for a turn before
	// the computer plays it (0: no limit).
	TimeLimit int `json:"timeLimit"`
	// Start is a position to start from instead of the ruleset's own,
	// for puzzles and analysis.
	Start string `json:"start"`
}

type seatRequest struct {
	Kind string `json:"kind"` // "human" or a computer level
	Take bool   `json:"take"` // a person's seat the creator holds
	// Anyone opens a person's seat to anyone (listed in the lobby);
	// otherwise it is taken with its invite link's secret.
	Anyone bool `json:"anyone"`
}

// inviteView is the link that takes an open seat: with the seat's
// secret for a seat by invitation.
type inviteView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Anyone bool   `json:"anyone"`
	Secret string `json:"secret,omitempty"`
	Path   string `json:"path"`
	URL    string `json:"url"`
}

type createResponse struct {
	Game    gameView     `json:"game"`
	Token   string       `json:"token,omitempty"`
	Seats   []int        `json:"seats"`
	Invites []inviteView `json:"invites"`
}

func (s *Server) handleCreateGame(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		// The node stops taking games (docs/deploy.md): the next try goes
		// to another node, or to this one restarted.
		s.fail(w, r, errDraining)
		return
	}
	var req createRequest
	if err := decode(w, r, &req, false); err != nil {
		s.fail(w, r, err)
		return
	}
	g, kit, err := newGame(req, s.cfg.TimeUnit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	client := s.clientID(r)
	computerOnly := !slices.ContainsFunc(g.Seats, func(seat store.Seat) bool { return seat.Kind == store.Human })
	if computerOnly && s.ownedBy(client) >= s.cfg.MaxComputerGames {
		s.fail(w, r, refusal(http.StatusTooManyRequests, "computer_games", time.Minute,
			"you have %d games between computers in play, as many as one address may: wait for one to end", s.cfg.MaxComputerGames).as("too_many_computer_games"))
		return
	}
	if err := limit(s.creates, client, "new games"); err != nil {
		s.fail(w, r, err)
		return
	}
	if slices.ContainsFunc(g.Seats, openToAnyone) {
		if err := s.lobby.reserve(r.Context(), s.st, client, g.ID, s.cfg.MaxOpenGames, time.Now()); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	st := newTurnState(kit, g, nil)
	needsActor := st.next().kind != actNone // a computer to play, or a time limit to keep
	if needsActor && !s.hasRoom() {
		s.fail(w, r, errFull)
		return
	}
	resp := createResponse{Seats: []int{}, Invites: []inviteView{}}
	for i, seat := range g.Seats {
		if seat.TokenHash == takenByCreator {
			if resp.Token == "" {
				resp.Token = newToken()
			}
			g.Seats[i].TokenHash = hashToken(resp.Token)
			resp.Seats = append(resp.Seats, i)
		}
	}
	if err := s.st.CreateGame(r.Context(), g); err != nil {
		s.fail(w, r, err)
		return
	}
	s.metrics.created.Inc()
	s.log.Info("game created", "game", g.ID, "rules", g.Rules, "status", g.Status, "client", client)
	resp.Invites = invites(s.baseURL(r), kit, g)
	if needsActor {
		a, _, err := s.load(r.Context(), g.ID)
		switch {
		case err != nil:
			// Stored all the same: the sweeper starts it when there is room.
			s.log.Warn("new game not started", "game", g.ID, "err", err)
		case computerOnly && a != nil && !s.own(a, client):
			s.log.Info("computer-only game over its client's cap (created concurrently)", "game", g.ID, "client", client)
		}
	}
	v, err := s.view(r.Context(), g.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	resp.Game = v
	writeJSON(w, http.StatusCreated, resp)
}

// invites are the links of g's open seats, under base (baseURL).
func invites(base string, kit catalog.Kit, g store.Game) []inviteView {
	out := []inviteView{}
	for i, seat := range g.Seats {
		if !seat.Open() {
			continue
		}
		name, _ := game.SeatName(kit.Ruleset, game.Player(i))
		inv := inviteView{Seat: i, Name: name, Anyone: seat.Anyone, Path: fmt.Sprintf("/g/%s?seat=%d", g.ID, i)}
		if !seat.Anyone {
			inv.Secret = inviteSecret(g.Seed, i)
			inv.Path += "&invite=" + inv.Secret
		}
		inv.URL = base + inv.Path
		out = append(out, inv)
	}
	return out
}

// baseURL is the scheme and host of the invite links: Config.PublicURL
// when set (behind a proxy that terminates TLS the request itself says
// http, and the link would send the seat's secret in clear), otherwise
// the scheme and host the client used.
func (s *Server) baseURL(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// takenByCreator marks, in the game newGame builds, the seats the
// creator takes; the handler replaces it with the hash of their token.
const takenByCreator = "creator"

// newGame validates a create request and builds the game to store.
func newGame(req createRequest, unit time.Duration) (store.Game, catalog.Kit, error) {
	bad := func(err error, format string, args ...any) (store.Game, catalog.Kit, error) {
		return store.Game{}, catalog.Kit{}, newError(http.StatusBadRequest, err, format, args...).as("invalid_game")
	}
	if req.Rules == "" {
		return bad(nil, "missing rules: the ruleset's name (GET /api/rulesets lists them)")
	}
	keys := make([]string, 0, len(req.Options))
	for k := range req.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	opts := make([]string, len(keys))
	for i, k := range keys {
		opts[i] = k + "=" + req.Options[k]
	}
	kit, err := catalog.Open(req.Rules, opts)
	if err != nil {
		return bad(err, "%s", clip(err.Error()))
	}
	if len(req.Seats) == 0 {
		// The default: the creator takes seat 0, the others are invites.
		req.Seats = make([]seatRequest, kit.Players())
		for i := range req.Seats {
			req.Seats[i] = seatRequest{Kind: store.Human, Take: i == 0}
		}
	}
	if len(req.Seats) != kit.Players() {
		return bad(nil, "%s has %d seats, the request names %d", kit.ID(), kit.Players(), len(req.Seats))
	}
	kinds := []string{store.Human}
	for _, l := range computerKinds() {
		kinds = append(kinds, l.Name)
	}
	g := store.Game{
		ID: newID(), Rules: kit.ID(), Start: kit.Start(), Status: store.StatusLive,
		Created: time.Now().UTC(),
	}
	g.Updated = g.Created
	for i, seat := range req.Seats {
		if !slices.Contains(kinds, seat.Kind) {
			return bad(nil, "seat %d: unknown kind %q (want one of %s)", i, clip(seat.Kind), strings.Join(kinds, ", "))
		}
		if (seat.Take || seat.Anyone) && seat.Kind != store.Human {
			return bad(nil, "seat %d: only a person's seat can be taken or open to anyone", i)
		}
		if seat.Take && seat.Anyone {
			return bad(nil, "seat %d: a seat you take is not open to anyone", i)
		}
		stored := store.Seat{Kind: seat.Kind, Anyone: seat.Anyone}
		if seat.Take {
			stored.TokenHash = takenByCreator
		}
		if stored.Open() {
			g.Status = store.StatusWaiting
		}
		g.Seats = append(g.Seats, stored)
	}
	if req.TimeLimit != 0 && (req.TimeLimit < minTimeLimit || req.TimeLimit > maxTimeLimit) {
		return bad(nil, "timeLimit %d: want 0 (none) or %d to %d seconds", req.TimeLimit, minTimeLimit, maxTimeLimit)
	}
	g.TimeLimit = time.Duration(req.TimeLimit) * unit
	if req.Start != "" {
		pos, err := kit.Normalize(req.Start)
		if err != nil {
			return bad(err, "start: %s", clip(err.Error()))
		}
		if over, _, _ := kit.Result(pos); over {
			return bad(game.ErrGameOver, "start: the game is over in that position")
		}
		g.Start = pos
	}
	g.Pos = g.Start
	g.Seed = fairdice.NewSeed()
	g.Commit = fairdice.Commit(g.Seed)
	return g, kit, nil
}

// gameList is the answer of GET /api/games.
type gameList struct {
	Games []gameView `json:"games"`
}

func (s *Server) handleListGames(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Status: store.Status(q.Get("status")), Limit: 50}
	if f.Status != "" && !f.Status.Valid() {
		s.fail(w, r, newError(http.StatusBadRequest, nil, "status %q: want waiting, live, over or abandoned", clip(string(f.Status))))
		return
	}
	// The lobby lists the waiting games that anyone may join; a game
	// whose open seats are by invitation is the business of its invitees.
	f.Joinable = f.Status == store.StatusWaiting
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 500 {
			s.fail(w, r, newError(http.StatusBadRequest, nil, "limit %q: want 1 to 500", clip(l)))
			return
		}
		f.Limit = n
	}
	games, err := s.st.Games(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := gameList{Games: []gameView{}}
	for _, g := range games {
		kit, err := catalog.OpenID(g.Rules)
		if err != nil {
			continue // a ruleset this build does not know
		}
		out.Games = append(out.Games, baseView(kit, g, nil, s.cfg.TimeUnit))
	}
	writeJSON(w, http.StatusOK, out)
}

// gameResponse answers the game's routes: the game, and for a request
// with a seat token the seats it holds.
type gameResponse struct {
	Game    gameView     `json:"game"`
	Seats   []int        `json:"seats,omitempty"`
	Invites []inviteView `json:"invites,omitempty"`
}

func (s *Server) handleGetGame(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, err := s.view(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	resp := gameResponse{Game: v}
	if tok := bearer(r); tok != "" {
		g, err := s.st.Game(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		kit, err := catalog.OpenID(g.Rules)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		st := newTurnState(kit, g, nil)
		if resp.Seats, err = st.seatsOf(tok); err != nil {
			s.fail(w, r, err)
			return
		}
		// Who holds a seat may pass on the invites of the open ones.
		resp.Invites = invites(s.baseURL(r), kit, g)
	}
	writeJSON(w, http.StatusOK, resp)
}

type takeRequest struct {
	// Token is a token that already holds a seat of this game, so that
	// one person can hold several seats; empty for a new token.
	Token string `json:"token"`
	// Invite is the secret of the seat's invite link; a seat open to
	// anyone needs none.
	Invite string `json:"invite"`
	// NewToken, when Token is empty, is the token to give: one the
	// client made, so that it can send the take again if the answer was
	// lost (errBadNewToken for a malformed one); empty for the server's.
	NewToken string `json:"newToken"`
}

func (s *Server) handleTakeSeat(w http.ResponseWriter, r *http.Request) {
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		s.fail(w, r, newError(http.StatusBadRequest, nil, "seat %q is not a number", clip(r.PathValue("seat"))))
		return
	}
	var req takeRequest
	if err := decode(w, r, &req, true); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Token == "" {
		req.Token = bearer(r)
	}
	if err := limit(s.takes, s.clientID(r), "seats taken"); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.mayTake(r.Context(), r.PathValue("id"), seat, req.Token, req.Invite); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := withActor(r.Context(), s, r.PathValue("id"), func(a *actor) (takeResult, error) {
		return a.doTake(seat, req.Token, req.Invite, req.NewToken)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) handleThrow(w http.ResponseWriter, r *http.Request) {
	tok := bearer(r)
	if err := decode(w, r, &struct{}{}, true); err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := withHolder(r.Context(), s, r.PathValue("id"), tok, func(a *actor) (gameView, error) {
		return a.doThrow(tok)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, gameResponse{Game: v})
}

// endHandler answers a resign, abort, claim or hand-over: an empty body
// (or {}) and the seat token. An abort may say {"ifWaiting":true}: only
// while the game waits for players (a rematch offer withdrawn, which
// must not call off the game its opponent has just accepted).
func (s *Server) endHandler(kind commandKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok := bearer(r)
		var req struct {
			IfWaiting bool `json:"ifWaiting"`
		}
		if err := decode(w, r, &req, true); err != nil {
			s.fail(w, r, err)
			return
		}
		if req.IfWaiting && kind != cmdAbort {
			s.fail(w, r, newError(http.StatusBadRequest, nil, "ifWaiting is for an abort only").as("bad_request"))
			return
		}
		v, err := withHolder(r.Context(), s, r.PathValue("id"), tok, func(a *actor) (gameView, error) {
			return a.doEnd(kind, tok, req.IfWaiting)
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, gameResponse{Game: v})
	}
}

// moveRequest is the body of a move.
type moveRequest struct {
	Move string `json:"move"`
	// Turn, when given, is the turn the move is meant for (the game's
	// turns + 1); a move sent for an older state is refused.
	Turn *int `json:"turn"`
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	submitted := time.Now()
	tok := bearer(r)
	var req moveRequest
	if err := decode(w, r, &req, false); err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := withHolder(r.Context(), s, r.PathValue("id"), tok, func(a *actor) (gameView, error) {
		return a.doMove(tok, req.Move, req.Turn, submitted)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, gameResponse{Game: v})
}
