#!/usr/bin/env bash
# call GI (library of f35ca44): the native concurrency tests with the new one, ADDS on a 1,500-vertex graph from 8
# threads and racing a destroy, with ADDS's one-block schedule on (default) and off (GSSSP_ADDS_BLOCK=0).
set -uo pipefail
D=build/callsGI
xz -dk $D/nt/libgsssp.so.xz || exit 3
export LD_LIBRARY_PATH=$D/nt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
md5sum $D/nt/libgsssp.so | tee $OUT/lib.txt
for mode in unset 0; do
  if [ $mode = unset ]; then unset GSSSP_ADDS_BLOCK; else export GSSSP_ADDS_BLOCK=$mode; fi
  for rep in 1 2; do
    timeout 200 $D/nt/gsssp_concurrency_test > $OUT/concurrency_block-$mode-$rep.txt 2>&1
    echo "concurrency (GSSSP_ADDS_BLOCK=$mode, run $rep): rc=$? $(grep -E 'small-graph|racing destroy|checks|^\[  (PASSED|FAILED)' $OUT/concurrency_block-$mode-$rep.txt | tr '\n' ' ')"
  done
done
