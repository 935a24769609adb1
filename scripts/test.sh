#!/usr/bin/env bash
# README's test command (`npm test`): type check, Vitest (unit, web components, API), Playwright
# end to end — on the embedded database, or on the PostgreSQL server that DATABASE_URL names.
#
#   npm test                 everything
#   npm test -- --db-only    only what touches the database: the API tests and the end-to-end
#                            tests. CI's PostgreSQL leg runs this, since the type check, the unit
#                            tests and the web component tests do not depend on the database and
#                            have already passed in its PGlite leg.
#
# Prints how long each step took, so a slow step shows up in CI's log.
set -euo pipefail
cd "$(dirname "$0")/.."

db_only=false
for arg in "$@"; do
  case "$arg" in
    --db-only) db_only=true ;;
    *) echo "unknown option: $arg (known: --db-only)" >&2; exit 2 ;;
  esac
done

timings=()
step() {
  local name="$1"; shift
  local started; started=$(date +%s)
  echo "== $name"
  "$@"
  timings+=("$name $(( $(date +%s) - started )) s")
}

# The bundle budget test and the end-to-end tests read the built web app: build it when missing.
[ -f dist/.vite/manifest.json ] || step "build" npm run build --silent

if $db_only; then
  step "vitest (API)" npx vitest run --project node tests/api
else
  step "typecheck" npm run typecheck --silent
  step "vitest" npx vitest run
fi
step "playwright" npx playwright test

echo "== timings ($( [ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite )): $(IFS=,; echo "${timings[*]}" | sed 's/,/, /g')"
