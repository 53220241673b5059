#!/usr/bin/env bash
# Usage: scripts/bench_peers.sh [SUITE]   (on the GPU host; default benchmarks/suites/wider.txt; env: OUT, REPS, WARMUP,
#                                          ALGORITHMS, PEERS, PEER_TIMEOUT, BENCH, GRAPHS)
# gsssp beside the public GPU codes in one harness run (issue "Side by side with the peers"): the experiment runner
# over SUITE with gsssp's ALGORITHMS (default near-far,adds) and each peer program in PEERS (default: LonestarGPU
# Near-Far and the ADDS artifact as ../shared/peers/build.sh names them, from build/peers/bin or build/peers), on
# the same Galois .gr file and source, every answer checked against CPU Dijkstra, a peer that outlives PEER_TIMEOUT
# seconds (default 25) reported as a hang. REPS timed runs (default 3) after WARMUP (default 1). BENCH is the
# gsssp-bench launcher (default: build/bench-bundle's, else build/gpu-bundle's); GRAPHS the carried shared graphs
# (default build/gpu-bundle/graphs), which the suite's ../shared/graphs paths are made to reach. Output: $OUT/results
# (summary.md with the "over the best peer" table, the rows whose timed runs spread 1.2x or more, and Table 3) and
# $OUT/run.log.
set -uo pipefail
suite=${1:-benchmarks/suites/wider.txt}
out=${OUT:-gpu-host-peers}
mkdir -p "$out"
. "$(dirname "$0")/setup_harness.sh" || exit 2
# The runner takes the suite's lines without comments; the copy sits beside the original so relative paths hold.
list=$(dirname "$suite")/.bench_peers_$(basename "$suite")
grep -v '^#' "$suite" | grep . > "$list"
peer_args=()
if [ -n "${PEERS+set}" ]; then
  for p in $PEERS; do peer_args+=(--peer "$p"); done
else
  for dir in build/peers/bin build/peers; do
    [ -x "$dir/nf_fix2" ] && peer_args+=(--peer "nf=$dir/nf_fix2")
    [ -x "$dir/ads_host" ] && peer_args+=(--peer "adds-artifact=$dir/ads_host")
    [ ${#peer_args[@]} -gt 0 ] && break
  done
fi
[ ${#peer_args[@]} -gt 0 ] && peer_args+=(--peer-timeout "${PEER_TIMEOUT:-25}")
start=$(date +%s)
"$bench" run --suite "$list" -a "${ALGORITHMS:-near-far,adds}" -r "${REPS:-3}" -w "${WARMUP:-1}" -o "$out/results" \
  "${peer_args[@]}" > "$out/run.log" 2>&1
status=$?
rm -f "$list"
echo "runner exit $status after $(( $(date +%s) - start )) s"
grep -E '^\[' "$out/run.log" | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
[ -f "$out/results/summary.md" ] && sed -n '/## Over the best peer/,/^Notes:/p' "$out/results/summary.md" | grep -E '^\||^Wide spreads|^- '
exit $status
