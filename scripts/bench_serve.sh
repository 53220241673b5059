#!/usr/bin/env bash
# Usage: scripts/bench_serve.sh [GRAPH]   (on the GPU host; default ../shared/graphs/USA-road-d.NY.gr.gz;
#                                          env: OUT, GSSSP, BENCH, GRAPHS, HIERARCHY, CLIENTS, DISTANCE_TIME,
#                                          ROUTE_TIME, WARMUP, VERIFY, SEED, SERVE_ARGS)
# `gsssp serve --hierarchy` under load (issue 46's service target: /distance on road NY, 64 clients, >= 50,000
# requests/s with p99 <= 5 ms): builds GRAPH's contraction hierarchy (`gsssp prepare`; HIERARCHY=FILE reuses one),
# starts `gsssp serve --graph GRAPH --hierarchy` on a free loopback port, waits for /health, drives it with
# `gsssp-bench load` (CLIENTS closed-loop clients, default 64, one keep-alive connection each, seeded random pairs):
# /distance for DISTANCE_TIME (default 20s), then /route for ROUTE_TIME (default 10s), each after WARMUP (default 3s);
# VERIFY (default 1000) sampled answers of each are checked against CPU Dijkstra. Then stops the server with SIGTERM
# (it must drain and exit 0). Launchers: GSSSP (default build/gpu-bundle/gsssp, from scripts/pack_gpu_host.sh), BENCH
# and GRAPHS as in setup_harness.sh. SERVE_ARGS: more serve options (e.g. "--max-in-flight 256").
# Output: $OUT (default gpu-host-serve)/results: distance.{csv,json,md}, route.{csv,json,md}, results.csv (both rows),
# README.md (one page); $OUT/serve.log, prepare.log, run.log, threads.txt (the server's CPU by thread mid-/distance).
# Takes under 2 minutes on NY with 16 cores.
# Exit status: 0 when both loads had no errors and serve stopped cleanly; 1 otherwise; 2 for a bad setup.
set -uo pipefail
out=${OUT:-gpu-host-serve}
mkdir -p "$out/results"
. "$(dirname "$0")/setup_harness.sh" || exit 2
graph=${1:-../shared/graphs/USA-road-d.NY.gr.gz}
[ -f "$graph" ] || { echo "no graph $graph" >&2; exit 2; }
gsssp=${GSSSP:-build/gpu-bundle/gsssp}
[ -x "$gsssp" ] || { echo "no gsssp launcher at $gsssp (carry a pack_gpu_host.sh bundle, or set GSSSP)" >&2; exit 2; }
clients=${CLIENTS:-64}
warmup=${WARMUP:-3s}
verify=${VERIFY:-1000}
seed=${SEED:-1}
log=$out/run.log
: > "$log"
say() { echo "$*" | tee -a "$log"; }

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>/dev/null || echo "none (nvidia-smi failed)" > "$out/gpu.txt"
lscpu > "$out/lscpu.txt" 2>&1
hierarchy=${HIERARCHY:-}
prepare_note="given, not built here"
if [ -z "$hierarchy" ]; then
  hierarchy=$out/$(basename "${graph%.gz}").ch
  say "$gsssp prepare --graph $graph -o $hierarchy"
  t0=$(date +%s%N)
  "$gsssp" prepare --graph "$graph" -o "$hierarchy" > "$out/prepare.log" 2>&1 || { cat "$out/prepare.log" >&2; exit 1; }
  prepare_note="built by gsssp prepare in $(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s"
  cat "$out/prepare.log" | tee -a "$log"
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# shellcheck disable=SC2086  # SERVE_ARGS is a list of options
say "$gsssp serve --graph $graph --hierarchy $hierarchy --port $port ${SERVE_ARGS:-}"
"$gsssp" serve --graph "$graph" --hierarchy "$hierarchy" --port "$port" ${SERVE_ARGS:-} > "$out/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
up=0
for _ in $(seq 1 60); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/health', timeout=1)" 2>/dev/null; then
    up=1
    break
  fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.5
done
[ "$up" = 1 ] || { echo "serve did not answer /health" >&2; cat "$out/serve.log" >&2; exit 1; }

status=0
run_load() {   # ENDPOINT TIME
  local args=(load --url "http://127.0.0.1:$port/" --graph "$graph" --endpoint "$1" --clients "$clients"
              --duration "$2" --warmup "$warmup" --verify "$verify" --seed "$seed" --timeout 5s
              --output "$out/results")
  say "$bench ${args[*]}"
  "$bench" "${args[@]}" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  say "load /$1: exit code $rc"
  [ "$rc" = 0 ] || status=1
}
# Which of the server's threads burn the CPU mid-/distance (the JDK server's one HTTP-Dispatcher thread, the
# ForkJoinPool carriers of the request threads, GC, JIT): their CPU ticks from /proc over 4 s, well after the warm-up.
thread_ticks() {   # PID -> "TID NAME TICKS" per thread, sorted by TID (comm may hold spaces: fields after the ")")
  local t
  for t in /proc/"$1"/task/*; do
    printf '%s %s %s\n' "${t##*/}" "$(tr ' ' '_' < "$t/comm")" "$(sed 's/.*) //' "$t/stat" | awk '{ print $12 + $13 }')"
  done 2>/dev/null | sort -k1,1
}
(
  sleep 12
  thread_ticks "$server" > "$out/threads.1"
  sleep 4
  thread_ticks "$server" > "$out/threads.2"
  join "$out/threads.1" "$out/threads.2" | awk -v hz="$(getconf CLK_TCK)" '
    { cpu[$2] += ($5 - $3) / hz / 4 * 100; n[$2]++ }
    END { for (k in cpu) if (cpu[k] > 0) printf "%7.1f%% of a core  %3d thread(s)  %s\n", cpu[k], n[k], k }' \
    | sort -rn > "$out/threads.txt"
) &
run_load distance "${DISTANCE_TIME:-20s}"
run_load route "${ROUTE_TIME:-10s}"

kill -TERM "$server"
wait "$server"
serve_rc=$?
trap - EXIT
say "serve after SIGTERM: exit code $serve_rc"
[ "$serve_rc" = 0 ] || status=1

{ head -1 "$out/results/distance.csv"; tail -n +2 "$out/results/distance.csv"; tail -n +2 "$out/results/route.csv"; } \
  > "$out/results/results.csv"
# The target, from the /distance row: throughput (column 6) and p99 in ms (column 9).
verdict=$(awk -F, 'NR == 2 { printf "%s requests/s, p99 %s ms: %s", $6, $9, ($6 >= 50000 && $9 <= 5) ? "met" : "NOT met" }' \
  "$out/results/distance.csv")
{
  echo "# gsssp serve --hierarchy under load: $(basename "$graph")"
  echo
  echo "Issue 46's target for \`/distance\`, $clients clients: at least 50,000 requests/s with p99 at most 5 ms."
  echo "**/distance: $verdict.**"
  echo
  echo "- host: $(nproc) processors ($(sed -n 's/^Model name: *//p' "$out/lscpu.txt" | head -1)); GPU: $(cat "$out/gpu.txt")"
  echo "- server and load generator on the same host; the load generator's $clients client threads share its cores"
  echo "- hierarchy: $hierarchy (${prepare_note})"
  echo "- serve: \`gsssp serve --graph $(basename "$graph") --hierarchy $(basename "$hierarchy") ${SERVE_ARGS:-}\`;"
  echo "  after SIGTERM it exited with $serve_rc"
  echo "- command: \`OUT=$out scripts/bench_serve.sh $graph\` (CLIENTS=$clients WARMUP=$warmup VERIFY=$verify SEED=$seed)"
  echo
  echo "| endpoint | clients | seconds | requests | answered | requests/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | mean ms | errors | checked |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  tail -n +2 "$out/results/results.csv" | awk -F, '{ printf "| /%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 }'
  echo
  echo "Per endpoint: \`distance.md\`, \`route.md\` (errors, device memory), \`*.json\`, \`*.csv\`. The server's busiest"
  echo "threads mid-/distance (CPU by thread name over 4 s, from /proc):"
  echo
  echo '```'
  [ -f "$out/threads.txt" ] && head -12 "$out/threads.txt"
  echo '```'
} > "$out/results/README.md"
cat "$out/results/README.md" | tee -a "$log"
exit "$status"
