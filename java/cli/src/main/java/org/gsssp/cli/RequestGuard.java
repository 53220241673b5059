package org.gsssp.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What {@code gsssp serve} checks before a request reaches an endpoint, as a filter on every context of
 * {@link GraphServer}:
 * <ul>
 *   <li>while draining (SIGTERM): 503 with {@code Retry-After}, so no request is dropped unanswered;</li>
 *   <li>a URL longer than the cap: 414;</li>
 *   <li>with a token: {@code Authorization: Bearer <token>} on every path but {@code /health}, else 401. The token
 *       is compared in constant time (SHA-256 digests, {@link MessageDigest#isEqual}) and never written
 *       anywhere;</li>
 *   <li>a body longer than the cap (by its Content-Length, or as read, for a chunked one): 413;</li>
 *   <li>more requests in flight than the cap: 503 with {@code Retry-After: 1}, instead of an unbounded queue.</li>
 * </ul>
 * Every refusal is a JSON {@code {"error": "..."}} naming the limit. A request passes with atomic counters only (no
 * lock), and one without a body (no Content-Length, or 0, and no Transfer-Encoding: every GET) goes on as it came.
 */
final class RequestGuard extends Filter {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final byte[] tokenDigest;   // SHA-256 of "Bearer <token>", or null: no token required
    private final int maxUrlLength;
    private final long maxBodyBytes;
    private final int maxInFlight;
    private final Semaphore slots;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object drained = new Object();   // drain() waits on it; the last request out while draining notifies
    private volatile boolean draining;

    /**
     * @param token        the bearer token clients must send, or null to require none
     * @param maxUrlLength the longest request URL (path and query) accepted
     * @param maxBodyBytes the largest request body accepted
     * @param maxInFlight  the most requests answered at once
     */
    RequestGuard(String token, int maxUrlLength, long maxBodyBytes, int maxInFlight) {
        this.tokenDigest = token == null ? null : sha256("Bearer " + token);
        this.maxUrlLength = maxUrlLength;
        this.maxBodyBytes = maxBodyBytes;
        this.maxInFlight = maxInFlight;
        this.slots = new Semaphore(maxInFlight);
    }

    @Override
    public String description() {
        return "gsssp serve: drain, URL length, bearer token, body size and in-flight caps";
    }

    @Override
    public void doFilter(HttpExchange x, Chain chain) throws IOException {
        if (draining) {
            x.getResponseHeaders().set("Retry-After", "1");
            x.getResponseHeaders().set("Connection", "close");
            refuse(x, 503, "the server is shutting down; retry on another instance");
            return;
        }
        int urlLength = x.getRequestURI().toString().length();
        if (urlLength > maxUrlLength) {
            refuse(x, 414, "the URL is " + urlLength + " characters, over the limit of " + maxUrlLength
                    + " (--max-url-length)");
            return;
        }
        if (tokenDigest != null && !"/health".equals(x.getRequestURI().getPath())) {
            String auth = x.getRequestHeaders().getFirst("Authorization");
            if (auth == null || !MessageDigest.isEqual(sha256(auth), tokenDigest)) {
                x.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                refuse(x, 401, auth == null ? "this server needs 'Authorization: Bearer <token>' (its --token-file)"
                        : "the bearer token is wrong");
                return;
            }
        }
        String length = x.getRequestHeaders().getFirst("Content-Length");
        if (length != null && parseLength(length) > maxBodyBytes) {
            refuse(x, 413, "the body is " + length.strip() + " bytes, over the limit of " + maxBodyBytes
                    + " (--max-body-bytes)");
            return;
        }
        if (!slots.tryAcquire()) {
            x.getResponseHeaders().set("Retry-After", "1");
            refuse(x, 503, maxInFlight + " requests are in flight, the most this server answers at once "
                    + "(--max-in-flight); retry shortly");
            return;
        }
        inFlight.incrementAndGet();
        try {
            String encoding = x.getRequestHeaders().getFirst("Transfer-Encoding");
            if (encoding != null || (length != null && parseLength(length) != 0)) {
                // The body is read here, up to the cap, so a chunked body cannot grow without bound either.
                byte[] body = x.getRequestBody().readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBodyBytes + 1));
                if (body.length > maxBodyBytes) {
                    refuse(x, 413, "the body is over the limit of " + maxBodyBytes + " bytes (--max-body-bytes)");
                    return;
                }
                x.setStreams(new ByteArrayInputStream(body), null);
            }
            chain.doFilter(x);
        } finally {
            slots.release();
            // inFlight, then draining (both volatile): either drain() sees this request gone, or this sees draining.
            if (inFlight.decrementAndGet() == 0 && draining) {
                synchronized (drained) {
                    drained.notifyAll();
                }
            }
        }
    }

    /**
     * Refuses new requests from now on (503, Retry-After) and waits for those in flight to be answered.
     *
     * @param timeoutMillis the longest wait
     * @return the requests still in flight when it returned: 0 if all were answered
     */
    int drain(long timeoutMillis) throws InterruptedException {
        draining = true;
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (drained) {
            while (inFlight.get() > 0) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    break;
                }
                drained.wait(left);
            }
            return inFlight.get();
        }
    }

    /** Whether {@link #drain} has begun. */
    boolean draining() {
        return draining;
    }

    /** The requests being answered now. */
    int inFlight() {
        return inFlight.get();
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;   // unreadable: refused as over the cap, never trusted
        }
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static void refuse(HttpExchange x, int status, String message) throws IOException {
        try (x) {
            byte[] bytes = JSON.writeValueAsBytes(Map.of("error", message));
            x.getResponseHeaders().set("Content-Type", "application/json");
            x.sendResponseHeaders(status, bytes.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(bytes);
            }
        }
    }
}
