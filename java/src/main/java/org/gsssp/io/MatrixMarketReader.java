package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.LoadOptions;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Reads Matrix Market coordinate files as graphs: entry {@code (i, j)} is the arc {@code i → j}.
 * <pre>
 * %%MatrixMarket matrix coordinate (pattern|integer|real) (general|symmetric)
 * % comments
 * rows cols nnz        (rows must equal cols = n)
 * i j [value]          (nnz entries, 1-based)
 * </pre>
 * {@code integer} gives INT32 weights, {@code real} (or {@code double}) FLOAT32 weights (finite, in float
 * range), {@code pattern} weight 1 or the seeded random weights of {@link LoadOptions} (one draw per entry).
 * {@code symmetric} adds both {@code i → j} and {@code j → i} for an off-diagonal entry (with the same weight),
 * a diagonal entry once. Ids are kept as {@code VertexIds.offset(1, n)}. Comment and blank lines are ignored
 * anywhere after the banner. Errors: an unsupported header ({@code array}, {@code complex},
 * {@code hermitian}, {@code skew-symmetric}, ...), a non-square size, a bad token, an index out of range, more
 * or fewer entries than nnz, a NaN or infinite value.
 */
public final class MatrixMarketReader {
    private MatrixMarketReader() {
    }

    /**
     * Reads a Matrix Market graph.
     *
     * @param in      the (decompressed) text; read to the end, not closed
     * @param file    the file named in error messages
     * @param name    the graph's name
     * @param options the weights of {@code pattern} files (see {@link LoadOptions})
     * @return the graph; the caller closes it
     * @throws IOException if {@code in} cannot be read
     * @throws org.gsssp.GraphFormatException naming the line, if the content is malformed
     */
    public static Graph read(InputStream in, Path file, String name, LoadOptions options) throws IOException {
        TextInput t = new TextInput(in, file);
        String banner = t.token();
        if (banner == null || !banner.equalsIgnoreCase("%%MatrixMarket")) {
            throw t.error("missing '%%MatrixMarket' banner on the first line");
        }
        String object = lower(t.token());
        String format = lower(t.token());
        String field = lower(t.token());
        String symmetry = lower(t.token());
        String header = "%%MatrixMarket " + object + " " + format + " " + field + " " + symmetry;
        if (!"matrix".equals(object) || !"coordinate".equals(format)
                || !("pattern".equals(field) || "integer".equals(field) || "real".equals(field)
                || "double".equals(field))
                || !("general".equals(symmetry) || "symmetric".equals(symmetry))) {
            throw t.error("unsupported Matrix Market header '" + header.replace("null", "?")
                    + "': supported are 'matrix coordinate' with pattern, integer or real and general or symmetric");
        }
        t.endLine();
        boolean symmetric = "symmetric".equals(symmetry);
        boolean pattern = "pattern".equals(field);
        if (!pattern) {
            DrawnWeights.refuseIfRandomAsked(options, file, 1, "a '" + field + "' matrix: its values are the weights");
        }
        boolean real = "real".equals(field) || "double".equals(field);

        skipCommentsAndBlanks(t);
        if (t.atEof()) {
            throw t.errorAtEof("missing size line 'rows cols nnz'");
        }
        long rows = t.readLong("row count");
        long cols = t.readLong("column count");
        long nnz = t.readLong("entry count nnz");
        if (rows != cols) {
            throw t.error("the matrix is " + rows + " x " + cols + "; a graph needs a square matrix");
        }
        if (rows < 0 || rows > Integer.MAX_VALUE) {
            throw t.error("row count " + rows + " out of range 0.." + Integer.MAX_VALUE);
        }
        if (nnz < 0) {
            throw t.error("entry count nnz " + nnz + " out of range (negative)");
        }
        Limits.check(t, options, rows, "symmetric".equals(symmetry) && nnz <= Long.MAX_VALUE / 2 ? 2 * nnz : nnz,
                "the size line");
        t.endLine();
        int n = (int) rows;
        GraphBuilder b = new GraphBuilder(n, real ? WeightType.FLOAT32 : WeightType.INT32)
                .ids(VertexIds.offset(1, n)).name(name);
        DrawnWeights draw = pattern ? new DrawnWeights(options) : null;
        long entries = 0;
        while (true) {
            skipCommentsAndBlanks(t);
            if (t.atEof()) {
                break;
            }
            if (entries == nnz) {
                throw t.error("more entries than the " + nnz + " declared in the size line");
            }
            long i = t.readLong("row index");
            long j = t.readLong("column index");
            if (i < 1 || i > n) {
                throw t.error("row index " + i + " out of range 1.." + n);
            }
            if (j < 1 || j > n) {
                throw t.error("column index " + j + " out of range 1.." + n);
            }
            int u = (int) (i - 1);
            int v = (int) (j - 1);
            if (real) {
                double d = t.readDouble("value");
                float f = (float) d;
                if (Float.isInfinite(f)) {
                    throw t.error("value " + d + " out of float32 range (it would be infinite)");
                }
                t.endLine();
                b.addEdge(u, v, f);
                if (symmetric && u != v) {
                    b.addEdge(v, u, f);
                }
            } else {
                int w = pattern ? draw.next() : t.readInt("value");
                t.endLine();
                b.addEdge(u, v, w);
                if (symmetric && u != v) {
                    b.addEdge(v, u, w);
                }
            }
            entries++;
        }
        if (entries < nnz) {
            throw t.errorAtEof("fewer entries (" + entries + ") than the " + nnz + " declared in the size line");
        }
        return b.build();
    }

    private static void skipCommentsAndBlanks(TextInput t) throws IOException {
        while (true) {
            int c = t.skipBlanks();
            if (c == '%' || c == '\n') {
                t.skipLine();
            } else {
                return;
            }
        }
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
