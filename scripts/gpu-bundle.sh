#!/usr/bin/env bash
# Assembles a self-contained test image for a Linux x86-64 GPU host that has an NVIDIA driver and no Java:
# a jlink'd Java runtime, the gsssp jars with the test classes, the JUnit console launcher, the shared
# graphs, and run-tests.sh / gsssp launchers. Output: build/gpu-bundle (git-ignored, kept under 60 MiB).
#
#   scripts/gpu-bundle.sh            # after `mvn package` (it runs `mvn -DskipTests package` if needed)
#   build/gpu-bundle/run-tests.sh    # on the GPU host: every test, GPU tests included
#   build/gpu-bundle/gsssp solve --graph build/gpu-bundle/graphs/USA-road-d.NY.gr.gz --source 1 --verify
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
out=${GSSSP_BUNDLE_DIR:-$root/build/gpu-bundle}
graphs=${GSSSP_GRAPHS_DIR:-$root/../shared/graphs}
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
junit_platform=$(sed -n 's:.*<junit.platform.version>\(.*\)</junit.platform.version>.*:\1:p' pom.xml)

if [ ! -f "java/target/gsssp-$version-tests.jar" ] || [ ! -f java/target/gsssp.jar ]; then
  mvn -B -q -DskipTests package
fi

rm -rf "$out"
mkdir -p "$out/lib" "$out/graphs"
cp "java/target/gsssp-$version.jar" "java/target/gsssp-$version-tests.jar" java/target/gsssp.jar "$out/lib/"
mvn -B -q -pl java dependency:copy-dependencies -DincludeScope=test -DexcludeArtifactIds=gsssp -DoutputDirectory="$out/lib"
mvn -B -q dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_platform" \
  -DoutputDirectory="$out/tools"
# The standalone launcher carries its own JUnit; the copies among the test dependencies would clash.
rm -f "$out"/lib/junit-* "$out"/lib/opentest4j-* "$out"/lib/apiguardian-*

cp "$graphs"/* "$out/graphs/"
rm -f "$out/graphs/README.md"

"$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,java.xml,java.management,jdk.unsupported \
  --strip-debug --no-header-files --no-man-pages --compress=zip-9 --output "$out/runtime"

cat > "$out/run-tests.sh" <<'RUN'
#!/usr/bin/env bash
# Runs gsssp's whole test suite (GPU tests included) with the bundled runtime. Extra arguments go to the
# JUnit console launcher, e.g. --include-tag gpu, or --select-class org.gsssp.GpuAlgorithmsTest.
here=$(cd "$(dirname "$0")" && pwd)
cp=$(ls "$here"/lib/*.jar | grep -v '/gsssp.jar$' | tr '\n' ':')
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Xss8m -Dgsssp.graphs.dir="$here/graphs" \
  -jar "$here"/tools/junit-platform-console-standalone-*.jar execute \
  --class-path "$cp" --scan-class-path "$(ls "$here"/lib/gsssp-*-tests.jar)" \
  --disable-banner --details=summary --details-theme=ascii --reports-dir="${REPORTS_DIR:-$here/reports}" "$@"
RUN
cat > "$out/gsssp" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -jar "$here/lib/gsssp.jar" "$@"
RUN
chmod +x "$out/run-tests.sh" "$out/gsssp"

size=$(du -sm "$out" | cut -f1)
echo "GPU test bundle: $out (${size} MiB)"
if [ "$size" -gt 60 ]; then
  echo "bundle exceeds 60 MiB" >&2
  exit 1
fi
