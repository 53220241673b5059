package org.gsssp;

import java.nio.file.Path;

/**
 * A graph file could not be read because its content is malformed. The message names the file, the line
 * (1-based; 0 when the format has no lines, e.g. Galois binary, where the byte offset is given instead)
 * and what was wrong. Nothing is half-loaded: the loader that throws this frees what it had allocated.
 */
public class GraphFormatException extends GssspException {
    private final Path file;
    private final long line;

    public GraphFormatException(Path file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    /** 1-based line number, or 0 when the problem is not tied to a line. */
    public long line() {
        return line;
    }
}
