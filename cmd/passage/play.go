package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/record"
)

// seedStream is the second PCG word; the seed given by --seed is the
// first, so a seed names one stream of throws (as in game/gametest).
const seedStream = 0x9e3779b97f4a7c15

// newRand is the generator of a game's throws and of its computer seats'
// choices.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seedStream))
}

// chooser picks one of the legal moves for a computer seat. Stronger
// players come with the AI work; each is one entry of computers.
type chooser func(rng *rand.Rand, rules game.Ruleset, pos string, roll int, moves []game.Transition) int

// computers are the computer seats --vs and --seats accept, by name.
var computers = map[string]chooser{
	// random picks uniformly among the legal moves.
	"random": func(rng *rand.Rand, _ game.Ruleset, _ string, _ int, moves []game.Transition) int {
		return rng.IntN(len(moves))
	},
}

const human = "human"

// seatKinds lists the accepted seat kinds, for messages.
func seatKinds() string {
	kinds := []string{human}
	for k := range computers {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds[1:])
	return strings.Join(kinds, ", ")
}

func validKind(k string) bool {
	_, ok := computers[k]
	return k == human || ok
}

const playHelp = `Commands:
  N         play the move numbered N in the list
  9-12      play a move written in notation
  board     show the board again
  moves     list the legal moves again
  help      this help
  quit      stop the game and print its record
`

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("play", stdout)
	var rf rulesFlags
	rf.register(fs, "senet-jequier")
	vs := fs.String("vs", "", "who plays against the person at the keyboard: `KIND` human or random (default human); every other seat gets it")
	seatFlag := fs.String("seat", "", "with --vs: the `SEAT` the person plays, by letter (w, b) or number from 1 (default the first seat)")
	seatsFlag := fs.String("seats", "", "who plays each seat, in seat order (White, Black): comma-separated `KINDS` such as human,random; instead of --vs")
	seed := fs.Uint64("seed", 0, "seed `N` of the throws and the computer's choices (default: from the clock, printed)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if !seedSet {
		*seed = uint64(time.Now().UnixNano()) % 1_000_000_000
	}
	rules, err := rf.build()
	if err != nil {
		return err
	}
	kinds, err := resolveSeats(rules, *vs, *seatFlag, *seatsFlag)
	if err != nil {
		return err
	}
	title := ""
	if spec, err := catalog.Lookup(rf.rules); err == nil {
		title = spec.Title
	}
	g := &terminalGame{
		rules: rules,
		kinds: kinds,
		rng:   newRand(*seed),
		in:    bufio.NewScanner(stdin),
		out:   bufio.NewWriter(stdout),
		pos:   rules.Start(),
		rec: record.Record{
			Rules: rules.ID(), Seed: *seed, HasSeed: true,
			Seats: kinds, Start: rules.Start(),
		},
	}
	err = g.run(title)
	if ferr := g.out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// resolveSeats turns --vs/--seat or --seats into one kind per seat.
func resolveSeats(rules game.Ruleset, vs, seat, seats string) ([]string, error) {
	n := rules.Players()
	if seats != "" {
		if vs != "" || seat != "" {
			return nil, usageError{"play: give either --seats or --vs/--seat, not both"}
		}
		kinds := strings.Split(seats, ",")
		if len(kinds) != n {
			return nil, usageError{fmt.Sprintf("play: --seats names %d seats, %s has %d", len(kinds), rules.ID(), n)}
		}
		for i, k := range kinds {
			kinds[i] = strings.TrimSpace(k)
			if !validKind(kinds[i]) {
				return nil, usageError{fmt.Sprintf("play: --seats: unknown player %q (want %s)", k, seatKinds())}
			}
		}
		return kinds, nil
	}
	if vs == "" {
		vs = human
	}
	if !validKind(vs) {
		return nil, usageError{fmt.Sprintf("play: --vs: unknown player %q (want %s)", vs, seatKinds())}
	}
	me := game.Player(0)
	if seat != "" {
		me = game.NoPlayer
		for p := range game.Player(n) {
			name, letter := game.SeatName(rules, p)
			if seat == letter || strings.EqualFold(seat, name) || seat == strconv.Itoa(int(p)+1) {
				me = p
			}
		}
		if me == game.NoPlayer {
			var letters []string
			for p := range game.Player(n) {
				_, letter := game.SeatName(rules, p)
				letters = append(letters, letter)
			}
			return nil, usageError{fmt.Sprintf("play: --seat %q: want one of %s", seat, strings.Join(letters, ", "))}
		}
	}
	kinds := make([]string, n)
	for i := range kinds {
		kinds[i] = vs
	}
	kinds[me] = human
	return kinds, nil
}

// terminalGame is one game at the terminal, line by line.
type terminalGame struct {
	rules game.Ruleset
	kinds []string // human or a computer, per seat
	rng   *rand.Rand
	in    *bufio.Scanner
	out   *bufio.Writer
	pos   string
	rec   record.Record
}

// seat describes seat p for messages: "White", or "Black (random)" when
// a person plays against the computer.
func (g *terminalGame) seat(p game.Player) string {
	name, _ := game.SeatName(g.rules, p)
	if g.kinds[p] != human {
		return name + " (" + g.kinds[p] + ")"
	}
	return name
}

func (g *terminalGame) humans() int {
	n := 0
	for _, k := range g.kinds {
		if k == human {
			n++
		}
	}
	return n
}

func (g *terminalGame) printf(format string, args ...any) {
	fmt.Fprintf(g.out, format, args...)
}

// board prints the diagram of the current position.
func (g *terminalGame) board() error {
	d, err := g.rules.Diagram(g.pos)
	if err != nil {
		return err
	}
	g.printf("\n%s\n", d)
	return nil
}

func (g *terminalGame) run(title string) error {
	g.printf("Passage: %s", g.rules.ID())
	if title != "" {
		g.printf(", %s", title)
	}
	g.printf("\n")
	var parts []string
	for p := range game.Player(len(g.kinds)) {
		name, letter := game.SeatName(g.rules, p)
		who := g.kinds[p]
		if who == human && g.humans() == 1 {
			who = "you"
		}
		parts = append(parts, fmt.Sprintf("%s (%s): %s", name, letter, who))
	}
	g.printf("%s\n", strings.Join(parts, ", "))
	g.printf("Seed %d: play again with --seed %d to get the same throws.\n", g.rec.Seed, g.rec.Seed)
	if g.humans() > 0 {
		g.printf("Answer with the number of a move or the move itself; help lists the commands.\n")
	} else if err := g.board(); err != nil {
		return err
	}
	for {
		p, err := g.rules.ToMove(g.pos)
		if err != nil {
			return err
		}
		if p == game.NoPlayer {
			return g.finish("")
		}
		outcomes, err := g.rules.Outcomes(g.pos)
		if err != nil {
			return err
		}
		roll := game.Sample(outcomes, g.rng)
		moves, err := g.rules.Moves(g.pos, roll)
		if err != nil {
			return err
		}
		var mv game.Transition
		switch {
		case len(moves) == 1 && moves[0].Move == "pass":
			g.printf("%s throws %d: no legal move, the throw is lost (pass).", g.seat(p), roll)
			mv = moves[0]
		case g.kinds[p] == human:
			i, stop, err := g.ask(p, roll, moves)
			if err != nil {
				return err
			}
			if stop != "" {
				return g.finish(stop)
			}
			mv = moves[i]
			g.printf("%s plays %s.", g.seat(p), mv.Move)
		default:
			mv = moves[computers[g.kinds[p]](g.rng, g.rules, g.pos, roll, moves)]
			g.printf("%s throws %d and plays %s.", g.seat(p), roll, mv.Move)
		}
		_, letter := game.SeatName(g.rules, p)
		g.rec.Turns = append(g.rec.Turns, record.Turn{Seat: letter, Roll: roll, Move: mv.Move})
		g.pos = mv.Pos
		if next, err := g.rules.ToMove(g.pos); err == nil && next == p {
			g.printf(" Another throw.")
		}
		g.printf("\n")
	}
}

// ask shows the board, the throw and the numbered legal moves to the
// person in seat p and reads a choice. It returns the chosen index, or a
// reason to stop the game (quit, end of input).
func (g *terminalGame) ask(p game.Player, roll int, moves []game.Transition) (int, string, error) {
	if err := g.board(); err != nil {
		return 0, "", err
	}
	g.printf("%s throws %d.\n", g.seat(p), roll)
	g.listMoves(moves)
	for {
		g.printf("%s, your move (%s): ", g.seat(p), choices(len(moves)))
		if err := g.out.Flush(); err != nil {
			return 0, "", err
		}
		if !g.in.Scan() {
			if err := g.in.Err(); err != nil {
				return 0, "", fmt.Errorf("reading the input: %w", err)
			}
			g.printf("\n")
			return 0, "end of input", nil
		}
		answer := strings.Join(strings.Fields(g.in.Text()), "")
		switch strings.ToLower(answer) {
		case "":
			g.listMoves(moves)
			continue
		case "help", "h", "?":
			g.printf("%s", playHelp)
			continue
		case "quit", "q", "exit":
			return 0, "quit", nil
		case "board":
			if err := g.board(); err != nil {
				return 0, "", err
			}
			g.printf("%s throws %d.\n", g.seat(p), roll)
			g.listMoves(moves)
			continue
		case "moves":
			g.listMoves(moves)
			continue
		}
		if n, err := strconv.Atoi(answer); err == nil {
			if n >= 1 && n <= len(moves) {
				return n - 1, "", nil
			}
			g.printf("There is no move %d: choose %s, or type help.\n", n, choices(len(moves)))
			continue
		}
		for i, t := range moves {
			if t.Move == answer {
				return i, "", nil
			}
		}
		_, err := g.rules.Play(g.pos, roll, answer)
		switch {
		case errors.Is(err, game.ErrBadMove):
			g.printf("%q is neither a move number nor a move (%v). Choose %s, or type help.\n", answer, err, choices(len(moves)))
		case errors.Is(err, game.ErrIllegalMove):
			g.printf("%s is not legal with a throw of %d. Choose %s, or type help.\n", answer, roll, choices(len(moves)))
		case err != nil:
			g.printf("%s: %v. Choose %s, or type help.\n", answer, err, choices(len(moves)))
		default:
			// Unreachable while Moves lists every legal move; kept so a
			// ruleset bug shows as a message, not a wrong move.
			g.printf("%s is not in the list. Choose %s, or type help.\n", answer, choices(len(moves)))
		}
	}
}

// choices is the range of move numbers: "1-4", or "1" alone.
func choices(n int) string {
	if n == 1 {
		return "1"
	}
	return "1-" + strconv.Itoa(n)
}

// listMoves prints the numbered moves, several to a line.
func (g *terminalGame) listMoves(moves []game.Transition) {
	const width = 72
	line := " "
	for i, t := range moves {
		item := fmt.Sprintf(" %d) %-6s", i+1, t.Move)
		if len(line)+len(item) > width {
			g.printf("%s\n", strings.TrimRight(line, " "))
			line = " "
		}
		line += item
	}
	g.printf("%s\n", strings.TrimRight(line, " "))
}

// finish prints the final board, the result and the game record. stop is
// why the game stopped early, or "" when it is over.
func (g *terminalGame) finish(stop string) error {
	g.rec.End = g.pos
	if stop == "" {
		if err := g.board(); err != nil {
			return err
		}
		over, pay, err := g.rules.Result(g.pos)
		if err != nil {
			return err
		}
		if !over {
			return fmt.Errorf("play: the game stopped before its end")
		}
		g.printf("Result: %s\n", g.result(pay))
	} else {
		turns := "turns"
		if len(g.rec.Turns) == 1 {
			turns = "turn"
		}
		g.printf("Game stopped (%s) after %d %s.\n", stop, len(g.rec.Turns), turns)
	}
	g.printf("\nGame record:\n")
	return record.Write(g.out, g.rec)
}

// result describes payoffs: "White wins." when one seat takes all,
// otherwise each seat's share.
func (g *terminalGame) result(pay game.Payoffs) string {
	n := len(g.kinds)
	winner := game.NoPlayer
	for p := range game.Player(n) {
		if pay[p] == 1 {
			winner = p
		}
	}
	if winner != game.NoPlayer {
		return g.seat(winner) + " wins."
	}
	var parts []string
	for p := range game.Player(n) {
		parts = append(parts, fmt.Sprintf("%s %g", g.seat(p), pay[p]))
	}
	return strings.Join(parts, ", ") + "."
}
