#!/usr/bin/env bash
# call JF: main at d6b0741 plus GSSSP_ADDS_RAISE_MAX (the raise rule's ceiling over the starting Delta; default 8, A/B
# only). An A/B, adds only, 2 rounds of 5 after 1 warm-up: base, max16, max32, over the wide-weight graphs of the wider
# suite where the raise rule runs; then gsssp ADDS beside the peers on the road-like graph and the grid, once per
# ceiling (8, 16, 32), -r 5 -w 1.
set -uo pipefail
C=build/callsJF
rm -rf build/gpu-bundle build/peers
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
cat > benchmarks/suites/.ab_JF.txt <<'SUITE'
road:2048x2048,hw=16,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
../../../shared/graphs/USA-road-d.NY.gr.gz
../../../shared/graphs/delaunay_n15.graph weights=1:1000
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 250 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JF.txt \
  base=- max16=-,GSSSP_ADDS_RAISE_MAX=16 max32=-,GSSSP_ADDS_RAISE_MAX=32 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
printf 'road:2048x2048,hw=16,seed=1,w=1..1000\ngrid:2048x2048,seed=1,w=1..1000\n' > benchmarks/suites/.peers_JF.txt
for m in 8 16 32; do
  GSSSP_ADDS_RAISE_MAX=$m GSSSP_COMMIT=d6b0741 OUT=$OUT/peers-max$m REPS=5 ALGORITHMS=adds timeout 120 bash scripts/bench_peers.sh benchmarks/suites/.peers_JF.txt > $OUT/peers-max$m.txt 2>&1
  echo "peers, ceiling $m: exit $? t=$(( $(date +%s) - start )) s"; grep "^|" $OUT/peers-max$m.txt | head -6
  find $OUT/peers-max$m -name traces.csv -delete
done
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab $(cd $OUT && ls -d peers-max*) && rm -rf $OUT/ab $OUT/peers-max*
exit 0
