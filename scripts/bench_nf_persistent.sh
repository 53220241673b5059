#!/usr/bin/env bash
# Usage: scripts/bench_nf_persistent.sh [DIR]   (on the GPU host; env: OUT, LIB, GRAPHS, MODES, REPEAT, RUN_TIMEOUT, GRAPH_SPECS)
# The A/B of Near-Far's two loops (algorithms/near_far/near_far.cu): GSSSP_NF_PERSISTENT "0" (stepped, one launch per
# step), "1" (one persistent cooperative kernel, gsssp's grid barrier) and "2" (the same with grid.sync(), the default).
# GSSSP_NF_VARIANT, GSSSP_NF_SOLO_ITEMS and GSSSP_NF_PERSISTENT_BLOCKS_PER_SM pass through from the environment.
# Runs DIR/gsssp_time --only near-far (DIR default build/native-tests, from scripts/bundle_native_tests.sh) on road
# NY, the 2048^2 grid, R-MAT 22 and random 4M x 7 (int32 weights, from the vertex of largest out-degree), REPEAT runs
# each (default 7), every run checked against CPU Dijkstra, once per mode in MODES (default "0 1 2"), against the
# library inside build/gpu-bundle's jar (or the libgsssp.so in LIB). One process per graph and mode: the library
# reads the variable once. Prints per graph and mode the mean ms and the last run's rounds, visits and edges (which
# the modes must share, up to the races that already make them vary from run to run); logs in $OUT.
set -uo pipefail
dir=${1:-build/native-tests}
out=${OUT:-gpu-host-logs}
mkdir -p "$out"
lib=$(bash "$(dirname "$0")/extract_library.sh") || exit 2
graphs=${GRAPHS:-build/gpu-bundle/graphs}
IFS=';' read -r -a specs <<< "${GRAPH_SPECS:---gr $graphs/USA-road-d.NY.gr.gz;--gen grid:2048;--gen rmat:22;--gen random:4194304:7}"
status=0
for spec in "${specs[@]}"; do
  for mode in ${MODES:-0 1 2}; do
    name=$(basename "${spec##* }" | tr -c 'A-Za-z0-9.\n' '_')
    log=$out/nf_${name}_mode$mode.log
    # shellcheck disable=SC2086  # spec is an argument list
    GSSSP_NF_PERSISTENT=$mode LD_LIBRARY_PATH=$lib timeout "${RUN_TIMEOUT:-900}" "$dir/gsssp_time" $spec --only near-far \
      --repeat "${REPEAT:-7}" > "$log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && status=1
    last=$(grep -E '^near-far +time' "$log" | tail -1 | grep -oE 'rounds [0-9]+ +visits [0-9]+ +edges [0-9]+')
    echo "$name mode $mode (exit $rc): $(grep -E '^near-far +mean' "$log" | sed -E 's/ +/ /g') | $last"
    grep -E 'gsssp: GSSSP_NF|FAIL|differs|status' "$log" | head -5
  done
done
exit $status
