package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.GraphFormatException;
import org.gsssp.LoadOptions;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Reads the 9th DIMACS Challenge shortest-path format ({@code .gr} text):
 * <pre>
 * c comment
 * p sp N M
 * a U V W      (M times; 1-based ids U, V in 1..N; W an int32, negative allowed)
 * </pre>
 * Blank lines are ignored. Vertex ids are kept as {@code VertexIds.offset(1, N)}; weights are INT32. Errors
 * ({@link GraphFormatException} with the line): missing or duplicate {@code p} line, an arc before it, a bad
 * token, an id out of 1..N, a weight out of int32, more or fewer arcs than M, any other line type.
 */
public final class DimacsReader {
    private DimacsReader() {
    }

    /**
     * Reads a DIMACS graph.
     *
     * @param in      the (decompressed) text; read to the end, not closed
     * @param file    the file named in error messages
     * @param name    the graph's name
     * @param options the limits; DIMACS files always have int32 weights, so random weights are unused (or refused,
     *                with {@link LoadOptions#requireUnweighted()})
     * @return the graph; the caller closes it
     * @throws IOException if {@code in} cannot be read
     * @throws GraphFormatException naming the line, if the content is malformed
     */
    public static Graph read(InputStream in, Path file, String name, LoadOptions options) throws IOException {
        TextInput t = new TextInput(in, file);
        GraphBuilder b = null;
        long n = 0;
        long declared = 0;
        long arcs = 0;
        long pLine = 0;
        while (true) {
            int c = t.skipBlanks();
            if (c < 0) {
                break;
            }
            if (c == 'a' && t.keyword('a')) {
                if (b == null) {
                    throw t.error("arc before the 'p sp N M' line");
                }
                if (arcs == declared) {
                    throw t.error("more arcs than the " + declared + " declared in the 'p' line (line " + pLine + ")");
                }
                long u = t.readLong("source id");
                long v = t.readLong("target id");
                long w = t.readLong("weight");
                if (u < 1 || u > n) {
                    throw t.error("source id " + u + " out of range 1.." + n);
                }
                if (v < 1 || v > n) {
                    throw t.error("target id " + v + " out of range 1.." + n);
                }
                if (w < Integer.MIN_VALUE || w > Integer.MAX_VALUE) {
                    throw t.error("weight " + w + " out of int32 range");
                }
                t.endLine();
                b.addEdge((int) (u - 1), (int) (v - 1), (int) w);
                arcs++;
            } else if (c == '\n' || c == 'c') {   // blank line or comment (any line starting with c)
                t.skipLine();
            } else if (c == 'p' && t.keyword('p')) {
                if (b != null) {
                    throw t.error("duplicate 'p' line (the first is line " + pLine + ")");
                }
                pLine = t.line();
                String kind = t.token();
                if (!"sp".equals(kind)) {
                    throw t.error("expected 'p sp N M', found problem type '" + kind + "'");
                }
                n = t.readLong("vertex count N");
                declared = t.readLong("arc count M");
                if (n < 0 || n > Integer.MAX_VALUE) {
                    throw t.error("vertex count N " + n + " out of range 0.." + Integer.MAX_VALUE);
                }
                if (declared < 0) {
                    throw t.error("arc count M " + declared + " out of range (negative)");
                }
                Limits.check(t, options, n, declared, "the 'p' line");
                DrawnWeights.refuseIfRandomAsked(options, file, pLine, "DIMACS arcs carry weights");
                t.endLine();
                b = new GraphBuilder((int) n, WeightType.INT32).ids(VertexIds.offset(1, (int) n)).name(name);
            } else {
                throw t.error("bad token '" + t.tokenText() + "' at the start of a line (expected c, p or a)");
            }
        }
        if (b == null) {
            throw t.errorAtEof("missing 'p sp N M' line");
        }
        if (arcs < declared) {
            throw t.errorAtEof("fewer arcs (" + arcs + ") than the " + declared + " declared in the 'p' line (line "
                    + pLine + ")");
        }
        return b.build();
    }
}
