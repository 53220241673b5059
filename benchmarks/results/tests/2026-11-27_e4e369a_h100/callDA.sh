#!/usr/bin/env bash
# call DA (H100): branch resident-lazy-count (f97e45f, main 057f42e + the lazy reached count): the native tests and the
# Java GPU suite (scripts/test_gpu_carry.sh).
set -uo pipefail
C=build/callsDA
bash scripts/test_gpu_carry.sh $C/gpu-tests.tar.xz build/callsCC/graphs.tar $C/nt.tar.xz 400
