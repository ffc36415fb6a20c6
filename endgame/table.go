package endgame

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"passage/game"
	"passage/senet"
)

// Table is a solved class: for every position the probability, in
// steps of Quantum, that the side to throw wins when both sides play
// their best.
type Table struct {
	Class *Class
	vals  []uint16
}

// MoverWin is the side to throw's probability of winning p, or false
// when p is outside the table's class.
func (t *Table) MoverWin(p senet.Position) (float64, bool) {
	i, ok := t.Class.Lookup(p)
	if !ok {
		return 0, false
	}
	return float64(t.vals[i]) / 65535, true
}

// Exact is each seat's probability of winning p when both play their
// best: from the table inside its class, the result itself when the
// game is over. It makes a Table an agent.Oracle, by which hard and
// expert play perfectly inside the class.
func (t *Table) Exact(p senet.Position) (game.Payoffs, bool) {
	var out game.Payoffs
	if w := p.Winner(); p.Turn() < 0 && w >= 0 {
		out[w] = 1
		return out, true
	}
	v, ok := t.MoverWin(p)
	if !ok {
		return out, false
	}
	out[p.Turn()], out[1-p.Turn()] = v, 1-v
	return out, true
}

// white is White's probability of winning q by the table.
func (t *Table) white(q senet.Position) (float64, bool) {
	e, ok := t.Exact(q)
	return e[senet.White], ok
}

// VerifyTolerance is the largest Bellman residual Verify accepts: two
// quanta (rounding the value and rounding its successors) plus the
// solver's Tolerance.
const VerifyTolerance = 2*Quantum + Tolerance

// VerifyReport is the result of Verify.
type VerifyReport struct {
	Checked     int64   // positions checked (both colours to move)
	MaxResidual float64 // the largest |value - Bellman backup|
	Worst       string  // the position with the largest residual
}

// Verify checks that every stored value satisfies the Bellman equation
// to VerifyTolerance, with the real rules, for White to move and for
// the colour swap with Black to move (which checks that the rules treat
// both colours alike, as the shared entries assume), and that every
// move stays in the class.
func (t *Table) Verify(ctx context.Context, workers int) (VerifyReport, error) {
	return t.VerifyWith(ctx, workers, nil)
}

// VerifyWith is Verify telling progress (when not nil) how many
// positions of how many it has checked, from one goroutine at a time.
func (t *Table) VerifyWith(ctx context.Context, workers int, progress func(done, total int64)) (VerifyReport, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	c := t.Class
	var (
		mu     sync.Mutex
		rep    VerifyReport
		bad    atomic.Pointer[string]
		cursor atomic.Int64
		wg     sync.WaitGroup
		told   sync.Mutex // progress is called by one worker at a time
		shown  int64      // the most progress told, under told
		done   atomic.Int64
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []senet.Move
			local := VerifyReport{}
			for ctx.Err() == nil && bad.Load() == nil {
				lo := cursor.Add(chunk) - chunk
				if lo >= c.size {
					break
				}
				hi := min(lo+chunk, c.size)
				for i := lo; i < hi; i++ {
					l := c.layerOf(i)
					stored := float64(t.vals[i]) / 65535
					for _, turn := range []int{senet.White, senet.Black} {
						p := c.PositionFor(l, i, turn)
						var v float64
						v, buf = bellman(c.Rules, p, buf, func(q senet.Position) float64 {
							w, ok := t.white(q)
							if !ok {
								msg := c.Rules.Format(q)
								bad.CompareAndSwap(nil, &msg)
							}
							if turn == senet.Black {
								return 1 - w // the mover's view
							}
							return w
						})
						local.Checked++
						if r := math.Abs(v - stored); r > local.MaxResidual {
							local.MaxResidual, local.Worst = r, c.Rules.Format(p)
						}
					}
				}
				if progress != nil {
					n := done.Add(hi - lo)
					told.Lock()
					if n > shown { // never backwards, whichever worker tells first
						shown = n
						progress(n, c.size)
					}
					told.Unlock()
				}
			}
			mu.Lock()
			rep.Checked += local.Checked
			if local.MaxResidual > rep.MaxResidual || rep.Worst == "" {
				rep.MaxResidual, rep.Worst = local.MaxResidual, local.Worst
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	if p := bad.Load(); p != nil {
		return rep, fmt.Errorf("%w: a move leaves the class: %s", ErrBadTable, *p)
	}
	if rep.MaxResidual > VerifyTolerance {
		return rep, fmt.Errorf("%w: Bellman residual %.3g at %s exceeds %.3g", ErrBadTable, rep.MaxResidual, rep.Worst, VerifyTolerance)
	}
	return rep, nil
}

// Find loads the table of ruleset id with the most pieces from dir; it
// returns nil and no error when dir holds none. The file is found by
// its name, so its header must name the same ruleset and K: a table
// renamed or copied under another ruleset's name is refused rather
// than taken for that ruleset's.
func Find(dir, id string) (*Table, error) {
	path, k, err := findPath(dir, id)
	if path == "" || err != nil {
		return nil, err
	}
	t, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if got := t.Class.Rules.ID(); got != id || t.Class.K != k {
		return nil, fmt.Errorf("%w: %s holds the table of %s with %d pieces, not of %s with %d: it was renamed (solve %s again)",
			ErrBadTable, path, got, t.Class.K, id, k, id)
	}
	return t, nil
}

// findPath is the file of ruleset id's table with the most pieces in
// dir and its K, or "" when dir holds none.
func findPath(dir, id string) (string, int, error) {
	for k := 6; k >= 1; k-- {
		path := filepath.Join(dir, FileName(id, k))
		_, err := os.Stat(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		return path, k, err
	}
	return "", 0, nil
}

// Stamp names the table Find would load from dir for ruleset id by its
// file name and the checksum stored at its end (read without loading
// the table), or "" when dir holds none: what a record of games played
// with the table can name it by (passage sim --journal).
func Stamp(dir, id string) (string, error) {
	path, _, err := findPath(dir, id)
	if path == "" || err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	sum := make([]byte, sha256.Size)
	if info.Size() < int64(len(sum)) {
		return "", fmt.Errorf("%s: %w: too short", path, ErrBadTable)
	}
	if _, err := f.ReadAt(sum, info.Size()-int64(len(sum))); err != nil {
		return "", err
	}
	return filepath.Base(path) + " sha256:" + hex.EncodeToString(sum), nil
}

// cache keeps the tables Cached loaded, by directory and ruleset.
var cache sync.Map // key string -> *cached

type cached struct {
	once sync.Once
	t    *Table
	err  error
}

// Cached is Find, loading each table once per process.
func Cached(dir, id string) (*Table, error) {
	e, _ := cache.LoadOrStore(dir+"\x00"+id, &cached{})
	c := e.(*cached)
	c.once.Do(func() { c.t, c.err = Find(dir, id) })
	return c.t, c.err
}
