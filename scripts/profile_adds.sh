#!/usr/bin/env bash
# Usage: scripts/profile_adds.sh SUITE VARIANT [VARIANT...]   (on the GPU host; env: OUT, REPS, WARMUP, BENCH, GRAPHS)
# Where ADDS's manager sweeps and workers' time went (GSSSP_ADDS_PROFILE=1, adds.cu's print_profile), per variant, in
# one harness session each: VARIANT is NAME=LIBRARY[,VAR=VALUE...] as in scripts/bench_libraries.sh (LIBRARY "-" for
# the bench jar's own library). Runs `gsssp-bench run --suite SUITE -a adds -r REPS -w WARMUP` (defaults 2, 1) with the
# profile on, writes $OUT/<name>.log (the profile lines are on its stderr) and $OUT/<name>/ (the harness's files), and
# prints each variant's profile lines up to "per sweep" (µs per sweep and per phase). Exit status 1 if a run failed, 2
# on bad arguments.
#
#   scripts/profile_adds.sh suite.txt main=- exp=build/exp/libgsssp-exp.so,GSSSP_ADDS_EXPERIMENT=8
set -uo pipefail
if [ $# -lt 2 ] || [ ! -f "$1" ]; then
  sed -n '2,10p' "$0" >&2
  exit 2
fi
suite=$1
shift
out=${OUT:-gpu-host-profile}
mkdir -p "$out"
. "$(dirname "$0")/setup_harness.sh" || exit 2
check_variants "$@" || exit 2
status=0
for v in "$@"; do
  parse_variant "$v"
  env "${switches[@]}" GSSSP_ADDS_PROFILE=1 JAVA_TOOL_OPTIONS="$options" "$bench" run --suite "$suite" -a adds \
    -r "${REPS:-2}" -w "${WARMUP:-1}" -o "$out/$name" > "$out/$name.log" 2>&1
  rc=$?
  [ $rc -ne 0 ] && status=1
  echo "== $name: exit $rc"
  grep "adds profile" "$out/$name.log" | sed 's/, per sweep.*//'
done
exit $status
