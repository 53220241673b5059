#!/usr/bin/env bash
# call I: CPU Dijkstra's priority queues on the GPU host's CPU (build/cpubench/cpubench.cpp, not the library):
# a radix heap (64- and 32-bit keys, the library's today), a 4-ary heap with decrease-key, a lazy binary heap;
# rome99, a random 1,000-vertex graph (d 7, w 1..10), road NY; two rounds
set -uo pipefail
lscpu | grep -E "Model name|MHz|L1d|L2|L3" | tee $OUT/cpu.txt
g++ -O3 -std=c++17 -fPIC build/cpubench/cpubench.cpp -o /tmp/cpubench && zcat build/carryE/USA-road-d.NY.gr.gz > /tmp/NY.gr
gunzip -c build/cpubench/rome99.gr.gz > /tmp/rome99.gr
/tmp/cpubench /tmp/rome99.gr /tmp/NY.gr | tee $OUT/cpubench.txt
