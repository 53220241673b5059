package org.gsssp.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gsssp.Algorithm;
import org.gsssp.Certificate;
import org.gsssp.DeviceGraph;
import org.gsssp.DeviceInfo;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.PartitionedGraph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.generate.GraphSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsssp-bench scale}: graphs too large for the experiment runner's habits (a CPU Dijkstra per graph, JGraphT,
 * several copies of the distances), measured one at a time on one GPU, for the issue "Beyond 2^31 edges". Per graph:
 * generation (or loading) time, the upload with its rate and progress, device memory for the graph and per query,
 * and per algorithm the median kernel time of {@code -r} queries from the vertex of largest out-degree, GTEPS
 * (edges / kernel time), and the first answer's optimality certificate checked on the GPU against the resident graph.
 * Every algorithm's distances are compared with the first algorithm's, and {@code --cpu-check} also compares them
 * with CPU Dijkstra on the host graph. {@code --gr-roundtrip DIR} first writes the graph as a Galois {@code .gr} file,
 * maps it back (zero copy), checks it is identical, and measures the mapped graph instead (see {@link GrRoundTrip}).
 */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = {"Times single queries on very large graphs (e.g. rmat:scale=27,ef=16), one graph at a time: "
                + "generation, upload (GB/s), device memory, median kernel time and GTEPS per algorithm, each answer "
                + "certified on the GPU and compared with the first algorithm's. Writes scale.json and scale.md.",
                "Exit codes: 0 all answers certified and equal; 3 an answer failed its certificate or differed; "
                        + "4 a --gr-roundtrip file read back differed from the graph written."})
final class ScaleCommand implements Callable<Integer> {
    @Option(names = {"-g", "--graph"}, arity = "1..*", required = true, paramLabel = "SPEC|FILE",
            description = "Generator specs or graph files, measured in turn.")
    List<String> graphs;

    @Option(names = {"-a", "--algorithms"}, split = ",", paramLabel = "NAME",
            description = "GPU algorithms (default: ${DEFAULT-VALUE}).")
    List<String> algorithms = List.of("adds", "near-far", "hbf");

    @Option(names = {"-r", "--repetitions"}, paramLabel = "R", description = "Timed queries per algorithm (default ${DEFAULT-VALUE}).")
    int repetitions = 3;

    @Option(names = {"-w", "--warmup"}, paramLabel = "W", description = "Untimed queries first (default ${DEFAULT-VALUE}).")
    int warmup = 1;

    @Option(names = "--device", paramLabel = "D", description = "CUDA device (default ${DEFAULT-VALUE}).")
    int device = 0;

    @Option(names = "--cpu-check", description = "Also solve with CPU Dijkstra on the host and compare every distance (slow: minutes at 10^9 edges).")
    boolean cpuCheck;

    @Option(names = "--partitioned", split = ",", paramLabel = "DEVICE",
            description = "Also run the partitioned search (PartitionedGraph) over these devices (a device may repeat), "
                    + "timed, certified on the single-GPU graph and compared with the first algorithm.")
    int[] partitionDevices;

    @Option(names = "--part-cap", paramLabel = "BYTES",
            description = "With --partitioned: each part's byte cap (forces the split on a graph that fits one GPU; default: none).")
    long partCap;

    @Option(names = "--part-delta-constants", split = ",", paramLabel = "C",
            description = "With --partitioned: run it once per delta constant C (Delta = C * W / D) instead of the default.")
    List<Double> partDeltaConstants = List.of();

    @Option(names = "--part-exchange", split = ",", paramLabel = "peer|nccl",
            description = "With --partitioned: how the parts exchange messages, a list run in turn, each on its own "
                    + "upload and in rows of its own: peer (CUDA peer copies) and/or nccl (NCCL send/receive; needs "
                    + "distinct devices and libnccl.so.2, see GSSSP_NCCL_LIBRARY). Default: ${DEFAULT-VALUE}.")
    List<String> partExchanges = List.of("peer");

    @Option(names = "--gr-roundtrip", paramLabel = "DIR",
            description = "Write each graph as a Galois .gr file into DIR (rmat<SCALE>.gr for an R-MAT spec; a file of "
                    + "that name is replaced), map it back, check it is identical to the graph (else exit 4, naming "
                    + "the first differing array and index), and measure the mapped graph instead. The file is "
                    + "deleted at the end unless --keep-gr.")
    Path grRoundTrip;

    @Option(names = "--keep-gr", description = "With --gr-roundtrip: keep the .gr files.")
    boolean keepGr;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Directory for scale.json and scale.md.")
    Path output;

    record AlgorithmRow(String algorithm, double medianKernelMs, double minKernelMs, double medianTotalMs,
                        double[] kernelMs, double gteps, long peakQueryDeviceBytes, long verticesReached,
                        boolean certified, String certificateViolation, double certificateMs, boolean equalToFirst,
                        String firstDifference, String error) {}

    record GraphRow(String graph, long vertices, long edges, int source, double loadSeconds, double uploadSeconds,
                    double uploadGBps, long graphDeviceBytes, double deviceBytesPerEdge, long deviceFreeBeforeUpload,
                    long deviceFreeAfterUpload, String gpu, List<AlgorithmRow> algorithms, Double cpuDijkstraSeconds,
                    Boolean cpuEqual, GrRoundTrip.Report grRoundTrip) {}

    @Override
    public Integer call() throws Exception {
        if (repetitions < 1 || warmup < 0) {
            throw new IllegalArgumentException("need --repetitions >= 1 and --warmup >= 0");
        }
        List<Algorithm> algs = algorithms.stream().map(Algorithm::parse).toList();
        if (partitionDevices != null) {
            transports(partExchanges); // a misspelt exchange fails before any graph is made
        }
        Files.createDirectories(output);
        List<GraphRow> rows = new ArrayList<>();
        boolean allGood = true;
        boolean roundTripsIdentical = true;
        for (String spec : graphs) {
            GraphRow row = measure(spec, algs);
            rows.add(row);
            allGood &= row.algorithms().stream().allMatch(a -> a.error() == null && a.certified() && a.equalToFirst())
                    && !Boolean.FALSE.equals(row.cpuEqual());
            roundTripsIdentical &= row.grRoundTrip() == null || row.grRoundTrip().identical();
            write(rows);
        }
        System.out.print(Files.readString(output.resolve("scale.md")));
        return !roundTripsIdentical ? 4 : allGood ? 0 : 3;
    }

    private GraphRow measure(String spec, List<Algorithm> algs) throws Exception {
        if (grRoundTrip != null && new GraphSource(spec).isGenerated()) {
            // before a generation of minutes: is there room for the file at all?
            GraphSpec s = GraphSpec.parse(spec);
            Files.createDirectories(grRoundTrip);
            GrRoundTrip.requireSpace(grRoundTrip, GrRoundTrip.fileBytes(s.numVertices(), s.numEdges()));
        }
        long t0 = System.nanoTime();
        try (Graph loaded = new GraphSource(spec).load()) {
            double loadSeconds = (System.nanoTime() - t0) / 1e9;
            int source = largestOutDegree(loaded);
            System.out.printf(Locale.ROOT, "%s: %,d vertices, %,d edges, loaded in %.1f s; source %d%n", spec,
                    loaded.numVertices(), loaded.numEdges(), loadSeconds, source);
            if (grRoundTrip == null) {
                return measure(spec, loaded, source, loadSeconds, null, algs);
            }
            try (GrRoundTrip rt = GrRoundTrip.run(loaded, grRoundTrip, GrRoundTrip.fileName(spec), keepGr)) {
                GrRoundTrip.Report report = rt.report();
                System.out.println("  " + report.line());
                if (!report.identical()) {
                    System.out.flush();
                    System.err.println("gsssp-bench scale: " + spec + ": the .gr file read back from " + report.file()
                            + " is NOT identical to the graph written: " + report.firstDifference());
                    System.err.flush();
                    return new GraphRow(spec, loaded.numVertices(), loaded.numEdges(), source, loadSeconds, Double.NaN,
                            Double.NaN, 0, Double.NaN, 0, 0, "", List.of(), null, null, report);
                }
                // The graph as generated (or loaded) is closed here, once the comparison found the mapped one
                // identical: nothing below uses it (the source is chosen above; the upload, the queries, the
                // certificates and --cpu-check all read the mapped graph), and at R-MAT 27 it frees ~17 GB of host
                // memory beside the mapping's ~17 GB of page cache. Closing it again on the way out is a no-op.
                loaded.close();
                return measure(spec, rt.graph(), source, loadSeconds, report, algs);
            }
        }
    }

    /** Uploads {@code g} and measures it; {@code roundTrip} (or null) goes into the row. */
    private GraphRow measure(String spec, Graph g, int source, double loadSeconds, GrRoundTrip.Report roundTrip,
                             List<Algorithm> algs) {
        DeviceInfo before = Devices.info(device);
        long[] lastTenth = {-1};
        long t1 = System.nanoTime();
        try (DeviceGraph dg = DeviceGraph.upload(g, device, (done, total) -> {
            long tenth = total == 0 ? 10 : done * 10 / total;
            if (tenth != lastTenth[0]) {
                lastTenth[0] = tenth;
                System.out.printf(Locale.ROOT, "  upload %3d%% (%,d of %,d bytes) at %.1f s%n", tenth * 10, done, total,
                        (System.nanoTime() - t1) / 1e9);
            }
        })) {
            double uploadSeconds = (System.nanoTime() - t1) / 1e9;
            long graphBytes = dg.deviceMemoryBytes();
            DeviceInfo after = Devices.info(device);
            List<AlgorithmRow> algRows = new ArrayList<>();
            MemorySegment first = null;
            Result firstResult = null;
            try {
                for (Algorithm a : algs) {
                    Run r = run(dg, g, a, source, firstResult);
                    algRows.add(r.row);
                    if (firstResult == null && r.result != null) {
                        firstResult = r.result;
                        first = r.result.distances();
                    } else if (r.result != null) {
                        r.result.close();
                    }
                }
                if (partitionDevices != null) {
                    algRows.addAll(runPartitioned(dg, g, source, firstResult));
                }
                Double cpuSeconds = null;
                Boolean cpuEqual = null;
                if (cpuCheck && firstResult != null) {
                    long t2 = System.nanoTime();
                    try (Result cpu = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                        cpuSeconds = (System.nanoTime() - t2) / 1e9;
                        String diff = firstDifference(cpu.distances(), first);
                        cpuEqual = diff == null;
                        System.out.printf(Locale.ROOT, "  CPU Dijkstra %.1f s: %s%n", cpuSeconds,
                                diff == null ? "every distance equal" : diff);
                    }
                }
                return new GraphRow(spec, g.numVertices(), g.numEdges(), source, loadSeconds, uploadSeconds,
                        bytesOf(g) / uploadSeconds / 1e9, graphBytes, (double) graphBytes / Math.max(1, g.numEdges()),
                        before.freeMemory(), after.freeMemory(), before.name(), algRows, cpuSeconds, cpuEqual,
                        roundTrip);
            } finally {
                if (firstResult != null) {
                    firstResult.close();
                }
            }
        }
    }

    private record Run(AlgorithmRow row, Result result) {}

    private Run run(DeviceGraph dg, Graph g, Algorithm a, int source, Result first) {
        try {
            for (int i = 0; i < warmup; i++) {
                try (Result r = dg.query(source, a, Options.defaults())) {
                    // untimed
                }
            }
            double[] kernel = new double[repetitions];
            double[] total = new double[repetitions];
            Result kept = null;
            long peak = 0;
            for (int i = 0; i < repetitions; i++) {
                Result r = dg.query(source, a, Options.defaults());
                kernel[i] = r.stats().timeMs();
                total[i] = r.stats().totalMs();
                peak = Math.max(peak, r.stats().peakDeviceMemory());
                if (kept == null) {
                    kept = r;
                } else {
                    r.close();
                }
            }
            AlgorithmRow row = measuredRow(a.cliName(), kernel, total, peak, kept, dg, g, first);
            System.out.printf(Locale.ROOT, "  %-10s median %.2f ms (total %.2f), %.2f GTEPS, query scratch %,d bytes, "
                            + "reached %,d, %s in %.1f ms%n", a.cliName(), row.medianKernelMs(), row.medianTotalMs(),
                    row.gteps(), peak, row.verticesReached(), verdict(row, first), row.certificateMs());
            return new Run(row, kept);
        } catch (RuntimeException e) {
            return new Run(failedRow(a.cliName(), e), null);
        }
    }

    /** --part-exchange's names as transports, in order; an unknown name is refused with the ones known. */
    static List<PartitionedGraph.Transport> transports(List<String> names) {
        List<PartitionedGraph.Transport> out = new ArrayList<>();
        for (String name : names) {
            out.add(switch (name.trim().toLowerCase(Locale.ROOT)) {
                case "peer", "peer-copies" -> PartitionedGraph.Transport.PEER_COPIES;
                case "nccl" -> PartitionedGraph.Transport.NCCL;
                default -> throw new IllegalArgumentException("--part-exchange: unknown exchange '" + name
                        + "'; known: peer, nccl");
            });
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--part-exchange: no exchange given; known: peer, nccl");
        }
        return out;
    }

    /** The partitioned rows' label: the devices, and the exchange unless it is the peer copies. */
    static String partitionedName(int[] devices, PartitionedGraph.Transport transport) {
        return "partitioned" + Arrays.toString(devices).replace(" ", "")
                + (transport == PartitionedGraph.Transport.NCCL ? " nccl" : "");
    }

    private List<AlgorithmRow> runPartitioned(DeviceGraph dg, Graph g, int source, Result first) {
        List<AlgorithmRow> rows = new ArrayList<>();
        for (PartitionedGraph.Transport transport : transports(partExchanges)) {
            rows.addAll(runPartitioned(dg, g, source, first, transport));
        }
        return rows;
    }

    private List<AlgorithmRow> runPartitioned(DeviceGraph dg, Graph g, int source, Result first,
                                              PartitionedGraph.Transport transport) {
        String name = partitionedName(partitionDevices, transport);
        List<AlgorithmRow> rows = new ArrayList<>();
        long t0 = System.nanoTime();
        try (PartitionedGraph pg = PartitionedGraph.upload(g, partitionDevices, partCap, transport)) {
            System.out.printf(Locale.ROOT, "  %s: uploaded in %.1f s, %,d bytes on the devices; parts:%n", name,
                    (System.nanoTime() - t0) / 1e9, pg.deviceMemoryBytes());
            for (PartitionedGraph.Part part : pg.parts()) {
                System.out.printf(Locale.ROOT, "    device %d: vertices %,d..%,d, %,d edges (%,d crossing), %,d bytes%n",
                        part.device(), part.firstVertex(), part.endVertex(), part.edges(), part.crossEdges(),
                        part.deviceBytes());
            }
            List<Double> constants = partDeltaConstants.isEmpty() ? java.util.Collections.singletonList(null) : partDeltaConstants;
            for (Double constant : constants) {
                Options options = constant == null ? Options.defaults() : Options.builder()
                        .deltaStepping(org.gsssp.DeltaSteppingParams.builder().deltaConstant(constant).build()).build();
                String label = constant == null ? name : name + " C=" + constant;
                rows.add(timePartitioned(pg, dg, g, source, first, options, label));
            }
        } catch (RuntimeException e) {
            rows.add(failedRow(name, e));
        }
        return rows;
    }

    private AlgorithmRow timePartitioned(PartitionedGraph pg, DeviceGraph dg, Graph g, int source, Result first,
                                         Options options, String name) {
        try {
            for (int i = 0; i < warmup; i++) {
                try (Result r = pg.query(source, options)) {
                    // untimed
                }
            }
            double[] kernel = new double[repetitions];
            double[] total = new double[repetitions];
            long k0 = System.nanoTime();
            try (Result kept = pg.query(source, options)) {
                total[0] = (System.nanoTime() - k0) / 1e6;
                kernel[0] = kept.stats().timeMs();
                for (int i = 1; i < repetitions; i++) {
                    long q0 = System.nanoTime();
                    try (Result r = pg.query(source, options)) {
                        total[i] = (System.nanoTime() - q0) / 1e6;
                        kernel[i] = r.stats().timeMs();
                    }
                }
                PartitionedGraph.Exchange x = pg.lastExchange();
                AlgorithmRow row = measuredRow(name, kernel, total, pg.deviceMemoryBytes(), kept, dg, g, first);
                System.out.printf(Locale.ROOT, "  %s median %.2f ms (whole call %.2f), %.2f GTEPS, delta %.1f, %,d rounds, "
                                + "%,d buckets, %,d vertex visits, %,d edges relaxed, %,d messages (%,d bytes), reached %,d, "
                                + "%s%n", name, row.medianKernelMs(), row.medianTotalMs(), row.gteps(), kept.stats().delta(),
                        kept.stats().iterations(), x.buckets(), kept.stats().vertexVisits(), kept.stats().edgesRelaxed(),
                        x.messages(), x.bytes(), row.verticesReached(), verdict(row, first));
                return row;
            }
        } catch (RuntimeException e) {
            return failedRow(name, e);
        }
    }

    /** A measured algorithm's row: medians, GTEPS, and the kept answer certified on the GPU and compared with the first. */
    private static AlgorithmRow measuredRow(String name, double[] kernel, double[] total, long deviceBytes, Result kept,
                                            DeviceGraph dg, Graph g, Result first) {
        Certificate c = dg.certify(kept);
        String diff = first == null ? null : firstDifference(first.distances(), kept.distances());
        double median = median(kernel);
        return new AlgorithmRow(name, median, Arrays.stream(kernel).min().orElse(0), median(total), kernel,
                g.numEdges() / (median / 1e3) / 1e9, deviceBytes, kept.stats().verticesReached(), c.holds(),
                c.violation().orElse(null), c.timeMs(), diff == null, diff, null);
    }

    /** How a measured row ends its console line: the certificate, and the comparison with the first answer. */
    private static String verdict(AlgorithmRow row, Result first) {
        return "certificate " + (row.certified() ? "holds" : "FAILS: " + row.certificateViolation())
                + (first == null ? "" : row.equalToFirst() ? ", equal to the first" : ", DIFFERS: " + row.firstDifference());
    }

    /** The row of an algorithm that failed, said on the console too. */
    private static AlgorithmRow failedRow(String name, RuntimeException e) {
        System.out.printf(Locale.ROOT, "  %s failed: %s%n", name, ExperimentRunner.oneLine(e));
        return new AlgorithmRow(name, Double.NaN, Double.NaN, Double.NaN, new double[0], Double.NaN, 0, 0, false, null, 0,
                false, null, ExperimentRunner.oneLine(e));
    }

    /** The vertex of largest out-degree, lowest id on ties (the experiment runner's default source). */
    static int largestOutDegree(Graph g) {
        MemorySegment offsets = g.offsets();
        int best = 0;
        long bestDegree = -1;
        long prev = offsets.getAtIndex(ValueLayout.JAVA_LONG, 0);
        for (int v = 0; v < g.numVertices(); v++) {
            long next = offsets.getAtIndex(ValueLayout.JAVA_LONG, v + 1L);
            if (next - prev > bestDegree) {
                bestDegree = next - prev;
                best = v;
            }
            prev = next;
        }
        return best;
    }

    /** The first vertex whose 8-byte distances differ, described; null when all agree. */
    static String firstDifference(MemorySegment expected, MemorySegment actual) {
        long mismatch = expected.mismatch(actual);
        if (mismatch < 0) {
            return null;
        }
        long v = mismatch / Long.BYTES;
        if (v * Long.BYTES >= Math.min(expected.byteSize(), actual.byteSize())) {
            return "sizes differ: " + expected.byteSize() + " and " + actual.byteSize() + " bytes";
        }
        return "vertex " + v + ": " + expected.getAtIndex(ValueLayout.JAVA_LONG, v) + " against "
                + actual.getAtIndex(ValueLayout.JAVA_LONG, v);
    }

    private static long bytesOf(Graph g) {
        return 8L * (g.numVertices() + 1) + 8L * g.numEdges();
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private void write(List<GraphRow> rows) throws Exception {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        json.writeValue(output.resolve("scale.json").toFile(), rows);
        StringBuilder md = new StringBuilder("| graph | vertices | edges | load s | upload s (GB/s) | graph on device, "
                + "bytes/edge | algorithm | median kernel ms | GTEPS | query scratch GB | certificate | equal to first |\n"
                + "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---|\n");
        for (GraphRow g : rows) {
            for (AlgorithmRow a : g.algorithms()) {
                md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %.1f | %.1f (%.1f) | %.2f | %s | %s | %s | %.2f | %s | %s |%n",
                        g.graph(), g.vertices(), g.edges(), g.loadSeconds(), g.uploadSeconds(), g.uploadGBps(),
                        g.deviceBytesPerEdge(), a.algorithm(),
                        a.error() != null ? "failed: " + a.error() : String.format(Locale.ROOT, "%.2f", a.medianKernelMs()),
                        a.error() != null ? "" : String.format(Locale.ROOT, "%.2f", a.gteps()), a.peakQueryDeviceBytes() / 1e9,
                        a.error() != null ? "" : a.certified() ? "holds" : "FAILS", a.equalToFirst() ? "yes" : "no"));
            }
            if (g.cpuDijkstraSeconds() != null) {
                md.append(String.format(Locale.ROOT, "| %s | | | | | | CPU Dijkstra | %.0f | | | | %s |%n", g.graph(),
                        g.cpuDijkstraSeconds() * 1e3, g.cpuEqual() ? "yes" : "no"));
            }
        }
        for (GraphRow g : rows) {
            if (g.grRoundTrip() != null) {
                md.append('\n').append(g.graph()).append(": ").append(g.grRoundTrip().line()).append('\n');
            }
        }
        md.append("\nGPU: ").append(rows.stream().map(GraphRow::gpu).filter(s -> s != null && !s.isEmpty())
                .findFirst().orElse("")).append('\n');
        Files.writeString(output.resolve("scale.md"), md.toString());
    }
}
