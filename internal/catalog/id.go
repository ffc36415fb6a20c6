package catalog

import (
	"fmt"
	"strings"
	"sync"

	"passage/game"
)

// OpenID builds the ruleset a canonical ID names: the ruleset's name,
// then its non-default options as KEY=VALUE ("senet-jequier water=15"),
// as game records store it.
//
// The Kits of the first kitCacheSize IDs opened are kept and shared:
// the server opens one for every game it holds, and thousands of games
// of one ruleset need not each build the ruleset again (BenchmarkLoad/
// waiting). A Kit is safe to share: its game is read only once built,
// as the simulations' workers already share one. Past the cap, an ID
// is built anew each time, so that no number of IDs a stranger makes
// up grows the cache.
func OpenID(id string) (Kit, error) {
	kitCache.Lock()
	k, ok := kitCache.kits[id]
	kitCache.Unlock()
	if ok {
		return k, nil
	}
	f := strings.Fields(id)
	if len(f) == 0 {
		return Kit{}, fmt.Errorf("%w: empty ruleset ID", game.ErrUnknownRules)
	}
	k, err := Open(f[0], f[1:])
	if err != nil {
		return Kit{}, err
	}
	kitCache.Lock()
	if len(kitCache.kits) < kitCacheSize {
		kitCache.kits[id] = k
	}
	kitCache.Unlock()
	return k, nil
}

// kitCacheSize bounds the Kits OpenID keeps (a variable for the tests).
var kitCacheSize = 256

var kitCache = struct {
	sync.Mutex
	kits map[string]Kit
}{kits: map[string]Kit{}}

// ByID is OpenID for callers that need only the rules.
func ByID(id string) (game.Ruleset, error) {
	k, err := OpenID(id)
	if err != nil {
		return nil, err
	}
	return k.Ruleset, nil
}
