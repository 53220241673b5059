package org.gsssp.bench;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One client's HTTP/1.1 connection, kept alive across requests: a blocking socket, one GET at a time, answers read
 * by their Content-Length. The load generator uses it instead of java.net.http because at tens of thousands of
 * requests a second on the server's own host, the JDK client's shared selector thread and asynchronous plumbing
 * cost more CPU than the request being measured, so the client, not the server, would set the throughput. The
 * connection is reopened after the server asks to close it ({@code Connection: close}) or after a transport error.
 */
final class KeepAliveConnection implements Closeable {
    /** An answer: the status and the body's bytes. */
    record Response(int status, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private static final int MAX_HEADER_LINE = 8192;

    private final InetSocketAddress address;
    private final String host;
    private final int timeoutMillis;
    private final String authorization;   // the whole header value, or null
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private final byte[] buffer = new byte[16384];
    private int position;
    private int limit;
    private final StringBuilder request = new StringBuilder(256);
    private final StringBuilder line = new StringBuilder(128);

    /**
     * @param base          the server, e.g. http://127.0.0.1:8080/ (plain HTTP only)
     * @param timeoutMillis connect and read timeout
     * @param authorization the Authorization header to send, or null
     */
    KeepAliveConnection(URI base, int timeoutMillis, String authorization) {
        if (!"http".equalsIgnoreCase(base.getScheme())) {
            throw new IllegalArgumentException("--url " + base + ": only http:// is supported");
        }
        int port = base.getPort() < 0 ? 80 : base.getPort();
        this.address = new InetSocketAddress(base.getHost(), port);
        this.host = base.getHost() + ":" + port;
        this.timeoutMillis = timeoutMillis;
        this.authorization = authorization;
    }

    /**
     * Sends {@code GET pathAndQuery} and reads the answer.
     *
     * @param pathAndQuery e.g. /distance?from=1&amp;to=2 (already encoded)
     * @throws IOException on a transport error or an answer that is not HTTP/1.x with a Content-Length; the
     *                     connection is closed and the next request opens a new one
     */
    Response get(String pathAndQuery) throws IOException {
        try {
            if (socket == null) {
                open();
            }
            request.setLength(0);
            request.append("GET ").append(pathAndQuery).append(" HTTP/1.1\r\nHost: ").append(host).append("\r\n");
            if (authorization != null) {
                request.append("Authorization: ").append(authorization).append("\r\n");
            }
            request.append("\r\n");
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return read();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void open() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(address, timeoutMillis);
            s.setSoTimeout(timeoutMillis);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        in = s.getInputStream();
        out = s.getOutputStream();
        position = 0;
        limit = 0;
    }

    private Response read() throws IOException {
        String status = readLine();
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP/1.x status line: " + status);
        }
        int code = parseStatus(status);
        long length = -1;
        boolean close = status.startsWith("HTTP/1.0");
        for (String h = readLine(); !h.isEmpty(); h = readLine()) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String value = h.substring(colon + 1).strip();
            if (h.regionMatches(true, 0, "Content-Length", 0, colon) && colon == 14) {
                length = Long.parseLong(value);
            } else if (h.regionMatches(true, 0, "Connection", 0, colon) && colon == 10) {
                close = value.equalsIgnoreCase("close");
            } else if (h.regionMatches(true, 0, "Transfer-Encoding", 0, colon) && colon == 17) {
                throw new IOException("a chunked answer (Transfer-Encoding: " + value + "); gsssp serve sends lengths");
            }
        }
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new IOException("an answer without a usable Content-Length (HTTP " + code + ")");
        }
        byte[] body = readBody((int) length);
        if (close) {
            close();
        }
        return new Response(code, body);
    }

    private static int parseStatus(String status) throws IOException {
        int code = 0;
        for (int i = 9; i < 12; i++) {
            char c = status.charAt(i);
            if (c < '0' || c > '9') {
                throw new IOException("no status code in " + status);
            }
            code = code * 10 + (c - '0');
        }
        return code;
    }

    private String readLine() throws IOException {
        line.setLength(0);
        while (true) {
            if (position == limit) {
                fill();
            }
            byte b = buffer[position++];
            if (b == '\n') {
                int n = line.length();
                if (n > 0 && line.charAt(n - 1) == '\r') {
                    line.setLength(n - 1);
                }
                return line.toString();
            }
            if (line.length() == MAX_HEADER_LINE) {
                throw new IOException("a header line over " + MAX_HEADER_LINE + " bytes");
            }
            line.append((char) (b & 0xff));
        }
    }

    private byte[] readBody(int length) throws IOException {
        byte[] body = new byte[length];
        int have = Math.min(length, limit - position);
        System.arraycopy(buffer, position, body, 0, have);
        position += have;
        while (have < length) {
            int n = in.read(body, have, length - have);
            if (n < 0) {
                throw new EOFException("the server closed the connection after " + have + " of " + length + " body bytes");
            }
            have += n;
        }
        return body;
    }

    private void fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
            throw new EOFException("the server closed the connection");
        }
        position = 0;
        limit = n;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a broken connection: nothing more to do
            }
            socket = null;
            in = null;
            out = null;
        }
        position = 0;
        limit = 0;
    }
}
