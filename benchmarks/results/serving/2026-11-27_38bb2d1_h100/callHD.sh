#!/usr/bin/env bash
# call HD (H100; main at 38bb2d1: cc06026's CPU Dijkstra inline buckets, the one-block kernels' delivery): CPU Dijkstra
# natively with GSSSP_CPU_INLINE_BUCKETS 0 / 1 alternating (rome99, road NY); JMH ServingBenchmark.autoQuery on rome99
# (AUTO = CPU Dijkstra) with the default (inline) and with vectors; FfmCallBenchmark's 1k-vertex queries in 2 forks.
set -uo pipefail
D=build/callsHD
rm -rf build/gpu-bundle && tar xJf $D/tests.tar.xz -C build && tar xf $D/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(j, hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
G=build/gpu-bundle/graphs
{
for round in 1 2 3; do
  for m in 0 1; do
    echo "round $round inline=$m rome99: $(GSSSP_CPU_INLINE_BUCKETS=$m LD_LIBRARY_PATH=build timeout 60 $D/gsssp_time --probe --gr $G/rome99.gr.gz --only cpu --repeat 3000 2>&1 | grep 'into malloc')"
    echo "round $round inline=$m NY: $(GSSSP_CPU_INLINE_BUCKETS=$m LD_LIBRARY_PATH=build timeout 60 $D/gsssp_time --probe --gr $G/USA-road-d.NY.gr.gz --only cpu --repeat 20 2>&1 | grep 'into malloc')"
  done
done
} 2>&1 | tee $OUT/cpu-probe.txt
B=build/gpu-bundle/gsssp-bench
ROME=$PWD/$G/rome99.gr.gz
timeout 90 $B jmh 'ServingBenchmark.autoQuery' -f 2 -wi 2 -i 4 -w 1s -r 1s -p autoGraph=$ROME -rf json -rff $OUT/auto-inline.json > $OUT/auto-inline.txt 2>&1
echo "autoQuery (inline, default):"; grep -E "^ServingBenchmark.autoQuery|p0.50|p0.99" $OUT/auto-inline.txt | head -6
GSSSP_CPU_INLINE_BUCKETS=0 timeout 60 $B jmh 'ServingBenchmark.autoQuery' -f 1 -wi 2 -i 4 -w 1s -r 1s -p autoGraph=$ROME -rf json -rff $OUT/auto-vector.json > $OUT/auto-vector.txt 2>&1
echo "autoQuery (vectors):"; grep -E "^ServingBenchmark.autoQuery|p0.50|p0.99" $OUT/auto-vector.txt | head -6
timeout 200 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kPooled|gpuQuery1kBlock|cpuQuery1k|cpuQuery1kPooled)$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm.json > $OUT/ffm.txt 2>&1
echo "FfmCallBenchmark:"; grep -E "^FfmCall" $OUT/ffm.txt
cd $OUT && gzip -9 *.txt *.json && tar cf hd.tar *.gz && rm -f *.gz
