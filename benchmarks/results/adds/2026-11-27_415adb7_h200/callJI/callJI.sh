#!/usr/bin/env bash
# call JI: diagnostics at 1a81cc6's library (415adb7's cubins are identical): GSSSP_ADDS_PROFILE=1 over six graphs of
# the wider suite, then the 2-D rgg with local rounds off, C = 32 and 128, local rounds of 64 / 256 items.
set -uo pipefail
C=build/callsJI
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
mkdir -p $OUT/p
cat > $OUT/p/six.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
mesh:64x64x64,nb=26,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
@NY@
SUITE
sed -i "s#@NY@#$PWD/build/gpu-bundle/graphs/USA-road-d.NY.gr.gz#" $OUT/p/six.txt
GSSSP_ADDS_PROFILE=1 timeout 200 $B run --suite $OUT/p/six.txt -a adds -r 3 -w 1 -o $OUT/p/six > $OUT/p/six.log 2>&1
echo "six rc=$? t=$(( $(date +%s) - start ))"; grep "adds profile" $OUT/p/six.log | head -40
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/rgg.txt
GSSSP_ADDS_PROFILE=1 timeout 120 $B run --suite $OUT/p/rgg.txt -a adds:no-local,adds:c=32,adds:c=128 -r 2 -w 1 -o $OUT/p/rggc > $OUT/p/rggc.log 2>&1
echo "rggc rc=$? t=$(( $(date +%s) - start ))"; grep "adds profile" $OUT/p/rggc.log
for li in 64 256 32; do
GSSSP_ADDS_LOCAL_ITEMS=$li GSSSP_ADDS_PROFILE=1 timeout 60 $B run --suite $OUT/p/rgg.txt -a adds -r 2 -w 1 -o $OUT/p/rgg$li > $OUT/p/rgg$li.log 2>&1
echo "li=$li rc=$? t=$(( $(date +%s) - start ))"; grep "adds profile" $OUT/p/rgg$li.log
done
find $OUT/p -name traces.csv -delete
tar czf $OUT/p.tgz -C $OUT p && rm -rf $OUT/p
exit 0
