#!/usr/bin/env bash
# Usage: scripts/bench_routing.sh [GRAPH|SPEC]   (on the GPU host; default ../shared/graphs/USA-road-d.NY.gr.gz;
#                                 env: OUT, PAIRS, SEED, MATRIX, THREADS, SEARCH_PAIRS, PEERS, BENCH, GRAPHS, ROUTINGKIT_SRC)
# The routing peers side by side (issue 46): GraphHopper's CH, RoutingKit's CH, gsssp's CH, CPU Dijkstra and the
# GPU's pair query on GRAPH and the same seeded pairs, every answer checked against CPU Dijkstra
# (`gsssp-bench routing`). A generator SPEC instead of a file (e.g. roadnet:1024x1024,seed=1, the 1M-vertex road
# graph of docs/routing.md) is generated first into $OUT/graphs by scripts/generate_graph.sh (the gpu bundle's
# gsssp launcher; about 5 s). RoutingKit is built here first when build/peers/routingkit/driver is missing: from
# ROUTINGKIT_SRC (default build/peers/routingkit-src, a source tree carried beside the repository; make it on the
# development machine with `scripts/build_routingkit.sh --source-only build/peers/routingkit-src`, about 1 MiB)
# with this host's g++ and make. BENCH and GRAPHS as in setup_harness.sh (the bench or gpu bundle's launcher, the
# carried graphs). Defaults: PAIRS=10000 SEED=1 MATRIX=1000 THREADS=$(nproc) SEARCH_PAIRS=1000 (pairs timed for
# CPU Dijkstra and the GPU query). On a 1M-vertex graph take PAIRS=2000 MATRIX=300 SEARCH_PAIRS=50 to stay near
# three minutes (a Dijkstra there takes about 0.1 s; GraphHopper's preparation alone is most of a minute).
# Output: $OUT (default gpu-host-routing)/results (results.csv, results.json, README.md) and $OUT/run.log; exit 1
# when an answer differs from Dijkstra or a peer failed.
set -uo pipefail
out=${OUT:-gpu-host-routing}
mkdir -p "$out"
. "$(dirname "$0")/setup_harness.sh" || exit 2
graph=${1:-../shared/graphs/USA-road-d.NY.gr.gz}
case "$graph" in
  roadnet:*|road:*|grid:*|rmat:*|random:*|rgg:*|mesh:*)
    graph=$(bash "$(dirname "$0")/generate_graph.sh" "$graph" "$out/graphs") || exit 2;;
esac
[ -f "$graph" ] || { echo "no graph $graph" >&2; exit 2; }
driver=build/peers/routingkit/driver
if [ ! -x "$driver" ]; then
  src=${ROUTINGKIT_SRC:-build/peers/routingkit-src}
  if [ -d "$src" ]; then
    ROUTINGKIT_SRC=$src bash "$(dirname "$0")/build_routingkit.sh" 2>&1 | tee "$out/build_routingkit.log"
  else
    echo "no RoutingKit driver and no source tree at $src: RoutingKit will be skipped" | tee "$out/build_routingkit.log" >&2
  fi
fi
args=(routing --graph "$graph" --pairs "${PAIRS:-10000}" --seed "${SEED:-1}" --matrix "${MATRIX:-1000}"
      --threads "${THREADS:-$(nproc)}" --search-pairs "${SEARCH_PAIRS:-1000}" --output "$out/results")
[ -x "$driver" ] && args+=(--routingkit "$driver")
[ -n "${PEERS:-}" ] && args+=(--peers "$PEERS")
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
lscpu > "$out/lscpu.txt" 2>&1
echo "$bench ${args[*]}" | tee "$out/run.log"
"$bench" "${args[@]}" 2>&1 | tee -a "$out/run.log"
rc=${PIPESTATUS[0]}
echo "exit code $rc" | tee -a "$out/run.log"
exit "$rc"
