#!/usr/bin/env bash
# call D: which commit made ADDS and H-BF ~3% slower on grid 2048^2 (call C): the harness at 4688489, fecdf8a, 8c8d262
# (slim jars: their classes and libgsssp) and at HEAD, in turn, three rounds, grid only, REPS=7
set -uo pipefail
[ -d build/gpu-bundle ] || tar xJf build/carryD/bench-nographs.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mk() { # launcher for a slim jar
  cat > build/bisect/$1/run <<RUN
#!/usr/bin/env bash
b=\$(cd "\$(dirname "\$0")/../../gpu-bundle" && pwd)
cp="\$(dirname "\$0")/slim.jar:\$b/gsssp-bench.jar:\$(ls "\$b"/lib/*.jar | grep -v -- '/gsssp-' | tr '\n' ':')"
exec "\$b/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -cp "\$cp" org.gsssp.bench.BenchMain "\$@"
RUN
  chmod +x build/bisect/$1/run
}
for c in 4688489 fecdf8a 8c8d262; do mk $c; done
echo "grid:2048x2048,seed=1,w=1..1000" > /tmp/grid.txt
mkdir -p /tmp/D; start=$(date +%s)
for round in 1 2 3; do
  for c in 4688489 fecdf8a 8c8d262 HEAD; do
    if [ $c = HEAD ]; then bench=build/gpu-bundle/gsssp-bench; else bench=build/bisect/$c/run; fi
    GSSSP_COMMIT=$c $bench run --suite /tmp/grid.txt -a adds,hbf -r 7 -w 1 -o /tmp/D/$c-$round > /tmp/D/$c-$round.log 2>&1
    echo "$round $c $(grep -E "^\[1/1\]" /tmp/D/$c-$round.log | sed -E 's/.*source [0-9]+\)://')"
  done
done
echo "total $(( $(date +%s) - start )) s"
tar czf $OUT/callD.tgz -C /tmp D
