package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.gsssp.testing.GpuTest;
import org.junit.jupiter.api.Test;

/** `gsssp solve` with a GPU algorithm and its flags (on the GPU host). */
@GpuTest
class CliGpuTest {
    @Test
    void cliSolvesWithAddsAndItsFlags() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"solve", "--algorithm", "adds", "--verify"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, out + "\n" + err);
        assertTrue(out.toString().contains("algorithm adds") && out.toString().contains("verify    OK"), out.toString());
        assertTrue(out.toString().contains("restarts  0 "), out.toString());

        out.getBuffer().setLength(0);
        exit = Main.run(new String[] {"solve", "--algorithm", "adds", "--adds-static-delta", "--adds-buckets", "2",
                "--delta", "1000", "--adds-growable-pool", "65536", "--adds-watchdog-ms", "60000", "--verify"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, out + "\n" + err);
        assertTrue(out.toString().contains("delta     1000.0 (final)"), "a kept Δ of 1000 on int weights: " + out);
        assertTrue(out.toString().contains("verify    OK"), out.toString());
    }
}
