package org.gsssp;

import java.nio.file.Path;

/**
 * A graph file could not be read because its content is malformed. The message names the file, the line
 * (1-based; 0 when the format has no lines, e.g. Galois binary, where the byte offset is given instead)
 * and what was wrong. Nothing is half-loaded: the loader that throws this frees what it had allocated.
 */
public class GraphFormatException extends GssspException {
    /** The file that could not be read. */
    private final Path file;
    /** The 1-based line of the problem, or 0. */
    private final long line;

    /**
     * Creates the exception; its message is {@code file:line: problem} ({@code file: problem} when
     * {@code line} is 0).
     *
     * @param file the file being read
     * @param line the 1-based line of the problem, or 0 when it is not tied to a line
     * @param problem what was wrong
     */
    public GraphFormatException(Path file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    /**
     * The file that could not be read.
     *
     * @return the file, as it was given to the loader
     */
    public Path file() {
        return file;
    }

    /**
     * The line of the problem.
     *
     * @return the 1-based line number, or 0 when the problem is not tied to a line
     */
    public long line() {
        return line;
    }
}
