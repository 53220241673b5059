#!/usr/bin/env bash
# call DD (H100): main's HEAD 1fcd435 (the lazy reached count for resident results, init_kernel zeroing ADDS's queue
# state): the native tests and the Java GPU suite (scripts/test_gpu_carry.sh).
set -uo pipefail
C=build/callsDD
bash scripts/test_gpu_carry.sh $C/gpu-tests.tar.xz build/callsCC/graphs.tar $C/nt.tar.xz 400
