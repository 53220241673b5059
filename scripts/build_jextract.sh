#!/usr/bin/env bash
# Builds jextract (openjdk/jextract, the FFM binding generator that jextract-bindings/regenerate.sh runs)
# from a source checkout, without Gradle: jextract is on no package registry, and its gradlew needs to
# download Gradle. It compiles the one module with javac, adds its resources, and writes a launcher that
# runs it on a JDK 22+ with the system libclang, like the jlink image Gradle would build.
#   usage: scripts/build_jextract.sh SRC [PREFIX]    (PREFIX defaults to /work/tools/jextract)
# SRC is a clone of https://github.com/openjdk/jextract (the committed bindings came from commit f9866df)
# or a bare mirror of it (then f9866df is checked out into PREFIX/src). Environment: JAVA_HOME (a JDK
# 22+; default /usr/lib/jvm/temurin-25-jdk-amd64) and LLVM_HOME (default /usr/lib/llvm-19).
set -euo pipefail
src=${1:?usage: $0 SRC [PREFIX]}
prefix=${2:-/work/tools/jextract}
commit=${JEXTRACT_COMMIT:-f9866df}
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
llvm_home=${LLVM_HOME:-/usr/lib/llvm-19}

# A bare mirror has no work tree: clone it at the wanted commit.
if [ "$(git -C "$src" rev-parse --is-bare-repository)" = true ]; then
  rm -rf "$prefix/src"
  git clone -q "$src" "$prefix/src"
  git -C "$prefix/src" checkout -q "$commit"
  src="$prefix/src"
fi
rev=$(git -C "$src" rev-parse HEAD)

# libclang's builtin headers (stddef.h, ...): the jlink image copies them into its conf/jextract; here
# the launcher passes them with -Djextract.header.path, which jextract adds as an include path.
clang_include=$(ls -d "$llvm_home"/lib/clang/*/include | head -1)
[ -f "$llvm_home/lib/libclang.so" ] || { echo "no $llvm_home/lib/libclang.so (install libclang-N-dev)" >&2; exit 1; }

# Compile the module as Gradle does (--release 23, module version 23: `jextract --version` prints it).
rm -rf "$prefix/classes" && mkdir -p "$prefix/classes" "$prefix/bin"
"$java_home/bin/javac" -nowarn --release 23 --module-version 23 -d "$prefix/classes" $(find "$src/src/main/java" -name '*.java')
cp -r "$src/src/main/resources/." "$prefix/classes/"

# The launcher: jextract loads libclang with System.loadLibrary("clang"), so java.library.path names it.
cat > "$prefix/bin/jextract" <<LAUNCHER
#!/bin/sh
# jextract $rev, built by gsssp's scripts/build_jextract.sh
exec "$java_home/bin/java" --enable-native-access=org.openjdk.jextract \\
  -Djava.library.path="$llvm_home/lib" -Djextract.header.path="$clang_include" \\
  \$JEXTRACT_JAVA_OPTIONS -p "$prefix/classes" -m org.openjdk.jextract/org.openjdk.jextract.JextractTool "\$@"
LAUNCHER
chmod +x "$prefix/bin/jextract"
"$prefix/bin/jextract" --version
echo "$rev" > "$prefix/READY"
echo "jextract $rev installed: $prefix/bin/jextract"
