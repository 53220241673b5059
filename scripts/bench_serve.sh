#!/usr/bin/env bash
# Usage: scripts/bench_serve.sh GRAPH [CLIENTS] [REQUESTS] [OUTPUT_DIR]
#   e.g. scripts/bench_serve.sh build/gpu-bundle/graphs/USA-road-d.NY.gr.gz 64 100000 build/serve-out
#
# `gsssp serve` under load (the issue "Many queries at once"): starts the bundle's `gsssp serve` on GRAPH on a free
# local port, waits for /health, runs `gsssp-bench load` (CLIENTS closed-loop clients, default 64; REQUESTS measured
# /distance requests with random pairs, default 100,000; every 100th answer checked against CPU Dijkstra; device
# memory from /metrics before and after), stops the server. Launchers: GSSSP (default build/gpu-bundle/gsssp) and
# BENCH (default build/gpu-bundle/gsssp-bench, from scripts/pack_gpu_host.sh). OUTPUT_DIR (default build/serve-out)
# receives load.json, load.md and serve.log. Exit status: the load generator's (0: no errors, 3: errors).
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n '2,3p' "$0" >&2
  exit 2
fi
graph=$1
clients=${2:-64}
requests=${3:-100000}
out=${4:-build/serve-out}
gsssp=${GSSSP:-build/gpu-bundle/gsssp}
bench=${BENCH:-build/gpu-bundle/gsssp-bench}
mkdir -p "$out"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$gsssp" serve --graph "$graph" --port "$port" > "$out/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if python3 -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$port/health', timeout=1)" 2>/dev/null; then
    break
  fi
  kill -0 "$server" 2>/dev/null || { cat "$out/serve.log" >&2; exit 1; }
  sleep 1
done
set +e
"$bench" load --url "http://127.0.0.1:$port/" --graph "$graph" --clients "$clients" --requests "$requests" --output "$out"
status=$?
set -e
echo "bench_serve.sh: exit status $status; report: $out/load.md"
exit $status
