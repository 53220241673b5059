package org.gsssp.internal.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Fails when gsssp.h changed after the committed bindings were generated from it. */
class BindingsMatchHeaderTest {

    @Test
    void bindingsWereGeneratedFromTheCurrentHeader() throws IOException, NoSuchAlgorithmException {
        String headerProperty = System.getProperty("gsssp.header");
        assertNotNull(headerProperty, "system property gsssp.header (path of native/include/gsssp.h) is not set");
        Path header = Path.of(headerProperty);
        String actual = HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(header)));

        String recorded;
        try (InputStream in = GssspNative.class.getResourceAsStream("gsssp.h.sha256")) {
            assertNotNull(in, "gsssp.h.sha256 is missing from the bindings' resources");
            recorded = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
        assertEquals(recorded, actual,
                header + " changed since the bindings were generated: run jextract-bindings/regenerate.sh and commit its output");
    }

    @Test
    void statusCodesAreTheOnesJavaMapsToExceptions() {
        // org.gsssp.internal.Status relies on these values; a renumbering in the header must be seen here.
        assertEquals(0, GssspNative.GSSSP_SUCCESS());
        assertEquals(1, GssspNative.GSSSP_ERROR_INVALID_ARGUMENT());
        assertEquals(10, GssspNative.GSSSP_ERROR_OVERFLOW());
        assertEquals(11, GssspNative.GSSSP_ERROR_NOT_CONVERGED());
        assertEquals(0, GssspNative.GSSSP_ALGORITHM_CPU_DIJKSTRA());
        assertEquals(7, GssspNative.GSSSP_ALGORITHM_ADDS());
    }
}
