#!/usr/bin/env bash
# The project's test command (README): formatting, vet, staticcheck and
# every test with the race detector. Fuzz targets run their seed corpora
# as ordinary tests. Needs only Go; modules come from the module proxy.
set -euo pipefail
cd "$(dirname "$0")"

echo "== gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"
	echo "$unformatted"
	exit 1
fi

echo "== go vet"
go vet ./...

echo "== staticcheck"
go tool staticcheck ./...

echo "== go test -race"
go test -race -count=1 ./...
