package org.gsssp.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A graph file as the driver saw it: where it is, its length and its CRC-32C. Every executor reads the file itself
 * and compares both, so a file that changed between the driver's look and an executor's load is refused, not
 * answered from another graph. A location without a scheme (or with {@code file:}) is a local path on every
 * machine; any other scheme ({@code hdfs:}, {@code s3a:}, ...) is read through Hadoop's FileSystem.
 *
 * @param location the path or URI as the user gave it
 * @param length   the file's length in bytes
 * @param crc32c   the CRC-32C of its bytes (as stored, gzip'd or not)
 */
record GraphFile(String location, long length, long crc32c) implements Serializable {

    /** Reads {@code location} once to take its length and checksum; a missing file is an IllegalArgumentException. */
    static GraphFile describe(String location) {
        try (InputStream in = open(location)) {
            CRC32C crc = new CRC32C();
            long length = copy(in, null, crc);
            return new GraphFile(location, length, crc.getValue());
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new IllegalArgumentException("graph file " + location + " does not exist", e);
        } catch (IOException e) {
            throw new UncheckedIOException("graph file " + location + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Whether the location is a path of this machine's file system (no scheme, or file:). */
    boolean isLocal() {
        return isLocal(location);
    }

    static boolean isLocal(String location) {
        if (location.startsWith("file:")) {
            return true;
        }
        int colon = location.indexOf(':');
        int slash = location.indexOf('/');
        return colon < 0 || (slash >= 0 && slash < colon);
    }

    /** The local path of a local location. */
    Path localPath() {
        return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
    }

    static InputStream open(String location) throws IOException {
        if (isLocal(location)) {
            Path p = location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
            if (!Files.isRegularFile(p)) {
                throw new FileNotFoundException(location);
            }
            return Files.newInputStream(p);
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(location);
        FileSystem fs = p.getFileSystem(new Configuration());
        return fs.open(p);
    }

    /**
     * This machine's local copy of the file, checked against the driver's length and checksum: the file itself when
     * local, else a copy in {@code tmp}.
     */
    Path fetchChecked(Path tmp) throws IOException {
        CRC32C crc = new CRC32C();
        long length;
        Path local;
        try (InputStream in = open(location)) {
            if (isLocal()) {
                local = localPath();
                length = copy(in, null, crc);
            } else {
                String name = new org.apache.hadoop.fs.Path(location).getName();
                local = Files.createTempFile(tmp, "gsssp-", "-" + name);
                local.toFile().deleteOnExit();
                try (OutputStream out = Files.newOutputStream(local)) {
                    length = copy(in, out, crc);
                }
            }
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new IllegalStateException("graph file " + location + " does not exist on this executor", e);
        }
        if (length != this.length || crc.getValue() != crc32c) {
            throw new IllegalStateException(String.format(
                    "graph file %s changed between the driver and this executor: the driver read %d bytes with CRC-32C "
                            + "%08x, this executor reads %d bytes with CRC-32C %08x; every executor must see the same file",
                    location, this.length, crc32c, length, crc.getValue()));
        }
        return local;
    }

    private static long copy(InputStream in, OutputStream out, CRC32C crc) throws IOException {
        byte[] buf = new byte[1 << 16];
        long total = 0;
        for (int r; (r = in.read(buf)) > 0; ) {
            crc.update(buf, 0, r);
            if (out != null) {
                out.write(buf, 0, r);
            }
            total += r;
        }
        return total;
    }
}
