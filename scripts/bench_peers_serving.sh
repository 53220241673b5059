#!/usr/bin/env bash
# Usage: scripts/bench_peers_serving.sh DIR   (on the GPU host, as a device call's whole command; env: OUT, SUITE,
#                                              PEERS_SECONDS, CALL_SECONDS, GSSSP_COMMIT, LATENCY_OPTS)
# The recurring peers-and-serving run as one command: unpacks what DIR carried
# (scripts/unpack_call.sh: the bench bundle, its graphs and build/peers from ../shared/peers/build.sh), runs
# scripts/bench_peers.sh over SUITE (default benchmarks/suites/wider.txt) within PEERS_SECONDS (default 300), then
# JMH's serving latency part (scripts/bench_serving.sh latency, then summary) in what is left of CALL_SECONDS (default
# 585, the device's 600 less the unpacking). Prints the card, the library's md5, the best-peer table and the serving
# summary; leaves gpu.txt, lib.txt, bench_peers.txt.gz, latency.txt.gz and w.tgz (the harness's and JMH's files, traces
# left out) in $OUT. GSSSP_COMMIT (the harness's commit line) and LATENCY_OPTS pass through. Exit status 2 on bad
# arguments, 3 if DIR did not unpack; otherwise 0, with each part's exit status printed.
set -uo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  sed -n '2,11p' "$0" >&2
  exit 2
fi
here=$(dirname "$0")
out=${OUT:-gpu-host-call}
mkdir -p "$out"
start=$(date +%s)
OUT=$out bash "$here/unpack_call.sh" "$1" || exit 3
elapsed() { echo $(( $(date +%s) - start )); }
w=$out/w
mkdir -p "$w"
OUT=$w/peers BENCH=build/gpu-bundle/gsssp-bench timeout "${PEERS_SECONDS:-300}" \
  bash "$here/bench_peers.sh" "${SUITE:-benchmarks/suites/wider.txt}" > "$out/bench_peers.txt" 2>&1
echo "bench_peers exit $? after $(elapsed) s"
grep "^|" "$out/bench_peers.txt" | tail -16
find "$w" -name traces.csv -delete
left=$(( ${CALL_SECONDS:-585} - $(elapsed) ))
if [ "$left" -gt 30 ]; then
  OUT=$w/serving BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs timeout "$left" \
    bash "$here/bench_serving.sh" latency > "$out/latency.txt" 2>&1
  echo "latency exit $? after $(elapsed) s"
  OUT=$w/serving bash "$here/bench_serving.sh" summary > /dev/null 2>&1
  [ -f "$w/serving/summary.md" ] && grep '^|' "$w/serving/summary.md" | head -20
else
  echo "latency not run: $left s left"
fi
gzip -9f "$out/bench_peers.txt" "$out"/latency.txt 2>/dev/null
tar czf "$out/w.tgz" -C "$out" w && rm -rf "$w"
exit 0
