#!/usr/bin/env bash
# Usage: scripts/test_gpu_suite.sh [SECONDS] [JUNIT ARGS...]   (on the GPU host, e.g. 300 --include-tag gpu; env: OUT)
# On the GPU host: the whole Java suite from the bundle, streamed with a timestamp per line into $OUT so a
# run stopped by its time limit still shows what passed. Usage: test_gpu_suite.sh [seconds] [junit args...]
set -uo pipefail
out=${OUT:-gpu-host-logs}
limit=${1:-400}
shift || true
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
start=$(date +%s)
timeout "$limit" build/gpu-bundle/run-tests.sh --details=verbose "$@" 2>&1 \
  | while IFS= read -r line; do printf '%4d %s\n' $(( $(date +%s) - start )) "$line"; done > "$out/tests.log"
echo "suite exit ${PIPESTATUS[0]} after $(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|skipped|aborted)" "$out/tests.log"
grep -E "✘|\[X\]|FAILED|AssertionFailed|Exception:" "$out/tests.log" | head -30
