package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.LoadOptions;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Reads a SNAP edge list: {@code #} comment lines and {@code FROM TO} lines (tabs or spaces), one directed
 * edge per line, in file order. Ids are non-negative integers (longs) and may have gaps; the vertex set is the
 * set of ids that appear, numbered internally in increasing id order ({@link VertexIds#table(long[])}).
 *
 * <p>Weights: SNAP has none, so edges get weight 1 or the seeded random weights of {@link LoadOptions} (one
 * draw per line, in file order). As an extension, if the <em>first</em> edge line has a third column, the
 * file is read as a weighted edge list {@code FROM TO W} with int32 weights, and then every edge line must have
 * exactly three columns (a fourth column, e.g. a timestamp, is rejected). Blank lines are ignored.
 *
 * <p>At most {@link #MAX_EDGES} (2^31 - 16) edges: the edge list is gathered in int-indexed Java arrays before
 * the CSR is built. Larger graphs need a format with 64-bit edge indices (Galois {@code .gr}, DIMACS).
 */
public final class SnapReader {
    /** The most edges a SNAP file may have: its ids and weights are gathered in Java arrays before the CSR. */
    static final int MAX_EDGES = Integer.MAX_VALUE - 16;

    private SnapReader() {
    }

    /**
     * Reads a SNAP edge list.
     *
     * @param in      the (decompressed) text; read to the end, not closed
     * @param file    the file named in error messages
     * @param name    the graph's name
     * @param options the weights of two-column files (see {@link LoadOptions})
     * @return the graph; the caller closes it
     * @throws IOException if {@code in} cannot be read
     * @throws org.gsssp.GraphFormatException naming the line, if the content is malformed
     */
    public static Graph read(InputStream in, Path file, String name, LoadOptions options) throws IOException {
        TextInput t = new TextInput(in, file);
        LongList from = new LongList();
        LongList to = new LongList();
        int[] w = null;
        int columns = 0;
        long maxId = -1;
        while (true) {
            int c = t.skipBlanks();
            if (c < 0) {
                break;
            }
            if (c == '#' || c == '\n') {
                t.skipLine();
                continue;
            }
            long u = t.readLong("source id");
            long v = t.readLong("target id");
            if (u < 0) {
                throw t.error("source id " + u + " out of range (SNAP ids are non-negative)");
            }
            if (v < 0) {
                throw t.error("target id " + v + " out of range (SNAP ids are non-negative)");
            }
            if (columns == 0) {
                columns = t.hasToken() ? 3 : 2;
                if (columns == 3) {
                    DrawnWeights.refuseIfRandomAsked(options, file, t.line(), "a third column of edge weights");
                    w = new int[16];
                }
            }
            if (columns == 3) {
                int x = t.readInt("weight (the first edge line has 3 columns)");
                if (from.size == w.length) {
                    w = Arrays.copyOf(w, w.length * 2);
                }
                w[from.size] = x;
            }
            t.endLine();
            if (from.size >= MAX_EDGES) {
                throw t.error(String.format(java.util.Locale.ROOT, "more than %,d edges: the SNAP reader holds "
                        + "its edge list in int-indexed Java arrays, which end below 2^31 entries; a larger graph "
                        + "needs a format read with 64-bit edge indices (Galois .gr, mapped in place; DIMACS .gr)",
                        MAX_EDGES));
            }
            if (from.size >= options.maxEdges()) {
                throw t.error(String.format(java.util.Locale.ROOT, "more than %,d edges, the limit "
                        + "(LoadOptions.maxEdges; by default what this JVM's heap can build)", options.maxEdges()));
            }
            from.add(u);
            to.add(v);
            maxId = Math.max(maxId, Math.max(u, v));
        }
        long m = from.size;

        // Compact the ids: a dense marker array when the id range is small, else sort + binary search.
        long[] table;
        int[] dense = null;
        if (maxId < Integer.MAX_VALUE - 8 && maxId <= 4 * (2 * m) + (1 << 20)) {
            dense = new int[(int) maxId + 1];
            for (int e = 0; e < m; e++) {
                dense[(int) from.a[e]] = 1;
                dense[(int) to.a[e]] = 1;
            }
            int k = 0;
            for (int id = 0; id < dense.length; id++) {
                if (dense[id] != 0) {
                    k++;
                }
            }
            table = new long[k];
            k = 0;
            for (int id = 0; id < dense.length; id++) {
                if (dense[id] != 0) {
                    table[k] = id;
                    dense[id] = k++;
                }
            }
        } else {
            long[] all = new long[Math.toIntExact(2 * m)];
            System.arraycopy(from.a, 0, all, 0, (int) m);
            System.arraycopy(to.a, 0, all, (int) m, (int) m);
            Arrays.parallelSort(all);
            int k = 0;
            for (int i = 0; i < all.length; i++) {
                if (i == 0 || all[i] != all[i - 1]) {
                    all[k++] = all[i];
                }
            }
            table = Arrays.copyOf(all, k);
        }
        VertexIds ids = VertexIds.table(table);
        GraphBuilder b = new GraphBuilder(table.length, WeightType.INT32).ids(ids).name(name);
        DrawnWeights draw = w == null ? new DrawnWeights(options) : null;
        for (int e = 0; e < m; e++) {
            int u;
            int v;
            if (dense != null) {
                u = dense[(int) from.a[e]];
                v = dense[(int) to.a[e]];
            } else {
                u = Arrays.binarySearch(table, from.a[e]);
                v = Arrays.binarySearch(table, to.a[e]);
            }
            b.addEdge(u, v, w != null ? w[e] : draw.next());
        }
        return b.build();
    }

    /** A growable long array. */
    static final class LongList {
        long[] a = new long[1024];
        int size;

        void add(long x) {
            if (size == a.length) {
                a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size));
            }
            a[size++] = x;
        }
    }
}
