package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @BeforeAll
    static void needsDesktop() {
        assumeTrue(ReportWriter.chartsAvailable(), "java.desktop missing: charts cannot be drawn");
    }

    static void assertPng(Path png) throws Exception {
        assertTrue(Files.size(png) > 1000, png + " is suspiciously small");
        byte[] head = new byte[4];
        System.arraycopy(Files.readAllBytes(png), 0, head, 0, 4);
        assertArrayEquals(PNG_MAGIC, head);
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image.getWidth() == Plots.WIDTH && image.getHeight() == Plots.HEIGHT);
    }

    @Test
    void drawsAParallelismTraceFromSyntheticData(@TempDir Path dir) throws Exception {
        long seed = 42;
        SplittableRandom r = new SplittableRandom(seed);
        Map<String, Trace> traces = new LinkedHashMap<>();
        for (String algorithm : List.of("adds", "near-far")) {
            List<Trace.Point> points = new ArrayList<>();
            // a ramp up, a plateau and a tail, as a frontier grows and drains
            for (int t = 0; t < 500; t++) {
                double shape = t < 100 ? t / 100.0 : t < 400 ? 1 : (500 - t) / 100.0;
                points.add(new Trace.Point(t * 2.5, (long) (shape * 50_000 + r.nextInt(2_000))));
            }
            traces.put(algorithm, new Trace(points));
        }
        Path png = dir.resolve("trace.png");
        Plots.trace(traces, "synthetic trace (seed " + seed + ")", png);
        assertPng(png);
    }

    @Test
    void drawsSpeedupAgainstDegreeOnALogAxis(@TempDir Path dir) throws Exception {
        Map<String, List<Comparison.Point>> series = new LinkedHashMap<>();
        series.put("frontier", List.of(new Comparison.Point("a", 2.6, 0.05), new Comparison.Point("b", 16, 40)));
        series.put("bellman-ford", List.of(new Comparison.Point("a", 2.6, 0.01), new Comparison.Point("b", 16, 3)));
        Path png = dir.resolve("speedup.png");
        Plots.speedupVsDegree(series, "speedup", png);
        assertPng(png);
    }
}
