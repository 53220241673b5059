#!/usr/bin/env bash
# call GH (main at 4571df9, ADDS's one-block schedule): every native GPU test and the Java GPU suite
# (scripts/test_gpu_carry.sh), the ADDS native tests with the schedule forced on every graph that fits
# (GSSSP_ADDS_BLOCK=1), compute-sanitizer on it, kernel times one block / device-wide, and JMH FfmCallBenchmark with the
# schedule on and off.
set -uo pipefail
D=build/callsGH
bash scripts/test_gpu_carry.sh $D/tests.tar.xz $D/graphs.tar $D/native.tar.xz 330 > $OUT/carry.txt 2>&1; echo "test_gpu_carry: rc=$?"
grep -E "exit|passed|failed|tests|checks" $OUT/carry.txt | head -30
NT=build/ntGH
python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
export LD_LIBRARY_PATH=build
GSSSP_ADDS_BLOCK=1 timeout 200 $NT/gsssp_adds_test > $OUT/native_adds_forced.txt 2>&1; echo "native adds, GSSSP_ADDS_BLOCK=1: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/native_adds_forced.txt | tr '\n' ' ')"
for tool in memcheck racecheck; do
  for g in "--gen rmat:10"; do
    timeout 120 compute-sanitizer --tool $tool --print-limit 3 $NT/gsssp_time $g --only adds --repeat 1 > $OUT/san.txt 2>&1
    echo "$tool $g: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|passed' $OUT/san.txt | tr '\n' ' ')"
  done
done
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen rmat:10" "--gen random:2000:7" \
         "--gen random:4000:7" "--gr build/gpu-bundle/graphs/rome99.gr.gz"; do
  for mode in 0 1; do
    out=$(GSSSP_ADDS_BLOCK=$mode GSSSP_ADDS_PROFILE=1 timeout 60 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1 | sed 's/adds one-block //')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g block=$mode: adds $times; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
B=build/gpu-bundle/gsssp-bench
timeout 150 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kBlock|gpuQuery1kPooled|cpuQuery1k)$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-on.json > $OUT/ffm-on.txt 2>&1
echo "JMH:"; grep -E "^FfmCall" $OUT/ffm-on.txt
GSSSP_ADDS_BLOCK=0 timeout 100 $B jmh 'FfmCallBenchmark.gpuQuery1k$' -f 1 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-off.json > $OUT/ffm-off.txt 2>&1
echo "JMH, GSSSP_ADDS_BLOCK=0: $(grep -E '^FfmCall' $OUT/ffm-off.txt)"
