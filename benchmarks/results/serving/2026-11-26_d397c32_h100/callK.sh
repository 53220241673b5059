#!/usr/bin/env bash
# call K: three libraries' CPU Dijkstra natively on the GPU host's CPU, in turn, three rounds: old (a07ef85's radix heap,
# 64-bit keys), new (4-ary heap on graphs of at most 2^16 vertices, moving to the radix heap; 32-bit radix keys), rad
# (the same code with the radix heap throughout)
set -uo pipefail
W=/tmp/K; mkdir -p $W
for l in old new rad; do mkdir -p $W/$l; xz -dc build/carryJx/libgsssp-$l.so.xz > $W/$l/libgsssp.so; done
g++ -O2 -std=c++17 -Inative/include benchmarks/src/native/cpu_dijkstra_calls.cpp -L$W/new -lgsssp -o $W/calls
g++ -O3 -std=c++17 benchmarks/src/native/cpu_queues.cpp -o $W/queues
gunzip -c build/cpubench/rome99.gr.gz > $W/rome99.gr
for r in 1 2 3; do for l in old new rad; do echo "== $r $l"; LD_LIBRARY_PATH=$W/$l $W/calls $W/rome99.gr | head -4; done; done | tee $OUT/native.txt
echo "== standalone queues"; $W/queues $W/rome99.gr | grep -v lazybin | tee $OUT/queues.txt
