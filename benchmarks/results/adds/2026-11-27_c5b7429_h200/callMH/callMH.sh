#!/usr/bin/env bash
# call MH: at c5b7429 (call MF's bundle). 1. Mesh 64^3's spread (call ME: 1.392-1.795 ms over 100 runs): 100 profiled
# queries, time against switches, sweeps and busy share. 2. A short A/B on the graphs the starvation test and the raised
# local rounds touch: GSSSP_ADDS_STARVE_RAISE=4 (ceiling 4x instead of 2x), GSSSP_ADDS_LOCAL_RAISE=2 (256-item local
# rounds from a 2x Delta instead of 4x).
set -uo pipefail
bash scripts/unpack_call.sh build/callsMH || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
mkdir -p $OUT/p
echo 'mesh:64x64x64,nb=26,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=100 timeout 40 bash scripts/profile_adds.sh $OUT/p/s.txt main=- > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"
grep -h 'adds profile' $OUT/p/main.log | sed -E 's/^adds profile: ([0-9.]+) ms.* ([0-9]+) sweeps.*workers busy ([0-9.]+)%; ([0-9]+) switches, Delta ([0-9.]+), depth ([0-9]+).*/\1 \2 \3 \4 \5 \6/' | sort -n > $OUT/p/rows.txt
echo "ms sweeps busy% switches Delta depth"; n=$(wc -l < $OUT/p/rows.txt); sed -n "1,5p;$(( (n+1)/2 ))p;$(( n-7 )),\$p" $OUT/p/rows.txt
printf 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000\nrgg:n=1048576,d=12,dim=3,seed=1,w=1..1000\nmesh:100x100x100,nb=18,seed=1,w=1..1000\nmesh:64x64x64,nb=26,seed=1,w=1..1000\ngrid:2048x2048,seed=1,w=1..1000\nroad:2048x2048,hw=16,seed=1,w=1..1000\n' > benchmarks/suites/.ab_MH.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout $(( 165 - ($(date +%s) - start) )) bash scripts/bench_libraries.sh \
  benchmarks/suites/.ab_MH.txt main=- s4=-,GSSSP_ADDS_STARVE_RAISE=4 l2=-,GSSSP_ADDS_LOCAL_RAISE=2 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
