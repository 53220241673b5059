#!/usr/bin/env bash
# Usage: scripts/test_adds_gpu.sh [STEP...]   (on the GPU host; env: BUNDLE, OUT, STEP_TIMEOUT)
# On the lent GPU host, from the repository root with the GPU bundle carried as build/gpu-bundle
# (scripts/bundle_gpu_tests.sh): the ADDS tests, then GpuAlgorithmsTest (every GPU algorithm, ADDS included), then
# the repeated-runs check (100 identical runs per graph). Everything goes into one log in $OUT named after the
# start time, each line prefixed with the seconds since then, so a step cut short by its timeout still shows
# how far it got; a summary is printed at the end.
#
#   scripts/test_adds_gpu.sh                      # adds gpu-algorithms repeat
#   scripts/test_adds_gpu.sh adds                 # one step per call fits the device's 10-minute limit
#   scripts/test_adds_gpu.sh suite-repeat         # 100 runs on every harness-suite graph (R-MAT 22, grid 2048², ...)
#
# Steps: adds (AddsTest, AddsOptionsTest, AddsGraphsTest), gpu-algorithms, repeat (AddsRepeatedRunsTest on road NY,
# Slashdot and R-MAT 18), suite-repeat (the same with GSSSP_ADDS_REPEAT_SUITE=1). Environment: STEP_TIMEOUT
# (seconds per step, default 560), GSSSP_ADDS_REPEAT_RUNS (default 100), BUNDLE (default build/gpu-bundle).
set -uo pipefail
bundle=${BUNDLE:-build/gpu-bundle}
out=${OUT:-gpu-host-logs}
mkdir -p "$out"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log="$out/adds-tests-$stamp.log"
start=$(date +%s)
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(adds gpu-algorithms repeat)

note() {
  printf '%4d %s\n' $(( $(date +%s) - start )) "$*" | tee -a "$log"
}

if [ ! -x "$bundle/run-tests.sh" ]; then
  echo "no $bundle/run-tests.sh: build the bundle with scripts/bundle_gpu_tests.sh and carry it" >&2
  exit 2
fi
note "gsssp ADDS tests, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), commit ${GSSSP_COMMIT:-unknown}"
note "GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1)"

# One JUnit run, streamed into the log with timestamps; its exit status is returned.
junit() {
  local name=$1
  shift
  note "== $name: run-tests.sh $*"
  timeout "${STEP_TIMEOUT:-560}" "$bundle/run-tests.sh" --details=verbose --disable-ansi-colors "$@" 2>&1 \
    | while IFS= read -r line; do printf '%4d %s\n' $(( $(date +%s) - start )) "$line"; done >> "$log"
  local rc=${PIPESTATUS[0]}
  [ "$rc" -eq 124 ] && note "!! $name stopped by its ${STEP_TIMEOUT:-560} s timeout"
  note "== $name exit $rc"
  return "$rc"
}

status=0
for step in "${steps[@]}"; do
  case $step in
    adds)
      junit adds --include-classname '^org\.gsssp\.Adds.*' --exclude-classname '.*AddsRepeatedRunsTest$' || status=1 ;;
    gpu-algorithms)
      junit gpu-algorithms --include-classname '^org\.gsssp\.GpuAlgorithmsTest$' || status=1 ;;
    repeat)
      junit repeat --include-classname '^org\.gsssp\.AddsRepeatedRunsTest$' || status=1 ;;
    suite-repeat)
      GSSSP_ADDS_REPEAT_SUITE=1 junit suite-repeat --include-classname '^org\.gsssp\.AddsRepeatedRunsTest$' || status=1 ;;
    *)
      echo "unknown step '$step'; known: adds gpu-algorithms repeat suite-repeat" >&2
      exit 2 ;;
  esac
done

echo "---- summary ($log)"
grep -E "^ *[0-9]+ == |tests (found|successful|failed|skipped|aborted)|!! " "$log"
grep -E "AddsRepeatedRunsTest: " "$log" | sed 's/; Stats\[.*//' | head -40
grep -E "✘|\[X\]|AssertionFailed|Exception:|did not finish" "$log" | head -40
exit "$status"
