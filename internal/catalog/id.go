package catalog

import (
	"fmt"
	"strings"

	"passage/game"
)

// OpenID builds the ruleset a canonical ID names: the ruleset's name,
// then its non-default options as KEY=VALUE ("senet-jequier water=15"),
// as game records store it.
func OpenID(id string) (Kit, error) {
	f := strings.Fields(id)
	if len(f) == 0 {
		return Kit{}, fmt.Errorf("%w: empty ruleset ID", game.ErrUnknownRules)
	}
	return Open(f[0], f[1:])
}

// ByID is OpenID for callers that need only the rules.
func ByID(id string) (game.Ruleset, error) {
	k, err := OpenID(id)
	if err != nil {
		return nil, err
	}
	return k.Ruleset, nil
}
