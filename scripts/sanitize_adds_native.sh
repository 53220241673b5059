#!/usr/bin/env bash
# Usage: scripts/sanitize_adds_native.sh [TOOL...]   (env: CARRY, OUT, SANITIZER, RUN_TIMEOUT)
# compute-sanitizer's memcheck, racecheck and synccheck over ADDS, through the native test driver (no JVM
# in the way, so each run takes seconds instead of minutes). Build here with line tables, without H-BF's
# dynamic parallelism (racecheck and synccheck refuse to instrument a library that has it) and with the driver:
#   cmake -S . -B build/san90 -DCMAKE_CUDA_ARCHITECTURES=90 -DGSSSP_LINEINFO=ON -DGSSSP_DEVICE_LAUNCH=OFF \
#     -DGSSSP_BUILD_NATIVE_TESTS=ON && cmake --build build/san90 -j && mkdir -p build/adds-carry &&
#   cp build/san90/libgsssp.so build/san90/native/test/gsssp_selftest ../shared/graphs/rome99.gr build/adds-carry/
# then on the GPU host, carrying build/adds-carry:  scripts/sanitize_adds_native.sh [TOOL...]
# Graphs: rome99 (a real road graph), R-MATs of scale 10 and 13 (hubs of degree > 512: block-cooperative
# expansion), a 32x32 grid in int and float weights; each with
# ADDS's default, no-local-rounds, static-Delta and 2-bucket configurations, every result checked against CPU Dijkstra.
# Prints each run's "ERROR SUMMARY" line and the driver's "passed/failed" line; the full logs go to $OUT. A
# "not supported by the selected tool" warning in a log means that run was not instrumented.
set -uo pipefail
dir=${CARRY:-build/adds-carry}
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
    timeout "${RUN_TIMEOUT:-300}" "$san" --tool "$tool" --error-exitcode 99 "$dir/gsssp_selftest" $args --only adds,adds:no-local,adds:static,adds:2-buckets --repeat 1 \
      > "$out/$name.log" 2>&1
    rc=$?
    [ "$rc" -ne 0 ] && status=1
    echo "$tool | $args | exit $rc | $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/$name.log" | tail -1) | $(grep -E 'passed, .* failed' "$out/$name.log" | tail -1)"
  done
done
exit "$status"
