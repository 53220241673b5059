#!/usr/bin/env bash
# Usage: scripts/test_native_gpu.sh [DIR]      (on the GPU host; env: OUT, LIB, RUN_TIMEOUT, GSSSP_TEST_SIZES, GSSSP_TEST_SEED)
# Runs every native GoogleTest executable in DIR (default build/native-tests, made here by
# scripts/bundle_native_tests.sh) against the library inside build/gpu-bundle's jar (or the libgsssp.so in LIB).
# Each writes $OUT/<name>.log and a JUnit XML report $OUT/<name>.xml. Prints, per executable, its exit status and
# GoogleTest's summary lines, then any failure; exits 1 if any executable failed.
# GSSSP_TEST_SIZES=full adds the larger generated graphs (100,000 vertices, R-MAT 14 and 17).
set -uo pipefail
dir=${1:-build/native-tests}
out=${OUT:-gpu-host-logs}
mkdir -p "$out"
lib=$(bash "$(dirname "$0")/extract_library.sh") || exit 2
status=0
for test in "$dir"/gsssp_*_test; do
  name=$(basename "$test")
  LD_LIBRARY_PATH=$lib timeout "${RUN_TIMEOUT:-600}" "$test" --gtest_output="xml:$out/$name.xml" > "$out/$name.log" 2>&1
  rc=$?
  [ $rc -ne 0 ] && status=1
  echo "$name exit $rc: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^\[  SKIPPED \] [0-9]+ test|^checks:' "$out/$name.log" | tr '\n' ' ')"
  grep -E '^\[  FAILED  \] [A-Za-z]|Failure$' -A2 "$out/$name.log" | head -20
done
exit $status
