package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/record"
)

// nearEnd is a Jéquier position where White bears off its last piece
// with any throw.
const nearEnd = "........................b....w w off=wwwwbbbb"

// fixture holds games in several states for the error tests.
type fixture struct {
	live, liveW, liveB string // Black to throw
	thrown, thrownB    string // Black has thrown
	waiting, waitingW  string // seat 1 open
	over, overW        string // finished
	thrownRoll         int
}

func newFixture(t *testing.T, s *testServer) fixture {
	t.Helper()
	var f fixture
	f.live, f.liveW, f.liveB = twoPeople(t, s, "")
	var thrownW string
	f.thrown, thrownW, f.thrownB = twoPeople(t, s, "")
	_ = thrownW
	v := s.throw(t, f.thrown, f.thrownB)
	f.thrownRoll = *v.Roll
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	f.waiting, f.waitingW = c.Game.ID, c.Token
	c = s.create(t, createRequest{Rules: "senet-jequier", Start: nearEnd, Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	f.over, f.overW = c.Game.ID, c.Token
	s.throw(t, f.over, f.overW)
	if v := s.move(t, f.over, f.overW, "30-off"); v.Status != "over" {
		t.Fatalf("fixture: the game did not end: %+v", stateOf(v))
	}
	return f
}

// TestErrors sends every kind of bad request and checks the answer's
// status and message, and that the game did not change.
func TestErrors(t *testing.T) {
	s := newTestServer(t, Config{})
	f := newFixture(t, s)
	const unknown = "aaaaaaaaaaaaa"
	big := `{"rules":"` + strings.Repeat("x", maxBody) + `"}`
	tests := []struct {
		name    string
		method  string
		path    string
		token   string
		body    any
		status  int
		wantErr string
		game    string // the game that must be unchanged
	}{
		// Creating a game.
		{"create malformed JSON", "POST", "/api/games", "", `{"rules":`, 400, "malformed JSON", ""},
		{"create two values", "POST", "/api/games", "", `{"rules":"kinevet"} {}`, 400, "more than one value", ""},
		{"create unknown field", "POST", "/api/games", "", `{"rules":"kinevet","colour":"red"}`, 400, `unknown field "colour"`, ""},
		{"create empty body", "POST", "/api/games", "", "", 400, "missing JSON body", ""},
		{"create too large", "POST", "/api/games", "", big, 413, "larger than", ""},
		{"create missing rules", "POST", "/api/games", "", `{}`, 400, "missing rules", ""},
		{"create unknown ruleset", "POST", "/api/games", "", `{"rules":"chess"}`, 400, "unknown ruleset", ""},
		{"create bad option", "POST", "/api/games", "", `{"rules":"senet-jequier","options":{"water":"3"}}`, 400, "water=3", ""},
		{"create seat count", "POST", "/api/games", "", `{"rules":"senet-jequier","seats":[{"kind":"human"}]}`, 400, "has 2 seats", ""},
		{"create seat kind", "POST", "/api/games", "", `{"rules":"senet-jequier","seats":[{"kind":"human"},{"kind":"mcts-999999"}]}`, 400, "unknown kind", ""},
		{"create take computer", "POST", "/api/games", "", `{"rules":"senet-jequier","seats":[{"kind":"easy","take":true},{"kind":"human"}]}`, 400, "only a person's seat", ""},
		{"create time limit", "POST", "/api/games", "", `{"rules":"senet-jequier","timeLimit":-1}`, 400, "timeLimit", ""},
		{"create time limit of 1 s", "POST", "/api/games", "", `{"rules":"senet-jequier","timeLimit":1}`, 400, "timeLimit 1: want 0 (none) or 10 to 86400 seconds", ""},
		{"create time limit of 9 s", "POST", "/api/games", "", `{"rules":"senet-jequier","timeLimit":9}`, 400, "timeLimit", ""},
		{"create time limit over a day", "POST", "/api/games", "", `{"rules":"senet-jequier","timeLimit":86401}`, 400, "timeLimit", ""},
		{"create bad start", "POST", "/api/games", "", `{"rules":"senet-jequier","start":"www"}`, 400, "start:", ""},
		{"create finished start", "POST", "/api/games", "", `{"rules":"senet-jequier","start":"........................b..... - off=wwwwwbbbb winner=w"}`, 400, "over", ""},
		{"create wrong type", "POST", "/api/games", "", `{"rules":7}`, 400, "malformed JSON", ""},

		// Unknown games and endpoints.
		{"get unknown game", "GET", "/api/games/" + unknown, "", nil, 404, "no such game", ""},
		{"get malformed ID", "GET", "/api/games/..%2f", "", nil, 404, "no such game", ""},
		{"throw unknown game", "POST", "/api/games/" + unknown + "/throw", f.liveB, nil, 404, "no such game", ""},
		{"move unknown game", "POST", "/api/games/" + unknown + "/move", f.liveB, `{"move":"1-2"}`, 404, "no such game", ""},
		{"seat unknown game", "POST", "/api/games/" + unknown + "/seats/1", "", nil, 404, "no such game", ""},
		{"record unknown game", "GET", "/api/games/" + unknown + "/record", "", nil, 404, "no such game", ""},
		{"events unknown game", "GET", "/api/games/" + unknown + "/events", "", nil, 404, "no such game", ""},
		{"unknown endpoint", "GET", "/api/nothing", "", nil, 404, "no such API endpoint", ""},
		{"list bad status", "GET", "/api/games?status=paused", "", nil, 400, "status", ""},
		{"list bad limit", "GET", "/api/games?limit=0", "", nil, 400, "limit", ""},
		{"ruleset unknown", "GET", "/api/rulesets/chess", "", nil, 404, "unknown ruleset", ""},
		{"ruleset bad option", "GET", "/api/rulesets/kinevet?opt=players=9", "", nil, 400, "players=9", ""},

		// Tokens.
		{"throw missing token", "POST", "/api/games/" + f.live + "/throw", "", nil, 401, "missing seat token", f.live},
		{"throw wrong token", "POST", "/api/games/" + f.live + "/throw", "not-a-token", nil, 403, "holds no seat", f.live},
		{"throw other game's token", "POST", "/api/games/" + f.live + "/throw", f.thrownB, nil, 403, "holds no seat", f.live},
		{"move missing token", "POST", "/api/games/" + f.thrown + "/move", "", `{"move":"1-2"}`, 401, "missing seat token", f.thrown},
		{"move wrong token", "POST", "/api/games/" + f.thrown + "/move", f.liveB, `{"move":"1-2"}`, 403, "holds no seat", f.thrown},
		{"get wrong token", "GET", "/api/games/" + f.live, "nope", nil, 403, "holds no seat", f.live},

		// Turns.
		{"throw out of turn", "POST", "/api/games/" + f.live + "/throw", f.liveW, nil, 409, "not your turn: Black", f.live},
		{"throw twice", "POST", "/api/games/" + f.thrown + "/throw", f.thrownB, nil, 409, "already thrown", f.thrown},
		{"throw while waiting", "POST", "/api/games/" + f.waiting + "/throw", f.waitingW, nil, 409, "waits for players", f.waiting},
		{"throw malformed body", "POST", "/api/games/" + f.live + "/throw", f.liveB, `{"x":`, 400, "malformed JSON", f.live},
		{"move before throw", "POST", "/api/games/" + f.live + "/move", f.liveB, `{"move":"11-12"}`, 409, "throw first", f.live},
		{"move out of turn", "POST", "/api/games/" + f.live + "/move", f.liveW, `{"move":"9-10"}`, 409, "not your turn", f.live},
		{"move illegal", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"move":"1-30"}`, 422, "illegal move \"1-30\"", f.thrown},
		{"move malformed", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"move":"up-left"}`, 422, "malformed move", f.thrown},
		{"move empty", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"move":""}`, 400, "missing move", f.thrown},
		{"move no body", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, nil, 400, "missing JSON body", f.thrown},
		{"move malformed JSON", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"move":12}`, 400, "malformed JSON", f.thrown},
		{"move unknown field", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"mvoe":"1-2"}`, 400, "unknown field", f.thrown},
		{"move stale turn", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, `{"move":"11-12","turn":7}`, 409, "stale move", f.thrown},
		{"move too large", "POST", "/api/games/" + f.thrown + "/move", f.thrownB, big, 413, "larger than", f.thrown},

		// Seats.
		{"take held seat", "POST", "/api/games/" + f.live + "/seats/1", "", nil, 409, "not open", f.live},
		{"take computer seat", "POST", "/api/games/" + f.waiting + "/seats/0", "", nil, 409, "not open", f.waiting},
		{"take no such seat", "POST", "/api/games/" + f.waiting + "/seats/5", "", nil, 404, "no seat 5", f.waiting},
		{"take seat not a number", "POST", "/api/games/" + f.waiting + "/seats/one", "", nil, 400, "not a number", f.waiting},
		{"take with a foreign token", "POST", "/api/games/" + f.waiting + "/seats/1", "", `{"token":"stolen"}`, 403, "holds no seat", f.waiting},

		// Finished games.
		{"throw game over", "POST", "/api/games/" + f.over + "/throw", f.overW, nil, 409, "game is over", f.over},
		{"move game over", "POST", "/api/games/" + f.over + "/move", f.overW, `{"move":"30-off"}`, 409, "game is over", f.over},
		{"take game over", "POST", "/api/games/" + f.over + "/seats/1", "", nil, 409, "game is over", f.over},
		{"verify live game", "GET", "/api/games/" + f.live + "/verify", "", nil, 409, "revealed when the game is over", f.live},
	}
	countGames := func() int {
		var l gameList
		s.ok(t, http.StatusOK, "GET", "/api/games?limit=500", "", nil, &l)
		return len(l.Games)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before state
			if tt.game != "" {
				before = stateOf(s.game(t, tt.game))
			}
			games := countGames()
			status, body := s.do(t, tt.method, tt.path, tt.token, tt.body)
			if status != tt.status {
				t.Errorf("%s %s: status %d, want %d (body %s)", tt.method, tt.path, status, tt.status, body)
			}
			if msg := errorOf(t, body); !strings.Contains(msg, tt.wantErr) {
				t.Errorf("%s %s: error %q, want it to contain %q", tt.method, tt.path, msg, tt.wantErr)
			}
			if tt.game != "" {
				s.unchanged(t, tt.game, before)
			}
			if got := countGames(); got != games {
				t.Errorf("games: %d after the request, want %d", got, games)
			}
		})
	}
}

// TestPlayByAPI plays a two-person game through the API: seats, throws,
// moves, the record, and the fair-dice verification at the end.
func TestPlayByAPI(t *testing.T) {
	s := newTestServer(t, Config{})
	start := "......................w.b...w. w off=wwwbbbb"
	id, white, black := twoPeople(t, s, start)
	tokens := []string{white, black}
	var v gameView
	for v = s.game(t, id); v.Status != "over"; {
		tok := tokens[v.ToMove]
		if v.Roll == nil {
			v = s.throw(t, id, tok)
		}
		if len(v.Moves) == 0 {
			t.Fatalf("thrown, but no moves: %+v", stateOf(v))
		}
		v = s.move(t, id, tok, v.Moves[0].Move)
		if v.Last == nil || v.Last.N != v.Turns {
			t.Fatalf("after a move: last %+v, turns %d", v.Last, v.Turns)
		}
		if v.Turns > 500 {
			t.Fatal("game did not end in 500 turns")
		}
	}
	if v.Result == nil || v.DiceSeed == "" {
		t.Fatalf("finished game: result %+v, dice seed %q; want both", v.Result, v.DiceSeed)
	}

	_, text := s.do(t, "GET", "/api/games/"+id+"/record", "", nil)
	rec, err := record.Read(strings.NewReader(string(text)))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, text)
	}
	rules, _ := catalog.ByID(rec.Rules)
	rep, err := fairdice.Verify(rules, rec)
	if err != nil || rep.Throws != v.Turns || rec.Start != start {
		t.Fatalf("Verify(record) = %+v, %v; want %d throws from %q", rep, err, v.Turns, start)
	}
	var vv verifyView
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/verify", "", nil, &vv)
	if !vv.OK || vv.Throws != v.Turns {
		t.Errorf("verify = %+v, want ok with %d throws", vv, v.Turns)
	}
	var rj recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rj)
	if len(rj.Turns) != v.Turns || rj.End != v.Pos || rj.Text != string(text) || rj.Board != "senet" {
		t.Errorf("record.json: %d turns ending %q, board %q; want %d ending %q, board senet, and the text record", len(rj.Turns), rj.End, rj.Board, v.Turns, v.Pos)
	}
	// Each turn names the rules it set off: the game ends by bearing off
	// the last piece, and a pass is a lost throw.
	if n := len(rj.Turns); n == 0 || !slices.Contains(rj.Turns[n-1].Effects, "bearing off") {
		t.Errorf("record.json: the last turn's effects are not a bearing off: %+v", rj.Turns[len(rj.Turns)-1])
	}
	for _, tv := range rj.Turns {
		if (tv.Move == "pass") != slices.Contains(tv.Effects, "throw lost (pass)") {
			t.Errorf("record.json: turn %d (%s) has effects %q", tv.N, tv.Move, tv.Effects)
		}
	}
	var list gameList
	s.ok(t, http.StatusOK, "GET", "/api/games?status=over", "", nil, &list)
	if len(list.Games) != 1 || list.Games[0].ID != id {
		t.Errorf("over games: %+v, want just %s", list.Games, id)
	}
}

// TestGetWithToken: a token's holder learns its seats.
func TestGetWithToken(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	for _, tt := range []struct {
		token string
		want  []int
	}{{white, []int{0}}, {black, []int{1}}} {
		var resp gameResponse
		s.ok(t, http.StatusOK, "GET", "/api/games/"+id, tt.token, nil, &resp)
		if len(resp.Seats) != 1 || resp.Seats[0] != tt.want[0] {
			t.Errorf("seats of a token = %v, want %v", resp.Seats, tt.want)
		}
	}
}

// TestOneTokenSeveralSeats: a person may hold two seats with one token
// (the same browser joining again) and play both.
func TestOneTokenSeveralSeats(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "3"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}, {Kind: "easy"}}})
	if len(c.Invites) != 1 || c.Invites[0].Seat != 1 || !strings.HasSuffix(c.Invites[0].URL, c.Invites[0].Path) {
		t.Fatalf("invites = %+v, want one for seat 1", c.Invites)
	}
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+c.Game.ID+"/seats/1", "", map[string]string{"token": c.Token}, &taken)
	if taken.Token != c.Token || len(taken.Seats) != 2 || taken.Game.Status != "live" {
		t.Errorf("take with own token: %+v, want the same token holding seats 0 and 1, live", taken)
	}
}

// TestConcurrentMoves: many clients send the same move at once; the
// actor applies exactly one.
func TestConcurrentMoves(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, black := twoPeople(t, s, "")
	v := s.throw(t, id, black)
	move := v.Moves[0].Move
	const clients = 12
	statuses := make([]int, clients)
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _ = s.do(t, "POST", "/api/games/"+id+"/move", black, map[string]any{"move": move, "turn": 1})
		}()
	}
	wg.Wait()
	okCount := 0
	for _, st := range statuses {
		switch st {
		case http.StatusOK:
			okCount++
		case http.StatusConflict:
		default:
			t.Errorf("status %d, want 200 or 409", st)
		}
	}
	if okCount != 1 {
		t.Errorf("%d moves accepted, want 1 (statuses %v)", okCount, statuses)
	}
	if v := s.game(t, id); v.Turns != 1 {
		t.Errorf("turns = %d, want 1", v.Turns)
	}
}

func TestRulesets(t *testing.T) {
	s := newTestServer(t, Config{})
	var all struct {
		Rulesets  []rulesetView `json:"rulesets"`
		Computers []levelView   `json:"computers"`
	}
	s.ok(t, http.StatusOK, "GET", "/api/rulesets", "", nil, &all)
	if len(all.Rulesets) != len(catalog.Specs()) || len(all.Computers) == 0 {
		t.Fatalf("rulesets: %d and %d computers, want %d and some", len(all.Rulesets), len(all.Computers), len(catalog.Specs()))
	}
	for _, r := range all.Rulesets {
		if r.Board == "" || r.Players == 0 || len(r.Seats) != r.Players || len(r.Outcomes) == 0 {
			t.Errorf("ruleset %s: board %q, %d players, seats %v, outcomes %v", r.Name, r.Board, r.Players, r.Seats, r.Outcomes)
		}
	}
	var three rulesetView
	s.ok(t, http.StatusOK, "GET", "/api/rulesets/kinevet?opt=players=3", "", nil, &three)
	if three.Players != 3 || three.ID != "kinevet players=3" {
		t.Errorf("kinevet players=3: %d players, ID %q", three.Players, three.ID)
	}
	var sz rulesetView
	s.ok(t, http.StatusOK, "GET", "/api/rulesets/senet-szenet", "", nil, &sz)
	if len(sz.Houses) == 0 || sz.Houses[0].Name != "House of Thoth" {
		t.Errorf("senet-szenet houses: %+v", sz.Houses)
	}
	// The opening rule's square comes from the ruleset's data (J4); the
	// game page's note reads it from here.
	for _, r := range all.Rulesets {
		want := map[string]int{"senet-jequier": 9}[r.Name]
		if r.Opening != want {
			t.Errorf("%s: opening square %d, want %d", r.Name, r.Opening, want)
		}
	}
}

func TestHealthAndMetrics(t *testing.T) {
	s := newTestServer(t, Config{})
	var h map[string]any
	s.ok(t, http.StatusOK, "GET", "/healthz", "", nil, &h)
	if h["status"] != "ok" {
		t.Errorf("healthz = %v", h)
	}
	id, _, black := twoPeople(t, s, "")
	v := s.throw(t, id, black)
	s.move(t, id, black, v.Moves[0].Move)
	// A second game ends by resignation: the finished games by how.
	id2, white2, _ := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id2+"/resign", white2, nil, nil)
	s.do(t, "POST", "/api/games/"+id+"/throw", "not-a-seat", map[string]any{}) // a 403
	s.waitForActors(t, 1)                                                      // the resigned game's actor stops
	status, body := s.do(t, "GET", "/metrics", "", nil)
	if status != http.StatusOK {
		t.Fatalf("metrics: status %d", status)
	}
	for _, want := range []string{"passage_games_in_memory 1\n", "passage_moves_total 1\n", "passage_websocket_connections 0\n",
		"passage_games_created_total 2\n", `passage_refused_requests_total{reason="rate_limit"} 0`,
		`passage_games_finished_total{how="resign"} 1`, `passage_http_requests_total{code="2xx"} `, `passage_http_requests_total{code="4xx"} 1`,
		"passage_move_broadcast_seconds_count 1\n", "# TYPE passage_move_broadcast_seconds histogram\n",
		"go_goroutines ", "process_resident_memory_bytes ", "passage_searches_queued ", "passage_searches_running "} { // the resigned game's review may be searching
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	if strings.Contains(string(body), "per_second") {
		t.Errorf("metrics hold a rate gauge (rates belong in PromQL):\n%s", body)
	}
}

// TestErrorBodiesAreJSON: every error answer is {"error": "..."}.
func TestErrorBodiesAreJSON(t *testing.T) {
	s := newTestServer(t, Config{})
	status, body := s.do(t, "DELETE", "/api/games", "", nil)
	var e map[string]string
	if err := json.Unmarshal(body, &e); err != nil || e["error"] == "" || status != 404 {
		t.Errorf("DELETE /api/games: %d %s, want 404 and a JSON error", status, body)
	}
}

// TestTakeAgain: a take with a token of the client's making can be sent
// again when its answer was lost: the same token gets the same answer
// and the game does not change; another token finds the seat taken, and
// a token not of the server's form is refused.
func TestTakeAgain(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	id, own := c.Game.ID, newToken()
	path := "/api/games/" + id + "/seats/1"
	body := map[string]string{"invite": c.Invites[0].Secret, "newToken": own}
	var first, again takeResult
	s.ok(t, http.StatusOK, "POST", path, "", body, &first)
	if first.Token != own || len(first.Seats) != 1 || first.Seats[0] != 1 || first.Game.Status != "live" {
		t.Fatalf("the first take: %+v", first)
	}
	before := stateOf(s.game(t, id))
	s.ok(t, http.StatusOK, "POST", path, "", body, &again)
	if again.Token != own || len(again.Seats) != 1 || again.Seats[0] != 1 {
		t.Errorf("the take sent again: %+v", again)
	}
	s.unchanged(t, id, before)
	other := map[string]string{"invite": c.Invites[0].Secret, "newToken": newToken()}
	if status, b := s.do(t, "POST", path, "", other); status != http.StatusConflict || !strings.Contains(string(b), `"code":"seat_taken"`) {
		t.Errorf("another token's take: %d %s, want 409 seat_taken", status, b)
	}
	for _, bad := range []string{"not-random-enough", strings.Repeat("A", 43), strings.Repeat("AQID", 10) + "AQI"} {
		if status, b := s.do(t, "POST", "/api/games/"+id+"/seats/0", "", map[string]string{"newToken": bad}); status != http.StatusBadRequest || !strings.Contains(string(b), `"code":"bad_new_token"`) {
			t.Errorf("newToken %q: %d %s, want 400 bad_new_token", bad, status, b)
		}
	}
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/0", c.Token, nil, &again)
	if again.Token != c.Token || len(again.Seats) != 1 || again.Seats[0] != 0 {
		t.Errorf("the creator's take of their own seat: %+v", again)
	}
	s.unchanged(t, id, before)
}
