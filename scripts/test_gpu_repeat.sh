#!/usr/bin/env bash
# Usage: scripts/test_gpu_repeat.sh DIR [SUITE_SECONDS]   (on the GPU host, as a device call's whole command; env: OUT,
#                                                          CALL_SECONDS, GSSSP_ADDS_REPEAT_SUITE, GSSSP_ADDS_REPEAT_RUNS,
#                                                          RUN_TIMEOUT)
# The recurring GPU tests run as one command: scripts/test_gpu_carry.sh over DIR/tests.tar.xz,
# DIR/graphs.tar and DIR/native.tar.xz (every native test executable, then the Java GPU suite within SUITE_SECONDS,
# default 330), then the 100-run repeat (AddsRepeatedRunsTest, ADDS and Near-Far over GSSSP_ADDS_REPEAT_SUITE, default
# wider; another GSSSP_ADDS_REPEAT_RUNS for a short check) in what is left of CALL_SECONDS (default 588). Prints the
# native and suite summary lines, the repeat's counts and one line per graph and algorithm: graph, algorithm, min,
# median and max ms, final Delta. Leaves gpu.txt, lib.txt, carry.txt.gz, repeat.txt.gz and w.tar (the logs) in $OUT.
# Exit status 2 on bad arguments; otherwise test_gpu_carry's (1 if a native test executable failed), or 1 if the
# repeat did not finish with every test successful.
set -uo pipefail
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
dir=$1 seconds=${2:-330}
here=$(dirname "$0")
out=${OUT:-gpu-host-call}
mkdir -p "$out"
for f in tests.tar.xz graphs.tar native.tar.xz; do
  [ -f "$dir/$f" ] || { echo "no $dir/$f" >&2; exit 2; }
done
start=$(date +%s)
elapsed() { echo $(( $(date +%s) - start )); }
OUT=$out bash "$here/test_gpu_carry.sh" "$dir/tests.tar.xz" "$dir/graphs.tar" "$dir/native.tar.xz" "$seconds" \
  > "$out/carry.txt" 2>&1
status=$?
echo "test_gpu_carry exit $status after $(elapsed) s"
grep -E "exit|tests (found|successful|failed|aborted|skipped)|checks:|PASSED|FAILED" "$out/carry.txt" | head -40
left=$(( ${CALL_SECONDS:-588} - $(elapsed) ))
echo "the repeat gets $left s"
GSSSP_ADDS_REPEAT_SUITE=${GSSSP_ADDS_REPEAT_SUITE:-wider} timeout "$left" build/gpu-bundle/run-tests.sh --details=tree \
  --disable-ansi-colors --select-class org.gsssp.AddsRepeatedRunsTest > "$out/repeat.txt" 2>&1
echo "repeat exit $? after $(elapsed) s"
grep -E "tests (found|successful|failed|aborted)|Test run finished" "$out/repeat.txt"
echo "lines with every run identical: $(grep -c ' runs identical' "$out/repeat.txt")"
grep " runs identical" "$out/repeat.txt" | sed -E \
  's/AddsRepeatedRunsTest: ([^ ]+).*\[([A-Za-z-]+)\].*ms min ([0-9.]+) median ([0-9.]+) max ([0-9.]+).*delta=([0-9.]+).*/\1 \2 \3 \4 \5 \6/'
found=$(grep -oE '[0-9]+ tests found' "$out/repeat.txt" | grep -oE '^[0-9]+')
ok=$(grep -oE '[0-9]+ tests successful' "$out/repeat.txt" | grep -oE '^[0-9]+')
[ -n "$found" ] && [ "$found" = "$ok" ] && [ "$found" -gt 0 ] || status=1
gzip -9f "$out"/carry.txt "$out"/repeat.txt
exit $status
