#!/usr/bin/env bash
# call G: ADDS's pair query (both ends at once): native tests; gsssp_time --pairs with it and without it
# (GSSSP_ADDS_PAIR=0); ManyBenchmark's pair distances on road NY from Java, with and without it
set -uo pipefail
mkdir -p build && tar xJf build/carryG/gpu-host.tar.xz -C build && tar xJf build/carryG/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries\|pair queries" $W/native/*.log
echo "native $(( $(date +%s) - start )) s"
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
G=build/gpu-bundle/graphs; T=build/native-tests/gsssp_time
for spec in "--gr $G/USA-road-d.NY.gr.gz --pairs 300" "--gr $G/rome99.gr.gz --pairs 300" "--gen grid:1024 --pairs 100" "--gen rmat:20 --pairs 30"; do
  for pair in 1 0; do
    GSSSP_ADDS_PAIR=$pair LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 100 $T $spec > $W/pairs.tmp 2>&1; echo "== GSSSP_ADDS_PAIR=$pair gsssp_time $spec (exit $?)" | tee -a $W/pairs.txt; grep -E "told|ratio|passed|FAIL" $W/pairs.tmp | head -6 | tee -a $W/pairs.txt
  done
done
echo "pairs $(( $(date +%s) - start )) s"
B=build/gpu-bundle/gsssp-bench
for pair in 1 0; do
  GSSSP_ADDS_PAIR=$pair timeout 150 $B jmh 'ManyBenchmark.(distanceGpu|fullQuery)' -f 1 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $W/distance-pair$pair.json > $W/distance-pair$pair.log 2>&1
  echo "jmh pair=$pair exit $?"; grep -E "^ManyBenchmark.(distanceGpu|fullQuery) " $W/distance-pair$pair.log
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
