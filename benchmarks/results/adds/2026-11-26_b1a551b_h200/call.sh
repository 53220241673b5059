#!/usr/bin/env bash
# call T: CUB's WarpReduce/WarpScan in place of the hand-written warp loops (ADDS's manager and workers, Near-Far's
# far-pile minimum, DA2CF's minimum, the work counters), timed against the library without them in one run, and
# checked: A = 980f777's library (the bundle), B = the working tree with CUB's primitives
set -uo pipefail
mkdir -p build && tar xJf build/carry14/gpu-host.tar.xz -C build
A=$(mktemp -d); Bd=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $A
DA=$A/native/linux-x86_64
xz -dc build/ab/libgsssp-cub.so.xz > $Bd/libgsssp.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
G=build/gpu-bundle/graphs; S=build/selftest-mini/gsssp_selftest
for round in 1 2; do
  for v in A B; do
    D=$DA; [ $v = B ] && D=$Bd
    LD_LIBRARY_PATH=$D timeout 90 $S --gr $G/USA-road-d.NY.gr.gz --only adds,near-far,hbf --repeat 5 > $OUT/ny-$v-$round.txt 2>&1
    LD_LIBRARY_PATH=$D timeout 60 $S --gr $G/rome99.gr.gz --only da2cf-f,da2cf-u --repeat 5 > $OUT/rome-$v-$round.txt 2>&1
    LD_LIBRARY_PATH=$D timeout 60 $S --probe --gen rmat:20 --repeat 20 --only gpu > $OUT/rmat-$v-$round.txt 2>&1
    LD_LIBRARY_PATH=$D timeout 60 $S --probe --gen random:1000000:7 --repeat 20 --only gpu > $OUT/random-$v-$round.txt 2>&1
    echo "$v round $round: rome $(grep -E '^da2cf-[fu] +mean' $OUT/rome-$v-$round.txt | awk '{print $1"="$3}' | tr '\n' ' ') NY $(grep -E '^(adds|near-far|hbf) +mean' $OUT/ny-$v-$round.txt | awk '{print $1"="$3}' | tr '\n' ' ') $(grep -c 'passed, 0 failed' $OUT/ny-$v-$round.txt) ok; rmat adds kernel $(grep -E '^adds +compact1' $OUT/rmat-$v-$round.txt | awk '{print $7}'); random adds kernel $(grep -E '^adds +compact1' $OUT/random-$v-$round.txt | awk '{print $7}')"
  done
done
( LD_LIBRARY_PATH=$Bd timeout 250 $S --quick > $OUT/selftest-quick-B.txt 2>&1; echo "selftest exit $?" >> $OUT/selftest-quick-B.txt )
grep -E "passed, .* failed|exit" $OUT/selftest-quick-B.txt | tail -2; grep -m5 FAIL $OUT/selftest-quick-B.txt
gzip -9 $OUT/selftest-quick-B.txt
tar czf $OUT/callT.tgz -C $OUT $(cd $OUT && ls | grep -v callT.tgz)
