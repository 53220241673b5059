#!/usr/bin/env bash
# Usage: scripts/bench_serving.sh [latency|concurrency|crossover|ffm|all|summary]    (default: all; run from anywhere)
#
# The serving benchmarks on the GPU host, with the bundled runtime (build/bench-bundle from scripts/bundle_bench.sh,
# or BENCH=launcher) and the bundle's gzip'd graphs (build/gpu-bundle/graphs, or GRAPHS=DIR):
#   latency      ServingBenchmark: Java time of one ADDS query beside kernel and native-call time (AverageTime and
#                SampleTime) on R-MAT 20, random 1M, USA-road-d.NY, R-MAT 22; resident one-target on R-MAT 22;
#                AUTO on rome99 (SampleTime, µs)                                                        ~2.5 min
#   concurrency  ConcurrencyBenchmark at -t 1 and -t 8: ADDS on NY and rome99, AUTO on rome99           ~1.7 min
#   crossover    CrossoverBenchmark: dijkstra-cpu against adds, random d=7 and grids, 1k..256k vertices ~1.7 min
#   ffm          FfmCallBenchmark: empty downcall, device count, 1k-vertex queries (buffers and pooled)  ~0.8 min
#   all          the four in this order                                                                 ~6.7 min
#   summary      only serving-summary over the JSON already in $OUT
# Writes into ${OUT:-build/serving-out} (a relative path is taken from the repository root): one JMH JSON per run
# (latency.json, concurrency-t1.json, concurrency-t8.json, crossover.json, ffm.json), bench_serving-PART.log (JMH's
# whole output, with the KERNEL lines of KernelCounters) and summary.md (gsssp-bench serving-summary); at most 8
# files, else one tarball.
# Environment: OUT, BENCH, GRAPHS; LATENCY_OPTS, CONCURRENCY_OPTS, CROSSOVER_OPTS, FFM_OPTS replace each part's
# JMH iteration options (defaults below). Exit status 1 if a JMH run or a benchmark in it failed.
set -euo pipefail
part=${1:-all}
case "$part" in
  latency|concurrency|crossover|ffm|all|summary) ;;
  -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
  *) echo "usage: $0 [latency|concurrency|crossover|ffm|all|summary]" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bench=${BENCH:-build/bench-bundle/gsssp-bench}
graphs=${GRAPHS:-build/gpu-bundle/graphs}
out=${OUT:-build/serving-out}
mkdir -p "$out"
log="$out/bench_serving-$part.log"
: > "$log"

# Iterations: ~1 s each; every fork also pays JVM start, CUDA set-up and graph generation or loading.
latency_opts=${LATENCY_OPTS:--f 1 -wi 2 -i 4 -w 1s -r 1s}
concurrency_opts=${CONCURRENCY_OPTS:--f 1 -wi 2 -i 3 -w 1s -r 1s}
crossover_opts=${CROSSOVER_OPTS:--f 1 -wi 2 -i 3 -w 500ms -r 500ms}
ffm_opts=${FFM_OPTS:--f 1 -wi 2 -i 3 -w 1s -r 1s}

# rough wall time per part in seconds, from fork count x (iterations + ~3 s start-up) + graph generation
declare -A estimate=([latency]=150 [concurrency]=100 [crossover]=100 [ffm]=45 [summary]=3)
estimate[all]=$(( ${estimate[latency]} + ${estimate[concurrency]} + ${estimate[crossover]} + ${estimate[ffm]} + 5 ))
echo "bench_serving $part: about $(( ${estimate[$part]} / 60 )) min $(( ${estimate[$part]} % 60 )) s; output in $out" | tee -a "$log"

if [ "$part" != summary ]; then
  [ -x "$bench" ] || { echo "no $bench: run 'mvn -B -DskipTests package && scripts/bundle_bench.sh' first" >&2; exit 1; }
  if ! "$bench" jmh -l 2>/dev/null | grep -q 'ServingBenchmark'; then
    echo "$bench lacks ServingBenchmark: rebuild (mvn -B -DskipTests package && rm -rf build/bench-bundle && scripts/bundle_bench.sh)" >&2
    exit 1
  fi
fi

# a bundle graph, gzip'd or not
graph_file() {
  local f
  for f in "$graphs/$1.gz" "$graphs/$1"; do
    if [ -f "$f" ]; then echo "$f"; return 0; fi
  done
  echo "graph $1 not found in $graphs (set GRAPHS=DIR)" >&2
  return 1
}

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: ${GSSSP_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "host: $(nproc) CPUs; $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
  if command -v nvidia-smi >/dev/null; then
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -1)"
  fi
} | tee -a "$log"

failures=0
# JMH's whole output goes to the log; the terminal sees progress, KERNEL lines, results and errors.
show='^# (Benchmark|Parameters|Threads):|^KERNEL|^GRAPH|^AUTO picks|^TARGET|Exception|Error|^Benchmark +\(|^[A-Za-z]+Benchmark\.'
run_jmh() {  # JSON_NAME JMH_ARGS...
  local json=$1
  shift
  echo "== gsssp-bench jmh $* -rf json -rff $out/$json" | tee -a "$log"
  local start=$SECONDS rc
  set +e
  "$bench" jmh "$@" -rf json -rff "$out/$json" 2>&1 | tee -a "$log" | grep -E --line-buffered "$show"
  rc=${PIPESTATUS[0]}
  set -e
  echo "== done in $(( SECONDS - start )) s (exit $rc)" | tee -a "$log"
  if [ "$rc" -ne 0 ] || [ ! -s "$out/$json" ]; then
    failures=$(( failures + 1 ))
  fi
}

# JMH splits -p values at commas: specs separate their items with ';' here (BenchGraphs reads both).
rmat20='rmat:scale=20;ef=16;seed=1;w=1..1000'
random1m='random:n=1048576;d=7;seed=1;w=1..1000'
rmat22='rmat:scale=22;ef=16;seed=1;w=1..1000'

latency() {
  local ny rome
  ny=$(graph_file USA-road-d.NY.gr)
  rome=$(graph_file rome99.gr)
  # shellcheck disable=SC2086
  run_jmh latency.json ServingBenchmark $latency_opts \
    -p "graph=$rmat20,$random1m,$ny,$rmat22" -p "oneTargetGraph=$rmat22" -p "autoGraph=$rome"
}

concurrency() {
  local ny rome t
  ny=$(graph_file USA-road-d.NY.gr)
  rome=$(graph_file rome99.gr)
  for t in 1 8; do
    # shellcheck disable=SC2086
    run_jmh "concurrency-t$t.json" ConcurrencyBenchmark -t "$t" $concurrency_opts -p "graph=$ny,$rome" -p "autoGraph=$rome"
  done
}

crossover() {
  # shellcheck disable=SC2086
  run_jmh crossover.json CrossoverBenchmark $crossover_opts
}

ffm() {
  # shellcheck disable=SC2086
  run_jmh ffm.json FfmCallBenchmark $ffm_opts
}

case "$part" in
  all) latency; concurrency; crossover; ffm ;;
  summary) ;;
  *) "$part" ;;
esac

# failed benchmarks do not stop JMH; they leave '<failure>' and a stack trace in the log
failed_benchmarks=$(grep -c "<failure>" "$log" || true)
if [ "$failed_benchmarks" -gt 0 ]; then
  echo "$failed_benchmarks benchmark(s) failed: see $log" | tee -a "$log"
  failures=$(( failures + failed_benchmarks ))
fi

if ls "$out"/*.json >/dev/null 2>&1; then
  summary_bench=$bench
  [ -x "$summary_bench" ] || summary_bench="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java -jar benchmarks/target/gsssp-bench.jar"
  # shellcheck disable=SC2086
  if $summary_bench serving-summary "$out" -o "$out/summary.md" 2>&1 | tee -a "$log"; then
    cat "$out/summary.md"
  else
    failures=$(( failures + 1 ))
  fi
fi

# the device hands back at most 8 files
count=$(find "$out" -maxdepth 1 -type f | wc -l)
if [ "$count" -gt 8 ]; then
  tarball="serving-$(date -u +%Y%m%dT%H%M%SZ).tgz"
  (cd "$out" && find . -maxdepth 1 -type f ! -name '*.tgz' -printf '%f\n' | tar czf "$tarball" -T - \
    && find . -maxdepth 1 -type f ! -name "$tarball" -delete)
  echo "$count files: packed into $out/$tarball"
fi
echo "bench_serving $part: $failures failure(s); files in $out:"
ls -la "$out"
[ "$failures" -eq 0 ]
