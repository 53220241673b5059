package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 50: the jar's entry point runs on old Java and names the Java to install. */
class LauncherTest {
    @Test
    void theLauncherIsJava8Bytecode() throws Exception {
        try (InputStream in = Launcher.class.getResourceAsStream("Launcher.class"); DataInputStream d = new DataInputStream(in)) {
            assertEquals(0xCAFEBABE, d.readInt());
            d.readUnsignedShort();
            assertEquals(52, d.readUnsignedShort(), "class file major version 52 = Java 8");
        }
    }

    @Test
    void versionsAreRead() {
        assertEquals(8, Launcher.feature("1.8"));
        assertEquals(17, Launcher.feature("17"));
        assertEquals(25, Launcher.feature("25"));
        assertEquals(0, Launcher.feature("x"));
    }

    /** With Java 17 (the default java on the build machine; skipped where there is none). */
    @Test
    void onJava17ItSaysWhatToInstall(@TempDir Path tmp) throws Exception {
        Path java17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        Assumptions.assumeTrue(Files.isExecutable(java17), "no Java 17 at " + java17);
        Path classes = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path log = tmp.resolve("out.txt");
        Process p = new ProcessBuilder(List.of(java17.toString(), "-cp", classes.toString(), "org.gsssp.cli.Launcher",
                "--version")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        String out = Files.readString(log);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.startsWith("gsssp: needs Java 22 or newer, and this is Java 17"), out);
        assertTrue(out.contains("Install a JDK 22+"), out);
        assertTrue(!out.contains("UnsupportedClassVersionError"), out);
    }

    @Test
    void onThisJavaItRunsTheCli(@TempDir Path tmp) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = tmp.resolve("out.txt");
        Process p = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "org.gsssp.cli.Launcher", "solve", "--help")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("Usage: gsssp solve"), out);
    }
}
