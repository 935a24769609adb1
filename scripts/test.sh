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
  local started status=0; started=$(date +%s)
  echo "== $name"
  "$@" || status=$?
  timings+=("$name $(( $(date +%s) - started )) s")
  return "$status"
}

# The bundle budget test and the end-to-end tests read the built web app: build it when missing.
[ -f dist/.vite/manifest.json ] || step "build" npm run build --silent

if $db_only; then
  step "vitest (API)" npx vitest run --project node tests/api
else
  # The type check keeps one core busy for ≈ 20 s, and Vitest's workers leave some CPU idle
  # over a run (start-up, one worker finishing the last file): it runs beside Vitest, and its
  # output and time are printed after Vitest's. Either failing fails the command.
  typecheck_out=$(mktemp)
  ( started=$(date +%s); status=0; npm run typecheck --silent > "$typecheck_out" 2>&1 || status=$?
    echo "$status $(( $(date +%s) - started ))" > "$typecheck_out.done" ) &
  vitest_status=0
  step "vitest (type check beside it)" npx vitest run || vitest_status=$?
  wait
  read -r typecheck_status typecheck_seconds < "$typecheck_out.done"
  echo "== typecheck (ran beside Vitest)"
  cat "$typecheck_out"
  rm -f "$typecheck_out" "$typecheck_out.done"
  timings+=("typecheck ${typecheck_seconds} s")
  [ "$typecheck_status" -eq 0 ] || { echo "typecheck failed" >&2; exit "$typecheck_status"; }
  [ "$vitest_status" -eq 0 ] || exit "$vitest_status"
fi
step "playwright" npx playwright test

echo "== timings ($( [ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite )): $(IFS=,; echo "${timings[*]}" | sed 's/,/, /g')"
