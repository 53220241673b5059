package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.generate.GraphSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner end to end on a tiny suite, CPU only, so that CI without a GPU exercises all of it. */
class ExperimentRunnerTest {
    record Run(int exit, String out, String err) {}

    static Run bench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = BenchMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    static final String GRID = "grid:32x32,seed=1,w=1..1000";
    static final String RANDOM = "random:n=1000,d=7,seed=2,w=1..10";

    @Test
    void tinySuiteWritesEveryOutput(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Run r = bench("run", "--graphs", GRID, RANDOM, "--algorithms", "jgrapht,dijkstra-cpu", "-r", "2",
                "--warmup", "1", "--output", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        // one progress line per graph
        assertTrue(r.out().contains("[1/2] " + GRID + " (1,024 vertices, 3,968 edges"), r.out());
        assertTrue(r.out().contains("[2/2] " + RANDOM), r.out());
        assertTrue(r.out().contains("dijkstra-cpu") && r.out().contains(" ok"), r.out());

        List<String> csv = Files.readAllLines(out.resolve(ReportWriter.RESULTS_CSV));
        assertEquals(1 + 2 * 2, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(0).startsWith("graph,vertices,edges,avg_degree,source,algorithm"));
        for (String line : csv.subList(1, csv.size())) {
            assertTrue(line.contains(",ok,2,") && line.contains(",true,"), line);
        }
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("\"" + GRID + "\",1024,3968,3.875,") && l.contains(",dijkstra-cpu,")));
        assertEquals(1 + 2 * 2 * 2, Files.readAllLines(out.resolve(ReportWriter.REPETITIONS_CSV)).size());
        assertTrue(Files.readString(out.resolve(ReportWriter.RATIOS_CSV)).contains("dijkstra-cpu over jgrapht,\"" + GRID));
        String table3 = Files.readString(out.resolve(ReportWriter.SPEEDUP_TABLE_CSV));
        assertTrue(table3.contains("dijkstra-cpu over jgrapht,total,2,100"), table3);

        String json = Files.readString(out.resolve(ReportWriter.JSON));
        assertTrue(json.contains("\"graph\": \"" + RANDOM + "\""), json);
        assertTrue(json.contains("\"algorithm\": \"jgrapht\""));
        assertTrue(json.contains("\"matched\": true"));
        assertTrue(json.contains("\"comparison\": \"dijkstra-cpu over jgrapht\""));
        assertTrue(json.strip().startsWith("{") && json.strip().endsWith("}"));

        String md = Files.readString(out.resolve(ReportWriter.SUMMARY));
        assertTrue(md.contains("| command | `java -jar benchmarks/target/gsssp-bench.jar run --graphs"), md);
        for (String key : List.of("| git commit |", "| GPU |", "| driver |", "| CUDA |", "## Median time (ms)",
                "## MTEPS", "## Work (vertex visits)", "ADDS Table 3", "ADDS Table 4", "| dijkstra-cpu over jgrapht | 2 |")) {
            assertTrue(md.contains(key), key + " missing from summary.md:\n" + md);
        }
        assertTrue(md.contains("| " + GRID + " | 1,024 | 3,968 | 3.88 |"), md);
        // Every gsssp answer is checked by its certificate (on the host here: CPU algorithms), with its time.
        assertTrue(md.contains("## Certificate (ms, share of the query)"), md);
        List<Measurement> back = ResultsCsv.read(out);
        assertTrue(back.stream().filter(m -> m.algorithm().equals("dijkstra-cpu"))
                .allMatch(m -> Double.isFinite(m.certificateMs()) && m.certificateMs() >= 0 && !m.note().contains("CERTIFICATE")),
                back.toString());
        assertTrue(back.stream().filter(m -> m.algorithm().equals("jgrapht")).allMatch(m -> Double.isNaN(m.certificateMs())));
        if (ReportWriter.chartsAvailable()) {
            assertTrue(Files.size(out.resolve(ReportWriter.SPEEDUP_PNG)) > 1000);
            assertTrue(md.contains("![" + ReportWriter.SPEEDUP_PNG + "]"));
        }
    }

    @Test
    void plotRedrawsFiguresFromTheCsvFiles(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(ReportWriter.chartsAvailable());
        Path out = dir.resolve("results");
        assertEquals(0, bench("run", "-g", GRID, RANDOM, "-a", "jgrapht,cpu", "-r", "1", "-o", out.toString()).exit());
        // as if the run had happened on a runtime without java.desktop
        Files.delete(out.resolve(ReportWriter.SPEEDUP_PNG));
        String md = Files.readString(out.resolve(ReportWriter.SUMMARY));
        Files.writeString(out.resolve(ReportWriter.SUMMARY), md.replace("![" + ReportWriter.SPEEDUP_PNG + "]("
                + ReportWriter.SPEEDUP_PNG + ")\n\n", ReportWriter.NO_DESKTOP_NOTE + "\n\n"));
        List<Measurement> back = ResultsCsv.read(out);
        assertEquals(4, back.size());
        assertEquals(1, back.get(0).timesMs().length);
        Run r = bench("plot", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(Files.size(out.resolve(ReportWriter.SPEEDUP_PNG)) > 1000);
        String redrawn = Files.readString(out.resolve(ReportWriter.SUMMARY));
        assertTrue(redrawn.contains("![" + ReportWriter.SPEEDUP_PNG + "]"), redrawn);
        assertFalse(redrawn.contains(ReportWriter.NO_DESKTOP_NOTE), redrawn);
    }

    @Test
    void suiteFileWithSourcesNegativeWeightsAndMissingGpu(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.txt");
        Files.writeString(suite, """
                # tiny suite
                grid:8x8,seed=3 source=9
                random:n=300,d=4,seed=5,w=1..10,neg=0.2   # Dijkstra refuses, Bellman-Ford in Java checks
                missing.gr
                edges.txt source=10 weights=1:5 seed=3
                """);
        Files.writeString(dir.resolve("edges.txt"), "# a SNAP edge list without weights\n10 20\n20 30\n30 10\n10 30\n");
        Path out = dir.resolve("out");
        Run r = bench("run", "--suite", suite.toString(), "-a", "jgrapht,cpu,frontier", "-r", "1", "-w", "0",
                "-o", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> csv = Files.readAllLines(out.resolve(ReportWriter.RESULTS_CSV));
        assertEquals(1 + 4 * 3, csv.size(), String.join("\n", csv));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("\"edges.txt w=1..5,seed=3\",3,4,1.33333,10,dijkstra-cpu,CPU,ok,")
                && l.contains(",true,")), String.join("\n", csv));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("\"grid:8x8,seed=3,w=1..1000\",64,224,3.5,9,dijkstra-cpu,")), String.join("\n", csv));
        assertTrue(csv.stream().anyMatch(l -> l.contains(",jgrapht,") && l.contains("negative weights")));
        assertTrue(csv.stream().anyMatch(l -> l.contains(",dijkstra-cpu,") && l.contains(",failed,") && l.contains("neg=0.2")));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("missing.gr,") && l.contains("could not load")));
        if (!Devices.available()) {
            assertTrue(csv.stream().anyMatch(l -> l.contains(",frontier,,skipped,") && l.endsWith("no GPU")), String.join("\n", csv));
        }
        assertTrue(r.out().contains("[3/4] missing.gr"), r.out());
    }

    @Test
    void defaultSourceIsTheVertexOfLargestOutDegree(@TempDir Path dir) throws Exception {
        String spec = "rmat:scale=9,ef=4,seed=8";
        Path out = dir.resolve("out");
        Run r = bench("run", "-g", spec, "-a", "cpu", "-r", "1", "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        try (Graph g = GraphSpec.parse(spec).generate()) {
            String row = Files.readAllLines(out.resolve(ReportWriter.RESULTS_CSV)).get(1);
            assertTrue(row.contains(",2048,4," + g.vertexOfMaxOutDegree() + ",dijkstra-cpu,"), row);
        }
    }

    @Test
    void usageErrorsExplainThemselves(@TempDir Path dir) {
        Run none = bench("run", "-o", dir.toString());
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("--graphs or --suite"), none.err());
        Run badAlgorithm = bench("run", "-g", "grid:2x2", "-a", "quantum", "-o", dir.toString());
        assertEquals(1, badAlgorithm.exit());
        assertTrue(badAlgorithm.err().contains("unknown algorithm 'quantum'"), badAlgorithm.err());
        Run badSpec = bench("run", "-g", "grid:2x2,bogus=1", "-o", dir.toString());
        assertEquals(1, badSpec.exit());
        assertTrue(badSpec.err().contains("bogus"), badSpec.err());
    }

    @Test
    void javaBellmanFordAgreesWithNativeDijkstra() {
        for (String spec : List.of("rmat:scale=10,ef=8,seed=4", "grid:20x30,seed=4,w=1..5,float", "random:n=500,d=3,seed=4")) {
            try (Graph g = GraphSpec.parse(spec).generate()) {
                int s = g.vertexOfMaxOutDegree();
                Result dijkstra = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                double[] bf = Reference.bellmanFord(g, s);
                for (int v = 0; v < g.numVertices(); v++) {
                    assertEquals(dijkstra.distance(v), bf[v], spec + " vertex " + v);
                }
            }
        }
    }

    @Test
    void defaultAlgorithmsSkipGpuOnesWithoutAGpu() {
        List<String> cpu = ExperimentRunner.defaultAlgorithms(false);
        assertEquals(List.of("jgrapht", "dijkstra-cpu"), cpu.subList(0, 2));
        assertFalse(cpu.contains("frontier"));
        List<String> gpu = ExperimentRunner.defaultAlgorithms(true);
        assertTrue(gpu.contains("frontier") && gpu.contains("bellman-ford") && !gpu.contains("auto"));
    }
}
