package org.gsssp.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read through it and reports the count to a {@link ProgressBar}. */
final class CountingInputStream extends FilterInputStream {
    private final ProgressBar bar;
    private long count;

    CountingInputStream(InputStream in, ProgressBar bar) {
        super(in);
        this.bar = bar;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            bar.update(++count);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int r = in.read(b, off, len);
        if (r > 0) {
            count += r;
            bar.update(count);
        }
        return r;
    }

    @Override
    public long skip(long n) throws IOException {
        long r = in.skip(n);
        if (r > 0) {
            count += r;
            bar.update(count);
        }
        return r;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    long count() {
        return count;
    }
}
