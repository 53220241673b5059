#!/usr/bin/env bash
# call ND: a first run of scripts/test_gpu_repeat.sh on the GPU host, small: main's test bundle at c5b7429 (call ME's),
# two native test executables (adds, graph summary), 40 s of the Java GPU suite (stopped there), then the repeat over
# the wider suite with 3 runs each instead of 100, within 220 s for the whole call.
set -uo pipefail
CALL_SECONDS=220 GSSSP_ADDS_REPEAT_RUNS=3 bash scripts/test_gpu_repeat.sh build/callsND 40
echo "test_gpu_repeat exit $?"
ls -la $OUT
