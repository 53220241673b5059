package org.gsssp;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.gsssp.io.DimacsReader;
import org.gsssp.io.FormatDetector;
import org.gsssp.io.GaloisReader;
import org.gsssp.io.MatrixMarketReader;
import org.gsssp.io.MetisReader;
import org.gsssp.io.ProgressBar;
import org.gsssp.io.SnapReader;

/**
 * Loads graph files: DIMACS 9 {@code .gr} text, Galois binary {@code .gr}, Matrix Market, SNAP edge lists and
 * METIS adjacency files (each format is described at its {@link GraphFormat} constant).
 *
 * <p>The format is recognised from the content (its first bytes and lines; the extension only tells SNAP from
 * METIS), unless {@link LoadOptions#format()} names one. gzip compression is recognised by its magic bytes ({@code 1f 8b}), whatever the file name, and
 * read transparently. A plain Galois file is mapped, not read (zero copy). A load that takes more than about a
 * second shows a progress bar on stderr when {@link LoadOptions#progress()} allows it.
 *
 * <p>Malformed content raises {@link GraphFormatException} naming the file, the line (0 for Galois, with the
 * byte offset in the message) and the problem; nothing is left allocated then.
 */
public final class GraphLoader {
    private static final int BUF = 1 << 16;

    private GraphLoader() {
    }

    /**
     * Loads {@code file} with {@link LoadOptions#defaults()}.
     *
     * @param file the graph file, gzip'd or not
     * @return the graph, named after the file; the caller closes it
     * @throws IOException if the file cannot be read
     * @throws GraphFormatException if the content is malformed or its format is not recognised
     */
    public static Graph load(Path file) throws IOException {
        return load(file, LoadOptions.defaults());
    }

    /**
     * Loads {@code file}; the graph's name is the file name unless the options give one.
     *
     * @param file    the graph file, gzip'd or not
     * @param options the format, weights for unweighted formats, progress bar and name
     * @return the graph; the caller closes it
     * @throws IOException if the file cannot be read
     * @throws GraphFormatException if the content is malformed or its format is not recognised
     */
    public static Graph load(Path file, LoadOptions options) throws IOException {
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String name = options.name() != null ? options.name() : fileName;
        ProgressBar bar = new ProgressBar("Loading " + fileName, Files.size(file), options.progress());
        try {
            InputStream in = openFile(file, bar);
            try {
                boolean gz = in instanceof Gz;
                GraphFormat format = options.format() != GraphFormat.AUTO ? options.format()
                        : detect(in, fileName, file);
                if (format == GraphFormat.GALOIS && !gz) {
                    in.close();
                    return GaloisReader.map(file, name, options);
                }
                return read(format, in, file, name, options);
            } catch (java.io.EOFException | java.util.zip.ZipException e) {
                throw corruptGzip(file, e);
            } finally {
                in.close();
            }
        } finally {
            bar.finish();
        }
    }

    /**
     * Loads a graph from a stream (a classpath resource, for example), gzip'd or not; the stream is read to the
     * end but not closed. Meant for the text formats; a Galois graph is read into memory rather than mapped.
     *
     * @param in      the stream to read, gzip'd or not; left open
     * @param name    the graph's name, also used in error messages and for the SNAP/METIS tie-break by extension;
     *                null means "&lt;stream&gt;"
     * @param options the format, weights for unweighted formats, progress bar and name (which wins over
     *                {@code name} for the graph's name)
     * @return the graph; the caller closes it
     * @throws IOException if the stream cannot be read
     * @throws GraphFormatException if the content is malformed or its format is not recognised
     */
    public static Graph load(InputStream in, String name, LoadOptions options) throws IOException {
        Path file = pathOf(name);
        String n = options.name() != null ? options.name() : name != null ? name : "<stream>";
        ProgressBar bar = new ProgressBar("Loading " + name, -1, options.progress());
        try {
            InputStream s = open(bar.track(new NonClosing(in)));
            GraphFormat format = options.format() != GraphFormat.AUTO ? options.format() : detect(s, name, file);
            return read(format, s, file, n, options);
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            // As for files: a cut or corrupt gzip stream is a format error naming the input, not a bare EOF.
            throw corruptGzip(file, e);
        } finally {
            bar.finish();
        }
    }

    /**
     * The format of {@code file}'s content (gzip'd or not), never {@link GraphFormat#AUTO}. Reads only the
     * file's head.
     *
     * @param file the graph file
     * @return the format recognised
     * @throws IOException if the file cannot be read
     * @throws GraphFormatException if it is not recognised
     */
    public static GraphFormat detect(Path file) throws IOException {
        try (InputStream in = openFile(file, null)) {
            return detect(in, file.getFileName() == null ? null : file.getFileName().toString(), file);
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            throw corruptGzip(file, e);
        }
    }

    /**
     * Opens {@code file} with {@link #open}, counted by {@code bar} (if not null). The gzip header is read right
     * away: if it is cut or corrupt, the file is closed again and refused as malformed, with its name.
     */
    private static InputStream openFile(Path file, ProgressBar bar) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return open(bar == null ? raw : bar.track(raw));
        } catch (IOException | RuntimeException | Error e) {
            try {
                raw.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (e instanceof java.io.EOFException || e instanceof java.util.zip.ZipException) {
                throw corruptGzip(file, (IOException) e);
            }
            throw e;
        }
    }

    /** A cut or corrupt gzip stream: a malformed file, said with its name like any other. */
    private static GraphFormatException corruptGzip(Path file, IOException e) {
        return new GraphFormatException(file, 0, "corrupt or truncated gzip data ("
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
    }

    private static Path pathOf(String name) {
        try {
            return Path.of(name == null ? "<stream>" : name);
        } catch (InvalidPathException e) {
            return Path.of("<stream>");
        }
    }

    /** Marker type: a decompressing stream. */
    private static final class Gz extends BufferedInputStream {
        Gz(InputStream in) throws IOException {
            super(new GZIPInputStream(in, BUF), BUF);
        }
    }

    /** Buffers {@code raw} and, if it starts with the gzip magic, decompresses it. Supports mark/reset. */
    private static InputStream open(InputStream raw) throws IOException {
        BufferedInputStream b = new BufferedInputStream(raw, BUF);
        b.mark(2);
        byte[] magic = b.readNBytes(2);
        b.reset();
        if (FormatDetector.isGzip(magic, magic.length)) {
            return new Gz(b);
        }
        return b;
    }

    private static GraphFormat detect(InputStream in, String fileName, Path file) throws IOException {
        in.mark(FormatDetector.HEAD_BYTES + 1);
        byte[] head = in.readNBytes(FormatDetector.HEAD_BYTES);
        boolean complete = head.length < FormatDetector.HEAD_BYTES || in.read() < 0;
        in.reset();
        GraphFormat f = FormatDetector.detect(head, head.length, complete, fileName);
        if (f == null) {
            throw new GraphFormatException(file, 0, head.length == 0 ? "the file is empty"
                    : "cannot recognise the graph format from the content (DIMACS .gr, Galois .gr, Matrix Market, "
                    + "SNAP or METIS); name it with LoadOptions.builder().format(...)");
        }
        return f;
    }

    private static Graph read(GraphFormat format, InputStream in, Path file, String name, LoadOptions o)
            throws IOException {
        return switch (format) {
            case DIMACS -> DimacsReader.read(in, file, name, o);
            case GALOIS -> GaloisReader.read(in, file, name, o);
            case MATRIX_MARKET -> MatrixMarketReader.read(in, file, name, o);
            case SNAP -> SnapReader.read(in, file, name, o);
            case METIS -> MetisReader.read(in, file, name, o);
            case AUTO -> throw new IllegalArgumentException("AUTO is not a concrete format");
        };
    }

    /** Keeps the caller's stream open when ours are closed. */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
        }
    }
}
