package org.gsssp.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    @Test
    void silentDuringTheFirstSecondAndWhenDisabled() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        ProgressBar bar = new ProgressBar("Loading x", 1000, true, out);
        InputStream in = bar.track(new ByteArrayInputStream(new byte[1000]));
        assertEquals(1000, in.readAllBytes().length);
        bar.finish();
        assertFalse(bar.drawn());
        assertEquals("", buf.toString(StandardCharsets.UTF_8));

        ProgressBar off = new ProgressBar("Loading x", 1000, false, out);
        InputStream raw = new ByteArrayInputStream(new byte[10]);
        assertTrue(off.track(raw) == raw, "a disabled bar does not wrap the stream");
        off.update(5);
        off.finish();
        assertEquals("", buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void drawsAfterOneSecondAndEndsItsLine() throws InterruptedException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        ProgressBar bar = new ProgressBar("Loading y", 2_000_000, true, out);
        bar.update(10);
        assertEquals("", buf.toString(StandardCharsets.UTF_8));
        Thread.sleep(1050);
        bar.update(1_000_000);
        bar.update(1_000_001);   // within 100 ms of the last draw: no redraw
        String s = buf.toString(StandardCharsets.UTF_8);
        assertTrue(s.startsWith("\rLoading y [") && s.contains(" 50%") && s.contains("1.0 MB / 2.0 MB"), s);
        assertEquals(1, s.chars().filter(c -> c == '\r').count(), s);
        bar.finish();
        s = buf.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("100%") && s.endsWith(System.lineSeparator()), s);
    }
}
