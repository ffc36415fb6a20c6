// Package web is the browser interface of `passage serve`: page
// templates (html/template), and plain CSS and JavaScript modules,
// embedded in the binary, with no build step. The pages talk to the
// server only through its JSON API and the WebSocket stream
// (docs/api.md). The server serves static/ under an address naming the
// release, /static/VERSION/NAME (internal/server/static.go), which the
// templates write as {{static "NAME"}}; the modules import each other
// by relative name ('./app.js'), which keeps them in one release.
//
// Boards are drawn by family (game.Spec.Board): static/senet.js draws
// the 3 x 10 Senet board for every senet ruleset, static/ludo.js the
// cross-shaped Ludo board; a new ruleset on an existing board needs no
// change here, a new board family a module of its own, named in
// static/app.js's table.
package web

import "embed"

// Static holds the styles, scripts and icons, under static/.
//
//go:embed static
var Static embed.FS

// Templates holds the page templates, under templates/: layout.html
// around one content template per page.
//
//go:embed templates
var Templates embed.FS
