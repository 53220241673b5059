#!/usr/bin/env bash
# call F (5892d21): 100 runs each of ADDS and Near-Far on every graph of benchmarks/suites/wider.txt
# (AddsRepeatedRunsTest with GSSSP_ADDS_REPEAT_SUITE=wider), every run checked
set -uo pipefail
mkdir -p build && tar xJf build/carryE/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
GSSSP_ADDS_REPEAT_SUITE=wider timeout 560 build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors --select-class org.gsssp.AddsRepeatedRunsTest > $W/repeat.log 2>&1
echo "exit $? after $(( $(date +%s) - start )) s"
grep -E "AddsRepeatedRunsTest:|tests (found|successful|failed|aborted)|✘" $W/repeat.log | sed 's/; Stats\[.*//' | head -60
gzip -9 $W/repeat.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
