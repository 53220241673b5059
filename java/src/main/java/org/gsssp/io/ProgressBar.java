package org.gsssp.io;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar on stderr for long loads, driven by bytes read. It prints nothing during the first
 * second (most loads are done by then), then redraws at most ten times a second, and ends its line in
 * {@link #finish()}. A disabled bar does nothing. Thread-safe enough for one reader thread.
 */
public final class ProgressBar {
    private static final long DELAY_NS = 1_000_000_000L;
    private static final long PERIOD_NS = 100_000_000L;
    private static final int WIDTH = 30;

    private final String label;
    private final long total;
    private final boolean enabled;
    private final PrintStream out;
    private final java.util.function.LongFunction<String> format;
    private final long start = System.nanoTime();
    private long nextDraw = start + DELAY_NS;
    private long done;
    private boolean drawn;

    /**
     * A bar on stderr; nothing is printed before {@link #update(long)} has run for a second.
     *
     * @param label   shown before the bar, e.g. "Loading rome99.gr"
     * @param total   total bytes expected, or a value &lt;= 0 when unknown (then only the count is shown)
     * @param enabled false makes every method a no-op
     */
    public ProgressBar(String label, long total, boolean enabled) {
        this(label, total, enabled, System.err);
    }

    ProgressBar(String label, long total, boolean enabled, PrintStream out) {
        this(label, total, enabled, out, ProgressBar::mb);
    }

    private ProgressBar(String label, long total, boolean enabled, PrintStream out,
                        java.util.function.LongFunction<String> format) {
        this.label = label;
        this.total = total;
        this.enabled = enabled;
        this.out = out;
        this.format = format;
    }

    /**
     * A bar on stderr that counts things rather than bytes, e.g. the vertices a hierarchy build has contracted.
     *
     * @param label   shown before the bar, e.g. "Contracting NY"
     * @param total   the count expected
     * @param enabled false makes every method a no-op
     * @param unit    the things counted, e.g. "vertices"
     * @return the bar; drive it with {@link #update(long)}
     */
    public static ProgressBar counting(String label, long total, boolean enabled, String unit) {
        return new ProgressBar(label, total, enabled, System.err, c -> String.format(Locale.ROOT, "%,d %s", c, unit));
    }

    /**
     * Reports that {@code bytesDone} bytes have been read so far; cheap when nothing is due.
     *
     * @param bytesDone the bytes read since the load began
     */
    public void update(long bytesDone) {
        if (!enabled) {
            return;
        }
        done = bytesDone;
        long now = System.nanoTime();
        if (now - nextDraw >= 0) {
            nextDraw = now + PERIOD_NS;
            draw(false);
        }
    }

    /**
     * Wraps {@code in} so that the bytes read through it drive this bar.
     *
     * @param in the stream the load reads
     * @return a counting stream over {@code in}, or {@code in} itself when the bar is disabled
     */
    public java.io.InputStream track(java.io.InputStream in) {
        return enabled ? new CountingInputStream(in, this) : in;
    }

    /** Ends the bar's line if it was drawn at all. */
    public void finish() {
        if (enabled && drawn) {
            draw(true);
            out.println();
            out.flush();
            drawn = false;
        }
    }

    /** Whether anything has been printed. */
    boolean drawn() {
        return drawn;
    }

    private void draw(boolean last) {
        StringBuilder sb = new StringBuilder("\r").append(label).append(' ');
        double secs = (System.nanoTime() - start) / 1e9;
        if (total > 0) {
            double f = last ? 1.0 : Math.min(1.0, (double) done / total);
            int full = (int) (f * WIDTH);
            sb.append('[');
            for (int i = 0; i < WIDTH; i++) {
                sb.append(i < full ? '=' : (i == full ? '>' : ' '));
            }
            sb.append(String.format(Locale.ROOT, "] %3d%%  %s / %s", (int) (f * 100), format.apply(last ? total : done),
                    format.apply(total)));
        } else {
            sb.append(format.apply(done));
        }
        sb.append(String.format(Locale.ROOT, "  %.1f s ", secs));
        out.print(sb);
        out.flush();
        drawn = true;
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
