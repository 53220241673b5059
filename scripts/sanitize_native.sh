#!/usr/bin/env bash
# Usage: scripts/sanitize_native.sh [TOOL...]   (env: ONLY, CARRY, OUT, SANITIZER, RUN_TIMEOUT)
# compute-sanitizer's memcheck, racecheck and synccheck over every GPU algorithm and the GPU certificate,
# through the native test driver (no JVM in the way, so each run takes seconds instead of minutes). ONLY picks
# the driver's variants by name (default: all of them: near-far, hbf, adds and its three ablations,
# bellman-ford, frontier, da2cf-f, da2cf-u, the two matrix variants, block-bf, multi-bf, certify). Build here with line
# tables, without H-BF's dynamic parallelism (racecheck and synccheck refuse to instrument a library that has
# it) and with the driver:
#   cmake -S . -B build/san90 -DCMAKE_CUDA_ARCHITECTURES=90 -DGSSSP_LINEINFO=ON -DGSSSP_DEVICE_LAUNCH=OFF \
#     -DGSSSP_BUILD_NATIVE_TESTS=ON && cmake --build build/san90 -j && mkdir -p build/san-carry &&
#   cp build/san90/libgsssp.so build/san90/native/test/gsssp_selftest ../shared/graphs/rome99.gr build/san-carry/
# then on the GPU host, carrying build/san-carry:  CARRY=build/san-carry scripts/sanitize_native.sh [TOOL...]
# Graphs: rome99 (a real road graph), R-MATs of scale 10 and 13 (hubs of degree > 512: block-cooperative
# expansion), a 32x32 grid in int and float weights; every result checked against CPU Dijkstra. (The matrix
# variants and block-bf skip the larger graphs, as their limits say.) Prints each run's "ERROR SUMMARY" line
# and the driver's "passed/failed" line; the full logs go to $OUT. A "not supported by the selected tool"
# warning in a log means that run was not instrumented.
set -uo pipefail
dir=${CARRY:-build/san-carry}
only=${ONLY:-near-far,hbf,adds,adds:no-local,adds:static,adds:2-buckets,bellman-ford,frontier,da2cf-f,da2cf-u,da2cf-f-matrix,da2cf-u-matrix,block-bf,multi-bf,certify}
out=${OUT:-gpu-host-logs}
san=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$out"
tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(memcheck racecheck synccheck)
export LD_LIBRARY_PATH=$dir
runs=("--gr $dir/rome99.gr" "--gen rmat:10" "--gen rmat:13" "--gen grid:32" "--gen grid:32 --float")
status=0
for tool in "${tools[@]}"; do
  for args in "${runs[@]}"; do
    name="$tool-$(echo "$args" | tr -c 'A-Za-z0-9' '_')"
    # shellcheck disable=SC2086
    timeout "${RUN_TIMEOUT:-300}" "$san" --tool "$tool" --error-exitcode 99 "$dir/gsssp_selftest" $args --only "$only" --repeat 1 \
      > "$out/$name.log" 2>&1
    rc=$?
    [ "$rc" -ne 0 ] && status=1
    echo "$tool | $args | exit $rc | $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/$name.log" | tail -1) | $(grep -E 'passed, .* failed' "$out/$name.log" | tail -1)"
  done
done
exit "$status"
