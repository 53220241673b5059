#!/usr/bin/env bash
# call CE-2 (H100): main's HEAD 6f3eb38: the native tests and the Java GPU suite (scripts/test_gpu_carry.sh).
set -uo pipefail
C=build/callsCE
bash scripts/test_gpu_carry.sh $C/gpu-tests.tar.xz build/callsCC/graphs.tar $C/nt.tar.xz 400
