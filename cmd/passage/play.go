package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
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

const human = "human"

// seatKinds lists the accepted seat kinds, for messages.
func seatKinds() string {
	return strings.Join(append([]string{human}, agent.Names()...), ", ")
}

// validKind reports whether k names a person or a computer player.
func validKind(k string) bool {
	if k == human {
		return true
	}
	return agent.Check(k) == nil
}

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("play", stdout)
	var rf rulesFlags
	rf.register(fs, "senet-jequier")
	vs := fs.String("vs", "", "who plays against the person at the keyboard: `KIND` human, a level (easy, medium, hard, expert) or an agent (random, greedy, expectimax, mcts); every other seat gets it (default human)")
	seatFlag := fs.String("seat", "", "with --vs: the `SEAT` the person plays, by name, letter (Senet w, b; Ludo r, y, g, b) or number from 1 (default the first seat)")
	seatsFlag := fs.String("seats", "", "who plays each seat, in seat order (Senet: White, Black; Ludo: Red, Yellow, Green, Blue): comma-separated `KINDS` such as human,random; instead of --vs")
	seed := fs.Uint64("seed", 0, "seed `N` of the throws and the computer's choices (default: from the clock, printed)")
	var delay optionalDuration
	fs.Var(&delay, "delay", "pause `D` before each computer move so a person can follow it (default 700ms with a person playing, 0 otherwise)")
	hint := fs.Bool("hint", false, "allow the command hint, which shows the best move (by the hard player)")
	touchMove := fs.Bool("touch-move", false, "strict touch-move (Apokrif A18): name a piece first, then you must move it if it can move")
	autoForced := fs.Bool("auto-forced", true, "play a person's only legal move without asking; --auto-forced=false asks every time")
	var lang langFlag
	lang.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	words, err := lang.printer("play")
	if err != nil {
		return err
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if !seedSet {
		*seed = uint64(time.Now().UnixNano()) % 1_000_000_000
	}
	kit, err := rf.open()
	if err != nil {
		return err
	}
	rules := kit.Ruleset
	if *touchMove && !game.HasTouchMove(rules) {
		return usageError{fmt.Sprintf("play: --touch-move: %s has no touch-move rule", rules.ID())}
	}
	kinds, err := resolveSeats(rules, *vs, *seatFlag, *seatsFlag)
	if err != nil {
		return err
	}
	// Flags for a person at the keyboard do nothing in a game between
	// computers: say so rather than ignore them.
	if !slices.Contains(kinds, human) && (*hint || *touchMove) {
		return usageError{"play: --hint and --touch-move are for a person's seat; --seats names none (" + strings.Join(kinds, ",") + ")"}
	}
	bots := make([]agent.TextAgent, len(kinds))
	for i, k := range kinds {
		if k != human {
			if bots[i], err = kit.NewPlayer(k, *seed+uint64(i)+1); err != nil {
				return usageError{fmt.Sprintf("play: %v", err)}
			}
		}
	}
	var hinter agent.TextAgent
	if *hint {
		if hinter, err = kit.NewPlayer("hard", *seed); err != nil {
			return err
		}
	}
	title := rules.ID()
	if _, err := catalog.Lookup(rf.rules); err == nil {
		title += ", " + words.T("ruleset."+rf.rules)
	}
	why := ""
	if firstThrow[rf.rules] {
		why = words.T("play.firstThrow." + rf.rules)
	}
	g := &terminalGame{
		words:  words,
		rules:  rules,
		kinds:  kinds,
		bots:   bots,
		hinter: hinter,
		touch:  *touchMove,
		auto:   *autoForced,
		rng:    newRand(*seed),
		in:     bufio.NewScanner(stdin),
		out:    bufio.NewWriter(stdout),
		pos:    rules.Start(),
		rec: record.Record{
			Rules: rules.ID(), Seed: *seed, HasSeed: true,
			Seats: kinds, Start: rules.Start(),
		},
	}
	if kit.Prolongable {
		g.history = agent.NewHistory(g.pos)
	}
	g.delay = delay.d
	if !delay.set && g.humans() > 0 {
		g.delay = 700 * time.Millisecond
	}
	err = g.run(title, why)
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
		if seat != "" {
			return nil, usageError{"play: --seat chooses your side against --vs LEVEL; without --vs every seat is a person at this keyboard"}
		}
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
	words  *i18n.Printer // the player's language
	rules  game.Ruleset
	kinds  []string          // human or a computer, per seat
	bots   []agent.TextAgent // the computer player of each computer seat
	hinter agent.TextAgent   // the player that gives hints, if allowed
	touch  bool              // strict touch-move (A18)
	auto   bool              // play a person's only legal move without asking
	shown  bool              // the board and throw are on screen already
	delay  time.Duration     // pause before a computer's move
	rng    *rand.Rand
	in     *bufio.Scanner
	out    *bufio.Writer
	pos    string
	rec    record.Record
	// history counts the positions the game has been at, where it can
	// go on for ever (catalog.Kit.Prolongable), so that the computer
	// players and the hint avoid coming back to one again and again
	// (agent.ChooseWithHistory); nil elsewhere.
	history *agent.History[string]
}

// seat describes seat p for messages: "White", or "Black (random)" when
// a person plays against the computer, in the player's language.
func (g *terminalGame) seat(p game.Player) string {
	name := g.seatName(p)
	if g.kinds[p] != human {
		return name + " (" + g.kind(g.kinds[p]) + ")"
	}
	return name
}

// seatName is seat p's name in the player's language ("Fehér").
func (g *terminalGame) seatName(p game.Player) string {
	name, _ := game.SeatName(g.rules, p)
	return localSeatName(g.words, name)
}

// localSeatName translates an English seat name ("White", "Red"); a
// seat the catalogs do not name keeps its name.
func localSeatName(words *i18n.Printer, name string) string {
	if s := words.T("seat." + strings.ToLower(name)); !strings.HasPrefix(s, "!") {
		return s
	}
	return name
}

// kind names a seat's player in the player's language: a level by its
// translated name, an agent ("random", "mcts-500") as the computer with
// the agent's own name, which is what --vs takes.
func (g *terminalGame) kind(k string) string {
	if s := g.words.T("kind." + k); !strings.HasPrefix(s, "!") {
		return s
	}
	return g.words.T("kind.computer", "Name", k)
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

// say prints message id in the player's language, then a newline.
func (g *terminalGame) say(id string, args ...any) {
	g.printf("%s\n", g.words.T(id, args...))
}

// board prints the diagram of the current position. throwShown: the
// throw of the side to move is printed under it, so the diagram does not
// say "to throw".
func (g *terminalGame) board(throwShown bool) error {
	d, err := game.DiagramIn(g.rules, g.pos, g.words)
	if err != nil {
		return err
	}
	if p, err := g.rules.ToMove(g.pos); err == nil && p != game.NoPlayer {
		name := g.seatName(p)
		d = withThrowShown(d, name, throwHeads(g.words, seatName(g.rules, p), name), throwShown)
	}
	g.printf("\n%s\n", d)
	return nil
}

// run plays the game to its end or until the person stops. why, if not
// empty, explains who throws first (firstThrow).
func (g *terminalGame) run(title, why string) error {
	g.say("play.header", "Title", title)
	var parts []string
	for p := range game.Player(len(g.kinds)) {
		_, letter := game.SeatName(g.rules, p)
		who := g.kind(g.kinds[p])
		if g.kinds[p] == human && g.humans() == 1 {
			who = g.words.T("kind.you")
		}
		parts = append(parts, g.words.T("play.seatLine", "Seat", g.seatName(p), "Letter", letter, "Who", who))
	}
	g.printf("%s\n", strings.Join(parts, ", "))
	g.say("play.seed", "Seed", g.rec.Seed)
	if g.humans() > 0 {
		if why != "" {
			g.printf("%s\n", why)
		}
		g.say("play.answerHow", "Help", g.words.T("play.cmd.help"))
	} else if err := g.board(false); err != nil {
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
			g.printf("%s", g.words.T("play.pass", "Seat", g.seat(p), "Roll", roll))
			mv = moves[0]
		case g.kinds[p] == human && g.auto && len(moves) == 1:
			mv = moves[0]
			g.printf("%s", g.words.T("play.forced", "Seat", g.seat(p), "Roll", roll, "Move", mv.Move))
		case g.kinds[p] == human:
			offered, stop, err := g.touchFirst(p, roll, moves)
			if err != nil {
				return err
			}
			if stop == "" {
				var i int
				i, stop, err = g.ask(p, roll, offered)
				if err != nil {
					return err
				}
				mv = offered[i]
			}
			if stop != "" {
				return g.finish(stop)
			}
			g.printf("%s", g.words.T("play.plays", "Seat", g.seat(p), "Move", mv.Move))
		default:
			if g.delay > 0 {
				if err := g.out.Flush(); err != nil {
					return err
				}
				time.Sleep(g.delay)
			}
			if mv, err = g.computerMove(p, roll, moves); err != nil {
				return err
			}
			g.printf("%s", g.words.T("play.computerPlays", "Seat", g.seat(p), "Roll", roll, "Move", mv.Move))
		}
		_, letter := game.SeatName(g.rules, p)
		g.rec.Turns = append(g.rec.Turns, record.Turn{Seat: letter, Roll: roll, Move: mv.Move})
		g.pos = mv.Pos
		if g.history != nil {
			g.history.Add(g.pos)
		}
		if next, err := g.rules.ToMove(g.pos); err == nil && next == p {
			g.printf(" %s", g.words.T("play.anotherThrow"))
		}
		g.printf("\n")
	}
}

// touchFirst applies strict touch-move (A18) when it is on: the person
// names a piece by its square first, and is then held to the moves that
// touch commits to (its own piece's move, or the attacks on an opponent
// piece); a touch that commits to nothing leaves the choice free. It
// returns the moves to choose from, or a reason to stop.
func (g *terminalGame) touchFirst(p game.Player, roll int, moves []game.Transition) ([]game.Transition, string, error) {
	if !g.touch || len(moves) < 2 {
		return moves, "", nil
	}
	if err := g.board(true); err != nil {
		return nil, "", err
	}
	g.say("play.throws", "Seat", g.seat(p), "Roll", roll)
	g.listMoves(moves)
	for {
		g.printf("%s", g.words.T("play.touch.prompt", "Seat", g.seat(p)))
		answer, stop, err := g.readLine()
		if stop != "" || err != nil {
			return nil, stop, err
		}
		switch g.command(answer) {
		case "help":
			g.say("play.touch.help", "Quit", g.words.T("play.cmd.quit"))
			continue
		case "quit":
			return nil, stopQuit, nil
		}
		sq, err := strconv.Atoi(answer)
		if err != nil {
			g.say("play.touch.notSquare", "Answer", strconv.Quote(answer))
			continue
		}
		tr, ok := g.rules.(game.TouchRuleset)
		if !ok {
			return nil, "", fmt.Errorf("play: %s has no touch-move rule", g.rules.ID())
		}
		held, err := tr.Touched(g.pos, roll, sq)
		if err != nil {
			return nil, "", err
		}
		if len(held) == 0 {
			g.say("play.touch.free", "Square", sq)
			g.shown = true
			return moves, "", nil
		}
		g.say("play.touch.held", "Square", sq)
		g.listMoves(held)
		g.shown = true
		return held, "", nil
	}
}

// readLine reads one answer with its spaces removed, or a reason to stop
// at the end of the input.
func (g *terminalGame) readLine() (string, string, error) {
	if err := g.out.Flush(); err != nil {
		return "", "", err
	}
	if !g.in.Scan() {
		if err := g.in.Err(); err != nil {
			return "", "", fmt.Errorf("reading the input: %w", err)
		}
		g.printf("\n")
		return "", stopEndOfInput, nil
	}
	return strings.Join(strings.Fields(g.in.Text()), ""), "", nil
}

// ask shows the board, the throw and the numbered legal moves to the
// person in seat p and reads a choice. It returns the chosen index, or a
// reason to stop the game (quit, end of input).
func (g *terminalGame) ask(p game.Player, roll int, moves []game.Transition) (int, string, error) {
	if !g.shown {
		if err := g.board(true); err != nil {
			return 0, "", err
		}
		g.say("play.throws", "Seat", g.seat(p), "Roll", roll)
		g.listMoves(moves)
	}
	g.shown = false
	for {
		g.printf("%s", g.words.T("play.prompt", "Seat", g.seat(p), "Choices", choices(len(moves))))
		answer, stop, err := g.readLine()
		if stop != "" || err != nil {
			return 0, stop, err
		}
		if answer == "" {
			g.listMoves(moves)
			continue
		}
		switch g.command(answer) {
		case "help":
			g.help()
			continue
		case "quit":
			return 0, stopQuit, nil
		case "board":
			if err := g.board(true); err != nil {
				return 0, "", err
			}
			g.say("play.throws", "Seat", g.seat(p), "Roll", roll)
			g.listMoves(moves)
			continue
		case "moves":
			g.listMoves(moves)
			continue
		case "hint":
			g.showHint(roll, moves)
			continue
		}
		if n, err := strconv.Atoi(answer); err == nil {
			if n >= 1 && n <= len(moves) {
				return n - 1, "", nil
			}
			g.say("play.noSuchMove", "N", n, "Choices", choices(len(moves)), "Help", g.words.T("play.cmd.help"))
			continue
		}
		for i, t := range moves {
			if t.Move == answer {
				return i, "", nil
			}
		}
		_, err = g.rules.Play(g.pos, roll, answer)
		switch {
		case errors.Is(err, game.ErrIllegalMove):
			g.say("play.illegal", "Move", answer, "Roll", roll, "Choices", choices(len(moves)), "Help", g.words.T("play.cmd.help"))
		case err != nil:
			// Bad notation, or a move the position cannot have: the
			// engine's reason is English, so the person gets ours.
			g.say("play.badAnswer", "Answer", strconv.Quote(answer), "Choices", choices(len(moves)), "Help", g.words.T("play.cmd.help"))
		default:
			// A legal move that is not offered: touch-move (A18) holds
			// the person to the piece touched.
			g.say("play.notListed", "Move", answer, "Choices", choices(len(moves)), "Help", g.words.T("play.cmd.help"))
		}
	}
}

// command is the command an answer names, by its English name ("help",
// "board", "moves", "hint", "quit"), or "" for none. The English names
// and their short forms work in every language, beside the names in the
// player's language ("súgó", "aide").
func (g *terminalGame) command(answer string) string {
	answer = strings.ToLower(answer)
	switch answer {
	case "h", "?":
		return "help"
	case "q", "exit":
		return "quit"
	}
	for _, c := range []struct{ name, local string }{
		{"help", g.words.T("play.cmd.help")},
		{"board", g.words.T("play.cmd.board")},
		{"moves", g.words.T("play.cmd.moves")},
		{"hint", g.words.T("play.cmd.hint")},
		{"quit", g.words.T("play.cmd.quit")},
	} {
		if answer == c.name || answer == strings.ToLower(c.local) {
			return c.name
		}
	}
	return ""
}

// help prints the commands, by their names in the player's language.
func (g *terminalGame) help() {
	g.say("play.help.title")
	for _, line := range []struct{ cmd, what string }{
		{"N", "play.help.n"},
		{"9-12", "play.help.notation"},
		{g.words.T("play.cmd.board"), "play.help.board"},
		{g.words.T("play.cmd.moves"), "play.help.moves"},
		{g.words.T("play.cmd.hint"), "play.help.hint"},
		{g.words.T("play.cmd.help"), "play.help.help"},
		{g.words.T("play.cmd.quit"), "play.help.quit"},
	} {
		pad := strings.Repeat(" ", max(1, 10-utf8.RuneCountInString(line.cmd)))
		g.printf("  %s%s%s\n", line.cmd, pad, g.words.T(line.what))
	}
}

// computerMove asks seat p's computer player for its move.
func (g *terminalGame) computerMove(p game.Player, roll int, moves []game.Transition) (game.Transition, error) {
	m, err := g.bots[p].ChooseWithHistory(context.Background(), g.pos, roll, g.history.Func())
	if err != nil {
		return game.Transition{}, err
	}
	for _, t := range moves {
		if t.Move == m {
			return t, nil
		}
	}
	return game.Transition{}, fmt.Errorf("play: the computer chose %s, which is not legal", m)
}

// showHint prints the hard player's choice, when hints are allowed.
func (g *terminalGame) showHint(roll int, moves []game.Transition) {
	if g.hinter == nil {
		g.say("play.hint.off")
		return
	}
	m, err := g.hinter.ChooseWithHistory(context.Background(), g.pos, roll, g.history.Func())
	if err != nil {
		g.say("play.hint.none", "Err", err)
		return
	}
	for i, t := range moves {
		if t.Move == m {
			g.say("play.hint", "N", i+1, "Move", m)
			return
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

// Why a game stops early: the ids of the reasons' messages.
const (
	stopQuit       = "play.stop.quit"
	stopEndOfInput = "play.stop.endOfInput"
)

// finish prints the final board, the result and the game record. stop is
// why the game stopped early, or "" when it is over.
func (g *terminalGame) finish(stop string) error {
	g.rec.End = g.pos
	if stop == "" {
		if err := g.board(false); err != nil {
			return err
		}
		over, pay, err := g.rules.Result(g.pos)
		if err != nil {
			return err
		}
		if !over {
			return fmt.Errorf("play: the game stopped before its end")
		}
		g.say("play.result", "Result", g.result(pay))
	} else {
		g.printf("%s\n", g.words.N("play.stopped", len(g.rec.Turns), "Reason", g.words.T(stop)))
	}
	g.printf("\n")
	g.say("play.record")
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
		return g.words.T("play.wins", "Seat", g.seat(winner))
	}
	var parts []string
	for p := range game.Player(n) {
		parts = append(parts, g.words.T("play.share", "Seat", g.seat(p), "Share", g.words.Float(pay[p], 2)))
	}
	return strings.Join(parts, ", ") + "."
}
