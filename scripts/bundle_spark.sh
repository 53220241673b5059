#!/usr/bin/env bash
# Usage: scripts/bundle_spark.sh [OUTPUT]          here, with Java 25 and Maven: build/spark-host and OUTPUT (default
#                                                   build/carry/spark-host.tar.xz; env LIB=path/libgsssp.so adds a
#                                                   library as lib/libgsssp.so, NO_TAR=1 skips the tarball)
#        scripts/bundle_spark.sh keep TRACE_DIR... rewrites scripts/spark_bundle_keep.txt.gz from class-loading logs
#                                                   (scripts/bench_spark.sh with SPARK_BENCH_TRACE=TRACE_DIR)
# The Spark run bundle for a GPU host without Java or network (scripts/bench_spark.sh runs from it): a jlink'd
# runtime, Spark 4.2.0's jars (Scala 2.13), the gsssp jars and road NY, small enough for the device tool's carry
# beside the repository. What Spark needs at run time is what the benchmark's JVMs (driver, master, workers,
# executors; local mode, the standalone cluster and the fault run) load, recorded in scripts/spark_bundle_keep.txt:
# the JDK modules, and per Spark dependency the packages from which a class was loaded. Jars with no such package
# go; the others keep those packages' classes and every other file (resources are looked up by name: the web UIs'
# static files, ICU's data, SQL's error messages), less other platforms' native libraries and jar signatures. Jars
# are stored uncompressed, so xz (which packs class files about twice as well as deflated ones) does the work.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
keepfile=scripts/spark_bundle_keep.txt.gz

if [ "${1:-}" = keep ]; then
  shift
  [ $# -gt 0 ] || { echo "usage: scripts/bundle_spark.sh keep TRACE_DIR..." >&2; exit 2; }
  python3 - "$keepfile" "$@" <<'PY'
import gzip, os, re, sys
# "[info][class,load] a.b.C source: jrt:/java.sql" or "... source: file:/.../jars/spark-core_2.13-4.2.0.jar"
line = re.compile(r'\] (\S+) source: (jrt:/(\S+)|file:\S*/([^/\s]+)\.jar)\s*$')
version = re.compile(r'-\d[\w.]*$')
# Whole packages for Spark's core (scheduling, deploy, resources: paths a GPU host may take that a CPU run does not);
# single classes elsewhere.
# The Scala library's too: a lost executor's cleanup reached a TrieMap class no fault-free run loads.
whole = {'spark-core_2.13', 'spark-network-common_2.13', 'spark-network-shuffle_2.13', 'spark-launcher_2.13',
         'spark-common-utils_2.13', 'spark-common-utils-java_2.13', 'scala-library', 'scala-reflect'}
modules, keep = {'java.base'}, set()
for d in sys.argv[2:]:
    for name in os.listdir(d):
        with open(os.path.join(d, name), errors='replace') as f:
            for l in f:
                m = line.search(l)
                if not m:
                    continue
                if m.group(3):
                    modules.add(m.group(3))
                elif not m.group(4).startswith('gsssp'):
                    jar, cls = version.sub('', m.group(4)), m.group(1).replace('.', '/')
                    keep.add((jar, cls[:cls.rfind('/') + 1] if jar in whole else cls + '.class'))
with gzip.GzipFile(sys.argv[1], 'wb', compresslevel=9, mtime=0) as out:
    text = ('# What the Spark benchmark loads (scripts/bundle_spark.sh keep): JDK modules, then per Spark\n'
            '# dependency (artifact without version) the classes (a/b/C.class) or whole packages (a/b/) it loaded.\n')
    text += ''.join(f'module {m}\n' for m in sorted(modules))
    text += ''.join(f'{jar} {path}\n' for jar, path in sorted(keep))
    out.write(text.encode())
print(f'{sys.argv[1]}: {len(modules)} modules, {len({j for j, _ in keep})} jars, {len(keep)} entries')
PY
  exit 0
fi

out=${1:-build/carry/spark-host.tar.xz}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export PATH="$JAVA_HOME/bin:$PATH"
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
dir=${SPARK_BUNDLE_DIR:-build/spark-host}
deps=build/spark-deps
if [ ! -f "java/target/gsssp-$version.jar" ] || [ ! -f "java/spark/target/gsssp-spark-$version.jar" ]; then
  mvn -B -q -DskipTests -Dexec.skip=true -pl java/spark -am package
fi
if [ ! -f "$deps/spark-core_2.13-4.2.0.jar" ]; then
  mvn -B -q -pl java/spark dependency:copy-dependencies -DincludeScope=provided \
    -DexcludeArtifactIds=gsssp,gsssp-bindings -DoutputDirectory="$root/$deps"
fi
rm -rf "$dir"
mkdir -p "$dir/spark/jars" "$dir/app" "$dir/graphs"
cp "java/target/gsssp-$version.jar" "jextract-bindings/target/gsssp-bindings-$version.jar" \
   "java/spark/target/gsssp-spark-$version.jar" "$dir/app/"
# The host builds its own libgsssp.so (or LIB adds one): the copy inside the jar (all four architectures) would
# cost several MiB of the carry.
zip -q -d "$dir/app/gsssp-$version.jar" 'native/*' > /dev/null || true
python3 - "$keepfile" "$deps" "$dir/spark/jars" <<'PY'
import gzip, os, re, sys, zipfile
keepfile, src, dst = sys.argv[1:]
keep = {}
for l in gzip.open(keepfile, 'rt'):
    if l.startswith('#') or l.startswith('module '):
        continue
    jar, _, path = l.rstrip('\n').partition(' ')
    keep.setdefault(jar, set()).add(path)
version = re.compile(r'-\d[\w.]*$')
# Whole trees of Spark SQL whose classes the data or generated code picks at run time, which a small recorded run
# misses: the in-memory cache's column builders and compression schemes (LongDelta, RunLengthEncoding, ... by the
# values cached), the physical operators (join, aggregate, exchange strategies and their fallbacks by size), and
# the catalyst expressions that whole-stage code generation names. Streaming and Python stay out (no batch job
# here reaches them): the rest of spark-sql and spark-catalyst would cost the carry about 5 MiB more. Likewise
# Janino (what it compiles depends on the generated code), Parquet's own classes (encodings picked by the values:
# dictionary, its fallback to plain, delta) and the compression codecs.
trees = {'spark-sql_2.13': re.compile(r'^org/apache/spark/sql/(execution/(?!streaming/|python/)|columnar/)'),
         'spark-catalyst_2.13': re.compile(r'^org/apache/spark/sql/catalyst/expressions/')}
trees.update({jar: re.compile(r'^org/apache/parquet/') for jar in ('parquet-column', 'parquet-hadoop', 'parquet-encoding')})
trees.update({jar: re.compile('') for jar in ('janino', 'commons-compiler', 'snappy-java', 'lz4-java', 'zstd-jni')})
foreign = re.compile(r'(darwin|osx|mac|win|aarch|arm|ppc|s390|freebsd|aix|sunos|linux32|/x86/|i386|riscv|loongarch)', re.I)
native = ('.so', '.dll', '.dylib', '.jnilib', '.a')
signature = re.compile(r'^META-INF/[^/]+\.(SF|RSA|DSA|EC)$')
before = after = 0
for name in sorted(os.listdir(src)):
    before += os.path.getsize(os.path.join(src, name))
    paths = keep.get(version.sub('', name[:-4]))
    # Netty whole: it picks its transport (epoll, else NIO) and its classes by what the host offers, and its epoll
    # library comes in a jar of no classes, which no class-loading log names.
    if name.startswith('netty-') and (paths is not None or 'epoll' in name and 'linux-x86_64' in name):
        paths = {''}
    if paths is None:
        continue
    p = os.path.join(dst, name)
    with zipfile.ZipFile(os.path.join(src, name)) as zin, zipfile.ZipFile(p, 'w', zipfile.ZIP_STORED) as zout:
        for item in zin.infolist():
            f = item.filename
            if f.endswith('.class') and not f.endswith('module-info.class'):
                path = re.sub(r'^META-INF/versions/\d+/', '', f)
                tree = trees.get(re.sub(r'-\d.*$', '', name[:-4]))
                if '' not in paths and path not in paths and path[:path.rfind('/') + 1] not in paths \
                        and not (tree and tree.match(path)):
                    continue
            elif (f.endswith(native) or '/native/' in f) and foreign.search(f):
                continue
            elif signature.match(f):
                continue
            zout.writestr(item, zin.read(f), zipfile.ZIP_STORED)
    after += os.path.getsize(p)
print(f'Spark jars: {len(os.listdir(dst))} of {len(os.listdir(src))}; {before / 2**20:.0f} MiB as Maven has them, '
      f'{after / 2**20:.0f} MiB kept, stored uncompressed')
PY
# The launcher library finds $SPARK_HOME/jars (for the executors' class path) only beside a RELEASE file.
echo "Spark 4.2.0 jars for gsssp-spark's benchmark (scripts/bundle_spark.sh), trimmed" > "$dir/spark/RELEASE"
# Left out though loaded: modules reached only through optional service lookups (System.console()'s JLine and JShell
# providers, the JFR management bean, the non-English locale data), which fall back without them.
modules=$(gzip -dc "$keepfile" | sed -n 's/^module //p' | grep -v -x -E 'jdk.jshell|jdk.internal.le|jdk.jfr|jdk.management.jfr|jdk.localedata' | paste -sd, -)
# jdk.incubator.vector: Spark's own Java options name it (--add-modules); jdk.crypto.ec etc. are in java.base now.
# java.desktop stays for java.beans (log4j, Jackson, Ivy use it); its AWT, font, image and sound libraries go.
jlink --add-modules "$modules,jdk.incubator.vector" --strip-debug --no-header-files --no-man-pages \
  --exclude-files="$(printf '**/lib/lib%s.so,' awt awt_headless awt_xawt fontmanager freetype javajpeg jawt jsound lcms mlib_image splashscreen)" \
  --output "$dir/runtime"
# The JVM's symbol table only serves crash reports; the carry is worth more.
if command -v strip > /dev/null; then strip --strip-unneeded "$dir/runtime/lib/server/libjvm.so"; fi
cp "${GSSSP_GRAPHS_DIR:-/work/shared/graphs}/USA-road-d.NY.gr.gz" "$dir/graphs/"
if [ -n "${LIB:-}" ]; then mkdir -p "$dir/lib" && cp "$LIB" "$dir/lib/libgsssp.so"; fi
echo "bundle $dir: $(du -sm "$dir" | cut -f1) MiB (runtime $(du -sm "$dir/runtime" | cut -f1), Spark jars $(du -sm "$dir/spark" | cut -f1))"
[ "${NO_TAR:-0}" = 1 ] && exit 0
mkdir -p "$(dirname "$out")"
tar cf - -C "$(dirname "$dir")" "$(basename "$dir")" | xz -T2 -9e > "$out"
size=$(stat -c %s "$out")
echo "packed $out: $(( size / 1048576 )).$(( size % 1048576 * 10 / 1048576 )) MiB"
# The device tool carries 64 MiB in all, the repository's tracked files (about 6 MiB) included.
if [ "$size" -gt $(( 58 * 1048576 )) ]; then
  split -b 50M -d "$out" "$out.part"
  echo "OVER ONE CARRY: split into $(ls "$out".part* | paste -sd' ' -); carry one per device call into build/recv/," >&2
  echo "then: cat build/recv/spark-host.tar.xz.part* | tar xJf - -C build" >&2
fi
