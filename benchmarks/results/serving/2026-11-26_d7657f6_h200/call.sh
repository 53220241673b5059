tar xJf build/carry/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
mkdir -p $OUT
G=build/gpu-bundle/graphs
( nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  timeout 40 $S --probe --gr $G/USA-road-d.NY.gr.gz --repeat 20 --only resident
  timeout 40 $S --probe --gen random:1000000:7 --repeat 30 --only resident
  timeout 80 $S --probe --gen rmat:22 --repeat 20 --only resident ) > $OUT/probe.txt 2>&1
timeout 150 build/gpu-bundle/run-tests.sh --details=summary --select-class org.gsssp.CertificateGpuTest --select-class org.gsssp.BlockBellmanFordTest --select-class org.gsssp.ServingGpuTest > $OUT/tests.txt 2>&1
BENCH=build/gpu-bundle/gsssp-bench GRAPHS=$G OUT=$OUT timeout 240 bash scripts/bench_serving.sh latency > $OUT/latency-console.txt 2>&1
cat $OUT/probe.txt; grep -E "tests (successful|failed|found)" $OUT/tests.txt; grep -E "^ServingBenchmark|KERNEL" $OUT/bench_serving-latency.log | tail -30
