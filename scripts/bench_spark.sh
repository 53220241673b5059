#!/usr/bin/env bash
# Usage:
#   scripts/bench_spark.sh pack [OUTPUT]   here, with Java and Maven: build/carry/spark-host.tar.xz
#   scripts/bench_spark.sh run  [OUTDIR]   on the GPU host, after: tar xJf build/carry/spark-host.tar.xz -C build
#                                          (OUTDIR default $OUT, else build/spark-results)
# The Spark benchmark of gsssp-spark (issue 48), on one host: (1) Spark's overhead, one GPU executor (local[*]),
# 10,000 closeness sources on USA-road-d.NY, against DeviceGraph.queryBatch in one JVM (target <= 1.15x);
# (2) a standalone master and two workers, one GPU executor each, against one executor (target >= 1.8x the
# throughput); (3) a fault run: one executor killed mid-job, the job completes with answers identical to the
# fault-free run. The host has no Java: `pack` carries a jlink'd runtime, Spark's jars (spark-core, spark-sql and
# their dependencies from the local Maven repository, trimmed and stored uncompressed so xz packs them well), the
# gsssp jars and NY.
# SIZE: IT DOES NOT FIT ONE CARRY. Spark 4.2.0's jars are 278 MB as Maven has them (175 jars); `pack` drops what
# these runs never load (RocksDB, ORC, Ivy, ZooKeeper, Arrow, other platforms' native libraries: 189 MB left) and
# stores them uncompressed for xz (457 MB); xz -9 gives 73 MiB for the jars and 20 MiB for the jlink'd runtime:
# about 94 MiB, over the 56 MiB of the device tool's 64 MiB carry left beside the repository. `pack` then splits the tarball into 50 MiB parts
# (OUTPUT.part00, .part01, ...). To run: carry one part per device call and move it into an ignored folder that
# later calls keep while the machine stays warm, e.g. call k: carry build/carry/spark-host.tar.xz.part0k, command
# `mkdir -p build/recv && mv build/carry/spark-host.tar.xz.part0k build/recv/`; last call:
# `cat build/recv/spark-host.tar.xz.part* | tar xJf - -C build && scripts/bench_spark.sh run`. A machine given back
# in between loses the parts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:-}
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
# spark-submit adds these itself (org.apache.spark.launcher.JavaModuleOptions); here SparkSubmit runs bare.
OPENS="-XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true --enable-native-access=ALL-UNNAMED"

pack() {
  out=${1:-build/carry/spark-host.tar.xz}
  export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
  export PATH="$JAVA_HOME/bin:$PATH"
  dir=build/spark-host
  if [ ! -f "java/target/gsssp-$version.jar" ] || [ ! -f "java/spark/target/gsssp-spark-$version.jar" ]; then
    mvn -B -q -DskipTests -pl java/spark -am package
  fi
  rm -rf "$dir"
  mkdir -p "$dir/spark/jars" "$dir/app" "$dir/graphs"
  cp "java/target/gsssp-$version.jar" "jextract-bindings/target/gsssp-bindings-$version.jar" \
     "java/spark/target/gsssp-spark-$version.jar" "$dir/app/"
  mvn -B -q -pl java/spark dependency:copy-dependencies -DincludeScope=compile \
    -DexcludeArtifactIds=gsssp,gsssp-bindings -DoutputDirectory="$dir/spark/jars"
  # Never loaded by these runs: the RocksDB store (history server, shuffle-service recovery), ORC, Hive-less
  # SQL extras, Ivy (--packages), ZooKeeper/Curator (master recovery), Arrow (pandas/Connect).
  (cd "$dir/spark/jars" && rm -f rocksdbjni-*.jar orc-*.jar ivy-*.jar zookeeper*.jar curator-*.jar arrow-*.jar \
     netty-tcnative-boringssl-static-*-{osx,windows,linux-aarch_64}*.jar leveldbjni-*.jar)
  # Stored, not deflated: xz packs class files about twice as well as it packs deflated ones; other platforms'
  # native libraries go.
  python3 - "$dir/spark/jars" <<'PY'
import os, re, sys, zipfile
foreign = re.compile(r'(darwin|osx|mac|win|windows|aarch64|arm|ppc|s390|freebsd|aix|sunos|linux32|x86/|i386|riscv|loongarch)', re.I)
for name in sorted(os.listdir(sys.argv[1])):
    p = os.path.join(sys.argv[1], name)
    tmp = p + '.tmp'
    with zipfile.ZipFile(p) as zin, zipfile.ZipFile(tmp, 'w', zipfile.ZIP_STORED) as zout:
        for item in zin.infolist():
            if item.filename.endswith(('.so', '.dll', '.dylib', '.jnilib', '.a')) and foreign.search(item.filename):
                continue
            zout.writestr(item, zin.read(item.filename), zipfile.ZIP_STORED)
    os.replace(tmp, p)
PY
  "$JAVA_HOME/bin/jlink" --add-modules java.base,java.compiler,java.desktop,java.instrument,java.logging,java.management,java.naming,java.net.http,java.scripting,java.security.jgss,java.security.sasl,java.sql,java.xml,jdk.incubator.vector,jdk.management,jdk.security.auth,jdk.unsupported,jdk.zipfs,jdk.httpserver \
    --strip-debug --no-header-files --no-man-pages --output "$dir/runtime"
  if command -v strip >/dev/null; then strip --strip-unneeded "$dir/runtime/lib/server/libjvm.so"; fi
  cp "${GSSSP_GRAPHS_DIR:-$root/../shared/graphs}/USA-road-d.NY.gr.gz" "$dir/graphs/"
  # The launcher library finds $SPARK_HOME/jars (for the executors' class path) only beside a RELEASE file.
  echo "Spark jars for gsssp-spark's benchmark (scripts/bench_spark.sh)" > "$dir/spark/RELEASE"
  mkdir -p "$(dirname "$out")"
  tar cf - -C build spark-host | xz -T0 -9 > "$out"
  size=$(( ($(stat -c %s "$out") + 1048575) / 1048576 ))
  echo "packed $out (${size} MiB; unpacked $(du -sm "$dir" | cut -f1) MiB)"
  if [ "$size" -gt 56 ]; then
    # One carry cannot take it: parts of 50 MiB, one per device call, gathered on the device in an ignored folder
    # that later calls keep while the machine stays warm (see the header).
    split -b 50M -d "$out" "$out.part"
    echo "DOES NOT FIT ONE CARRY: ${size} MiB is over the 56 MiB left of the 64 MiB carry; split into:" >&2
    ls -1 "$out".part* >&2
  fi
}

run() {
  dir=$root/build/spark-host
  res=${1:-${OUT:-$root/build/spark-results}}
  mkdir -p "$res"
  export JAVA_HOME=$dir/runtime SPARK_HOME=$dir/spark SPARK_SCALA_VERSION=2.13
  export PATH="$JAVA_HOME/bin:$PATH"
  java=$JAVA_HOME/bin/java
  lib=${GSSSP_LIBRARY_PATH:-}   # empty: the native library inside gsssp-VERSION.jar
  libopt=${lib:+-Dgsssp.library.path=$lib}
  app="$dir/app/gsssp-spark-$version.jar"
  jars="$dir/app/gsssp-$version.jar,$dir/app/gsssp-bindings-$version.jar"
  ny=$dir/graphs/USA-road-d.NY.gr.gz
  gpus=$(nvidia-smi --query-gpu=index --format=csv,noheader | tr -d ' ' | paste -sd, -)
  echo "GPUs: $gpus"; nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader | tee "$res/gpus.txt"
  submit() {  # submit MASTER LOG [spark options...] -- [job arguments...]
    local master=$1 log=$2; shift 2
    local sparkopts=() jobargs=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do sparkopts+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    jobargs=("$@")
    # shellcheck disable=SC2086
    "$java" $OPENS $libopt -Xmx24g -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit \
      --master "$master" --class org.gsssp.spark.ClosenessJob --jars "$jars" \
      --conf spark.ui.enabled=false --conf "spark.driver.extraJavaOptions=--enable-native-access=ALL-UNNAMED $libopt" \
      --conf "spark.executor.extraJavaOptions=--enable-native-access=ALL-UNNAMED $libopt" \
      "${sparkopts[@]}" "$app" "$ny" "${jobargs[@]}" 2>"$log.err" | tee "$log"
  }

  echo "== (1) Spark overhead: local[*], one GPU, 10,000 sources, against queryBatch in one JVM"
  submit 'local[*]' "$res/local.txt" -- --sources 10000 --partitions 1 --batch 10000 \
    --baseline --repeat 3 --out "$res/local.parquet"

  echo "== (2) standalone master + 2 workers, one GPU executor each"
  disc=$dir/gpus.sh
  printf '#!/usr/bin/env bash\necho "{\\"name\\": \\"gpu\\", \\"addresses\\": [$(nvidia-smi --query-gpu=index --format=csv,noheader | sed "s/.*/\\"&\\"/" | paste -sd, -)]}"\n' > "$disc"
  chmod +x "$disc"
  ngpu=$(echo "$gpus" | tr ',' '\n' | wc -l)
  export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOG_DIR=$res/logs SPARK_WORKER_DIR=$res/work
  mkdir -p "$SPARK_LOG_DIR" "$SPARK_WORKER_DIR"
  # shellcheck disable=SC2086
  "$java" $OPENS -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 7077 \
    --webui-port 8080 > "$SPARK_LOG_DIR/master.log" 2>&1 &
  master_pid=$!
  sleep 8
  worker_pids=()
  for w in 1 2; do
    # With one GPU both workers offer GPU 0 (the 1.8x target then waits for two GPUs); with two, one each.
    wgpu=$(( (w - 1) % ngpu ))
    printf '#!/usr/bin/env bash\necho "{\\"name\\": \\"gpu\\", \\"addresses\\": [\\"%s\\"]}"\n' "$wgpu" > "$dir/gpu$w.sh"
    chmod +x "$dir/gpu$w.sh"
    # shellcheck disable=SC2086
    "$java" $OPENS -cp "$SPARK_HOME/jars/*" -Dspark.worker.resource.gpu.amount=1 \
      -Dspark.worker.resource.gpu.discoveryScript="$dir/gpu$w.sh" org.apache.spark.deploy.worker.Worker \
      --host 127.0.0.1 --cores 8 --memory 40g --work-dir "$SPARK_WORKER_DIR/w$w" --webui-port $((8080 + w)) \
      spark://127.0.0.1:7077 > "$SPARK_LOG_DIR/worker$w.log" 2>&1 &
    worker_pids+=($!)
  done
  sleep 10
  gpuconf=(--conf spark.executor.resource.gpu.amount=1 --conf spark.task.resource.gpu.amount=1
           --conf spark.executor.cores=8 --conf spark.task.cpus=8 --executor-memory 32g)
  # 0: every vertex of NY (264,346 searches; long enough to kill an executor in the middle)
  sources=${SPARK_BENCH_SOURCES:-0}
  echo "-- one executor"
  submit spark://127.0.0.1:7077 "$res/cluster1.txt" "${gpuconf[@]}" --conf spark.cores.max=8 -- \
    --sources "$sources" --partitions 8 --batch 8192 --repeat 2 --out "$res/cluster1.parquet"
  echo "-- two executors"
  submit spark://127.0.0.1:7077 "$res/cluster2.txt" "${gpuconf[@]}" --conf spark.cores.max=16 -- \
    --sources "$sources" --partitions 8 --batch 8192 --repeat 2 --out "$res/cluster2.parquet" \
    --same-as "$res/cluster1.parquet"

  echo "== (3) fault run: kill one executor mid-job"
  ( sleep "${SPARK_BENCH_KILL_AFTER:-20}"
    pid=$(pgrep -f 'org.apache.spark.executor.CoarseGrainedExecutorBackend' | head -1 || true)
    echo "killing executor pid ${pid:-none} at $(date +%T)" | tee "$res/fault-kill.txt"
    [ -n "$pid" ] && kill -9 "$pid" ) &
  killer=$!
  rc=0
  submit spark://127.0.0.1:7077 "$res/fault.txt" "${gpuconf[@]}" --conf spark.cores.max=16 -- \
    --sources "$sources" --partitions 8 --batch 8192 --out "$res/fault.parquet" --same-as "$res/cluster1.parquet" || rc=$?
  echo "fault run exit: $rc (0 and identical=true: the job completed with the fault-free answers)" | tee -a "$res/fault.txt"
  wait "$killer" || true
  kill "${worker_pids[@]}" "$master_pid" 2>/dev/null || true
  grep -h '^gsssp-spark' "$res"/*.txt > "$res/summary.txt" || true
  echo "results in $res"
}

case "$mode" in
  pack) shift; pack "$@" ;;
  run) shift; run "$@" ;;
  *) sed -n '2,15p' "$0"; exit 2 ;;
esac
