#!/usr/bin/env bash
# Usage: BUNDLE/bench_hbf_ablation.sh STEP...   (copied into a GPU test bundle; env: OUT, ALGORITHMS)
# On the lent GPU host, from a test bundle (scripts/bundle_gpu_tests.sh) into which this script, the suite
# benchmarks/suites/hbf-ablation.txt and bench-thin.jar were copied. bench-thin.jar is gsssp-bench.jar
# without what the bundle's lib/ already holds (gsssp, its native library, jgrapht, picocli), so that
# bundle + runner fit the device's 64 MiB transfer limit:
#   (cd /tmp/thin && unzip -q benchmarks/target/gsssp-bench.jar && rm -rf native org/jgrapht org/jheaps \
#      org/apfloat picocli && find org/gsssp -mindepth 1 -maxdepth 1 ! -name bench ! -name graphs -exec rm -rf {} + \
#      && zip -qr BUNDLE/bench-thin.jar .)
#   bench_hbf_ablation.sh tests   the H-BF and all-GPU-algorithm test classes
#   bench_hbf_ablation.sh bench   the runner over the ablation suite (results tarred into $OUT/bench.tgz)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
for step in "$@"; do
  case $step in
    tests)
      # One JUnit run per class, each bounded; HbfTest's stderr progress shows how far a run cut short got
      # (the bundle's runtime has no java.xml, so no JUnit XML reports).
      for class in HbfTest GpuAlgorithmsTest; do
        timeout "${TEST_TIMEOUT:-300}" "$here/run-tests.sh" --include-classname "^org\.gsssp\.$class\$" \
          > "$out/$class.log" 2>&1
        echo "$class exit $?"
        grep -vE '✔|\[OK\]|^HbfTest: ' "$out/$class.log" | tail -40
      done ;;
    bench)
      algorithms=${ALGORITHMS:-dijkstra-cpu,bellman-ford,frontier,hbf,hbf:no-classification,hbf:no-dedup,hbf:no-coalesced,hbf:no-vwarps,hbf:dp=off,hbf:dp=launch,hbf:dp=block,hbf:all-off}
      rm -rf /tmp/hbf-bench && mkdir -p /tmp/hbf-bench
      timeout "${BENCH_TIMEOUT:-300}" "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true \
        -cp "$here/bench-thin.jar:$(ls "$here"/lib/*.jar | grep -v -- "-tests.jar$" | tr "\n" ":")" org.gsssp.bench.BenchMain run --suite "$here/${SUITE:-hbf-ablation.txt}" -a "$algorithms" \
        -r "${REPS:-3}" -w "${WARMUP:-1}" -o /tmp/hbf-bench/results 2>&1 | tee "$out/bench.log" | tail -30
      echo "bench exit ${PIPESTATUS[0]}"
      tar czf "$out/bench.tgz" -C /tmp/hbf-bench results ;;
  esac
done
