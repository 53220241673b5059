#!/usr/bin/env bash
# call V2 (8fb29d6), the same warm H100: the Java GPU suite (scripts/test_gpu_suite.sh, tag gpu)
set -uo pipefail
[ -d build/gpu-bundle/runtime ] || { echo "no bundle on this machine"; exit 3; }
tar xf build/calls6/graphs.tar -C build
ls build/gpu-bundle/graphs | head
W=$OUT/w; mkdir -p $W/suite; start=$(date +%s)
OUT=$W/suite bash scripts/test_gpu_suite.sh 560 --include-tag gpu
echo "suite $(( $(date +%s) - start )) s"
gzip -9 $W/suite/tests.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
