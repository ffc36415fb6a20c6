package catalog

import (
	"fmt"
	"strings"

	"passage/game"
)

// ByID builds the ruleset a canonical ID names: the ruleset's name, then
// its non-default options as KEY=VALUE ("senet-jequier water=15"), as
// game records store it.
func ByID(id string) (game.Ruleset, error) {
	f := strings.Fields(id)
	if len(f) == 0 {
		return nil, fmt.Errorf("%w: empty ruleset ID", game.ErrUnknownRules)
	}
	return Build(f[0], f[1:])
}
