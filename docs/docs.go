// Package docs embeds the project's pages that the server shows: the
// players' rules of each ruleset (rules/<ruleset>.md) and the other
// documents (api.md, analysis.md, ...: /docs/NAME, listed at /docs).
package docs

import "embed"

// Files holds the docs (*.md, shown under /docs/) and rules/*.md.
//
//go:embed *.md rules/*.md
var Files embed.FS
