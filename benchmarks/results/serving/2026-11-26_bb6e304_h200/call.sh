tar xJf build/carry/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
mkdir -p $OUT
G=build/gpu-bundle/graphs
( lscpu | grep -E "Model name|MHz|L2|L3|Thread"; export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  timeout 40 $S --probe --gr $G/rome99.gr.gz --repeat 300
  timeout 30 $S --probe --gen random:1000:7 --repeat 300
  timeout 40 $S --probe --gr $G/USA-road-d.NY.gr.gz --repeat 30 --only gpu,resident
  timeout 40 $S --probe --gen random:1000000:7 --repeat 60 --only gpu,resident
  timeout 80 $S --probe --gen rmat:22 --repeat 30 --only gpu,resident ) > $OUT/probe.txt 2>&1
OUT=$OUT bash scripts/gpu-host-suite.sh 240 --include-tag gpu > $OUT/suite-summary.txt 2>&1; gzip -9 $OUT/tests.log
B=build/gpu-bundle/gsssp-bench
timeout 70 $B jmh FfmCallBenchmark -f 1 -wi 1 -i 3 -w 1s -r 1s -rf json -rff $OUT/ffm.json > $OUT/ffm.log 2>&1
timeout 100 $B jmh CrossoverBenchmark -f 1 -wi 1 -i 2 -w 500ms -r 500ms -p "graph=$G/rome99.gr.gz,random:n=1024;d=7;seed=1;w=1..1000,random:n=16384;d=7;seed=1;w=1..1000,grid:64x64;seed=1;w=1..1000,grid:128x128;seed=1;w=1..1000" -p algorithm=dijkstra-cpu,block-bf,adds -rf json -rff $OUT/crossover.json > $OUT/crossover.log 2>&1
cat $OUT/probe.txt $OUT/suite-summary.txt; grep -E "^Benchmark|FfmCall|Crossover" $OUT/ffm.log $OUT/crossover.log | grep -v "#" | tail -30
