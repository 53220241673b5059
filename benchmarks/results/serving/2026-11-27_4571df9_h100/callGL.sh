#!/usr/bin/env bash
# call GL (f35ca44's library through -Dgsssp.library.path): the serving path from several threads on a 1,000-vertex
# graph (JMH ConcurrencyBenchmark.adds, pinned QueryBuffers per thread, no predecessors), 1 and 8 threads, ADDS's
# one-block schedule on and off.
set -uo pipefail
D=build/callsGL
tar xJf $D/bench.tar.xz -C build && xz -dk $D/libgsssp.so.xz || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
md5sum $D/libgsssp.so | tee $OUT/lib.txt
B=build/gpu-bundle/gsssp-bench
G="random:n=1000,d=7,seed=1,w=1..10"
for mode in on off; do
  for t in 1 8; do
    if [ $mode = off ]; then export GSSSP_ADDS_BLOCK=0; else unset GSSSP_ADDS_BLOCK; fi
    timeout 60 $B jmh 'ConcurrencyBenchmark.adds$' -t $t -f 1 -wi 2 -i 3 -w 1s -r 1s -p "graph=$G" \
      -jvmArgsAppend "-Dgsssp.library.path=$PWD/$D/libgsssp.so" -rf json -rff $OUT/conc-$mode-t$t.json > $OUT/conc-$mode-t$t.txt 2>&1
    echo "schedule $mode, $t thread(s): $(grep -E '^ConcurrencyBenchmark' $OUT/conc-$mode-t$t.txt)"
    grep -E "KERNEL" $OUT/conc-$mode-t$t.txt | tail -1
  done
done
