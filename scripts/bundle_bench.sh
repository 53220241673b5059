#!/usr/bin/env bash
# Usage: scripts/bundle_bench.sh           (writes build/bench-bundle; env: GSSSP_BENCH_BUNDLE_DIR)
# Assembles build/bench-bundle: a jlink'd runtime that can run JMH (java.management) and the shaded
# gsssp-bench.jar, for a GPU host without Java. The graphs travel separately (build/gpu-bundle/graphs).
# PNG figures need java.desktop (~19 MiB), so they are drawn afterwards with `gsssp-bench plot DIR` on a
# full JDK; everything else is written on the GPU host.
#
#   build/bench-bundle/gsssp-bench run --suite benchmarks/suites/core.txt -r 5 -w 1 -o OUT
#   build/bench-bundle/gsssp-bench jmh FfmCallBenchmark -f 1
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
out=${GSSSP_BENCH_BUNDLE_DIR:-$root/build/bench-bundle}
[ -f benchmarks/target/gsssp-bench.jar ] || mvn -B -q -DskipTests package
rm -rf "$out"
mkdir -p "$out"
cp benchmarks/target/gsssp-bench.jar "$out/"
# java.compiler: GraphHopper (the routing command) checks its encoded-value names with javax.lang.model
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.compiler,java.logging,java.management,java.net.http,jdk.httpserver,jdk.zipfs,jdk.unsupported \
  --strip-debug --no-header-files --no-man-pages --compress=zip-9 --output "$out/runtime"
# The JVM's own symbol table (5 MB) only serves crash reports; the transfer budget is worth more here.
if command -v strip >/dev/null; then strip --strip-unneeded "$out/runtime/lib/server/libjvm.so"; fi
cat > "$out/gsssp-bench" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -jar "$here/gsssp-bench.jar" "$@"
RUN
chmod +x "$out/gsssp-bench"
echo "bench bundle: $out ($(du -sm "$out" | cut -f1) MiB)"
