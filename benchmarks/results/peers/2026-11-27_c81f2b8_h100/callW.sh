#!/usr/bin/env bash
# call W (on call V's warm machine, main at c81f2b8): the wider suite with both peers beside gsssp ADDS and Near-Far
# (scripts/bench_peers.sh, -r 3 -w 1); then the nf-batch branch's library (GSSSP_NF_VARIANT=31 vs 15) on random 4M x 4 / x 7.
set -uo pipefail
C=build/callsW
xz -dc $C/gsssp-bench.jar.xz > build/gpu-bundle/gsssp-bench.jar && tar xJf $C/peers.tar.xz -C build && xz -dc $C/libgsssp-nfb.so.xz > build/libgsssp-nfb.so
cat > build/gpu-bundle/gsssp-bench <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
cp="$here/gsssp-bench.jar:$(ls "$here"/lib/*.jar | grep -v -- '-tests.jar$' | tr '\n' ':')"
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -cp "$cp" org.gsssp.bench.BenchMain "$@"
RUN
chmod +x build/gpu-bundle/gsssp-bench
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
ls build/peers build/peers/bin 2>/dev/null | head
OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout 420 bash scripts/bench_peers.sh benchmarks/suites/wider.txt
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
printf '%s\n' 'random:n=4194304,d=4,seed=1,w=1..10' 'random:n=4194304,d=7,seed=1,w=1..10' > $W/nfb.txt
for v in 15 31 15 31; do
  GSSSP_NF_VARIANT=$v JAVA_TOOL_OPTIONS=-Dgsssp.library.path=$PWD/build/libgsssp-nfb.so timeout 60 build/gpu-bundle/gsssp-bench run --suite $W/nfb.txt -a near-far -r 5 -w 1 -o $W/nfb-$v-$RANDOM > $W/nfb-$v.log 2>&1
  echo "variant $v exit $?"; grep -E '^\[' $W/nfb-$v.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
  [ $(( $(date +%s) - start )) -gt 560 ] && break
done
echo "total $(( $(date +%s) - start )) s"
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
