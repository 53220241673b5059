package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** serving-summary on fake JMH JSON (src/test/resources/serving), shaped as JMH 1.37 writes it with -rf json. */
class ServingSummaryTest {

    static Path fixtures() throws Exception {
        return Path.of(ServingSummaryTest.class.getResource("/serving/latency.json").toURI()).getParent();
    }

    static String summary() throws Exception {
        List<Path> files = ServingSummary.jsonFiles(List.of(fixtures()));
        assertEquals(5, files.size(), files.toString());
        return ServingSummary.render(ServingSummary.read(files), files);
    }

    static void assertHas(String md, String expected) {
        assertTrue(md.contains(expected), "missing: " + expected + "\n---\n" + md);
    }

    @Test
    void latencyPutsJavaBesideKernelTime() throws Exception {
        String md = summary();
        // avgt 2.0 ms; sample p50 1.9, p99 3.2; counters 1800/1000 native, 1500/1000 kernel
        assertHas(md, "| rmat:scale=20,ef=16,seed=1,w=1..1000 | 2.000 | 1.900 | 3.200 | 1.800 | 1.500 | 1.33× | 0.5000 |");
        // a file graph shows its file name; no SampleTime run: no percentiles
        assertHas(md, "| USA-road-d.NY.gr.gz | 8.000 | – | – | 6.400 | 6.000 | 1.33× | 2.000 |");
    }

    @Test
    void residentOneTargetIsComparedWithKernelAndWholeQuery() throws Exception {
        // the ';' spec of -p names the same graph as the ',' spec of ServingBenchmark.query (6.5 ms)
        // Java - kernel: 5.0 - 4.5 ms; without the read (residentQueryOnly): 4.7 - 4.5 ms
        assertHas(summary(), "| rmat:scale=22,ef=16,seed=1,w=1..1000 | 5.000 | 4.900 | 6.100 | 4.800 | 4.500 | 1.11× | 500.0 | 200.0 | 6.500 |");
    }

    @Test
    void autoQueryIsInMicroseconds() throws Exception {
        assertHas(summary(), "| rome99.gr.gz | sample | 120.0 | 110.0 | 250.0 | 100.0 | 90.00 |");
    }

    @Test
    void concurrencyComparesThreadCounts() throws Exception {
        String md = summary();
        assertHas(md, "| adds | USA-road-d.NY.gr.gz | 1 | 150.0 | 1.00× | 6,500 | 7,000 | 6,000 |");
        assertHas(md, "| adds | USA-road-d.NY.gr.gz | 8 | 525.0 | 3.50× | 15,000 | 22,000 | 10,000 |");
        // ops/ms is converted to ops/s
        assertHas(md, "| auto | rome99.gr.gz | 1 | 8,000 | 1.00× | 120.0 | 200.0 | – |");
        assertHas(md, "| auto | rome99.gr.gz | 8 | 56,000 | 7.00× | 130.0 | 400.0 | – |");
        assertHas(md, "adds on USA-road-d.NY.gr.gz: 8 threads give 3.50× the throughput of 1");
    }

    @Test
    void crossoverFindsWhereTheGpuWins() throws Exception {
        String md = summary();
        assertHas(md, "| random:n=16384,d=7,seed=1,w=1..1000 | 16,384 | 114,688 | 900.0 | 300.0 | 150.0 | 3.00× |");
        assertHas(md, "random: adds answers sooner from m = 114,688 (dijkstra-cpu still faster at m = 28,672)");
        assertHas(md, "grid: adds answers sooner from m = 16,128 (dijkstra-cpu still faster at m = 3,968)");
        // grids are listed before random graphs, each by edge count
        assertTrue(md.indexOf("| grid:64x64") < md.indexOf("| random:n=1024,") && md.indexOf("| grid:32x32") < md.indexOf("| grid:64x64"), md);
    }

    @Test
    void crossoverTextCoversNoAndFullWins() {
        assertEquals("dijkstra-cpu is faster at every size measured (up to m = 2,000)",
                ServingSummary.crossoverText("adds", List.of(new double[] {1000, 1, 2}, new double[] {2000, 1, 2})));
        assertEquals("adds is faster at every size measured (from m = 1,000)",
                ServingSummary.crossoverText("adds", List.of(new double[] {1000, 3, 2}, new double[] {2000, 3, 2})));
        // a win below a loss does not count: the crossover is where the GPU keeps winning
        assertTrue(ServingSummary.crossoverText("adds", List.of(new double[] {1000, 3, 2}, new double[] {2000, 1, 2},
                new double[] {4000, 5, 2})).startsWith("adds answers sooner from m = 4,000"));
    }

    @Test
    void ffmAndOtherResultsAreListed() throws Exception {
        String md = summary();
        assertHas(md, "| gpuQuery1k | avgt | 1 | 45,000 | ns/op | 45.00 |");
        assertHas(md, "| emptyDowncall | avgt | 1 | 5.000 | ns/op | 0.005000 |");
        assertHas(md, "## Other results");
        assertHas(md, "| QueryBenchmark.query |");
    }

    @Test
    void commandWritesTheFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sub/summary.md");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = BenchMain.run(new String[] {"serving-summary", fixtures().toString(), "-o", out.toString()},
                new PrintWriter(stdout, true), new PrintWriter(stderr, true));
        assertEquals(0, code, stderr.toString());
        assertTrue(Files.readString(out).startsWith("# Serving benchmarks"));
        assertTrue(stdout.toString().contains("from 5 JMH result file(s)"), stdout.toString());
    }

    @Test
    void aMissingInputIsAnError() {
        StringWriter stderr = new StringWriter();
        int code = BenchMain.run(new String[] {"serving-summary", "/nonexistent/x.json"}, new PrintWriter(new StringWriter()),
                new PrintWriter(stderr, true));
        assertEquals(1, code);
        assertTrue(stderr.toString().contains("neither a JMH JSON file nor a directory"), stderr.toString());
    }
}
