#!/usr/bin/env bash
# The project's test command (README): the tracked files (no executable,
# nothing over 1 MB), formatting, vet, staticcheck, deadcode and every
# test with the race detector. Fuzz targets run their seed corpora
# as ordinary tests. Needs Go (modules come from the module proxy) and,
# for the browser tests, Chromium (installed here when missing: Debian's
# package chromium) and axe-core (npm, into a cache directory), and for the
# PostgreSQL tests initdb and pg_ctl (installed when missing: package
# postgresql). With
# CI=true the browser tests fail without them.
set -euo pipefail
cd "$(dirname "$0")"

echo "== tracked files (no executables, nothing over 1 MB)"
go test -count=1 -run 'TestRepositoryTracksNoBinaries' ./internal/hygiene

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

echo "== deadcode"
# -test counts what tests and examples reach as used: the conformance
# suites (game/gametest, internal/store/storetest) serve tests only.
dead=$(go tool deadcode -test ./...)
if [ -n "$dead" ]; then
	echo "unreachable code:"
	echo "$dead"
	exit 1
fi

echo "== chromium (browser tests)"
command -v chromium || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

echo "== postgresql (the PostgreSQL store and cluster tests)"
# The tests start a throwaway cluster of their own (internal/store/pgtest);
# they need initdb and pg_ctl, from Debian's package postgresql. With
# PASSAGE_TEST_PG set they use that server instead.
if [ -z "${PASSAGE_TEST_PG:-}" ] && ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi

echo "== axe-core (accessibility checks in the browser tests)"
# Fetched from npm into a cache outside the repository, never committed;
# the browser tests inject it into each page they check.
axe_dir="${XDG_CACHE_HOME:-$HOME/.cache}/passage/axe-core-4.14.1"
if [ ! -f "$axe_dir/node_modules/axe-core/axe.min.js" ]; then
	npm install --silent --no-save --no-package-lock --prefix "$axe_dir" axe-core@4.14.1
fi
export AXE_CORE="$axe_dir/node_modules/axe-core/axe.min.js"

echo "== go test -race"
# The timeout is per package: internal/server, most of it browser tests
# run one after another, takes about 16 minutes under the race detector
# on two cores (950-985 s in December 2026); 25 minutes leaves room for a
# loaded machine and still ends within CI's 30.
go test -race -count=1 -timeout 25m ./...
