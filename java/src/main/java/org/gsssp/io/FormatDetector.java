package org.gsssp.io;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.gsssp.GraphFormat;

/**
 * Recognises a graph format from the first bytes of a file's (decompressed) content, and for the one ambiguous
 * case, a SNAP edge list vs a METIS file that both start with a line of numbers, from the file name.
 *
 * <p>Rules, in order:
 * <ol>
 *   <li>u64 little-endian 1 at byte 0 (a text file never starts with byte 0x01): {@link GraphFormat#GALOIS};</li>
 *   <li>{@code %%MatrixMarket}: {@link GraphFormat#MATRIX_MARKET};</li>
 *   <li>first non-blank line starting with {@code c}, {@code p} or {@code a} followed by a blank:
 *       {@link GraphFormat#DIMACS};</li>
 *   <li>{@code #}: {@link GraphFormat#SNAP} (SNAP's comments); {@code %}: {@link GraphFormat#METIS} (METIS's);</li>
 *   <li>a line of numbers: by extension ({@code .graph}, {@code .metis} → METIS; {@code .txt}, {@code .edges},
 *       {@code .el}, {@code .tsv}, {@code .snap} → SNAP; {@code .gz} is ignored), else by content: if every
 *       complete line seen has the same number (2 or 3) of tokens as the first, an edge list (SNAP),
 *       otherwise a header {@code N M [fmt [ncon]]} followed by adjacency lines (METIS).</li>
 * </ol>
 */
public final class FormatDetector {
    /** How many leading bytes {@link #detect} wants to see. */
    public static final int HEAD_BYTES = 1 << 16;

    private FormatDetector() {
    }

    /**
     * Whether the bytes start with the gzip magic number {@code 1f 8b}.
     *
     * @param head the first bytes of a file
     * @param len  how many of them are valid
     * @return true if {@code len >= 2} and they start with the magic
     */
    public static boolean isGzip(byte[] head, int len) {
        return len >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    }

    /**
     * Recognises the format by the rules of the class comment.
     *
     * @param head     the first bytes of the decompressed content
     * @param len      how many of them are valid
     * @param complete whether {@code head} holds the whole content (then its last line is complete)
     * @param fileName the file name (for the SNAP/METIS tie-break), may be null
     * @return the format, or null if unrecognised
     */
    public static GraphFormat detect(byte[] head, int len, boolean complete, String fileName) {
        if (len >= 8 && head[0] == 1) {
            boolean zeros = true;
            for (int i = 1; i < 8; i++) {
                zeros &= head[i] == 0;
            }
            if (zeros) {
                return GraphFormat.GALOIS;
            }
        }
        String text = new String(head, 0, len, StandardCharsets.ISO_8859_1);
        if (text.startsWith("\u00ef\u00bb\u00bf")) {   // UTF-8 byte order mark
            text = text.substring(3);
        }
        if (text.regionMatches(true, 0, "%%MatrixMarket", 0, 14)) {
            return GraphFormat.MATRIX_MARKET;
        }
        String[] lines = text.split("\n", -1);
        // the last piece is a cut line (incomplete head) or, after a final newline, empty: not a line
        int last = complete && !lines[lines.length - 1].isEmpty() ? lines.length : lines.length - 1;
        int first = -1;
        for (int i = 0; i < last; i++) {
            if (!lines[i].isBlank()) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return null;
        }
        String l = lines[first].strip();
        char c = l.charAt(0);
        boolean wordAlone = l.length() == 1 || l.charAt(1) == ' ' || l.charAt(1) == '\t';
        if ((c == 'c' || c == 'p' || c == 'a') && wordAlone) {
            return GraphFormat.DIMACS;
        }
        if (c == '#') {
            return GraphFormat.SNAP;
        }
        if (c == '%') {
            return GraphFormat.METIS;
        }
        if (!(c >= '0' && c <= '9')) {
            return null;
        }
        String ext = extension(fileName);
        switch (ext) {
            case "graph", "metis" -> {
                return GraphFormat.METIS;
            }
            case "txt", "edges", "el", "tsv", "snap" -> {
                return GraphFormat.SNAP;
            }
            default -> {
                // by content
            }
        }
        int k = tokens(l);
        if (k < 2 || k > 4) {
            return null;
        }
        if (k == 4) {
            return GraphFormat.METIS;
        }
        for (int i = first + 1; i < last; i++) {
            String s = lines[i].strip();
            if (s.startsWith("#") || s.startsWith("%")) {
                continue;
            }
            if (tokens(s) != k) {
                return GraphFormat.METIS;
            }
        }
        return GraphFormat.SNAP;
    }

    private static int tokens(String s) {
        String t = s.strip();
        return t.isEmpty() ? 0 : t.split("[ \t\r]+").length;
    }

    /** The lower-case extension of a file name, ignoring a trailing .gz; "" if none. */
    static String extension(String fileName) {
        if (fileName == null) {
            return "";
        }
        String f = fileName.toLowerCase(Locale.ROOT);
        int slash = Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\'));
        f = f.substring(slash + 1);
        if (f.endsWith(".gz")) {
            f = f.substring(0, f.length() - 3);
        }
        int dot = f.lastIndexOf('.');
        return dot < 0 ? "" : f.substring(dot + 1);
    }
}
