package org.gsssp.io;

import java.util.Locale;
import org.gsssp.GraphFormatException;
import org.gsssp.LoadOptions;

/**
 * Checks a header's size claims against {@link LoadOptions#maxVertices()} and {@link LoadOptions#maxEdges()}
 * before anything is allocated for them: a file that lies about its size (or is simply too large for this JVM)
 * is refused at its header with one message, never with an OutOfMemoryError.
 */
final class Limits {
    private Limits() {}

    /**
     * Refuses claims above the limits.
     *
     * @param t the input, positioned on the header line (for the file and line in the message)
     * @param options the limits
     * @param vertices the vertices the header claims
     * @param arcs the arcs (directed edges) the header implies
     * @param header what the header is called in this format, for the message
     * @throws GraphFormatException naming the file, the line, the claim and the limit
     */
    static void check(TextInput t, LoadOptions options, long vertices, long arcs, String header) {
        if (vertices > options.maxVertices()) {
            throw t.error(String.format(Locale.ROOT, "%s claims %,d vertices, more than the limit of %,d "
                    + "(LoadOptions.maxVertices; by default what this JVM's heap can build)", header, vertices,
                    options.maxVertices()));
        }
        if (arcs > options.maxEdges()) {
            throw t.error(String.format(Locale.ROOT, "%s claims %,d edges, more than the limit of %,d "
                    + "(LoadOptions.maxEdges; by default what this JVM's heap can build)", header, arcs,
                    options.maxEdges()));
        }
    }
}
