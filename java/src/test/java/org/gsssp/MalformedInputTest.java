package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed text input gives a GraphFormatException naming the file, the line and the problem. */
class MalformedInputTest {
    @TempDir
    Path tmp;

    private static final String MM_INT = "%%MatrixMarket matrix coordinate integer general\n";
    private static final String MM_REAL = "%%MatrixMarket matrix coordinate real general\n";

    static Stream<Arguments> cases() {
        return Stream.of(
                // DIMACS
                bad(GraphFormat.DIMACS, "c only a comment\n", 1, "missing 'p sp N M' line"),
                bad(GraphFormat.DIMACS, "p sp 2 1\np sp 2 1\na 1 2 3\n", 2, "duplicate 'p' line"),
                bad(GraphFormat.DIMACS, "c x\na 1 2 3\np sp 2 1\n", 2, "arc before the 'p sp N M' line"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 x2 3\n", 2, "bad token 'x2'", "target id"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2 3.5\n", 2, "bad token '3.5'", "weight"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 3 1\n", 2, "target id 3 out of range 1..2"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 0 1 1\n", 2, "source id 0 out of range 1..2"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2 1\na 2 1 1\n", 3, "more arcs than the 1 declared"),
                bad(GraphFormat.DIMACS, "c\np sp 2 3\na 1 2 1\n\n", 4, "fewer arcs (1) than the 3 declared"),
                bad(GraphFormat.DIMACS, "p sp 2 3\na 1 2 1\na 2 1 1", 3, "fewer arcs (2) than the 3 declared"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2 3000000000\n", 2, "weight 3000000000 out of int32 range"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2 -2147483649\n", 2, "out of int32 range"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2\n", 2, "missing weight"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 1 2 3 4\n", 2, "unexpected extra token '4'"),
                bad(GraphFormat.DIMACS, "p sp 2 1\nx 1 2\n", 2, "bad token 'x'"),
                bad(GraphFormat.DIMACS, "p max 2 1\n", 1, "problem type 'max'"),
                bad(GraphFormat.DIMACS, "p sp 2 1\na 99999999999999999999 1 1\n", 2, "source id", "out of range"),
                bad(GraphFormat.DIMACS, "p sp -2 1\n", 1, "vertex count N -2 out of range"),
                // Matrix Market
                bad(GraphFormat.MATRIX_MARKET, "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", 1,
                        "unsupported Matrix Market header", "array"),
                bad(GraphFormat.MATRIX_MARKET, "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 1,
                        "unsupported Matrix Market header", "complex"),
                bad(GraphFormat.MATRIX_MARKET, "%%MatrixMarket matrix coordinate real hermitian\n", 1,
                        "unsupported Matrix Market header", "hermitian"),
                bad(GraphFormat.MATRIX_MARKET, "%%MatrixMarket matrix coordinate real skew-symmetric\n", 1,
                        "unsupported Matrix Market header", "skew-symmetric"),
                bad(GraphFormat.MATRIX_MARKET, "2 2 1\n1 1\n", 1, "missing '%%MatrixMarket' banner"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "2 3 1\n1 1 1\n", 2, "2 x 3", "square"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "2 2 1\n1 b 1\n", 3, "bad token 'b'", "column index"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "% c\n2 2 1\n3 1 1\n", 4, "row index 3 out of range 1..2"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "2 2 1\n1 1 1\n2 2 1\n", 4, "more entries than the 1 declared"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "2 2 3\n1 1 1\n", 3, "fewer entries (1) than the 3 declared"),
                bad(GraphFormat.MATRIX_MARKET, MM_INT + "2 2 1\n1 1 1.5\n", 3, "bad token '1.5'", "value"),
                bad(GraphFormat.MATRIX_MARKET, MM_REAL + "2 2 1\n1 1 nan\n", 3, "NaN or infinite value"),
                bad(GraphFormat.MATRIX_MARKET, MM_REAL + "2 2 1\n1 1 -Infinity\n", 3, "NaN or infinite value"),
                bad(GraphFormat.MATRIX_MARKET, MM_REAL + "2 2 1\n1 1 inf\n", 3, "NaN or infinite value"),
                bad(GraphFormat.MATRIX_MARKET, MM_REAL + "2 2 1\n1 1 1e39\n", 3, "out of float32 range", "infinite"),
                bad(GraphFormat.MATRIX_MARKET, MM_REAL + "2 2 1\n1 1 1.0f\n", 3, "bad token '1.0f'"),
                bad(GraphFormat.MATRIX_MARKET, "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 5\n", 3,
                        "unexpected extra token '5'"),
                // SNAP
                bad(GraphFormat.SNAP, "# c\n1 2\n1 x\n", 3, "bad token 'x'", "target id"),
                bad(GraphFormat.SNAP, "1 -2\n", 1, "target id -2 out of range"),
                bad(GraphFormat.SNAP, "1 2\n3 4 5\n", 2, "unexpected extra token '5'"),
                bad(GraphFormat.SNAP, "1 2\n3\n", 2, "missing target id"),
                bad(GraphFormat.SNAP, "1 2 3\n4 5\n", 2, "missing weight"),
                bad(GraphFormat.SNAP, "1 2 3 4\n", 1, "unexpected extra token '4'"),
                bad(GraphFormat.SNAP, "1 2 3\n4 5 1e3\n", 2, "bad token '1e3'"),
                // METIS
                bad(GraphFormat.METIS, "3 1\n2\n1\n", 3, "fewer vertex lines (2) than the 3 declared"),
                bad(GraphFormat.METIS, "2 1\n2\n1\n1\n", 4, "more vertex lines than the 2 declared"),
                bad(GraphFormat.METIS, "2 1\n3\n1\n", 2, "neighbour id 3 of vertex 1 out of range 1..2"),
                bad(GraphFormat.METIS, "% c\n2 2\n2\n1\n", 4, "fewer arcs (2) than 2M = 4"),
                bad(GraphFormat.METIS, "2 0\n2\n1\n", 2, "more arcs than 2M = 0"),
                bad(GraphFormat.METIS, "2 1\n2x\n1\n", 2, "bad token '2x'", "neighbour id"),
                bad(GraphFormat.METIS, "2 1 2\n2\n1\n", 1, "unsupported fmt '2'"),
                bad(GraphFormat.METIS, "2 1 1\n2\n1 5\n", 2, "missing edge weight"),
                bad(GraphFormat.METIS, "2 1 10\n2\n1\n", 3, "fewer arcs (0) than 2M = 2"),
                bad(GraphFormat.METIS, "% only a comment\n", 1, "missing header line"));
    }

    /** keywords: parts the message must contain. */
    private static Arguments bad(GraphFormat f, String content, long line, String... keywords) {
        return Arguments.of(f, content, line, keywords);
    }

    @ParameterizedTest(name = "[{index}] {0} line {2}: {3}")
    @MethodSource("cases")
    void rejected(GraphFormat format, String content, long line, String[] keywords) throws IOException {
        String name = switch (format) {
            case DIMACS -> "bad.gr";
            case MATRIX_MARKET -> "bad.mtx";
            case SNAP -> "bad.txt";
            case METIS -> "bad.graph";
            default -> "bad";
        };
        Path file = TestSupport.write(tmp, name, content);
        GraphFormatException e = assertThrows(GraphFormatException.class,
                () -> GraphLoader.load(file, TestSupport.quiet(format)).close(),
                () -> "accepted " + format + " content:\n" + content);
        String msg = e.getMessage();
        assertEquals(file, e.file(), msg);
        assertEquals(line, e.line(), msg);
        assertTrue(msg.startsWith(file + ":" + line + ": "), msg);
        for (String k : keywords) {
            assertTrue(msg.contains(k), () -> "message '" + msg + "' lacks '" + k + "'");
        }
        // auto-detection gives the same answer where it recognises the format
        if (!content.startsWith("2 2 1\n")) {
            GraphFormatException auto = assertThrows(GraphFormatException.class,
                    () -> GraphLoader.load(file, TestSupport.QUIET).close());
            assertEquals(msg, auto.getMessage());
        }
    }
}
