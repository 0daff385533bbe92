#!/usr/bin/env bash
# `npm test`, and so CI (.ci/run): every check of DESIGN §7, in order, stopping at the first failure.
#   system packages → types → lint → migrations → unit → API on SQLite → API on PostgreSQL → build → browser
# It always ends with the line "N passed, N failed" and stops every PostgreSQL server it started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/trainwright-test-XXXXXX")"
RESULTS="$RUN_DIR/results"
mkdir -p "$RESULTS"
# scripts/lib/postgres.ts puts its clusters here, so that the exit trap can find and stop them. The
# postgres user runs them (initdb refuses root), so it must be able to pass through this folder.
chmod 755 "$RUN_DIR"
export TRAINWRIGHT_PG_ROOT="$RUN_DIR/postgres"
STEP=""
STEP_STARTED=$SECONDS

step() {
  STEP="$1"
  STEP_STARTED=$SECONDS
  printf '\n==== %s ====\n' "$STEP"
}

step_done() {
  printf -- '---- %s: ok in %ss\n' "$STEP" "$((SECONDS - STEP_STARTED))"
  STEP=""
}

# Normally the vitest global setup (or migrations.ts) stops its server; this covers a step that was
# killed or crashed first. Only servers whose data folder is under this run's own folder are touched.
stop_leftover_postgres() {
  local pidfile pid
  for pidfile in "$TRAINWRIGHT_PG_ROOT"/*/data/postmaster.pid; do
    [ -f "$pidfile" ] || continue
    pid="$(head -n 1 "$pidfile")"
    echo "stopping PostgreSQL (pid $pid) left running by the failed step"
    kill -QUIT "$pid" 2>/dev/null || true # SIGQUIT: PostgreSQL's immediate shutdown
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  done
}

on_exit() {
  local status=$?
  set +e
  stop_leftover_postgres
  echo
  echo "==== summary ($((SECONDS))s) ===="
  node --import tsx scripts/lib/test-summary.ts "$RESULTS" ${STEP:+"$STEP"}
  [ -n "$STEP" ] && [ "$status" -ne 0 ] && echo "FAILED: $STEP"
  rm -rf "$RUN_DIR"
  exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# vitest with its usual output plus a JSON report for the summary.
run_vitest() {
  local report="$1"
  shift
  vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$report.json" "$@"
}

step "system packages: Chromium and PostgreSQL"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "installing: ${missing[*]}"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  echo "already installed"
fi
/usr/bin/chromium --version 2>/dev/null || true
ls -d /usr/lib/postgresql/*/bin | head -n 1
step_done

step "typecheck (tsc)"
tsc --noEmit -p .
step_done

step "lint and format (biome)"
biome check .
step_done

step "migrations match the entities (SQLite and PostgreSQL)"
tsx scripts/migrations.ts check
step_done

step "unit tests"
run_vitest unit --project unit
step_done

step "API tests on SQLite"
TEST_DB=sqlite run_vitest api-sqlite --project api
step_done

step "API tests on PostgreSQL"
TEST_DB=postgres run_vitest api-postgres --project api
step_done

step "client build (vite)"
vite build --logLevel warn
step_done

step "browser tests (Chromium)"
run_vitest e2e --project e2e
step_done
