#!/usr/bin/env bash
# call Q: block-bf's two kernels timed against each other in one run: A = the whole graph in shared memory when it fits
# (the default build), B = the same tree built with -DGSSSP_BLOCK_BF_WHOLE_GRAPH=0 (distances-only kernel), chosen
# with -Dgsssp.library.path
set -uo pipefail
mkdir -p build && tar xJf build/carry12/gpu-host.tar.xz -C build
A=$(mktemp -d); Bdir=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $A
LA=$A/native/linux-x86_64/libgsssp.so
xz -dc build/ab/libgsssp-nowhole.so.xz > $Bdir/libgsssp.so; LB=$Bdir/libgsssp.so
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
for v in A B; do
  L=$LA; [ $v = B ] && L=$LB
  D=$(dirname $L)
  echo "== $v native"
  LD_LIBRARY_PATH=$D timeout 60 build/selftest-mini/gsssp_selftest --gr $G/rome99.gr.gz --only block-bf --repeat 3 > $OUT/native-$v.txt 2>&1; grep -E "passed|block-bf +(time|mean)" $OUT/native-$v.txt | tail -2
  LD_LIBRARY_PATH=$D timeout 40 build/selftest-mini/gsssp_selftest --probe --gen random:1000:7 --repeat 200 --only gpu > $OUT/probe1k-$v.txt 2>&1; grep -E "block-bf +compact1" $OUT/probe1k-$v.txt
  timeout 60 $B jmh FfmCallBenchmark.gpuQuery1kBlock -f 1 -wi 2 -i 3 -w 1s -r 1s -jvmArgsAppend "-Dgsssp.library.path=$L" -rf json -rff $OUT/ffm-$v.json > $OUT/ffm-$v.log 2>&1
  grep -E "^FfmCallBenchmark" $OUT/ffm-$v.log
  timeout 70 $B jmh CrossoverBenchmark -f 1 -wi 2 -i 3 -w 500ms -r 500ms -p "graph=$G/rome99.gr.gz,random:n=1024;d=7;seed=1;w=1..1000,grid:32x32;seed=1;w=1..1000" -p algorithm=block-bf -jvmArgsAppend "-Dgsssp.library.path=$L" -rf json -rff $OUT/crossover-$v.json > $OUT/crossover-$v.log 2>&1
  grep -E "^CrossoverBenchmark.query " $OUT/crossover-$v.log
  timeout 40 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/rome99.gr.gz" -p algorithm=block-bf -jvmArgsAppend "-Dgsssp.library.path=$L" -rf json -rff $OUT/batch-$v.json > $OUT/batch-$v.log 2>&1
  grep -E "^BatchBenchmark" $OUT/batch-$v.log
done
tar czf $OUT/callQ.tgz -C $OUT $(cd $OUT && ls | grep -v callQ.tgz)
