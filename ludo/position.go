package ludo

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"passage/game"
)

// Position is a Ludo position: a comparable value with no pointers, so
// that == means "same position" and it can key a map. Bit s of a track
// mask stands for track square s (1-40); bit k-1 of a goal mask for gk.
// Pieces in a yard are not stored: a colour has Pieces minus (track +
// goal) there.
type Position struct {
	track  [Colors]uint64 // track squares holding a piece of each colour
	goal   [Colors]uint8  // goal squares holding a piece of each colour
	done   [Colors]uint8  // colours finished, in order, as colour+1; 0 unused (finish=all)
	turn   int8           // colour to roll, or -1 when the game is over
	winner int8           // the winning colour, or -1
	sixes  uint8          // sixes rolled in a row this turn (H3)
	last   uint8          // track square of the piece moved last this turn, or 0 (H3)
	extra  uint8          // extra rolls still due, the next one included (H2)
	tries  uint8          // failed tries towards a 6 (H5)
}

// fullGoal is a goal with all four squares taken.
const fullGoal = 1<<GoalLen - 1

// Turn is the colour to roll (Red, Yellow, Green or Blue), or -1 when the
// game is over.
func (p Position) Turn() int { return int(p.turn) }

// Winner is the winning colour, or -1 while the game goes on.
func (p Position) Winner() int { return int(p.winner) }

// At is the colour on track square s (1-40), or -1 when it is empty.
func (p Position) At(s int) int {
	bit := uint64(1) << s
	for c := range Colors {
		if p.track[c]&bit != 0 {
			return c
		}
	}
	return -1
}

// InGoal reports whether colour c has a piece on its goal square gk (1-4).
func (p Position) InGoal(c, k int) bool { return p.goal[c]&(1<<(k-1)) != 0 }

// OnTrack is the number of pieces of colour c on the track.
func (p Position) OnTrack(c int) int { return bits.OnesCount64(p.track[c]) }

// Home is the number of pieces of colour c in its goal.
func (p Position) Home(c int) int { return bits.OnesCount8(p.goal[c]) }

// Yard is the number of pieces of colour c waiting in its yard.
func (p Position) Yard(c int) int { return Pieces - p.OnTrack(c) - p.Home(c) }

// Done lists the colours finished so far, in order (finish=all).
func (p Position) Done() []int {
	var out []int
	for _, d := range p.done {
		if d != 0 {
			out = append(out, int(d)-1)
		}
	}
	return out
}

// Sixes is the number of sixes rolled in a row this turn (H3).
func (p Position) Sixes() int { return int(p.sixes) }

// Last is the track square of the piece moved last this turn, or 0 (H3).
func (p Position) Last() int { return int(p.last) }

// Extra is the number of extra rolls still due, the next one included,
// or 0 when the next roll is an ordinary one (H2).
func (p Position) Extra() int { return int(p.extra) }

// Tries is the number of failed tries towards a 6 so far (H5).
func (p Position) Tries() int { return int(p.tries) }

// defaultOrder is the colors= key's default (docs/notation.md).
const defaultOrder = "rygb"

// orderString writes the colours in play in turn order ("rg").
func (v *Variant) orderString() string {
	b := make([]byte, v.NColors)
	for i := range v.NColors {
		b[i] = colorLetter[v.Order[i]]
	}
	return string(b)
}

// inPlay reports whether colour c takes part.
func (v *Variant) inPlay(c int) bool {
	for i := range v.NColors {
		if int(v.Order[i]) == c {
			return true
		}
	}
	return false
}

// Format writes p in the notation of docs/notation.md.
func (v *Variant) Format(p Position) string {
	var b strings.Builder
	b.Grow(80)
	for s := 1; s <= TrackLen; s++ {
		if c := p.At(s); c >= 0 {
			b.WriteByte(colorLetter[c])
		} else {
			b.WriteByte('.')
		}
	}
	b.WriteByte(' ')
	for c := range Colors {
		if c > 0 {
			b.WriteByte('/')
		}
		for k := 1; k <= GoalLen; k++ {
			if p.InGoal(c, k) {
				b.WriteByte(colorLetter[c])
			} else {
				b.WriteByte('.')
			}
		}
	}
	b.WriteByte(' ')
	if p.turn < 0 {
		b.WriteByte('-')
	} else {
		b.WriteByte(colorLetter[p.turn])
	}
	if o := v.orderString(); o != defaultOrder {
		b.WriteString(" colors=")
		b.WriteString(o)
	}
	writeNum := func(key string, n uint8) {
		if n != 0 {
			b.WriteString(" " + key + "=")
			b.WriteString(strconv.Itoa(int(n)))
		}
	}
	writeNum("sixes", p.sixes)
	writeNum("last", p.last)
	writeNum("extra", p.extra)
	writeNum("tries", p.tries)
	if p.done[0] != 0 {
		b.WriteString(" done=")
		for _, d := range p.done {
			if d != 0 {
				b.WriteByte(colorLetter[d-1])
			}
		}
	}
	if p.winner >= 0 {
		b.WriteString(" winner=")
		b.WriteByte(colorLetter[p.winner])
	}
	return b.String()
}

// keyOrder is the order keys must appear in (docs/notation.md).
var keyOrder = []string{"colors", "sixes", "last", "extra", "tries", "done", "winner"}

// colorOf reads a colour letter.
func colorOf(c byte) int {
	switch c {
	case 'r':
		return Red
	case 'y':
		return Yellow
	case 'g':
		return Green
	case 'b':
		return Blue
	}
	return -1
}

// Parse reads a position in notation and checks that it is possible under
// the variant: known colours in play only, at most four pieces each,
// keys the ruleset uses, a consistent turn and result. The error names
// the problem.
func (v *Variant) Parse(s string) (Position, error) {
	p := Position{turn: -1, winner: -1}
	fields := strings.Fields(s)
	if len(fields) < 3 {
		return p, game.BadPosition("want TRACK GOALS TURN [KEY=VALUE ...], got %q", s)
	}
	track, goals, turn := fields[0], fields[1], fields[2]
	if len(track) != TrackLen {
		return p, game.BadPosition("track has %d squares, want %d", len(track), TrackLen)
	}
	for i := range TrackLen {
		ch := track[i]
		if ch == '.' {
			continue
		}
		c := colorOf(ch)
		if c < 0 {
			return p, game.BadPosition("track square %d: unknown piece %q (want . r y g b)", i+1, ch)
		}
		p.track[c] |= 1 << (i + 1)
	}
	groups := strings.Split(goals, "/")
	if len(groups) != Colors {
		return p, game.BadPosition("goals %q: want four groups of four squares separated by /, red/yellow/green/blue", goals)
	}
	for c, g := range groups {
		if len(g) != GoalLen {
			return p, game.BadPosition("%s goal %q has %d squares, want %d", colorName[c], g, len(g), GoalLen)
		}
		for k := range GoalLen {
			switch g[k] {
			case '.':
			case colorLetter[c]:
				p.goal[c] |= 1 << k
			default:
				return p, game.BadPosition("%s goal g%d: %q does not belong there (want . or %c)", colorName[c], k+1, g[k], colorLetter[c])
			}
		}
	}
	if turn != "-" {
		c := -1
		if len(turn) == 1 {
			c = colorOf(turn[0])
		}
		if c < 0 {
			return p, game.BadPosition("turn %q: want r, y, g, b or -", turn)
		}
		p.turn = int8(c)
	}
	next := 0
	order := ""
	for _, kv := range fields[3:] {
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return p, game.BadPosition("%q is not KEY=VALUE", kv)
		}
		idx := -1
		for i, name := range keyOrder {
			if name == k {
				idx = i
			}
		}
		if idx < 0 {
			return p, game.BadPosition("unknown key %q (keys: %s)", k, strings.Join(keyOrder, ", "))
		}
		if idx < next {
			return p, game.BadPosition("key %s= out of order or repeated (order: %s)", k, strings.Join(keyOrder, ", "))
		}
		next = idx + 1
		if val == "" {
			return p, game.BadPosition("key %s= is empty (omit it instead)", k)
		}
		if err := v.parseKey(&p, k, val); err != nil {
			return p, err
		}
		if k == "colors" {
			order = val
		}
	}
	switch want := v.orderString(); {
	case order == "" && want != defaultOrder:
		return p, game.BadPosition("colors= missing (so %s), but this ruleset is played by %s: add colors=%s", defaultOrder, want, want)
	case order != "" && order != want:
		return p, game.BadPosition("colors=%s: this ruleset is played by %s in that turn order (option colors=)", order, want)
	}
	if err := v.check(p); err != nil {
		return p, err
	}
	return p, nil
}

func (v *Variant) parseKey(p *Position, k, val string) error {
	switch k {
	case "colors":
		if val == defaultOrder {
			return game.BadPosition("colors=%s is the default: omit it", val)
		}
	case "sixes":
		if !v.usesSixes() {
			return game.BadPosition("sixes= needs the option three-sixes=on")
		}
		n, err := parseNum(val, 1, v.SixesLimit-1)
		if err != nil {
			return game.BadPosition("sixes=%s: %v", val, err)
		}
		p.sixes = uint8(n)
	case "last":
		if !v.usesSixes() {
			return game.BadPosition("last= needs the option three-sixes=on")
		}
		n, err := parseNum(val, 1, TrackLen)
		if err != nil {
			return game.BadPosition("last=%s: %v", val, err)
		}
		p.last = uint8(n)
	case "extra":
		if !v.usesExtra() {
			return game.BadPosition("extra= needs the option six-rolls=2")
		}
		n, err := parseNum(val, 1, maxExtra)
		if err != nil {
			return game.BadPosition("extra=%s: %v", val, err)
		}
		p.extra = uint8(n)
	case "tries":
		if !v.usesTries() {
			return game.BadPosition("tries= needs the option three-tries=on")
		}
		n, err := parseNum(val, 1, v.Tries-1)
		if err != nil {
			return game.BadPosition("tries=%s: %v", val, err)
		}
		p.tries = uint8(n)
	case "done":
		if !v.usesDone() {
			return game.BadPosition("done= needs the option finish=all")
		}
		if len(val) > Colors {
			return game.BadPosition("done=%s: more colours than there are", val)
		}
		for i := range len(val) {
			c := colorOf(val[i])
			if c < 0 {
				return game.BadPosition("done=%s: unknown colour %q", val, val[i])
			}
			if strings.IndexByte(val[:i], val[i]) >= 0 {
				return game.BadPosition("done=%s: %c twice", val, val[i])
			}
			p.done[i] = uint8(c + 1)
		}
	case "winner":
		c := -1
		if len(val) == 1 {
			c = colorOf(val[0])
		}
		if c < 0 {
			return game.BadPosition("winner=%s: want r, y, g or b", val)
		}
		p.winner = int8(c)
	}
	return nil
}

// maxExtra bounds the extra rolls due (H2). Each 6 adds two and uses
// one, so only an unbroken run of over 250 sixes could reach it; Apply
// saturates there rather than overflow.
const maxExtra = 255

// parseNum reads a number lo..hi written canonically (no sign, no
// leading zero).
func parseNum(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != s {
		if lo == hi {
			return 0, fmt.Errorf("the only value is %d", lo)
		}
		return 0, fmt.Errorf("want a number %d-%d", lo, hi)
	}
	return n, nil
}

// check verifies that a parsed position is possible under the variant.
func (v *Variant) check(p Position) error {
	complete := 0 // colours with all pieces home
	for c := range Colors {
		n := p.OnTrack(c) + p.Home(c)
		if !v.inPlay(c) {
			if n > 0 {
				return game.BadPosition("%s is not in play (colors=%s) but has pieces on the board", colorName[c], v.orderString())
			}
			continue
		}
		if n > Pieces {
			return game.BadPosition("%s has %d pieces on the track and in the goal, at most %d", colorName[c], n, Pieces)
		}
		if p.goal[c] == fullGoal {
			complete++
		}
	}
	over := p.turn < 0
	if !over && !v.inPlay(int(p.turn)) {
		return game.BadPosition("turn %c: %s is not in play (colors=%s)", colorLetter[p.turn], colorName[p.turn], v.orderString())
	}
	if p.winner >= 0 && !v.inPlay(int(p.winner)) {
		return game.BadPosition("winner=%c: %s is not in play", colorLetter[p.winner], colorName[p.winner])
	}
	ndone := 0
	for _, d := range p.done {
		if d == 0 {
			break
		}
		c := int(d) - 1
		if !v.inPlay(c) {
			return game.BadPosition("done=: %s is not in play", colorName[c])
		}
		ndone++
	}
	switch {
	case over && p.winner < 0:
		return game.BadPosition("turn - needs winner=")
	case !over && p.winner >= 0:
		return game.BadPosition("winner= needs turn -")
	}
	if v.Finish == FinishFirst {
		switch {
		case over && p.goal[p.winner] != fullGoal:
			return game.BadPosition("winner=%c has not brought all %d pieces home", colorLetter[p.winner], Pieces)
		case over && complete > 1:
			return game.BadPosition("more than one colour has brought all its pieces home")
		case !over && complete > 0:
			return game.BadPosition("a colour has brought all its pieces home: the game is over (turn -, winner=)")
		}
	} else {
		if over && ndone != v.NColors {
			return game.BadPosition("the game is over: done= must list all %d colours in finishing order", v.NColors)
		}
		for i := range ndone {
			c := int(p.done[i]) - 1
			last := over && i == ndone-1
			if home := p.goal[c] == fullGoal; home == last {
				if last {
					return game.BadPosition("done=: %s, placed last, has brought all its pieces home", colorName[c])
				}
				return game.BadPosition("done=: %s has not brought all its pieces home", colorName[c])
			}
		}
		switch {
		case over && int(p.done[0])-1 != int(p.winner):
			return game.BadPosition("winner=%c is not the first colour in done=", colorLetter[p.winner])
		case !over && ndone > v.NColors-2:
			return game.BadPosition("done= lists %d colours: the game would be over", ndone)
		case !over && complete != ndone:
			return game.BadPosition("done= must list every colour that has brought all its pieces home")
		}
		if !over {
			for i := range ndone {
				if int(p.done[i])-1 == int(p.turn) {
					return game.BadPosition("turn %c: %s has finished", colorLetter[p.turn], colorName[p.turn])
				}
			}
		}
	}
	if over {
		if p.sixes != 0 || p.last != 0 || p.extra != 0 || p.tries != 0 {
			return game.BadPosition("the game is over: sixes=, last=, extra= and tries= belong to a turn in progress")
		}
		return nil
	}
	c := p.turn
	if p.last != 0 && p.track[c]&(1<<p.last) == 0 {
		return game.BadPosition("last=%d: square %d does not hold a piece of %s, the colour to roll", p.last, p.last, colorName[c])
	}
	if p.last != 0 && p.sixes == 0 && p.extra == 0 {
		return game.BadPosition("last=%d: no roll of this turn is due (needs sixes= or extra=)", p.last)
	}
	if p.tries != 0 && p.track[c] != 0 {
		return game.BadPosition("tries=%d: %s has a piece on the track", p.tries, colorName[c])
	}
	if p.tries != 0 && p.sixes != 0 {
		return game.BadPosition("tries= and sixes= together: a 6 ends the tries")
	}
	if p.sixes != 0 && v.usesExtra() && int(p.extra) < v.SixRolls {
		return game.BadPosition("sixes=%d: a 6 leaves at least %d extra rolls due (extra=)", p.sixes, v.SixRolls)
	}
	return nil
}

// Key is a fixed 64-bit hash of the position (game.Keyer): equal
// positions have equal keys in every run, which keeps search
// deterministic.
func (p Position) Key() uint64 {
	var h uint64
	for c := range Colors {
		h = game.Mix64(h ^ p.track[c])
	}
	var small uint64
	for c := range Colors {
		small |= uint64(p.goal[c])<<(8*c) | uint64(p.done[c])<<(32+8*c)
	}
	state := uint64(uint8(p.turn)) | uint64(uint8(p.winner))<<8 |
		uint64(p.sixes)<<16 | uint64(p.last)<<24 | uint64(p.extra)<<32 | uint64(p.tries)<<40
	return game.Mix64(h ^ game.Mix64(small^game.Mix64(state)))
}
