#!/usr/bin/env bash
# Usage: scripts/bundle_gpu_tests.sh       (writes build/gpu-bundle; env: GSSSP_BUNDLE_DIR, GSSSP_GRAPHS_DIR)
# Assembles a self-contained test image for a Linux x86-64 GPU host that has an NVIDIA driver and no Java:
# a jlink'd Java runtime, the gsssp jars with the test classes, the JUnit console launcher, the shared
# graphs, and run-tests.sh / gsssp launchers. Output: build/gpu-bundle (git-ignored, under 64 MiB; it travels
# to the device xz'd by scripts/pack_gpu_host.sh, which keeps the tarball under 52 MiB).
#
#   scripts/bundle_gpu_tests.sh            # after `mvn package` (it runs `mvn -DskipTests package` if needed)
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

if [ ! -f "java/target/gsssp-$version-tests.jar" ] || [ ! -f java/cli/target/gsssp.jar ]; then
  mvn -B -q -DskipTests package
fi

rm -rf "$out"
mkdir -p "$out/lib" "$out/graphs"
# gsssp.jar (the shaded CLI) would duplicate these jars; the launcher below uses them instead. The library
# and the CLI module each bring their jar, their tests' jar and their dependencies.
cp "java/target/gsssp-$version.jar" "java/target/gsssp-$version-tests.jar" "$out/lib/"
cp "java/cli/target/gsssp-cli-$version.jar" "java/cli/target/gsssp-cli-$version-tests.jar" "$out/lib/"
mvn -B -q -pl java,java/cli dependency:copy-dependencies -DincludeScope=test -DexcludeArtifactIds=gsssp,gsssp-cli \
  -DoutputDirectory="$out/lib"
mvn -B -q dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_platform" \
  -DoutputDirectory="$out/tools"
# The bindings come from the local Maven repository, which holds whatever was last installed: take this
# build's instead, so that the bindings and the native library always match (a stale gsssp_options or
# gsssp_stats layout would have the native side read or write past the structs Java allocates).
rm -f "$out"/lib/gsssp-bindings-*.jar
cp jextract-bindings/target/gsssp-bindings-"$version".jar "$out/lib/"
# Fuzzing (Jazzer, 8 MB) runs here, not on the GPU host: its jars and the fuzz tests stay out of the bundle.
rm -f "$out"/lib/jazzer*
zip -q -d "$out/lib/gsssp-$version-tests.jar" 'org/gsssp/io/*FuzzTest*' >/dev/null 2>&1 || true
# The standalone launcher carries its own JUnit; the copies among the test dependencies would clash.
rm -f "$out"/lib/junit-* "$out"/lib/opentest4j-* "$out"/lib/apiguardian-*

cp "$graphs"/* "$out/graphs/"
rm -f "$out/graphs/README.md"
# Loaders read gzip transparently and the tests fall back to NAME.gz, so uncompressed graphs travel gzip'd.
for f in "$out"/graphs/*; do
  case "$f" in *.gz) ;; *) gzip -9 "$f" ;; esac
done

# java.base + java.logging and jdk.zipfs (JUnit scans the tests jar) is what the tests need (jdk.httpserver and
# java.net.http for gsssp serve and its test), java.management
# lets JMH (gsssp-bench.jar) run on the same runtime, java.compiler its routing command's GraphHopper (its
# encoded-value names are checked with javax.lang.model); each module more costs the transfer budget.
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.compiler,java.logging,java.management,java.net.http,jdk.httpserver,jdk.zipfs,jdk.unsupported \
  --strip-debug --no-header-files --no-man-pages --compress=zip-9 --output "$out/runtime"
# The JVM's own symbol table (5 MB) only serves crash reports; the transfer budget is worth more here.
if command -v strip >/dev/null; then strip --strip-unneeded "$out/runtime/lib/server/libjvm.so"; fi

cat > "$out/run-tests.sh" <<'RUN'
#!/usr/bin/env bash
# Runs gsssp's whole test suite (GPU tests included) with the bundled runtime. Extra arguments go to the
# JUnit console launcher, e.g. --include-tag gpu, or --select-class org.gsssp.GpuAlgorithmsTest.
here=$(cd "$(dirname "$0")" && pwd)
cp=$(ls "$here"/lib/*.jar | tr '\n' ':')
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Xss8m -Dgsssp.graphs.dir="$here/graphs" \
  -jar "$here"/tools/junit-platform-console-standalone-*.jar execute \
  --class-path "$cp" --scan-class-path "$(ls "$here"/lib/*-tests.jar | tr '\n' ':')" \
  --disable-banner --details=summary --details-theme=ascii "$@"
RUN
cat > "$out/gsssp" <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
cp=$(ls "$here"/lib/*.jar | grep -v -- '-tests.jar$' | tr '\n' ':')
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" org.gsssp.cli.Main "$@"
RUN
chmod +x "$out/run-tests.sh" "$out/gsssp"

bytes=$(du -sb "$out" | cut -f1)
size=$(( (bytes + 1048575) / 1048576 ))
echo "GPU test bundle: $out (${size} MiB)"
if [ "$size" -gt 64 ]; then
  # pack_gpu_host.sh checks what travels (the xz tarball) itself, so for it this is only a note.
  echo "bundle exceeds 64 MiB" >&2
  [ "${GSSSP_BUNDLE_PACKED:-0}" = 1 ] || exit 1
fi
