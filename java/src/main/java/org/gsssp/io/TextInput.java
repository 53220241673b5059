package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.gsssp.GraphFormatException;

/**
 * Byte-level, line-aware tokenizer over an input stream, for the text graph formats. It keeps its own 64 KiB
 * buffer (no extra buffering is needed below it), parses decimal integers without creating strings, counts
 * lines (1-based) and makes {@link GraphFormatException}s that name the file and the current line.
 *
 * <p>Blanks are space, tab and carriage return (so CRLF files work); {@code '\n'} ends a line. A token is a
 * maximal run of non-blank, non-newline bytes; a token longer than {@value #MAX_TOKEN} bytes is rejected.
 */
final class TextInput {
    static final int MAX_TOKEN = 64;
    private static final int BUF = 1 << 16;

    private final InputStream in;
    private final Path file;
    private final byte[] buf = new byte[BUF];
    private int pos;
    private int lim;
    private boolean eof;
    private long line = 1;
    private int lastByte = -1;   // last byte of the data read so far (the file's last byte once at EOF)

    TextInput(InputStream in, Path file) {
        this.in = in;
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** The current 1-based line. */
    long line() {
        return line;
    }

    GraphFormatException error(String problem) {
        return new GraphFormatException(file, line, problem);
    }

    /** An error reported at the end of the file, on its last line. */
    GraphFormatException errorAtEof(String problem) {
        long l = (lastByte == '\n' && line > 1) ? line - 1 : line;
        return new GraphFormatException(file, l, problem + " (at end of file)");
    }

    private boolean fill() throws IOException {
        if (pos < lim) {
            return true;
        }
        if (eof) {
            return false;
        }
        pos = 0;
        lim = 0;
        int r;
        do {
            r = in.read(buf, 0, BUF);
        } while (r == 0);
        if (r < 0) {
            eof = true;
            return false;
        }
        lim = r;
        lastByte = buf[r - 1];
        return true;
    }

    /** Makes at least {@code k} bytes available from pos, unless the stream ends first. */
    private void ensure(int k) throws IOException {
        if (lim - pos >= k || eof) {
            return;
        }
        int rem = lim - pos;
        System.arraycopy(buf, pos, buf, 0, rem);
        pos = 0;
        lim = rem;
        while (lim < k) {
            int r = in.read(buf, lim, BUF - lim);
            if (r < 0) {
                eof = true;
                break;
            }
            if (r > 0) {
                lim += r;
                lastByte = buf[lim - 1];
            }
        }
    }

    private static boolean isBlank(int b) {
        return b == ' ' || b == '\t' || b == '\r';
    }

    private static boolean isDelim(int b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    /** Skips blanks; returns the next byte (0..255) without consuming it, or -1 at end of file. */
    int skipBlanks() throws IOException {
        while (true) {
            if (pos >= lim && !fill()) {
                return -1;
            }
            int b = buf[pos] & 0xff;
            if (!isBlank(b)) {
                return b;
            }
            pos++;
        }
    }

    /** After skipping blanks: true if there is another token on this line. */
    boolean hasToken() throws IOException {
        int c = skipBlanks();
        return c >= 0 && c != '\n';
    }

    /** True at end of file (after skipping blanks). */
    boolean atEof() throws IOException {
        return skipBlanks() < 0;
    }

    /** Skips the rest of the current line, including its newline. */
    void skipLine() throws IOException {
        while (true) {
            if (pos >= lim && !fill()) {
                return;
            }
            byte[] b = buf;
            for (int p = pos, l = lim; p < l; p++) {
                if (b[p] == '\n') {
                    pos = p + 1;
                    line++;
                    return;
                }
            }
            pos = lim;
        }
    }

    /** Expects the end of the line (only blanks left); consumes the newline. */
    void endLine() throws IOException {
        int c = skipBlanks();
        if (c == '\n') {
            pos++;
            line++;
        } else if (c >= 0) {
            throw error("unexpected extra token '" + tokenText() + "'");
        }
    }

    /**
     * If the next token is exactly the single character {@code ch}, consumes it and returns true. Call after
     * {@link #skipBlanks()}.
     */
    boolean keyword(char ch) throws IOException {
        ensure(2);
        if (pos < lim && buf[pos] == ch && (pos + 1 >= lim || isDelim(buf[pos + 1]))) {
            pos++;
            return true;
        }
        return false;
    }

    /** The next token, or null if the line (or file) has ended. */
    String token() throws IOException {
        if (!hasToken()) {
            return null;
        }
        ensure(MAX_TOKEN + 1);
        int p = pos;
        while (p < lim && !isDelim(buf[p])) {
            p++;
        }
        if (p - pos > MAX_TOKEN) {
            throw error("bad token '" + tokenText() + "...' (longer than " + MAX_TOKEN + " characters)");
        }
        String s = new String(buf, pos, p - pos, java.nio.charset.StandardCharsets.ISO_8859_1);
        pos = p;
        return s;
    }

    /** The token at pos, for messages (printable, at most 40 characters); does not consume it. */
    String tokenText() throws IOException {
        ensure(MAX_TOKEN);
        StringBuilder sb = new StringBuilder();
        for (int p = pos; p < lim && !isDelim(buf[p]) && sb.length() < 40; p++) {
            int b = buf[p] & 0xff;
            if (b >= 32 && b < 127) {
                sb.append((char) b);
            } else {
                sb.append(String.format("\\x%02x", b));
            }
        }
        return sb.toString();
    }

    /**
     * Reads a decimal integer token ({@code [+-]?[0-9]+}).
     *
     * @param what what the token is, for messages ("target id")
     * @throws GraphFormatException "missing what" at the end of the line, "bad token '...' (expected what)" if
     *                              the token is not an integer, "what ... out of range" if it overflows a long
     */
    long readLong(String what) throws IOException {
        int c = skipBlanks();
        if (c < 0 || c == '\n') {
            throw error("missing " + what);
        }
        ensure(MAX_TOKEN);
        final byte[] b = buf;
        final int end = lim;
        int p = pos;
        boolean neg = false;
        if (c == '-' || c == '+') {
            neg = c == '-';
            p++;
        }
        final int ds = p;
        long v = 0;
        while (p < end) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            if (v >= 922337203685477580L && (v > 922337203685477580L || d > 7)) {
                throw error(what + " " + tokenText() + " out of range");
            }
            v = v * 10 + d;
            p++;
        }
        if (p == ds || (p < end ? !isDelim(b[p]) : !eof)) {
            throw error("bad token '" + tokenText() + "' (expected " + what + ")");
        }
        pos = p;
        return neg ? -v : v;
    }

    /** Reads an int token; "what v out of int32 range" if it does not fit. */
    int readInt(String what) throws IOException {
        long v = readLong(what);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw error(what + " " + v + " out of int32 range");
        }
        return (int) v;
    }

    /**
     * Reads a decimal floating-point token ({@code [+-]digits[.digits][e[+-]digits]}); NaN and infinity
     * spellings ({@code nan}, {@code inf}, {@code infinity}, any case and sign) are reported as
     * "NaN or infinite what".
     */
    double readDouble(String what) throws IOException {
        int c = skipBlanks();
        if (c < 0 || c == '\n') {
            throw error("missing " + what);
        }
        String t = token();
        String u = t.toLowerCase(java.util.Locale.ROOT);
        if (u.startsWith("+") || u.startsWith("-")) {
            u = u.substring(1);
        }
        if (u.equals("nan") || u.equals("inf") || u.equals("infinity")) {
            throw error("NaN or infinite " + what + " '" + t + "'");
        }
        boolean ok = !t.isEmpty();
        for (int i = 0; i < t.length() && ok; i++) {
            char ch = t.charAt(i);
            ok = (ch >= '0' && ch <= '9') || ch == '.' || ch == 'e' || ch == 'E' || ch == '+' || ch == '-';
        }
        if (ok) {
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw error("bad token '" + t + "' (expected " + what + ")");
    }
}
