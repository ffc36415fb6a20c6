package sim_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"passage/agent"
	"passage/senet"
	"passage/sim"
)

// szenetRun plays games of Szenet between greedy and random with Done
// and OnGame set, returning the report and the games OnGame received.
func szenetRun(t *testing.T, games, workers int, done []sim.Finished) (sim.Report, []sim.Finished) {
	return szenetRunLimited(t, games, workers, 0, done)
}

// szenetRunLimited is szenetRun with Config.MaxTurns.
func szenetRunLimited(t *testing.T, games, workers, maxTurns int, done []sim.Finished) (sim.Report, []sim.Finished) {
	t.Helper()
	g := senet.MustNew("senet-szenet", nil)
	factory := func(name string, seed uint64) (agent.Agent[senet.Position, senet.Move], error) {
		return agent.New(g, g, name, seed)
	}
	var mu sync.Mutex
	var got []sim.Finished
	rep, err := sim.Run(context.Background(), g, factory, sim.Config{
		Seats: []string{"greedy", "random"}, Games: games, Seed: 7, Workers: workers, Done: done, MaxTurns: maxTurns,
		OnGame: func(f sim.Finished) { mu.Lock(); got = append(got, f); mu.Unlock() },
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep, got
}

// withoutTimes is a report's fields that follow from the seed.
func withoutTimes(r sim.Report) sim.Report {
	r.Seconds, r.GamesPerSec = 0, 0
	for i := range r.Players {
		r.Players[i].MedianMs = 0
	}
	return r
}

// TestRunResumes: a run given some of its games as finished (Done)
// plays only the others, hands only those to OnGame, and reports what
// the run without them reports; games of another run are refused.
func TestRunResumes(t *testing.T) {
	full, all := szenetRun(t, 30, 2, nil)
	if len(all) != 30 {
		t.Fatalf("OnGame received %d games of 30", len(all))
	}
	// The games survive a journal's JSON, as passage sim --journal keeps them.
	var kept []sim.Finished
	for _, f := range all {
		if f.Index%3 != 1 {
			line, _ := json.Marshal(f)
			var back sim.Finished
			if err := json.Unmarshal(line, &back); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, back)
		}
	}
	resumed, played := szenetRun(t, 30, 1, kept)
	if len(played) != 10 {
		t.Errorf("resumed with 20 games done: OnGame received %d games, want the 10 others", len(played))
	}
	for _, f := range played {
		if f.Index%3 != 1 {
			t.Errorf("game %d was played again", f.Index)
		}
	}
	if !reflect.DeepEqual(withoutTimes(full), withoutTimes(resumed)) {
		t.Errorf("resumed report differs:\n%+v\n%+v", withoutTimes(full), withoutTimes(resumed))
	}
	if d := resumed.Players[0].Decisions + resumed.Players[1].Decisions; d != full.Players[0].Decisions+full.Players[1].Decisions {
		t.Errorf("resumed report counts %d decisions", d)
	}

	// Game 0 given as game 1, whose seating differs (two seats swap
	// from game to game): refused. OnGame's order is the order the
	// games ended in, so game 0 is looked up by its index.
	var bad []sim.Finished
	for _, f := range all {
		if f.Index == 0 {
			bad = append(bad, f)
		}
	}
	bad[0].Index = 1
	g := senet.MustNew("senet-szenet", nil)
	factory := func(name string, seed uint64) (agent.Agent[senet.Position, senet.Move], error) {
		return agent.New(g, g, name, seed)
	}
	_, err := sim.Run(context.Background(), g, factory, sim.Config{Seats: []string{"greedy", "random"}, Games: 30, Seed: 7, Done: bad})
	if err == nil || !strings.Contains(err.Error(), "finished game 1 does not fit this run") {
		t.Errorf("a game seated wrongly: error %v", err)
	}
}

// TestRunMaxTurns: with MaxTurns, the games longer than that are
// stopped there and won by nobody, and every other game is the one the
// run without a limit plays; the report counts them, does not depend on
// the workers, and resumes from a journal's games like any other.
func TestRunMaxTurns(t *testing.T) {
	const games = 30
	full, all := szenetRun(t, games, 2, nil)
	limit := int(full.Turns.Median)
	longer, wins := 0, make([]float64, 2)
	for _, f := range all {
		if f.Turns > limit {
			longer++
			continue
		}
		for seat, j := range f.Order {
			wins[j] += f.Payoffs[seat]
		}
	}
	if longer == 0 || longer == games {
		t.Fatalf("a limit of %d turns stops %d of %d games: pick one that stops some", limit, longer, games)
	}
	limited, got := szenetRunLimited(t, games, 2, limit, nil)
	if limited.Unfinished != longer || limited.MaxTurns != limit {
		t.Errorf("limit %d: %d games unfinished (MaxTurns %d), want the %d longer than that", limit, limited.Unfinished, limited.MaxTurns, longer)
	}
	for j, p := range limited.Players {
		if p.Wins != wins[j] || p.Payoff != wins[j]/games {
			t.Errorf("%s wins %v (payoff %v) with the limit, want %v: its wins in the games that end in time", p.Name, p.Wins, p.Payoff, wins[j])
		}
	}
	if limited.Turns.Max != float64(limit) {
		t.Errorf("the longest game took %v turns under a limit of %d", limited.Turns.Max, limit)
	}
	stopped := 0
	for _, f := range got {
		if f.Unfinished {
			stopped++
			if f.Turns != limit || f.Payoffs[0] != 0 || f.Payoffs[1] != 0 {
				t.Errorf("unfinished game %d: %d turns, payoffs %v; want %d and nothing", f.Index, f.Turns, f.Payoffs, limit)
			}
		}
	}
	if stopped != longer {
		t.Errorf("OnGame received %d unfinished games, want %d", stopped, longer)
	}
	one, _ := szenetRunLimited(t, games, 1, limit, nil)
	if !reflect.DeepEqual(withoutTimes(one), withoutTimes(limited)) {
		t.Errorf("one worker reports otherwise:\n%+v\n%+v", withoutTimes(one), withoutTimes(limited))
	}
	// Resumed from the games as a journal keeps them, half of them done.
	var kept []sim.Finished
	for _, f := range got {
		if f.Index%2 == 0 {
			line, _ := json.Marshal(f)
			var back sim.Finished
			if err := json.Unmarshal(line, &back); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, back)
		}
	}
	resumed, _ := szenetRunLimited(t, games, 2, limit, kept)
	if !reflect.DeepEqual(withoutTimes(resumed), withoutTimes(limited)) {
		t.Errorf("resumed report differs:\n%+v\n%+v", withoutTimes(resumed), withoutTimes(limited))
	}
}
