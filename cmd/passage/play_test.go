package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/catalog"
	"passage/record"
)

// inOrder checks that out contains each part, in order.
func inOrder(t *testing.T, out string, parts ...string) {
	t.Helper()
	rest := out
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Errorf("transcript lacks %q (in this order); transcript:\n%s", p, out)
			return
		}
		rest = rest[i+len(p):]
	}
}

// playOK runs passage play and fails unless it succeeds quietly.
func playOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, stdout, stderr := runCLI(t, stdin, append([]string{"play", "--delay", "0"}, args...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("passage play %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

// replayTranscript reads the game record at the end of a transcript and
// replays it, returning the record and the final position.
func replayTranscript(t *testing.T, out string) (record.Record, string) {
	t.Helper()
	i := strings.LastIndex(out, "\nGame record:\n"+record.Header+"\n")
	if i < 0 {
		t.Fatalf("transcript does not end with a game record:\n%s", out)
	}
	rec, err := record.Read(strings.NewReader(out[i+len("\nGame record:\n"):]))
	if err != nil {
		t.Fatalf("record.Read: %v", err)
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		t.Fatalf("catalog.ByID(%q): %v", rec.Rules, err)
	}
	final, err := record.Replay(rules, rec)
	if err != nil {
		t.Fatalf("record.Replay: %v", err)
	}
	if final != rec.End {
		t.Errorf("replayed to %q, record ends at %q", final, rec.End)
	}
	return rec, final
}

// TestPlayScripted plays a few turns against the random mover with a
// fixed seed and scripted input: bad answers get a message and the
// prompt again, a number or a move in notation is accepted, quit stops
// the game and prints the record.
func TestPlayScripted(t *testing.T) {
	in := "x\n99\n9-13\nhelp\nboard\n1\n\n12-14\n1\nquit\n"
	out := playOK(t, in, "--vs", "random", "--seed", "1", "--auto-forced=false")
	inOrder(t, out,
		"Passage: senet-jequier, Senet after Jéquier (Pusch)\n",
		"White (w): you, Black (b): random\n",
		"Seed 1: play again with --seed 1",
		"Black (random) throws 3 and plays 4-7.\n",
		"Opening: White's first move must use the piece on 9",
		"White throws 1.\n  1) 9-10\nWhite, your move (1): ",
		`"x" is neither a move number nor a move`,
		"There is no move 99: choose 1, or type help.\n",
		"9-13 is not legal with a throw of 1. Choose 1, or type help.\n",
		"Commands:\n",
		"┌─────┬", // board
		"White throws 1.\n  1) 9-10\n",
		"White plays 9-10. Another throw.\n",
		"White throws 3.\n  1) 10-13\n",
		"White, your move (1):   1) 10-13\n", // an empty answer lists the moves again
		"12-14 is not legal with a throw of 3.",
		"White plays 10-13.\n",
		"Game stopped (quit) after ",
	)
	rec, _ := replayTranscript(t, out)
	want := []record.Turn{{Seat: "b", Roll: 3, Move: "4-7"}, {Seat: "w", Roll: 1, Move: "9-10"}, {Seat: "w", Roll: 3, Move: "10-13"}}
	if len(rec.Turns) < len(want) || !slices.Equal(rec.Turns[:len(want)], want) {
		t.Errorf("record turns = %v, want them to start with %v", rec.Turns, want)
	}
}

// TestPlayEndOfInput stops the game cleanly, with the record so far, when
// the input ends.
func TestPlayEndOfInput(t *testing.T) {
	out := playOK(t, "", "--vs", "random", "--seed", "1", "--auto-forced=false")
	inOrder(t, out, "White, your move (1): \nGame stopped (end of input) after 1 turn.\n")
	rec, _ := replayTranscript(t, out)
	if want := []record.Turn{{Seat: "b", Roll: 3, Move: "4-7"}}; len(rec.Turns) != 1 || rec.Turns[0] != want[0] {
		t.Errorf("record turns = %v, want %v", rec.Turns, want)
	}
}

// TestPlayPersonAsBlack seats the person on Black with --seat; Black
// throws first in Jéquier (J4).
func TestPlayPersonAsBlack(t *testing.T) {
	for _, seat := range []string{"b", "2", "Black"} {
		t.Run(seat, func(t *testing.T) {
			out := playOK(t, "quit\n", "--vs", "random", "--seat", seat, "--seed", "1")
			inOrder(t, out,
				"White (w): random, Black (b): you\n",
				"Black throws 3.\n  1) 2-5    2) 4-7    3) 6-9    4) 11-14\nBlack, your move (1-4): ",
				"Game stopped (quit) after 0 turns.\n",
				"seats random human\n",
			)
		})
	}
}

// TestPlayRandomGames plays whole games between random movers: each
// finishes with a result, and the printed record replays to the final
// position, under the ruleset and options it was played with.
func TestPlayRandomGames(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantPass bool
	}{
		{"seed 1", []string{"--seed", "1"}, false},
		{"seed 5 with a pass", []string{"--seed", "5"}, true},
		{"options", []string{"--seed", "3", "--opt", "water=15", "--opt", "overshoot=block"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := playOK(t, "", append([]string{"--seats", "random,random"}, tt.args...)...)
			rec, final := replayTranscript(t, out)
			rules, err := catalog.ByID(rec.Rules)
			if err != nil {
				t.Fatal(err)
			}
			over, pay, err := rules.Result(final)
			if err != nil || !over {
				t.Fatalf("final position %q: over %v, %v; want a finished game", final, over, err)
			}
			winner := game.Player(0)
			if pay[1] == 1 {
				winner = 1
			}
			name, _ := game.SeatName(rules, winner)
			inOrder(t, out, "Game over: "+name+" wins.\n", "Result: "+name+" (random) wins.\n")
			if strings.Contains(out, "your move") {
				t.Errorf("a game between computers asked for a move")
			}
			hasPass := false
			for _, turn := range rec.Turns {
				hasPass = hasPass || turn.Move == "pass"
			}
			announced := strings.Contains(out, "no legal move, the throw is lost (pass).")
			if hasPass != tt.wantPass || announced != tt.wantPass {
				t.Errorf("pass in the record %v, announced %v, want %v", hasPass, announced, tt.wantPass)
			}
		})
	}
	code, out, _ := runCLI(t, "", "play", "--seats", "random,random", "--seed", "2", "--opt", "water=15", "--opt", "overshoot=block")
	if code != 0 || !strings.Contains(out, "\nrules senet-jequier overshoot=block water=15\n") {
		t.Errorf("record of a game with options does not name them:\n%s", out)
	}
}

// TestPlayHumansToTheEnd plays a whole two-person game from a pipe,
// always answering 1.
func TestPlayHumansToTheEnd(t *testing.T) {
	out := playOK(t, strings.Repeat("1\n", 10000), "--seed", "3")
	if !strings.Contains(out, "White (w): human, Black (b): human\n") {
		t.Errorf("seats line missing:\n%.400s", out)
	}
	rec, _ := replayTranscript(t, out)
	inOrder(t, out, "Result: ", " wins.\n\nGame record:\n")
	if got, want := strings.Join(rec.Seats, ","), "human,human"; got != want {
		t.Errorf("record seats = %q, want %q", got, want)
	}
}

// TestPlaySeedReproduces: the same seed gives the same game, and the
// seed chosen from the clock is printed so the game can be played again.
func TestPlaySeedReproduces(t *testing.T) {
	a := playOK(t, "", "--seats", "random,random", "--seed", "7")
	b := playOK(t, "", "--seats", "random,random", "--seed", "7")
	if a != b {
		t.Errorf("two games with --seed 7 differ")
	}
	c := playOK(t, "", "--seats", "random,random", "--seed", "8")
	if a == c {
		t.Errorf("games with seeds 7 and 8 are the same")
	}
	clock := playOK(t, "", "--seats", "random,random")
	m := regexp.MustCompile(`Seed (\d+): play again with --seed (\d+) `).FindStringSubmatch(clock)
	if m == nil || m[1] != m[2] {
		t.Fatalf("no seed printed:\n%.400s", clock)
	}
	again := playOK(t, "", "--seats", "random,random", "--seed", m[1])
	if again != clock {
		t.Errorf("replaying printed seed %s gives another game", m[1])
	}
}

// TestPlayFlagErrors checks that bad flags follow the error contract.
func TestPlayFlagErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown opponent", []string{"--vs", "robot"}, `--vs: unknown player "robot" (want human, easy, medium, hard, expert, random, greedy, expectimax, mcts)`},
		{"too few seats", []string{"--seats", "human"}, "--seats names 1 seats, senet-jequier has 2"},
		{"unknown seat kind", []string{"--seats", "human,robot"}, `unknown player "robot"`},
		{"seats and vs", []string{"--seats", "human,random", "--vs", "random"}, "either --seats or --vs/--seat"},
		{"unknown seat", []string{"--vs", "random", "--seat", "x"}, `--seat "x": want one of w, b`},
		{"a side without an opponent", []string{"--seat", "b"}, "--seat chooses your side against --vs LEVEL"},
		{"a hint for nobody", []string{"--seats", "random,greedy", "--hint"}, "--hint and --touch-move are for a person's seat"},
		{"unknown ruleset", []string{"--rules", "senet-nope"}, "unknown ruleset"},
		{"bad option value", []string{"--opt", "water=3"}, "water=3"},
		{"bad seed", []string{"--seed", "-1"}, "invalid value"},
		{"negative delay", []string{"--delay", "-1s"}, "negative duration"},
		{"bad delay", []string{"--delay", "soon"}, `invalid value "soon" for flag --delay: parse error`},
		{"stray argument", []string{"now"}, `unexpected argument "now"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkCLIError(t, "", tt.want, append([]string{"play"}, tt.args...)...)
		})
	}
}

// TestPlayTouchMove: with --touch-move the person names a piece first
// and is held to it (Apokrif A18); a touch that commits to nothing leaves
// the choice free.
func TestPlayTouchMove(t *testing.T) {
	out := playOK(t, "3\n5\n1\n11\n10-15\n1\nquit\n", "--rules", "senet-apokrif", "--touch-move", "--vs", "random", "--seed", "4")
	inOrder(t, out,
		"White throws 2.\n  1) 8-10   2) 11-13\n",
		"touch a piece: its square (touch-move): Touching square 3 commits you to nothing: choose freely.\n",
		"There is no move 5: choose 1-2",
		"White plays 8-10.\n",
		"White throws 5.\n  1) 10-15  2) 11-16\n",
		"You touched square 11 and must play one of these.\n  1) 11-16\n",
		"10-15 is not in the list.",
		"White plays 11-16.",
	)
	replayTranscript(t, out)
	checkCLIError(t, "", "kinevet has no touch-move rule", "play", "--rules", "kinevet", "--touch-move", "--seats", "human,human,human,human")
	// Only Apokrif's source has one (A18), though Senet's move generator
	// could play it in any ruleset.
	for _, id := range []string{"senet-jequier", "senet-szenet"} {
		checkCLIError(t, "", id+" has no touch-move rule", "play", "--rules", id, "--touch-move", "--vs", "random")
	}
}
