#!/usr/bin/env bash
# call U (the session's last code): the whole Java GPU suite
set -uo pipefail
mkdir -p build && tar xJf build/carry15/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p $OUT/suite
OUT=$OUT/suite bash scripts/test_gpu_suite.sh 320 --include-tag gpu > $OUT/suite/summary.txt 2>&1; gzip -9 $OUT/suite/tests.log 2>/dev/null
tail -7 $OUT/suite/summary.txt
