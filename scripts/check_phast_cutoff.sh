#!/usr/bin/env bash
# Usage: scripts/check_phast_cutoff.sh [OUT_DIR]   (on the GPU host, from the repository root; env: BUILD_DIR, GRAPHS)
# Issue #47's PHAST and cutoff targets after a build with the native tests
#   cmake -S . -B build/native -DGSSSP_BUILD_NATIVE_TESTS=ON && cmake --build build/native -j16
# in about four minutes (at most BUDGET s, default 230, plus the last step's limit), each step under its own limit:
#   1. gsssp_time --phast and --cutoff on road NY (every answer checked against ADDS / CPU Dijkstra);
#   2. the PHAST and cutoff native tests (ctest);
#   3. compute-sanitizer: racecheck and memcheck on the sweep kernel alone (gsssp_phast_sweep_test, built without the
#      library, which racecheck would refuse for its device-side launches), memcheck on PHAST and cutoff queries
#      through the library;
#   4. ADDS's native tests;
#   5. one short run of each with GSSSP_STAGE_TRACE=1 (where the host time of a call goes).
# Prints one line per step and the timing lines; the logs go to OUT_DIR (default gpu-47). Exits 1 if anything failed.
set -uo pipefail
out=${1:-gpu-47}
build=${BUILD_DIR:-build/native}
graphs=${GRAPHS:-../shared/graphs}
mkdir -p "$out"
t=$build/native/test
ny=$graphs/USA-road-d.NY.gr.gz
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
export GSSSP_GRAPHS_DIR=$graphs
status=0
start=$SECONDS

# run NAME LIMIT_S COMMAND...: the command's output into OUT/NAME.log, a line with its exit status and time. Once
# BUDGET seconds (default 230) have gone, the remaining steps are skipped, each saying so.
run() {
  local name=$1 limit=$2
  shift 2
  if [ $((SECONDS - start)) -gt "${BUDGET:-230}" ]; then
    printf '%-28s skipped: the budget of %s s is spent\n' "$name" "${BUDGET:-230}"
    status=1
    return
  fi
  local t0=$SECONDS
  timeout "$limit" "$@" > "$out/$name.log" 2>&1
  local rc=$?
  [ $rc -ne 0 ] && status=1
  printf '%-28s exit %3d  %4ds  %s\n' "$name" "$rc" "$((SECONDS - t0))" \
    "$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|passed, .* failed|^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|tests passed' "$out/$name.log" | tr '\n' ' ' | cut -c1-150)"
}

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
git log --oneline -1

# 1. Timings (each run checks its answers).
run phast 40 "$t/gsssp_time" --phast --gr "$ny" --sources 20 --repeat 5 --matrix 1000
run cutoff 30 "$t/gsssp_time" --cutoff 20 --gr "$ny" --share 0.01
for name in phast; do
  echo "  $name: $(grep -E '^(phast_one_to_all_device_ms|phast_one_to_all_total_ms|adds_one_to_all_total_ms|adds_over_phast_total|phast_batch64_wall_ms|rphast_matrix_wall_ms) ' "$out/$name.log" | sed -E 's/ +/ /g' | tr '\n' ';')"
done
for name in cutoff; do
  echo "  $name:"
  grep -E 'cutoff ball|full: kernel' "$out/$name.log" | sed 's/^/    /'
done

# 2. Native tests: PHAST (library, sweep kernel alone, host layout) and cutoff.
run ctest-phast-cutoff 90 ctest --test-dir "$build" -j3 --timeout 80 --output-on-failure \
  -R '^(Phast|PhastLayout|PhastSweep|CutoffRefusals)\.|Cutoffs\.'

# 3. compute-sanitizer.
run racecheck-sweep 45 "$san" --tool racecheck --error-exitcode 99 "$t/gsssp_phast_sweep_test"
run memcheck-sweep 20 "$san" --tool memcheck --error-exitcode 99 "$t/gsssp_phast_sweep_test"
run memcheck-phast 40 "$san" --tool memcheck --error-exitcode 99 "$t/gsssp_phast_test" \
  --gtest_filter='Phast.RandomDirectedGraphs:Phast.Refusals'
run memcheck-cutoff 40 "$san" --tool memcheck --error-exitcode 99 "$t/gsssp_cutoff_test" \
  --gtest_filter='Weights/Cutoffs.Star/*:CutoffRefusals.*'

# 4. ADDS's native tests (its driver now fills a cutoff's host array while the search runs).
run ctest-adds 90 ctest --test-dir "$build" -j3 --timeout 80 --output-on-failure -R '^(AddsStar|Adds)\.'

# 5. Where the calls' host time goes (GSSSP_STAGE_TRACE=1: a line per query, host microseconds between stages).
run trace-phast 25 env GSSSP_STAGE_TRACE=1 "$t/gsssp_time" --phast --gr "$ny" --sources 2 --repeat 3 --matrix 0
grep -E '^stage-trace.*phast-upward' "$out/trace-phast.log" | tail -2 | sed 's/^/    /'
run trace-cutoff 20 env GSSSP_STAGE_TRACE=1 "$t/gsssp_time" --cutoff 1 --gr "$ny" --share 0.01
grep -E '^stage-trace' "$out/trace-cutoff.log" | tail -4 | sed 's/^/    /'

echo "total $((SECONDS - start)) s; logs in $out; $([ $status -eq 0 ] && echo 'all passed' || echo 'SOMETHING FAILED')"
exit $status
