#!/usr/bin/env bash
# Usage: scripts/fuzz_loaders.sh [SECONDS_PER_TEST] [FUZZ_TEST...]
#
# Fuzzes the graph loaders for real: each @FuzzTest of org.gsssp.io.LoaderFuzzTest (default: all six, fuzzDimacs
# fuzzGalois fuzzMatrixMarket fuzzSnap fuzzMetis fuzzDetectionAndGzip) runs in Jazzer's fuzzing mode for
# SECONDS_PER_TEST (default 240), one after another (Jazzer fuzzes one test per JVM, on one core).
#
#   scripts/fuzz_loaders.sh                      # 4 minutes per loader, about 25 minutes in all
#   scripts/fuzz_loaders.sh 60 fuzzGalois        # one loader, one minute
#
# How: JAZZER_FUZZ=1 and `mvn -pl java test -Dtest=LoaderFuzzTest#TEST`. Jazzer 0.24 has no property for the
# duration (the annotation's maxDuration, 5m, is the default); libFuzzer arguments go in as the JUnit
# configuration parameters jazzer.internal.arg.N (argv[0], then the generated-corpus directory, then
# -max_total_time, which, given last, wins over the annotation's), the way Jazzer's own launcher passes them.
#
# Output, under $FUZZ_DIR (default java/target/fuzz):
#   corpus/TEST/      the inputs the fuzzer kept (grows across runs; delete it to start afresh)
#   logs/TEST.log     the whole Maven and libFuzzer output
#   findings/TEST/    a copy of every crash-*/timeout-* input this run found
# Jazzer writes each finding into the test's regression corpus itself,
# java/src/test/resources/org/gsssp/io/LoaderFuzzTestInputs/TEST/, so `mvn verify` replays it from then on
# (keep it there, renamed after what it shows, once the loader is fixed). Prints one line per test (runs,
# seconds, corpus size, findings) and exits 1 if any test found something.
#
# Needs the library's dependencies installed once (`mvn -B -o install -DskipTests` from the root). Environment:
# FUZZ_DIR, MVN (default mvn), MVN_FLAGS (default -o: offline), JAVA_HOME (default the Temurin 25 JDK if present).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

all=(fuzzDimacs fuzzGalois fuzzMatrixMarket fuzzSnap fuzzMetis fuzzDetectionAndGzip)
seconds=${1:-240}
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
    sed -n '2p' "$0" >&2
    exit 2
fi
shift || true
tests=("$@")
[ ${#tests[@]} -eq 0 ] && tests=("${all[@]}")
for t in "${tests[@]}"; do
    case " ${all[*]} " in
        *" $t "*) ;;
        *) echo "unknown fuzz test '$t' (one of: ${all[*]})" >&2; exit 2 ;;
    esac
done

if [ -z "${JAVA_HOME:-}" ] && [ -d /usr/lib/jvm/temurin-25-jdk-amd64 ]; then
    export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
fi
[ -n "${JAVA_HOME:-}" ] && export PATH="$JAVA_HOME/bin:$PATH"
mvn=${MVN:-mvn}
read -r -a mvn_flags <<< "${MVN_FLAGS--o}"
out=${FUZZ_DIR:-$root/java/target/fuzz}
case "$out" in /*) ;; *) out="$root/$out" ;; esac
inputs="$root/java/src/test/resources/org/gsssp/io/LoaderFuzzTestInputs"
mkdir -p "$out/logs" "$out/findings"

failed=0
summary=()
for t in "${tests[@]}"; do
    corpus="$out/corpus/$t"
    log="$out/logs/$t.log"
    mkdir -p "$corpus" "$inputs/$t"
    before=$(ls -1 "$inputs/$t" | sort)
    echo "== $t: fuzzing for ${seconds}s (log: $log)"
    status=0
    JAZZER_FUZZ=1 "$mvn" -B "${mvn_flags[@]}" -pl java test \
        -Dtest="LoaderFuzzTest#$t" -Dsurefire.failIfNoSpecifiedTests=false \
        -Djazzer.internal.arg.0=fuzz_loaders \
        -Djazzer.internal.arg.1="$corpus" \
        -Djazzer.internal.arg.2=-max_total_time="$seconds" \
        -Djazzer.reproducer_path="$out/findings/$t" \
        > "$log" 2>&1 || status=$?
    after=$(ls -1 "$inputs/$t" | sort)
    new=$(comm -13 <(echo "$before") <(echo "$after") | grep -E '^(crash|timeout|slow-unit|oom|leak)-' || true)
    if [ -n "$new" ]; then
        mkdir -p "$out/findings/$t"
        while read -r f; do cp "$inputs/$t/$f" "$out/findings/$t/"; done <<< "$new"
    fi
    done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)
    last_stat=$(grep -E '^#[0-9]+' "$log" | tail -1 | awk '{print $1}' || true)
    runs=$(sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\1/' <<< "$done_line")
    secs=$(sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\2/' <<< "$done_line")
    [ -z "$done_line" ] && runs="${last_stat#\#} (last status line; no 'Done' line)" && secs="?"
    count=$(echo "$new" | grep -c . || true)
    line="$t: ${runs:-?} runs in ${secs:-?} s, corpus $(ls -1 "$corpus" | wc -l) inputs, $count finding(s), mvn exit $status"
    [ -n "$new" ] && line="$line: $(echo "$new" | tr '\n' ' ')"
    echo "$line"
    summary+=("$line")
    if [ "$status" -ne 0 ] || [ -n "$new" ]; then
        failed=1
        grep -E '^== Java Exception|^java\.|^\s+at org\.gsssp|^(Caused by|org\.opentest4j)' "$log" | head -12 || true
    fi
done

echo
echo "== summary (findings in $out/findings and $inputs/TEST/)"
printf '%s\n' "${summary[@]}"
exit $failed
