#!/usr/bin/env bash
# Usage: scripts/sanitize_native.sh [TOOL...]   (env: ONLY, GRAPHS, CARRY, OUT, SANITIZER, RUN_TIMEOUT, JOBS)
# compute-sanitizer's memcheck, racecheck and synccheck over every GPU algorithm and the GPU certificate,
# through the timing tool gsssp_time (no JVM in the way, so each run takes seconds instead of minutes). ONLY picks
# the tool's variants by name (default: all of them: near-far, hbf, adds and its three ablations,
# bellman-ford, frontier, da2cf-f, da2cf-u, the two matrix variants, block-bf, multi-bf with its batch entry point, ADDS given targets, certify). Build here with line
# tables, without H-BF's dynamic parallelism (racecheck and synccheck refuse to instrument a library that has
# it) and with the native tests on (which build gsssp_time):
#   cmake -S . -B build/san90 -DCMAKE_CUDA_ARCHITECTURES=90 -DGSSSP_LINEINFO=ON -DGSSSP_DEVICE_LAUNCH=OFF \
#     -DGSSSP_BUILD_NATIVE_TESTS=ON && cmake --build build/san90 -j && mkdir -p build/san-carry &&
#   cp build/san90/libgsssp.so build/san90/native/test/gsssp_time ../shared/graphs/rome99.gr build/san-carry/
# then on the GPU host, carrying build/san-carry:  CARRY=build/san-carry scripts/sanitize_native.sh [TOOL...]
# Graphs: rome99 (a real road graph), R-MATs of scale 10 and 13 (hubs of degree > 512: block-cooperative
# expansion), a 32x32 grid in int and float weights; every result checked against CPU Dijkstra. (The matrix
# variants and block-bf skip the larger graphs, as their limits say.) Prints each run's "ERROR SUMMARY" line
# and the tool's "passed/failed" line, one line per tool, variant and graph; the full logs go to $OUT. (--only
# matches by substring, so "adds:static" also runs "adds", and "da2cf-f-matrix" "da2cf-f".) H-BF runs its
# block-per-vertex kernel for dynamic parallelism here (the build has no device launch). A "not supported by the selected tool"
# warning in a log means that run was not instrumented.
set -uo pipefail
dir=${CARRY:-build/san-carry}
only=${ONLY:-near-far,hbf,adds,adds:no-local,adds:static,adds:2-buckets,bellman-ford,frontier,da2cf-f,da2cf-u,da2cf-f-matrix,da2cf-u-matrix,block-bf,multi-bf,targets,certify}
out=${OUT:-gpu-host-logs}
san=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$out"
tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(memcheck racecheck synccheck)
export LD_LIBRARY_PATH=$dir
runs="--gr $dir/rome99.gr
--gen rmat:10
--gen rmat:13
--gen grid:32
--gen grid:32 --float"
# GRAPHS (a regular expression) keeps only the runs it matches, e.g. GRAPHS=grid for the grids alone.
[ -n "${GRAPHS:-}" ] && runs=$(grep -E -- "$GRAPHS" <<< "$runs")
log_name() { echo "$1-$2-$(echo "$3" | tr -c 'A-Za-z0-9' '_')" | tr ':' '_'; }
# One job per tool and variant (each over every graph), JOBS of them at a time (default 1): under racecheck a
# single variant can take minutes, so on a GPU host with cores to spare JOBS=16 ends the whole sweep sooner.
run_one() {
  local tool=$1 variant=$2 args name rc
  while IFS= read -r args; do
    name=$(log_name "$tool" "$variant" "$args")
    # shellcheck disable=SC2086
    timeout "${RUN_TIMEOUT:-300}" "$san" --tool "$tool" --error-exitcode 99 "$dir/gsssp_time" $args --only "$variant" --repeat 1 \
      > "$out/$name.log" 2>&1
    rc=$?
    echo "$tool | $variant | $args | exit $rc | $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/$name.log" | tail -1 | sed 's/^=* *//') | $(grep -E 'passed, .* failed' "$out/$name.log" | tail -1)" \
      > "$out/$name.summary"
  done <<< "$runs"
}
export -f run_one log_name
export dir out san runs RUN_TIMEOUT
for tool in "${tools[@]}"; do
  for variant in ${only//,/ }; do printf '%s %s\n' "$tool" "$variant"; done
done | xargs -P "${JOBS:-1}" -n 2 bash -c 'run_one "$1" "$2"' _
status=0
for tool in "${tools[@]}"; do
  for variant in ${only//,/ }; do
    while IFS= read -r args; do
      name=$(log_name "$tool" "$variant" "$args")
      line=$(cat "$out/$name.summary" 2>/dev/null || echo "$tool | $variant | $args | not run")
      echo "$line"
      case "$line" in *"| exit 0 |"*) ;; *) status=1 ;; esac
    done <<< "$runs"
  done
done
exit "$status"
