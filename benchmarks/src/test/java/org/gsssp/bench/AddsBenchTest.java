package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gsssp.Algorithm;
import org.gsssp.Devices;
import org.gsssp.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's side of ADDS: the Table 5 variants, comparisons naming them, and the ADDS-over-NF report. */
class AddsBenchTest {

    static Options optionsOf(String variant) {
        return AlgorithmVariant.parse(variant).tweaks().apply(Options.builder()).build();
    }

    @Test
    void table5VariantsSetTheAblationOptions() {
        AlgorithmVariant plain = AlgorithmVariant.parse("adds");
        assertEquals("adds", plain.name());
        assertEquals(Algorithm.ADDS, plain.algorithm());
        assertFalse(optionsOf("adds").adds().staticDelta());

        AlgorithmVariant staticDelta = AlgorithmVariant.parse(" ADDS:Static-Delta ");
        assertEquals("adds:static-delta", staticDelta.name());
        assertEquals(Algorithm.ADDS, staticDelta.algorithm());
        assertTrue(optionsOf("adds:static-delta").adds().staticDelta());
        assertEquals(0, optionsOf("adds:static-delta").adds().bucketCount());

        Options twoBuckets = optionsOf("adds:2-buckets");
        assertTrue(twoBuckets.adds().staticDelta(), "Table 5's 2-bucket row keeps Δ static");
        assertEquals(2, twoBuckets.adds().bucketCount());
        assertEquals("adds:2-buckets", AlgorithmVariant.parse("adds:2-buckets").name());

        Options eight = optionsOf("adds:buckets=8+static-delta");
        assertEquals(8, eight.adds().bucketCount());
        assertTrue(eight.adds().staticDelta());
        assertFalse(optionsOf("adds:buckets=8").adds().staticDelta());

        assertTrue(optionsOf("adds").adds().localRounds());
        assertFalse(optionsOf("adds:no-local").adds().localRounds());
        assertFalse(optionsOf("adds:no-local").adds().staticDelta());
        assertEquals("adds:no-local", AlgorithmVariant.parse("adds:no-local").name());

        // the starting Delta, as for Near-Far
        assertEquals(16.0, optionsOf("adds:c=16").deltaStepping().deltaConstant());
        assertEquals(500.0, optionsOf("adds:delta=500+static-delta").deltaStepping().delta());
        assertTrue(optionsOf("adds:delta=500+static-delta").adds().staticDelta());
        assertEquals(0.0, optionsOf("adds").deltaStepping().delta());
    }

    @Test
    void badVariantsSayWhatIsKnown() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> AlgorithmVariant.parse("adds:no-dedup"));
        assertTrue(unknown.getMessage().contains("static-delta, 2-buckets, no-local, buckets=N, c=C, delta=D"),
                unknown.getMessage());
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class, () -> AlgorithmVariant.parse("adds:buckets=1"));
        assertTrue(count.getMessage().contains("2..32"), count.getMessage());
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class, () -> AlgorithmVariant.parse("adds:buckets=x"));
        assertTrue(number.getMessage().contains("buckets=x"), number.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> AlgorithmVariant.parse("near-far:static-delta"));
        assertTrue(other.getMessage().contains("hbf and adds only"), other.getMessage());
        // H-BF's switches stay H-BF's
        assertThrows(IllegalArgumentException.class, () -> AlgorithmVariant.parse("hbf:static-delta"));
        assertFalse(AlgorithmVariant.parse("hbf:no-dedup").tweaks().apply(Options.builder()).build().hbf().duplicateRemoval());
    }

    @Test
    void comparisonsSplitAtTheColonBetweenTwoAlgorithms() {
        assertEquals(new Comparison("adds", "near-far"), Comparison.parse("adds:near-far"));
        assertEquals(new Comparison("adds:static-delta", "near-far"), Comparison.parse("adds:static-delta:near-far"));
        assertEquals(new Comparison("adds", "adds:2-buckets"), Comparison.parse("adds:adds:2-buckets"));
        assertEquals(new Comparison("adds:2-buckets", "hbf:no-dedup"), Comparison.parse("adds:2-buckets:hbf:no-dedup"));
        assertEquals(new Comparison("adds", "jgrapht"), Comparison.parse("adds:jgrapht"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Comparison.parse("adds:bogus:near-far"));
        assertTrue(bad.getMessage().contains("X:Y"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Comparison.parse("adds:"));
        assertThrows(IllegalArgumentException.class, () -> Comparison.parse("adds"));
    }

    @Test
    void runnerTakesTheVariantsAndComparisons(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int exit = BenchMain.run(new String[] {"run", "-g", "grid:16x16,seed=1,w=1..100", "-a",
                "cpu,near-far,adds:2-buckets,adds:static-delta,adds", "--compare",
                "adds:near-far,adds:static-delta:near-far,adds:adds:2-buckets", "-r", "1", "-w", "0", "-o", out.toString()},
                new PrintWriter(o, true), new PrintWriter(e, true));
        assertEquals(0, exit, o + "\n" + e);
        List<String> csv = Files.readAllLines(out.resolve(ReportWriter.RESULTS_CSV));
        for (String a : List.of("adds:2-buckets", "adds:static-delta", "adds")) {
            assertTrue(csv.stream().anyMatch(l -> l.contains("," + a + ",")), a + " missing:\n" + String.join("\n", csv));
        }
        if (Devices.available()) {
            assertTrue(csv.stream().filter(l -> l.contains(",adds")).allMatch(l -> l.contains(",ok,") && l.contains(",true,")),
                    String.join("\n", csv));
        } else {
            assertTrue(csv.stream().filter(l -> l.contains(",adds")).allMatch(l -> l.endsWith("no GPU")), String.join("\n", csv));
        }
    }

    /** A synthetic run: ADDS twice as fast as Near-Far with 80% of its work, and traces on two graphs. */
    static List<Measurement> syntheticRun(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Measurement> run = new ArrayList<>();
        String[] graphs = {"USA-road-d.NY.gr.gz", "rmat:scale=22,ef=16,seed=1,w=1..1000", "grid:2048x2048,seed=1,w=1..1000"};
        for (String g : graphs) {
            double nfMs = 10 + r.nextDouble() * 10;
            long nfWork = 1_000_000 + r.nextInt(1000);
            for (String a : List.of("near-far", "adds:2-buckets", "adds:static-delta", "adds")) {
                double t = a.equals("near-far") ? nfMs : a.equals("adds") ? nfMs / 2 : nfMs / 1.25;
                long work = a.equals("near-far") ? nfWork : (long) (nfWork * 0.8);
                Trace trace = g.startsWith("grid") ? null : new Trace(List.of(new Trace.Point(0, 1),
                        new Trace.Point(t * 300, 5_000 + r.nextInt(100)), new Trace.Point(t * 1000, 0)));
                String note = a.equals("adds") && g.startsWith("rmat") ? "bucket pool exhausted: 2 restarts over the 3 timed runs" : "";
                run.add(new Measurement(g, 1000, 4000, 1, a, "GPU", Measurement.OK, note, new double[] {t, t, t}, t, 1,
                        100, work, work * 4, 1000, 1 << 20, true, trace, 400));
            }
        }
        return run;
    }

    @Test
    void reportHasTheAddsOverNearFarDistributionsAndTraceFigures(@TempDir Path dir) throws Exception {
        List<Measurement> ms = syntheticRun(5);
        List<String> algorithms = List.of("near-far", "adds:2-buckets", "adds:static-delta", "adds");
        ExperimentRunner.Config config = new ExperimentRunner.Config(List.of(GraphSource.parse("grid:4x4", null)),
                algorithms, 3, 1, null, 1000, true);
        List<Comparison> comparisons = List.of(Comparison.parse("adds:near-far"), Comparison.parse("adds:static-delta:near-far"),
                Comparison.parse("adds:2-buckets:near-far"));
        Environment env = new Environment("test", "today", "abc", "0", "GPU", "1", "13", "CPU", "25", "Linux");
        new ReportWriter(env, config, ms, comparisons, "near-far").write(dir);

        String md = Files.readString(dir.resolve(ReportWriter.SUMMARY));
        int table3 = md.indexOf("ADDS Table 3");
        int table4 = md.indexOf("ADDS Table 4");
        assertTrue(table3 > 0 && table4 > table3, md);
        String speedups = md.substring(table3, table4);
        assertTrue(speedups.contains("| adds over near-far | 3 |"), speedups);
        assertTrue(speedups.contains("| adds:static-delta over near-far | 3 |"), speedups);
        assertTrue(speedups.contains("| adds:2-buckets over near-far | 3 |"), speedups);
        String addsRow = speedups.lines().filter(l -> l.startsWith("| adds over near-far |")).findFirst().orElseThrow();
        assertTrue(addsRow.endsWith("| 2.00 | 2.00 |"), "mean and geomean speedup 2: " + addsRow);
        String work = md.substring(table4);
        assertTrue(work.contains("| adds over near-far | 3 |") && work.contains("0.80"), work);
        assertTrue(md.contains("bucket pool exhausted: 2 restarts"), "ADDS restarts reach the summary's notes:\n" + md);

        String csv = Files.readString(dir.resolve(ReportWriter.SPEEDUP_TABLE_CSV));
        assertTrue(csv.contains("adds over near-far,") && csv.contains("adds:2-buckets over near-far,"), csv);
        String traces = Files.readString(dir.resolve(ReportWriter.TRACES_CSV));
        assertTrue(traces.contains("USA-road-d.NY.gr.gz,adds,") && traces.contains("rmat:scale=22"), traces);
        if (ReportWriter.chartsAvailable()) {
            try (var files = Files.list(dir)) {
                List<String> pngs = files.map(p -> p.getFileName().toString()).filter(f -> f.startsWith("trace-")).sorted().toList();
                assertEquals(2, pngs.size(), "one parallelism figure per graph with traces: " + pngs);
                assertTrue(pngs.get(0).contains("USA-road-d.NY") && pngs.get(1).contains("rmat"), pngs.toString());
            }
        }
    }
}
