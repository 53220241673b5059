#!/usr/bin/env bash
# call JK: GSSSP_ADDS_PROFILE=1 at C = 64 (default) and 128 on the graphs that call JJ split: the 2-D rgg and the grid
# (faster at 128) against the 3-D rgg and the 18-neighbour mesh (slower), with the 26-neighbour mesh and delaunay_n15.
set -uo pipefail
C=build/callsJK
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<SUITE
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:100x100x100,nb=18,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
SUITE
for c in 64 128; do
GSSSP_ADDS_PROFILE=1 timeout 200 $B run --suite $OUT/p/s.txt -a adds:c=$c -r 2 -w 1 -o $OUT/p/c$c > $OUT/p/c$c.log 2>&1
echo "c=$c rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile|^\| (rgg|mesh|grid|.*delaunay)" $OUT/p/c$c.log
done
find $OUT/p -name traces.csv -delete
tar czf $OUT/p.tgz -C $OUT p && rm -rf $OUT/p
exit 0
