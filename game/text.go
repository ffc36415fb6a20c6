package game

import (
	"fmt"

	"passage/internal/i18n"
)

// Transition is a legal move in notation and the position it leads to,
// with every automatic consequence applied.
type Transition struct {
	Move string
	Pos  string
}

// Ruleset is the text-level view of a game that the command line, the
// server and the store use: positions and moves are strings in the
// ruleset's notation, so none of them needs generics. Every method
// validates its input and returns an error rather than panicking.
type Ruleset interface {
	// ID is the ruleset name with its non-default options.
	ID() string
	// Players is the number of seats.
	Players() int
	// Start is the initial position.
	Start() string
	// Normalize parses pos and writes it back in canonical notation.
	Normalize(pos string) (string, error)
	// ToMove is the side to throw in pos, NoPlayer when the game is over.
	ToMove(pos string) (Player, error)
	// Outcomes lists the possible throws in pos.
	Outcomes(pos string) ([]Outcome, error)
	// Moves lists the legal moves for throw roll in pos with the position
	// after each. It fails when the game is over or the throw impossible.
	Moves(pos string, roll int) ([]Transition, error)
	// Play applies move after throw roll in pos, checking legality.
	Play(pos string, roll int, move string) (string, error)
	// Result reports whether the game in pos is over, and its payoffs.
	Result(pos string) (over bool, payoffs Payoffs, err error)
	// Diagram draws pos for a terminal, several lines of plain text; a
	// game without a drawing of its own gets its notation.
	Diagram(pos string) (string, error)
}

// Diagrammer is implemented by games that can draw a position for a
// terminal. The text adapter uses it for Diagram.
type Diagrammer[P comparable] interface {
	Diagram(p P) string
}

// LocalDiagrammer is implemented by games that can draw a position in a
// person's language; the text adapter uses it for DiagramIn.
type LocalDiagrammer[P comparable] interface {
	DiagramIn(p P, words *i18n.Printer) string
}

// DiagramIn draws pos like Diagram, in the language of words when the
// game draws in several languages (`passage play --lang`).
func DiagramIn(r Ruleset, pos string, words *i18n.Printer) (string, error) {
	if l, ok := r.(interface {
		DiagramIn(pos string, words *i18n.Printer) (string, error)
	}); ok {
		return l.DiagramIn(pos, words)
	}
	return r.Diagram(pos)
}

// Text adapts a typed Game to the text-level Ruleset.
func Text[P comparable, M comparable](g Game[P, M]) Ruleset {
	return textRules[P, M]{g: g}
}

type textRules[P comparable, M comparable] struct {
	g Game[P, M]
}

func (t textRules[P, M]) ID() string    { return t.g.ID() }
func (t textRules[P, M]) Players() int  { return t.g.Players() }
func (t textRules[P, M]) Start() string { return t.g.FormatPosition(t.g.Start()) }

func (t textRules[P, M]) Normalize(pos string) (string, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return "", err
	}
	return t.g.FormatPosition(p), nil
}

func (t textRules[P, M]) ToMove(pos string) (Player, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return NoPlayer, err
	}
	return t.g.ToMove(p), nil
}

func (t textRules[P, M]) Outcomes(pos string) ([]Outcome, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return nil, err
	}
	if t.g.Over(p) {
		return nil, ErrGameOver
	}
	return t.g.Outcomes(p), nil
}

// match parses pos and starts a Match there: the text adapter is the
// checked edge in notation, and Match does the checking.
func (t textRules[P, M]) match(pos string) (*Match[P, M], error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return nil, err
	}
	return NewMatch(t.g, p), nil
}

func (t textRules[P, M]) Moves(pos string, roll int) ([]Transition, error) {
	m, err := t.match(pos)
	if err != nil {
		return nil, err
	}
	moves, err := m.Legal(roll)
	if err != nil {
		return nil, err
	}
	return t.transitions(m.Position(), roll, moves), nil
}

// transitions writes moves (legal after throw roll in p) in notation,
// each with the position it leads to.
func (t textRules[P, M]) transitions(p P, roll int, moves []M) []Transition {
	out := make([]Transition, len(moves))
	for i, m := range moves {
		out[i] = Transition{Move: t.g.FormatMove(m), Pos: t.g.FormatPosition(t.g.Apply(p, roll, m))}
	}
	return out
}

func (t textRules[P, M]) Play(pos string, roll int, move string) (string, error) {
	m, err := t.match(pos)
	if err != nil {
		return "", err
	}
	if _, err := m.Legal(roll); err != nil {
		return "", err // a finished game or an impossible throw, before the move's syntax
	}
	mv, err := t.g.ParseMove(move)
	if err != nil {
		return "", err
	}
	if err := m.Play(m.ToMove(), roll, mv); err != nil {
		return "", err
	}
	return t.g.FormatPosition(m.Position()), nil
}

func (t textRules[P, M]) Result(pos string) (bool, Payoffs, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return false, Payoffs{}, err
	}
	if !t.g.Over(p) {
		return false, Payoffs{}, nil
	}
	return true, t.g.Payoffs(p), nil
}

func (t textRules[P, M]) Diagram(pos string) (string, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return "", err
	}
	if d, ok := t.g.(Diagrammer[P]); ok {
		return d.Diagram(p), nil
	}
	return t.g.FormatPosition(p) + "\n", nil
}

// DiagramIn forwards to the typed game when it draws in several
// languages, and is Diagram otherwise.
func (t textRules[P, M]) DiagramIn(pos string, words *i18n.Printer) (string, error) {
	l, ok := t.g.(LocalDiagrammer[P])
	if !ok {
		return t.Diagram(pos)
	}
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return "", err
	}
	return l.DiagramIn(p, words), nil
}

// Toucher is implemented by games that can play a touch-move rule:
// Touched lists the legal moves that touching square sq commits the
// mover to, or none when the touch commits to nothing. TouchMoveRule is
// the ID of the ruleset's touch-move rule, or "" where its source has
// none (Senet's move generator serves every ruleset; only Apokrif has
// A18).
type Toucher[P comparable, M comparable] interface {
	Touched(p P, roll, sq int, buf []M) []M
	TouchMoveRule() string
}

// TouchRuleset is the text-level touch-move rule; the text adapter of a
// Toucher implements it.
type TouchRuleset interface {
	Touched(pos string, roll, sq int) ([]Transition, error)
}

// Touched lists the moves touching square sq commits the mover to. It
// fails when the typed game has no touch-move rule.
func (t textRules[P, M]) Touched(pos string, roll, sq int) ([]Transition, error) {
	tg, ok := t.g.(Toucher[P, M])
	if !ok {
		return nil, fmt.Errorf("%s has no touch-move rule", t.g.ID())
	}
	m, err := t.match(pos)
	if err != nil {
		return nil, err
	}
	if _, err := m.Legal(roll); err != nil {
		return nil, err
	}
	return t.transitions(m.Position(), roll, tg.Touched(m.Position(), roll, sq, nil)), nil
}

// OpeningSquare is the square the first move must start from while a
// position's opening flag is set (Senet J4), 0 where r has no such rule.
func OpeningSquare(r Ruleset) int {
	t, ok := r.(interface{ openingSquare() int })
	if !ok {
		return 0
	}
	return t.openingSquare()
}

func (t textRules[P, M]) openingSquare() int {
	if o, ok := t.g.(interface{ FirstMoveSquare() int }); ok {
		return o.FirstMoveSquare()
	}
	return 0
}

// HasTouchMove reports whether r has a touch-move rule.
func HasTouchMove(r Ruleset) bool {
	t, ok := r.(interface{ touchMove() bool })
	return ok && t.touchMove()
}

func (t textRules[P, M]) touchMove() bool {
	tg, ok := t.g.(Toucher[P, M])
	return ok && tg.TouchMoveRule() != ""
}
