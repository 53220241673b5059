#!/usr/bin/env bash
# call X (H100; main at c81f2b8 from call V/W's bundle, which a fresh machine gets again from the carry): the nf-batch
# branch's library, GSSSP_NF_VARIANT=31 vs 15, on random 4M x 4 / x 7; then ADDS's starting-Delta constant C swept on
# the wider-suite graphs where ADDS misses 1.5x the best peer.
set -uo pipefail
X=build/callsX
if [ ! -x build/gpu-bundle/gsssp-bench ]; then
  rm -rf build/gpu-bundle && tar xJf build/callsX/bench-slim.tar.xz -C build
fi
if false; then
  rm -rf build/gpu-bundle && tar xJf build/callsV/gpu-tests.tar.xz -C build && tar xf build/callsV/graphs.tar -C build
  xz -dc build/callsW/gsssp-bench.jar.xz > build/gpu-bundle/gsssp-bench.jar
  cat > build/gpu-bundle/gsssp-bench <<'RUN'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
cp="$here/gsssp-bench.jar:$(ls "$here"/lib/*.jar | grep -v -- '-tests.jar$' | tr '\n' ':')"
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -cp "$cp" org.gsssp.bench.BenchMain "$@"
RUN
  chmod +x build/gpu-bundle/gsssp-bench
fi
xz -dc $X/libgsssp-nfb.so.xz > build/libgsssp-nfb.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
printf '%s\n' 'random:n=4194304,d=4,seed=1,w=1..10' 'random:n=4194304,d=7,seed=1,w=1..10' > $W/narrow.txt
for v in 15 31 15 31; do
  GSSSP_NF_VARIANT=$v JAVA_TOOL_OPTIONS=-Dgsssp.library.path=$PWD/build/libgsssp-nfb.so timeout 90 $B run --suite $W/narrow.txt -a near-far -r 5 -w 1 -o $W/nfb-$v-$RANDOM > $W/nfb-$v-$RANDOM.log 2>&1
  echo "nf variant $v exit $?"; grep -hE '^\[' $(ls -t $W/nfb-$v-*.log | head -1) | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
done
echo "t=$(( $(date +%s) - start )) s"
timeout 150 $B run --suite $W/narrow.txt -a adds:c=4,adds:c=8,adds:c=16,adds:c=8 -r 5 -w 1 -o $W/narrow > $W/narrow.log 2>&1
echo "narrow exit $?"; grep -E '^\[' $W/narrow.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
printf '%s\n' 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' 'road:2048x2048,hw=16,seed=1,w=1..1000' 'mesh:64x64x64,nb=26,seed=1,w=1..1000' > $W/wide.txt
timeout $(( 570 - ($(date +%s) - start) )) $B run --suite $W/wide.txt -a adds:c=32,adds:c=64,adds:c=128,adds:c=256,adds:c=64 -r 5 -w 1 -o $W/wide > $W/wide.log 2>&1
echo "wide exit $?"; grep -E '^\[' $W/wide.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
echo "total $(( $(date +%s) - start )) s"
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
