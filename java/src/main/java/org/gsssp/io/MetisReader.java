package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.LoadOptions;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Reads METIS / DIMACS10 adjacency files ({@code .graph}), which describe undirected graphs:
 * <pre>
 * % comment
 * N M [fmt [ncon]]
 * line of vertex 1: [size] [w_1 .. w_ncon] u [ew] u [ew] ...
 * ...              (N vertex lines; an empty line is a vertex without neighbours)
 * </pre>
 * {@code fmt} is up to three binary digits {@code [vsize][vwgt][ewgt]} (so {@code 1}/{@code 001} means edge
 * weights, {@code 10}/{@code 010} vertex weights, {@code 11} both, {@code 100} vertex sizes); {@code ncon}
 * (default 1) is the number of vertex weights. Vertex sizes and weights are skipped. Each neighbour {@code u}
 * listed on vertex {@code i}'s line gives the directed arc {@code i → u}; since each undirected edge is listed
 * on both its ends this yields both directions, and the total number of arcs must be {@code 2M}.
 * Edge weights (fmt {@code xx1}) are int32; without them edges get weight 1 or the seeded random weights of
 * {@link LoadOptions} (one draw per listed neighbour, in file order). Ids are kept as
 * {@code VertexIds.offset(1, N)}.
 *
 * <p>Lines starting with {@code %} are comments anywhere; blank lines before the header and after the N-th
 * vertex line are ignored. Errors: a bad header, bad token, neighbour out of 1..N, fewer or more vertex lines
 * than N, an arc count other than 2M.
 */
public final class MetisReader {
    private MetisReader() {
    }

    /**
     * Reads a METIS graph.
     *
     * @param in      the (decompressed) text; read to the end, not closed
     * @param file    the file named in error messages
     * @param name    the graph's name
     * @param options the weights of files without edge weights (see {@link LoadOptions})
     * @return the graph; the caller closes it
     * @throws IOException if {@code in} cannot be read
     * @throws org.gsssp.GraphFormatException naming the line, if the content is malformed
     */
    public static Graph read(InputStream in, Path file, String name, LoadOptions options) throws IOException {
        TextInput t = new TextInput(in, file);
        // header
        while (true) {
            int c = t.skipBlanks();
            if (c < 0) {
                throw t.errorAtEof("missing header line 'N M [fmt [ncon]]'");
            }
            if (c == '%' || c == '\n') {
                t.skipLine();
            } else {
                break;
            }
        }
        long n = t.readLong("vertex count N");
        long mUndirected = t.readLong("edge count M");
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw t.error("vertex count N " + n + " out of range 0.." + Integer.MAX_VALUE);
        }
        if (mUndirected < 0 || mUndirected > Long.MAX_VALUE / 2) {
            throw t.error("edge count M " + mUndirected + " out of range");
        }
        String fmt = t.hasToken() ? t.token() : "0";
        if (fmt.length() > 3 || !fmt.matches("[01]+")) {
            throw t.error("unsupported fmt '" + fmt + "' (expected up to three binary digits, e.g. 0, 1, 10, 11, 100)");
        }
        while (fmt.length() < 3) {
            fmt = "0" + fmt;
        }
        boolean vsize = fmt.charAt(0) == '1';
        boolean vwgt = fmt.charAt(1) == '1';
        boolean ewgt = fmt.charAt(2) == '1';
        if (ewgt) {
            DrawnWeights.refuseIfRandomAsked(options, file, t.line(), "its header's fmt " + fmt + " says edge weights");
        }
        long ncon = 1;
        if (t.hasToken()) {
            ncon = t.readLong("ncon (number of vertex weights)");
            if (ncon < 0 || ncon > 1000) {
                throw t.error("ncon " + ncon + " out of range 0..1000");
            }
        }
        int vertexWeights = vwgt ? (int) ncon : 0;
        Limits.check(t, options, n, 2 * mUndirected, "the header");
        t.endLine();

        long expectedArcs = 2 * mUndirected;
        DrawnWeights draw = ewgt ? null : new DrawnWeights(options);
        GraphBuilder b = new GraphBuilder((int) n, WeightType.INT32).ids(VertexIds.offset(1, (int) n)).name(name);
        long arcs = 0;
        int vertex = 0;   // vertices read so far
        while (vertex < n) {
            int c = t.skipBlanks();
            if (c < 0) {
                throw t.errorAtEof("fewer vertex lines (" + vertex + ") than the " + n + " declared in the header");
            }
            if (c == '%') {
                t.skipLine();
                continue;
            }
            int i = vertex++;
            if (vsize) {
                t.readLong("vertex size");
            }
            for (int k = 0; k < vertexWeights; k++) {
                t.readLong("vertex weight");
            }
            while (t.hasToken()) {
                long u = t.readLong("neighbour id");
                if (u < 1 || u > n) {
                    throw t.error("neighbour id " + u + " of vertex " + (i + 1) + " out of range 1.." + n);
                }
                int w = ewgt ? t.readInt("edge weight") : draw.next();
                if (arcs == expectedArcs) {
                    throw t.error("more arcs than 2M = " + expectedArcs + " (the header declares M = " + mUndirected
                            + " undirected edges)");
                }
                b.addEdge(i, (int) (u - 1), w);
                arcs++;
            }
            t.endLine();
        }
        while (true) {
            int c = t.skipBlanks();
            if (c < 0) {
                break;
            }
            if (c == '%' || c == '\n') {
                t.skipLine();
            } else {
                throw t.error("more vertex lines than the " + n + " declared in the header");
            }
        }
        if (arcs != expectedArcs) {
            throw t.errorAtEof("fewer arcs (" + arcs + ") than 2M = " + expectedArcs + " (the header declares M = "
                    + mUndirected + " undirected edges)");
        }
        return b.build();
    }
}
