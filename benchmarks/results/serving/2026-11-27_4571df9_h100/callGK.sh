#!/usr/bin/env bash
# call GK (f35ca44's library): where 8 threads' small-graph ADDS queries go (GSSSP_STAGE_TRACE=1: host microseconds
# between the stages of each native call, and its kernel time), against one thread's (gsssp_time --probe).
set -uo pipefail
D=build/callsGK
xz -dk $D/libgsssp.so.xz || exit 3
export LD_LIBRARY_PATH=$D
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
GSSSP_STAGE_TRACE=1 timeout 100 $D/gsssp_concurrency_test --gtest_filter='*SmallGraph*' > $OUT/threads8.txt 2>&1; echo "8 threads: rc=$?"
grep -E "small-graph|racing|checks" $OUT/threads8.txt
GSSSP_STAGE_TRACE=1 timeout 100 $D/gsssp_time --probe --gen random:1500:6 --only gpu,resident --repeat 30 > $OUT/probe1.txt 2>&1; echo "probe: rc=$?"
tail -12 $OUT/probe1.txt
gzip -9 $OUT/threads8.txt
