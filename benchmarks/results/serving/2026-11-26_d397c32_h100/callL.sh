#!/usr/bin/env bash
# call L: CPU Dijkstra at the final code (radix heap, 32-bit keys, the loop on its own) against a07ef85's, on the GPU
# host's CPU, alternately: natively through the library (benchmarks/src/native/cpu_dijkstra_calls.cpp, three rounds),
# then from Java (JMH FfmCallBenchmark.cpuQuery1k; ServingBenchmark.autoQuery on rome99, where AUTO picks the CPU),
# each library chosen by -Dgsssp.library.path, two rounds
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carryD/bench-nographs.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name" | tee -a $OUT/gpu.txt
W=/tmp/L; mkdir -p $W
for l in old final; do mkdir -p $W/$l; xz -dc build/carryJx/libgsssp-$l.so.xz > $W/$l/libgsssp.so; done
g++ -O2 -std=c++17 -Inative/include benchmarks/src/native/cpu_dijkstra_calls.cpp -L$W/final -lgsssp -o $W/calls
gunzip -c build/cpubench/rome99.gr.gz > $W/rome99.gr
for r in 1 2 3; do for l in old final; do echo "== native $r $l"; LD_LIBRARY_PATH=$W/$l $W/calls $W/rome99.gr | head -4; done; done | tee $OUT/native.txt
for r in 1 2; do for l in old final; do
  a="-Dgsssp.library.path=$W/$l/libgsssp.so"
  build/gpu-bundle/gsssp-bench jmh 'FfmCallBenchmark.cpuQuery1k$' -f 1 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "$a" -rf json -rff $W/ffm-$l-$r.json > $W/ffm-$l-$r.log 2>&1
  build/gpu-bundle/gsssp-bench jmh 'ServingBenchmark.autoQuery$' -p autoGraph=$W/rome99.gr -f 1 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "$a" -rf json -rff $W/auto-$l-$r.json > $W/auto-$l-$r.log 2>&1
  echo "== jmh $r $l"; grep -hE "^(FfmCallBenchmark.cpuQuery1k |ServingBenchmark.autoQuery |ServingBenchmark.autoQuery:p0.(50|99) )" $W/ffm-$l-$r.log $W/auto-$l-$r.log
done; done 2>&1 | tee $OUT/jmh.txt
cp $W/*.json $OUT/ 2>/dev/null; true
