#!/usr/bin/env bash
# call NC: a first run of scripts/bench_peers_serving.sh on the GPU host, small: main's bench bundle at c5b7429 (the
# library of calls MF and NA-NB), a two-graph suite (generated: delaunay_n15 would not fit the carry), the latency part with 1 warm-up and 2 iterations.
set -uo pipefail
printf '%s\n' 'rgg:n=65536,d=10,dim=2,seed=1,w=1..1000' 'mesh:32x32x32,nb=26,seed=1,w=1..1000' \
  > benchmarks/suites/.smoke_NC.txt
GSSSP_COMMIT=c5b7429 SUITE=benchmarks/suites/.smoke_NC.txt PEERS_SECONDS=120 CALL_SECONDS=330 \
  LATENCY_OPTS='-f 1 -wi 1 -i 2 -w 1s -r 1s' bash scripts/bench_peers_serving.sh build/callsNC
echo "bench_peers_serving exit $?"
ls -la $OUT
