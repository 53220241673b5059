package org.gsssp.bench.routing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The seeded queries every peer answers: {@code count} random (source, target) pairs, uniform over the vertices,
 * and the matrix's sources and targets, all internal ids, from one {@link SplittableRandom} seeded with
 * {@code seed}: the same seed and graph size give the same queries, in this JVM and in the files the RoutingKit
 * driver reads (DIMACS ids: internal id + 1, as {@link #writeDimacsGraph} numbers the vertices).
 */
public record RoutingPairs(long seed, int[] sources, int[] targets, int[] matrixSources, int[] matrixTargets) {

    /**
     * Draws the queries.
     *
     * @param vertices the graph's vertex count (at least 1)
     * @param count pairs
     * @param matrix rows and columns of the matrix (each at most {@code vertices}, distinct vertices)
     * @param seed the seed
     */
    public static RoutingPairs generate(int vertices, int count, int matrix, long seed) {
        if (vertices < 1) {
            throw new IllegalArgumentException("the graph has no vertices");
        }
        if (count < 0 || matrix < 0) {
            throw new IllegalArgumentException("pair and matrix counts must not be negative");
        }
        if (matrix > vertices) {
            throw new IllegalArgumentException("a " + matrix + " x " + matrix + " matrix needs " + matrix
                    + " distinct vertices; the graph has " + vertices);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] s = new int[count];
        int[] t = new int[count];
        for (int i = 0; i < count; i++) {
            s[i] = random.nextInt(vertices);
            t[i] = random.nextInt(vertices);
        }
        return new RoutingPairs(seed, s, t, distinct(random, vertices, matrix), distinct(random, vertices, matrix));
    }

    /** {@code k} distinct vertices in random order (partial Fisher-Yates over a sparse permutation). */
    private static int[] distinct(SplittableRandom random, int n, int k) {
        java.util.HashMap<Integer, Integer> swapped = new java.util.HashMap<>();
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(n - i);
            int atJ = swapped.getOrDefault(j, j);
            swapped.put(j, swapped.getOrDefault(i, i));
            out[i] = atJ;
        }
        return out;
    }

    public int count() {
        return sources.length;
    }

    /** Writes the pairs as "s t" lines of DIMACS ids (internal + 1) after a comment line naming the seed. */
    public void writePairs(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("# " + count() + " pairs, seed " + seed + ", DIMACS ids (internal id + 1)\n");
            for (int i = 0; i < count(); i++) {
                w.write((sources[i] + 1) + " " + (targets[i] + 1) + "\n");
            }
        }
    }

    /** Writes ids one a line, DIMACS ids (internal + 1). */
    public static void writeIds(int[] ids, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int id : ids) {
                w.write((id + 1) + "\n");
            }
        }
    }

    /** Reads a file of {@link #writePairs} back (internal ids): what a test compares with the pairs in memory. */
    public static int[][] readPairs(Path file) throws IOException {
        var lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        int[][] out = new int[2][lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).strip().split("\\s+");
            if (f.length != 2) {
                throw new IOException(file + ": line " + (i + 1) + " is not 's t': '" + lines.get(i) + "'");
            }
            out[0][i] = Integer.parseInt(f[0]) - 1;
            out[1][i] = Integer.parseInt(f[1]) - 1;
        }
        return out;
    }

    /**
     * Writes the graph's arcs as a DIMACS shortest-path file, vertex v as v + 1, every arc in CSR order (parallel
     * arcs and loops included): the graph the RoutingKit driver reads.
     */
    public static void writeDimacsGraph(org.gsssp.Graph g, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("c written by gsssp-bench routing from " + g.name() + "\n");
            w.write("p sp " + g.numVertices() + " " + g.numEdges() + "\n");
            StringBuilder line = new StringBuilder(48);
            for (int u = 0; u < g.numVertices(); u++) {
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    line.setLength(0);
                    line.append("a ").append(u + 1).append(' ').append(g.target(e) + 1).append(' ')
                            .append(g.intWeight(e)).append('\n');
                    w.append(line);
                }
            }
        }
    }
}
