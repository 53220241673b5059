#!/usr/bin/env bash
# call J: CPU Dijkstra's new queues (the 4-ary heap on small graphs, 32-bit radix keys) against a07ef85's radix heap, on
# the GPU host's CPU: natively through the library (benchmarks/src/native/cpu_dijkstra_calls.cpp), then from Java (JMH
# FfmCallBenchmark.cpuQuery1k, ServingBenchmark.autoQuery on rome99, CrossoverBenchmark's CPU rows), each library in turn
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carryD/bench-nographs.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name" | tee -a $OUT/gpu.txt
W=/tmp/J; mkdir -p $W/old $W/new
for l in old new; do xz -dc build/carryJx/libgsssp-$l.so.xz > $W/$l/libgsssp.so; done
g++ -O2 -std=c++17 -Inative/include benchmarks/src/native/cpu_dijkstra_calls.cpp -L$W/new -lgsssp -o $W/calls
gunzip -c build/cpubench/rome99.gr.gz > $W/rome99.gr; zcat build/carryE/USA-road-d.NY.gr.gz > $W/NY.gr
for l in old new old new; do echo "== native $l"; LD_LIBRARY_PATH=$W/$l $W/calls $W/rome99.gr $W/NY.gr | head -5; done | tee $W/native.txt
rome=$(pwd)/$W/rome99.gr; rome=$W/rome99.gr
for l in old new; do
  a="-Dgsssp.library.path=$W/$l/libgsssp.so"
  build/gpu-bundle/gsssp-bench jmh 'FfmCallBenchmark.cpuQuery1k$' -f 1 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "$a" -rf json -rff $W/ffm-$l.json > $W/ffm-$l.log 2>&1
  build/gpu-bundle/gsssp-bench jmh 'ServingBenchmark.autoQuery$' -p autoGraph=$rome -f 1 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "$a" -rf json -rff $W/auto-$l.json > $W/auto-$l.log 2>&1
  build/gpu-bundle/gsssp-bench jmh 'CrossoverBenchmark' -p algorithm=dijkstra-cpu -p 'graph=random:n=1024;d=7;seed=1;w=1..1000,random:n=4096;d=7;seed=1;w=1..1000,random:n=16384;d=7;seed=1;w=1..1000,grid:64x64;seed=1;w=1..1000' -jvmArgsAppend "$a" -rf json -rff $W/cross-$l.json > $W/cross-$l.log 2>&1
  echo "== jmh $l"; grep -hE "^(FfmCallBenchmark|ServingBenchmark|CrossoverBenchmark)\." $W/ffm-$l.log $W/auto-$l.log $W/cross-$l.log | grep -v "·p0.9[0-9][0-9]\|p0.999\|p1.00\|p0.00"
done 2>&1 | tee $W/jmh.txt
tar czf $OUT/callJ.tgz -C /tmp J --exclude='*.gr' --exclude='*.so' --exclude=calls
