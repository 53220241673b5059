#!/usr/bin/env bash
# Usage: scripts/bench_spark.sh [RESULTS_DIR]   (default $OUT/results, else build/spark-results; from the repository
#        root, after scripts/bundle_spark.sh here or `tar xJf build/carry/spark-host.tar.xz -C build` on the GPU host)
# The Spark benchmark of gsssp-spark (issue 48) on one host, from the run bundle (build/spark-host: a jlink'd runtime,
# Spark's jars, the gsssp jars, road NY), with the bundle's own Java:
#  (a) Spark's overhead: ClosenessJob in local[*], one task of SOURCES_LOCAL sources (default 10,000 on a GPU host),
#      against DeviceGraph.queryBatch in the same JVM on the same sources (target <= 1.15x);
#  (b) a standalone master and two workers on this host, one executor each (both on GPU 0 when the host has one
#      GPU), SOURCES_CLUSTER sources (default 50,000): one executor's throughput against two (target >= 1.8x with two
#      GPUs);
#  (c) the fault run: the same job on two executors, one of them killed (kill -9) once it logged its first batch
#      (plus KILL_AFTER seconds, default 0); the job must complete with answers identical to (b)'s fault-free run.
# Writes RESULTS_DIR/results.csv, results.json, README.md (one page), each run's log and the Spark daemons' logs.
# The native library: GSSSP_LIBRARY_PATH, else build/native/libgsssp.so, else the bundle's lib/libgsssp.so, passed
# as -Dgsssp.library.path to the driver and, through spark.executor.extraJavaOptions, to the executors.
# Without nvidia-smi (or with SPARK_BENCH_CPU=1) it runs the same three steps on the CPU with small source counts
# (a check of the bundle, not a benchmark). Other settings (env): SPARK_BUNDLE (bundle folder), SPARK_BENCH_CORES
# (cores per executor), SPARK_BENCH_DRIVER_MEM, SPARK_BENCH_EXECUTOR_MEM, SPARK_BENCH_JOB_TIMEOUT (seconds per job),
# SPARK_BENCH_TRACE (a folder: every JVM logs its class loading there, for scripts/bundle_spark.sh's keep list).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bundle=$(cd "${SPARK_BUNDLE:-$root/build/spark-host}" && pwd) || { echo "no bundle: run scripts/bundle_spark.sh" >&2; exit 2; }
res=${1:-${OUT:+$OUT/results}}
res=${res:-$root/build/spark-results}
mkdir -p "$res" && res=$(cd "$res" && pwd)
export JAVA_HOME=$bundle/runtime SPARK_HOME=$bundle/spark SPARK_SCALA_VERSION=2.13
export PATH="$JAVA_HOME/bin:$PATH"
java=$JAVA_HOME/bin/java
app=$(ls "$bundle"/app/gsssp-spark-*.jar)
jars=$(ls "$bundle"/app/gsssp-*.jar | grep -v gsssp-spark- | paste -sd, -)
ny=$bundle/graphs/USA-road-d.NY.gr.gz
t_start=$(date +%s)

lib=${GSSSP_LIBRARY_PATH:-}
[ -z "$lib" ] && [ -f "$root/build/native/libgsssp.so" ] && lib=$root/build/native/libgsssp.so
[ -z "$lib" ] && [ -f "$bundle/lib/libgsssp.so" ] && lib=$bundle/lib/libgsssp.so
[ -n "$lib" ] && lib=$(cd "$(dirname "$lib")" && pwd)/$(basename "$lib")
libopt=${lib:+-Dgsssp.library.path=$lib}
libdesc=$lib
[ -z "$lib" ] && libdesc="none: the library jar's own"

if [ "${SPARK_BENCH_CPU:-0}" != 1 ] && command -v nvidia-smi > /dev/null && nvidia-smi -L > /dev/null 2>&1; then
  gpu=1
  nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader > "$res/gpus.txt"
  ngpu=$(wc -l < "$res/gpus.txt")
else
  gpu=0 ngpu=0
  echo "no GPU: CPU path" > "$res/gpus.txt"
fi
cores=${SPARK_BENCH_CORES:-$([ $gpu = 1 ] && echo 8 || echo 1)}
sources_local=${SOURCES_LOCAL:-$([ $gpu = 1 ] && echo 10000 || echo 40)}
sources_cluster=${SOURCES_CLUSTER:-$([ $gpu = 1 ] && echo 50000 || echo 60)}
kill_after=${KILL_AFTER:-0}
dmem=${SPARK_BENCH_DRIVER_MEM:-$([ $gpu = 1 ] && echo 16g || echo 1500m)}
emem=${SPARK_BENCH_EXECUTOR_MEM:-$([ $gpu = 1 ] && echo 16g || echo 1g)}
# A job that hangs must not eat the device call: each gives up after this many seconds.
job_timeout=${SPARK_BENCH_JOB_TIMEOUT:-$([ $gpu = 1 ] && echo 150 || echo 3000)}
echo "bundle $bundle; library $libdesc; GPUs: $ngpu; results $res" | tee "$res/setup.txt"
"$java" -version 2>&1 | head -1 | tee -a "$res/setup.txt"

# spark-submit adds these itself (org.apache.spark.launcher.JavaModuleOptions); here SparkSubmit runs bare.
OPENS="-XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true --enable-native-access=ALL-UNNAMED"
trace=
if [ -n "${SPARK_BENCH_TRACE:-}" ]; then
  mkdir -p "$SPARK_BENCH_TRACE"
  trace="-Xshare:off -Xlog:class+load=info:file=$(cd "$SPARK_BENCH_TRACE" && pwd)/%p.txt"
fi
export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOG_DIR=$res/logs SPARK_WORKER_DIR=$res/work
mkdir -p "$SPARK_LOG_DIR" "$SPARK_WORKER_DIR"
export SPARK_LOCAL_DIRS=$res/work/local
mkdir -p "$SPARK_LOCAL_DIRS"
pids=()
cleanup() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2> /dev/null; rm -rf "$res/work/local"; }
trap cleanup EXIT

submit() {  # submit MASTER NAME [spark options...] -- [job arguments...]: NAME.txt (stdout), NAME.err
  local master=$1 name=$2; shift 2
  local sparkopts=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do sparkopts+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local t0; t0=$(date +%s)
  # shellcheck disable=SC2086
  timeout "$job_timeout" "$java" $OPENS $trace $libopt -Xmx"$dmem" -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit \
    --master "$master" --class org.gsssp.spark.ClosenessJob --jars "$jars" \
    --conf spark.ui.enabled=false --conf spark.local.dir="$SPARK_LOCAL_DIRS" \
    --conf "spark.executor.extraJavaOptions=--enable-native-access=ALL-UNNAMED $trace $libopt" \
    "${sparkopts[@]}" "$app" "$ny" "$@" > "$res/$name.txt" 2> "$res/$name.err"
  local rc=$?
  echo "exit=$rc wall_s=$(( $(date +%s) - t0 ))" >> "$res/$name.txt"
  grep -E '^gsssp-spark|^exit=' "$res/$name.txt" | sed "s/^/  /"
  [ $rc -ne 0 ] && { echo "  $name failed (exit $rc); the end of $name.err:"; tail -5 "$res/$name.err"; }
  return $rc
}

echo "== (a) Spark's overhead: local[*], $sources_local sources in one task, against queryBatch in one JVM"
submit 'local[*]' local -- --sources "$sources_local" --partitions 1 --batch "$sources_local" --baseline --repeat 3

echo "== (b) standalone master + 2 workers on this host, one executor each"
# shellcheck disable=SC2086
"$java" $OPENS $trace -Xmx512m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master --host 127.0.0.1 \
  --port 7077 --webui-port 18080 > "$SPARK_LOG_DIR/master.log" 2>&1 &
pids+=($!)
for w in 1 2; do
  # One GPU: both workers offer GPU 0 (the 1.8x target then waits for two GPUs); two or more: one each. On the CPU
  # they offer the address -1, which gsssp-spark reads as "the CPU": Spark schedules the resource all the same.
  printf '#!/usr/bin/env bash\necho "{\\"name\\": \\"gpu\\", \\"addresses\\": [\\"%s\\"]}"\n' \
    $(( gpu == 0 ? -1 : ngpu > 1 ? w - 1 : 0 )) > "$res/work/gpu$w.sh"
  chmod +x "$res/work/gpu$w.sh"
  # shellcheck disable=SC2086
  "$java" $OPENS $trace -Xmx512m -cp "$SPARK_HOME/jars/*" -Dspark.worker.resource.gpu.amount=1 \
    -Dspark.worker.resource.gpu.discoveryScript="$res/work/gpu$w.sh" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --cores "$cores" --memory "$emem" --work-dir "$SPARK_WORKER_DIR/w$w" --webui-port $((18080 + w)) \
    spark://127.0.0.1:7077 > "$SPARK_LOG_DIR/worker$w.log" 2>&1 &
  pids+=($!)
done
for _ in $(seq 240); do
  [ "$(grep -l 'Successfully registered with master' "$SPARK_LOG_DIR"/worker*.log 2> /dev/null | wc -l)" = 2 ] && break
  sleep 0.5
done
grep -q 'Successfully registered' "$SPARK_LOG_DIR/worker1.log" || { echo "workers did not register:"; tail "$SPARK_LOG_DIR"/*.log; }
conf=(--conf spark.executor.cores="$cores" --conf spark.task.cpus="$cores" --executor-memory "$emem"
      --conf spark.executor.resource.gpu.amount=1 --conf spark.task.resource.gpu.amount=1)
job=(--sources "$sources_cluster" --partitions 16 --batch 4096)
echo "-- one executor"
submit spark://127.0.0.1:7077 cluster1 "${conf[@]}" --conf spark.cores.max="$cores" -- \
  "${job[@]}" --repeat 2 --out "$res/work/cluster1.parquet"
echo "-- two executors"
submit spark://127.0.0.1:7077 cluster2 "${conf[@]}" --conf spark.cores.max=$((2 * cores)) -- \
  "${job[@]}" --repeat 2 --out "$res/work/cluster2.parquet" --same-as "$res/work/cluster1.parquet"

echo "== (c) fault run: two executors, one killed (kill -9) after its first batch of the job"
ls -d "$SPARK_WORKER_DIR"/w*/app-* > "$res/work/apps-before.txt" 2> /dev/null
(
  # The cue: an executor of this run logged a finished batch (SourcesTask's "gsssp-spark batch" line), so the
  # search stage is under way, with tasks still to run; that executor is killed. KILL_AFTER: seconds to wait more.
  for _ in $(seq 1200); do
    log=$(grep -l 'gsssp-spark batch' "$SPARK_WORKER_DIR"/w*/app-*/*/stderr 2> /dev/null | grep -v -F -f "$res/work/apps-before.txt" | head -1)
    [ -n "$log" ] && break
    sleep 0.25
  done
  sleep "$kill_after"
  pid=
  if [ -n "$log" ]; then
    exec_id=$(basename "$(dirname "$log")") app_id=$(basename "$(dirname "$(dirname "$log")")")
    pid=$(ps -eo pid,args | grep '[C]oarseGrainedExecutorBackend' | grep -- "--executor-id $exec_id " | grep -- "$app_id" | awk 'NR == 1 {print $1}')
  fi
  echo "killing executor ${exec_id:-?} of ${app_id:-?} (pid ${pid:-none}) at $(date -u +%T), after its first batch" > "$res/fault-kill.txt"
  [ -n "$pid" ] && kill -9 "$pid"
) &
killer=$!
submit spark://127.0.0.1:7077 fault "${conf[@]}" --conf spark.cores.max=$((2 * cores)) -- \
  "${job[@]}" --out "$res/work/fault.parquet" --same-as "$res/work/cluster1.parquet"
wait "$killer"
cat "$res/fault-kill.txt"
lost=$(grep -c -E 'removed: Command exited with code 137|Lost task|Lost executor|ExecutorLostFailure' "$res/fault.err")
relost=$(grep -c 'Lost task' "$res/fault.err")
echo "  driver log lines on the lost executor: $lost (lost tasks: $relost)"
kill "${pids[@]}" 2> /dev/null; wait 2> /dev/null; pids=()

# ---- summary: results.csv, results.json, README.md
val() {  # val FILE KEY [SELECT]: the KEY=value of FILE's gsssp-spark lines; SELECT first|last|min
  awk -v k="$2" -v sel="${3:-last}" '/^gsssp-spark/ { for (i = 2; i <= NF; i++) { split($i, a, "=");
    if (a[1] == k) { v = a[2]; n++; if (n == 1 || v + 0 < m + 0) m = v; if (n == 1) f = v } } }
    END { if (n) print (sel == "min" ? m : sel == "first" ? f : v) }' "$1"
}
# (a): the best warm Spark run (not the first: it includes the executor's load) against the best queryBatch run
spark_a=$(grep -v 'run=0 ' "$res/local.txt" > "$res/work/local-warm.txt"; val "$res/work/local-warm.txt" spark_s min)
qb_a=$(val "$res/local.txt" queryBatch_s min)
c1=$(val "$res/cluster1.txt" spark_s last)
c2=$(val "$res/cluster2.txt" spark_s last)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "" }'; }
overhead=$(ratio "$spark_a" "$qb_a")
speedup=$(ratio "$c1" "$c2")
same2=$(val "$res/cluster2.txt" identical)
samef=$(val "$res/fault.txt" identical)
fault_exit=$(sed -n 's/^exit=\([0-9]*\).*/\1/p' "$res/fault.txt")
pass_a=$(awk -v r="$overhead" 'BEGIN { print (r != "" && r <= 1.15) ? "yes" : "no" }')
pass_b=$(awk -v r="$speedup" 'BEGIN { print (r != "" && r >= 1.8) ? "yes" : "no" }')
pass_c=$([ "$fault_exit" = 0 ] && [ "$samef" = true ] && [ "$lost" -gt 0 ] && echo yes || echo no)
card=$([ $gpu = 1 ] && head -1 "$res/gpus.txt" | cut -d, -f2 | sed 's/^ *//' || echo "CPU")
total_s=$(( $(date +%s) - t_start ))
{
  echo "step,metric,value"
  echo "a,sources,$sources_local"; echo "a,spark_s_best_warm,$spark_a"; echo "a,queryBatch_s_best,$qb_a"
  echo "a,overhead_x,$overhead"; echo "a,target_le_1.15,$pass_a"
  echo "b,sources,$sources_cluster"; echo "b,gpus,$ngpu"; echo "b,one_executor_s,$c1"; echo "b,two_executors_s,$c2"
  echo "b,speedup_x,$speedup"; echo "b,target_ge_1.8,$pass_b"; echo "b,two_executors_identical,$same2"
  echo "c,exit,$fault_exit"; echo "c,executor_lost_log_lines,$lost"; echo "c,lost_tasks,$relost"; echo "c,identical,$samef"; echo "c,target,$pass_c"
  echo "all,wall_s,$total_s"
} > "$res/results.csv"
cat > "$res/results.json" <<JSON
{"card": "$card", "gpus": $ngpu, "library": "${lib:-}", "wall_s": $total_s,
 "a": {"sources": $sources_local, "spark_s": ${spark_a:-null}, "queryBatch_s": ${qb_a:-null}, "overhead_x": ${overhead:-null}, "target": "<= 1.15", "met": "$pass_a"},
 "b": {"sources": $sources_cluster, "one_executor_s": ${c1:-null}, "two_executors_s": ${c2:-null}, "speedup_x": ${speedup:-null}, "identical": "${same2:-}", "target": ">= 1.8 (two GPUs)", "met": "$pass_b"},
 "c": {"exit": ${fault_exit:-null}, "executor_lost_log_lines": $lost, "lost_tasks": $relost, "identical": "${samef:-}", "met": "$pass_c"}}
JSON
one_gpu_note=
[ "$ngpu" = 1 ] && one_gpu_note="With one GPU both workers' executors share GPU 0: the 1.8x target waits for two GPUs; (b) is what two executors give on one."
[ "$gpu" = 0 ] && one_gpu_note="No GPU: every search ran on the CPU, with few sources. A check that the bundle runs, not a benchmark."
cat > "$res/README.md" <<README
# gsssp-spark on one host: Spark's overhead, two executors, a lost executor

\`scripts/bench_spark.sh\` from the run bundle (\`scripts/bundle_spark.sh\`: Spark 4.2.0, Scala 2.13, the bundle's
jlink'd Java), $(date -u +%F), card: $card. ClosenessJob (per-source reached, sum, eccentricity, closeness) on
USA-road-d.NY. Native library: $libdesc. Whole run: ${total_s} s.

| step | what | result | target | met |
|---|---|---|---|---|
| (a) | local[*], $sources_local sources in one task: best warm Spark run / best \`queryBatch\` in the same JVM | ${spark_a:-?} s / ${qb_a:-?} s = **${overhead:-?}x** | <= 1.15x | $pass_a |
| (b) | standalone master + 2 workers, $sources_cluster sources in 16 tasks: one executor / two executors (warm runs) | ${c1:-?} s / ${c2:-?} s = **${speedup:-?}x** throughput; answers identical: ${same2:-?} | >= 1.8x on two GPUs | $pass_b |
| (c) | the same on two executors, one killed with kill -9 after its first finished batch | exit ${fault_exit:-?}; driver lines on the lost executor: $lost, lost tasks rerun: $relost; answers identical to (b)'s one-executor run: ${samef:-?} | completes, identical | $pass_c |

$one_gpu_note

Files: \`results.csv\`, \`results.json\`; each job's output (\`local.txt\`, \`cluster1.txt\`, \`cluster2.txt\`,
\`fault.txt\`: one \`gsssp-spark key=value\` line per measurement) and its driver log (\`.err\`); \`fault-kill.txt\`
(which executor was killed, when); \`logs/\` (master and workers), \`work/w*/app-*/*/stderr\` (executors).
README
rm -rf "$res/work"/*.parquet "$res/work/local-warm.txt" "$res"/work/w*/app-*/*/*.jar
echo "== summary ($res)"
cat "$res/results.csv"
