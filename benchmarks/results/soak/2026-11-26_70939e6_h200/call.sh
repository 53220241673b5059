tar xJf build/carry/gpu-host.tar.xz -C build
mkdir -p $OUT/soak
timeout 560 bash scripts/soak_gpu.sh build/gpu-bundle/gsssp-bench 470s $OUT/soak > $OUT/soak-console.txt 2>&1
echo "soak exit $?"
tail -5 $OUT/soak-console.txt; cat $OUT/soak/soak.md 2>/dev/null | head -80
gzip -9 $OUT/soak/soak.log 2>/dev/null; true
