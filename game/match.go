package game

import "fmt"

// Step is one turn of a game record: who threw, what, and the move made.
type Step[M comparable] struct {
	Player Player
	Roll   int
	Move   M
}

// Match is a game in progress with its history. It is the checked edge
// of the engine: Play validates the game state, the turn, the throw and
// the move before applying it, and leaves the match unchanged on error.
// The text-level Ruleset (Text), through which the command line, the
// server and game records play, checks every move with a Match.
type Match[P comparable, M comparable] struct {
	g     Game[P, M]
	start P
	pos   P
	steps []Step[M]
	buf   []M
}

// NewMatch starts a match from position start (normally g.Start()).
func NewMatch[P comparable, M comparable](g Game[P, M], start P) *Match[P, M] {
	return &Match[P, M]{g: g, start: start, pos: start}
}

// Game is the ruleset the match is played under.
func (m *Match[P, M]) Game() Game[P, M] { return m.g }

// Start is the position the match began from.
func (m *Match[P, M]) Start() P { return m.start }

// Position is the current position.
func (m *Match[P, M]) Position() P { return m.pos }

// ToMove is the side to throw, or NoPlayer when the game is over.
func (m *Match[P, M]) ToMove() Player { return m.g.ToMove(m.pos) }

// Over reports whether the game has ended.
func (m *Match[P, M]) Over() bool { return m.g.Over(m.pos) }

// History is the list of turns played so far. The caller must not modify it.
func (m *Match[P, M]) History() []Step[M] { return m.steps }

// Legal lists the legal moves for throw roll in the current position, in
// the ruleset's canonical order. It returns an error when the game is
// over or the throw is impossible.
func (m *Match[P, M]) Legal(roll int) ([]M, error) {
	if m.g.Over(m.pos) {
		return nil, ErrGameOver
	}
	if err := m.possible(roll); err != nil {
		return nil, err
	}
	return m.g.Moves(m.pos, roll, nil), nil
}

// Play makes move mv for player after throw roll. On any error the match
// is unchanged: ErrGameOver, ErrNotYourTurn, ErrBadRoll or ErrIllegalMove,
// wrapped with context.
func (m *Match[P, M]) Play(player Player, roll int, mv M) error {
	if m.g.Over(m.pos) {
		return ErrGameOver
	}
	if turn := m.g.ToMove(m.pos); player != turn {
		return fmt.Errorf("%w: seat %d to move, not seat %d", ErrNotYourTurn, turn, player)
	}
	if err := m.possible(roll); err != nil {
		return err
	}
	m.buf = m.g.Moves(m.pos, roll, m.buf[:0])
	for _, legal := range m.buf {
		if legal == mv {
			m.steps = append(m.steps, Step[M]{Player: player, Roll: roll, Move: mv})
			m.pos = m.g.Apply(m.pos, roll, mv)
			return nil
		}
	}
	return fmt.Errorf("%w: %s with a throw of %d", ErrIllegalMove, m.g.FormatMove(mv), roll)
}

// possible checks that roll is a throw of the current position.
func (m *Match[P, M]) possible(roll int) error {
	if !Possible(m.g.Outcomes(m.pos), roll) {
		return fmt.Errorf("%w: %s cannot throw %d", ErrBadRoll, m.g.ID(), roll)
	}
	return nil
}
