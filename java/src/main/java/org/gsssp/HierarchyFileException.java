package org.gsssp;

import java.nio.file.Path;

/**
 * A contraction hierarchy file was refused: it is no hierarchy file, has another format version, is truncated or
 * corrupt, or was built for another graph. The message names the file and the problem; nothing stays mapped.
 */
public class HierarchyFileException extends GssspException {
    /** The refused file (not serialized: a Path is not serializable). */
    private final transient Path file;

    /**
     * Creates the exception; its message is {@code hierarchy file FILE is refused: PROBLEM}.
     *
     * @param file    the file that was refused
     * @param problem what is wrong with it
     */
    public HierarchyFileException(Path file, String problem) {
        super("hierarchy file " + file + " is refused: " + problem);
        this.file = file;
    }

    /**
     * The file that was refused.
     *
     * @return the path, as it was given to {@link ContractionHierarchy#load}
     */
    public Path file() {
        return file;
    }
}
