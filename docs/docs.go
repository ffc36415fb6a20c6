// Package docs embeds the project's pages that the server shows: the
// players' rules of each ruleset (rules/<ruleset>.md) and the API
// reference (api.md).
package docs

import "embed"

// Files holds rules/*.md and api.md.
//
//go:embed rules/*.md api.md
var Files embed.FS
