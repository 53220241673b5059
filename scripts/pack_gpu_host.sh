#!/usr/bin/env bash
# Usage: scripts/pack_gpu_host.sh [OUTPUT]   (default build/carry/gpu-host.tar.xz; env: PACK_GRAPHS=0 leaves graphs out)
# Packs everything a GPU host without Java needs into one xz tarball that fits the device tool's 64 MiB
# carry beside the repository: the test bundle (jlink'd runtime, jars, JUnit launcher, graphs; see
# scripts/bundle_gpu_tests.sh) plus the benchmark jar (JMH and the experiment runner) and its launcher, which run
# on the same runtime. Output: OUTPUT. On the GPU host, from the repository root:
#   tar xJf build/carry/gpu-host.tar.xz -C build
#   build/gpu-bundle/run-tests.sh ...        build/gpu-bundle/gsssp-bench jmh ...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-build/carry/gpu-host.tar.xz}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
GSSSP_BUNDLE_PACKED=1 bash scripts/bundle_gpu_tests.sh
[ -f benchmarks/target/gsssp-bench.jar ] || mvn -B -q -DskipTests package
cp benchmarks/target/gsssp-bench.jar build/gpu-bundle/
# The native library is already in lib/gsssp-VERSION.jar: a second copy inside the bench jar would cost about
# 4 MiB of the carry, so it is dropped here and the launcher puts the library's jars on the class path too.
zip -q -d build/gpu-bundle/gsssp-bench.jar 'native/*'
cat > build/gpu-bundle/gsssp-bench <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
cp="$here/gsssp-bench.jar:$(ls "$here"/lib/*.jar | grep -v -- '-tests.jar$' | tr '\n' ':')"
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -cp "$cp" \
  org.gsssp.bench.BenchMain "$@"
RUN
chmod +x build/gpu-bundle/gsssp-bench
mkdir -p "$(dirname "$out")"
# PACK_GRAPHS=0 leaves the graphs out (carry them beside it, e.g. as a plain tar of build/gpu-bundle/graphs).
if [ "${PACK_GRAPHS:-1}" = 0 ]; then
  tar cf - -C build --exclude=gpu-bundle/graphs gpu-bundle | xz -T0 -6 > "$out"
else
  tar cf - -C build gpu-bundle | xz -T0 -6 > "$out"
fi
size=$(( ($(stat -c %s "$out") + 1048575) / 1048576 ))
echo "packed $out (${size} MiB)"
if [ "$size" -gt 52 ]; then
  echo "the tarball leaves too little of the 64 MiB carry for the repository" >&2
  exit 1
fi
