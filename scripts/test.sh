#!/usr/bin/env bash
# `npm test`, and so CI (.ci/run): every check of docs/DESIGN.md §7, stopping at the first failure. The machine
# may have only two cores. The single-threaded checks run as two lanes side by side, each a chain of steps;
# the test suites, which use both cores themselves (vitest.config.ts), follow one at a time:
#   system packages
#   typecheck (tsc)  ‖  lint (biome) → unused exports (knip) → migrations check → unit tests → client build (vite)
#   API tests on SQLite → API tests on PostgreSQL → browser tests (Chromium, on that one build)
#   → scale-out (scripts/test-scaleout.ts: nginx, two instances, one killed under load)
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
# The step that failed, for the summary: a lane's steps run in a subshell, which writes it here.
FAILED_STEP_FILE="$RUN_DIR/failed-step"
STEP=""
STEP_STARTED=$SECONDS
# Lanes still running (their process group ids), stopped by the exit trap if the run ends early.
LANE_PIDS=()

# fd 3 is the terminal: a lane's own output goes to its log, but its step lines show as they happen.
exec 3>&1

step() {
  STEP="$1"
  STEP_STARTED=$SECONDS
  printf '%s\n' "$STEP" >"$FAILED_STEP_FILE.$BASHPID"
  printf '\n==== %s ====\n' "$STEP"
  [ "$BASHPID" = "$$" ] || printf '  started: %s\n' "$STEP" >&3
}

step_done() {
  local line
  line="$(printf -- '---- %s: ok in %ss' "$STEP" "$((SECONDS - STEP_STARTED))")"
  echo "$line"
  [ "$BASHPID" = "$$" ] || echo "  $line" >&3
  rm -f "$FAILED_STEP_FILE.$BASHPID"
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

stop_lanes() {
  local pid
  for pid in "${LANE_PIDS[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for pid in "${LANE_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  LANE_PIDS=()
}

on_exit() {
  local status=$?
  set +e
  stop_lanes
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

# Runs each named lane (a function of steps) in the background, in a process group of its own so that
# a failure elsewhere can stop all of it, and waits for them. A lane's log is printed when it ends; the
# first lane to fail stops the others and the run.
run_lanes() {
  local lane pid status failed_lane
  declare -A lane_of=()
  for lane in "$@"; do
    set -m
    ("$lane") >"$RUN_DIR/$lane.log" 2>&1 &
    pid=$!
    set +m
    lane_of[$pid]="$lane"
    LANE_PIDS+=("$pid")
  done
  while [ "${#lane_of[@]}" -gt 0 ]; do
    status=0
    wait -n -p pid "${!lane_of[@]}" || status=$?
    lane="${lane_of[$pid]}"
    unset "lane_of[$pid]"
    LANE_PIDS=("${!lane_of[@]}")
    cat "$RUN_DIR/$lane.log"
    if [ "$status" -ne 0 ]; then
      failed_lane="$(cat "$FAILED_STEP_FILE.$pid" 2>/dev/null || echo "$lane")"
      stop_lanes
      STEP="$failed_lane"
      exit "$status"
    fi
  done
}

lane_types() {
  step "typecheck (tsc)"
  tsc --noEmit -p .
  step_done
}

lane_checks() {
  step "lint and format (biome)"
  biome check .
  step_done

  step "no unused exports or files (knip)"
  npm run --silent lint:exports
  step_done

  step "migrations match the entities (SQLite and PostgreSQL)"
  tsx scripts/migrations.ts check
  step_done

  step "unit tests"
  run_vitest unit --project unit
  step_done

  step "client build (vite)"
  vite build --logLevel warn
  step_done
}

step "system packages: Chromium, PostgreSQL and poppler-utils"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
# pdftotext and pdftoppm read back the PDFs the server makes (certificates, inspection packs).
command -v pdftotext >/dev/null || missing+=(poppler-utils)
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

run_lanes lane_types lane_checks

step "API tests on SQLite"
TEST_DB=sqlite run_vitest api-sqlite --project api
step_done

step "API tests on PostgreSQL"
TEST_DB=postgres run_vitest api-postgres --project api
step_done

step "browser tests (Chromium)"
run_vitest e2e --project e2e
step_done

step "scale-out: nginx in front of two instances on PostgreSQL, one killed under load"
tsx scripts/test-scaleout.ts
step_done
