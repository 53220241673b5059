package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner times external programs ("peers") beside gsssp: fake peers that answer right, answer wrong, and
 * hang, each reported as such, with the best-peer table in the summary.
 */
class PeerRunnerTest {
    static final String SPEC = "grid:12x12,seed=3,w=1..50";

    static Path script(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/usr/bin/env bash\\nwhile getopts s:o: f; do case $f in s) S=$OPTARG;; o) O=$OPTARG;; esac; done\n"
                .replace("\\n", "\n") + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void rightWrongAndHangingPeers(@TempDir Path dir) throws Exception {
        // The right distances for the runner's source (largest out-degree), in the peers' 'v dist' format.
        StringBuilder right = new StringBuilder();
        StringBuilder wrong = new StringBuilder();
        try (Graph g = GraphGenerator.generate(GraphSpec.parse(SPEC));
                Result r = Sssp.solve(g, g.vertexOfMaxOutDegree(), Algorithm.CPU_DIJKSTRA)) {
            for (int v = 0; v < g.numVertices(); v++) {
                String d = r.isReachable(v) ? Long.toString(r.distanceAsLong(v)) : "INF";
                right.append(v).append(' ').append(d).append('\n');
                wrong.append(v).append(' ').append(v == 5 ? "1" : d).append('\n');
            }
        }
        Files.writeString(dir.resolve("right.txt"), right);
        Files.writeString(dir.resolve("wrong.txt"), wrong);
        Peer good = new Peer("good", script(dir, "good.sh", "cp " + dir.resolve("right.txt") + " \"$O\"; echo \"time 1.5\" >&3; "
                + "echo; echo 'iterations: 7'; echo 'delta 32' >&2"));
        Peer bad = new Peer("bad", script(dir, "bad.sh", "cp " + dir.resolve("wrong.txt") + " \"$O\"; echo \"time 0.5\" >&3; "
                + "echo 'bad peer says hello'"));
        Peer hang = new Peer("hang", script(dir, "hang.sh", "sleep 30"));
        ExperimentRunner.Config config = new ExperimentRunner.Config(List.of(GraphSource.parse(SPEC, null)),
                List.of("dijkstra-cpu"), 2, 0, null, 2_000_000, true, List.of(good, bad, hang), 2);
        List<Measurement> rows = new ExperimentRunner(config, new PrintWriter(new StringWriter())).run();
        assertEquals(4, rows.size());
        Measurement g = rows.stream().filter(m -> m.algorithm().equals("peer:good")).findFirst().orElseThrow();
        assertTrue(g.ok() && Boolean.TRUE.equals(g.matched()), g.toString());
        assertEquals(1.5, g.medianMs());
        // what the program printed, on standard output and error, kept in the note
        assertEquals("output: iterations: 7 | delta 32", g.note());
        Measurement b = rows.stream().filter(m -> m.algorithm().equals("peer:bad")).findFirst().orElseThrow();
        assertTrue(Boolean.FALSE.equals(b.matched()) && b.note().startsWith("MISMATCH: vertex"), b.note());
        Measurement h = rows.stream().filter(m -> m.algorithm().equals("peer:hang")).findFirst().orElseThrow();
        assertEquals(Measurement.FAILED, h.status());
        assertTrue(h.note().startsWith("hang: no answer within 2 s"), h.note());
        assertTrue(b.note().endsWith("; output: bad peer says hello"), b.note());

        ReportWriter report = new ReportWriter(Environment.detect("test"), config, rows,
                Comparison.allPairs(List.of("dijkstra-cpu"), List.of(good, bad, hang)), "dijkstra-cpu");
        String summary = report.summary(List.of(), null);
        assertTrue(summary.contains("## Over the best peer"), summary);
        // the bad peer is faster but wrong, the hanging one never answered: the best is the good one
        assertTrue(summary.contains("| peer:good | 1.500 |"), summary);
        // Table 3 has a row over the good peer; none over the wrong or the hanging one (no graph where both ran
        // and matched)
        assertTrue(summary.contains("| dijkstra-cpu over peer:good | 1 |"), summary);
        assertTrue(!summary.contains("over peer:bad |") && !summary.contains("over peer:hang |"), summary);
    }

    /**
     * The best-peer table's closing rows, on a made-up run: per graph the fastest right peer (a faster wrong one and a
     * hang do not count), then each algorithm's geometric mean of "peer over algorithm" and its least ratio with the
     * graph it was on.
     */
    @Test
    void bestPeerTableEndsWithTheGeometricMeanAndTheLeastRatio() {
        List<Measurement> rows = new java.util.ArrayList<>();
        // graph -> {adds ms, near-far ms, peer:nf ms, peer:artifact ms}; -1: the peer hung
        java.util.Map<String, double[]> times = new java.util.LinkedHashMap<>();
        times.put("g1", new double[] {1.0, 2.0, 4.0, 2.0});   // best peer 2.0: adds 2×, near-far 1×
        times.put("g2", new double[] {2.0, 4.0, 8.0, -1});    // artifact hung, best 8.0: adds 4×, near-far 2×
        times.put("g3", new double[] {4.0, 2.0, 3.0, 2.0});   // best 2.0: adds 0.5×, near-far 1×
        String[] algorithms = {"adds", "near-far", "peer:nf", "peer:artifact"};
        for (var e : times.entrySet()) {
            for (int i = 0; i < algorithms.length; i++) {
                double t = e.getValue()[i];
                boolean hung = t < 0;
                rows.add(new Measurement(e.getKey(), 100, 400, 0, algorithms[i], "GPU",
                        hung ? Measurement.FAILED : Measurement.OK, hung ? "hang: no answer within 25 s" : "",
                        hung ? new double[0] : new double[] {t}, hung ? 0 : t, 0, 0, 0, 0, 0, 0, hung ? null : true, null));
            }
        }
        // A faster but wrong answer from the artifact on g1 would not be the best either.
        rows.add(new Measurement("g1", 100, 400, 0, "peer:wrong", "GPU", Measurement.OK, "MISMATCH: vertex 3",
                new double[] {0.1}, 0.1, 0, 0, 0, 0, 0, 0, false, null));
        ExperimentRunner.Config config = new ExperimentRunner.Config(List.of(GraphSource.parse(SPEC, null)),
                List.of("adds", "near-far"), 1, 0, null, 1000, true, List.of(Peer.parse("nf=/x"),
                        Peer.parse("artifact=/y"), Peer.parse("wrong=/z")), 25);
        Environment env = new Environment("test", "today", "abc", "0", "GPU", "1", "13", "CPU", "25", "Linux");
        String summary = new ReportWriter(env, config, rows, List.of(), "near-far").summary(List.of(), null);
        assertTrue(summary.contains("| g1 | peer:artifact | 2.000 | 2.00× | 1.00× |"), summary);
        assertTrue(summary.contains("| g2 | peer:nf | 8.000 | 4.00× | 2.00× |"), summary);
        // adds: (2 x 4 x 0.5)^(1/3) = 1.59; near-far: (1 x 2 x 1)^(1/3) = 1.26
        assertTrue(summary.contains("| geometric mean | | | 1.59× over 3 graphs | 1.26× over 3 graphs |"), summary);
        assertTrue(summary.contains("| least | | | 0.50× (g3) | 1.00× (g1) |"), summary);
    }

    /**
     * Under the best-peer table, the rows whose slowest timed run is 1.2 times the fastest or more, with their runs'
     * range and median; steadier rows and failed ones are not listed.
     */
    @Test
    void bestPeerTableListsWideSpreads() {
        List<Measurement> rows = new java.util.ArrayList<>();
        rows.add(new Measurement("g1", 100, 400, 0, "adds", "GPU", Measurement.OK, "", new double[] {7.6, 10.4, 10.5},
                10.4, 0, 0, 0, 0, 0, 0, true, null));
        rows.add(new Measurement("g1", 100, 400, 0, "peer:nf", "GPU", Measurement.OK, "", new double[] {10.7, 10.8, 11.0},
                10.8, 0, 0, 0, 0, 0, 0, true, null));
        rows.add(new Measurement("g2", 100, 400, 0, "adds", "GPU", Measurement.OK, "", new double[] {2.0, 2.2, 2.39},
                2.2, 0, 0, 0, 0, 0, 0, true, null));
        rows.add(new Measurement("g2", 100, 400, 0, "peer:nf", "GPU", Measurement.OK, "", new double[] {3.0, 4.0, 3.5},
                3.5, 0, 0, 0, 0, 0, 0, true, null));
        ExperimentRunner.Config config = new ExperimentRunner.Config(List.of(GraphSource.parse(SPEC, null)),
                List.of("adds"), 3, 0, null, 1000, true, List.of(Peer.parse("nf=/x")), 25);
        Environment env = new Environment("test", "today", "abc", "0", "GPU", "1", "13", "CPU", "25", "Linux");
        String summary = new ReportWriter(env, config, rows, List.of(), "adds").summary(List.of(), null);
        assertTrue(summary.contains("Wide spreads (the slowest timed run 1.20 times the fastest or more"), summary);
        assertTrue(summary.contains("- adds on g1: 3 timed runs from 7.600 to 10.500 ms (1.38×), median 10.400\n"), summary);
        assertTrue(summary.contains("- peer:nf on g2: 3 timed runs from 3.000 to 4.000 ms (1.33×), median 3.500\n"),
                summary);
        // 2.39 / 2.0 and 11.0 / 10.7 stay below 1.2
        assertTrue(!summary.contains("- adds on g2") && !summary.contains("- peer:nf on g1"), summary);
        // a run without a wide spread prints no such note
        rows.remove(0);
        rows.remove(2);
        String steady = new ReportWriter(env, config, rows, List.of(), "adds").summary(List.of(), null);
        assertTrue(steady.contains("## Over the best peer") && !steady.contains("Wide spreads"), steady);
    }

    @Test
    void comparisonsNamePeers() {
        assertEquals(new Comparison("adds", "peer:nf"), Comparison.parse("adds:peer:nf"));
        assertEquals(new Comparison("adds:static-delta", "peer:adds-artifact"),
                Comparison.parse("adds:static-delta:peer:adds-artifact"));
        List<Comparison> pairs = Comparison.allPairs(List.of("jgrapht", "near-far", "adds"),
                List.of(Peer.parse("nf=/x"), Peer.parse("artifact=/y")));
        assertTrue(pairs.contains(new Comparison("adds", "near-far")), pairs.toString());
        assertTrue(pairs.contains(new Comparison("adds", "peer:nf")), pairs.toString());
        assertTrue(pairs.contains(new Comparison("near-far", "peer:artifact")), pairs.toString());
        assertTrue(pairs.stream().noneMatch(c -> c.x().equals("jgrapht") && c.y().startsWith("peer:")), pairs.toString());
    }

    @Test
    void peerSpecsParse() {
        Peer p = Peer.parse("nf=/opt/peers/nf_fix2");
        assertEquals("peer:nf", p.label());
        assertEquals(Path.of("/opt/peers/nf_fix2"), p.program());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Peer.parse("nf"));
    }
}
