package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;
import org.gsssp.internal.HostMemory;

/**
 * The row buffers of a {@link DeviceGraph}'s one-launch batches, kept from one batch to the next. Pinning costs
 * about a millisecond per few MB, more than a small batch's whole search (rome99, 256 sources: 13.7 MB), so the
 * buffers of the last batch are kept for the next (at most {@link DeviceBatches#MULTI_HOST_BYTES}) until the device
 * graph closes.
 */
final class BatchRowPool {
    /** A batch's two row buffers and their reached counts, page-locked when a GPU is present. */
    static final class BatchRows {
        final Arena arena = Arena.ofShared();
        final long bytesEach;
        final int chunk;
        final MemorySegment[] rows;
        final MemorySegment[] reached;

        BatchRows(int chunk, long bytesEach, int buffers, boolean pinned) {
            this.chunk = chunk;
            this.bytesEach = bytesEach;
            try {
                rows = new MemorySegment[buffers];
                reached = new MemorySegment[buffers];
                for (int i = 0; i < buffers; i++) {
                    rows[i] = HostMemory.allocate(bytesEach, pinned, arena);
                    reached[i] = arena.allocate(ValueLayout.JAVA_LONG, chunk);
                }
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }
    }

    private final DeviceHandle device;
    private final AtomicReference<BatchRows> idleRows = new AtomicReference<>();

    BatchRowPool(DeviceHandle device) {
        this.device = device;
    }

    /** The kept buffers if they are large enough, else new ones (the kept ones freed). */
    BatchRows take(int chunk, long bytesEach, int buffers) {
        BatchRows kept = idleRows.getAndSet(null);
        if (kept != null && kept.chunk >= chunk && kept.bytesEach >= bytesEach && kept.rows.length >= buffers) {
            return kept;
        }
        if (kept != null) {
            kept.arena.close();
        }
        return new BatchRows(chunk, bytesEach, buffers, Devices.available());
    }

    /** Keeps {@code rows} for the next batch (freeing what was kept before), or frees them once the graph is closed. */
    void give(BatchRows rows) {
        BatchRows previous = idleRows.getAndSet(rows);
        if (previous != null) {
            previous.arena.close();
        }
        if (!device.isClosed()) {
            return;
        }
        freeIdle();
    }

    /** Frees the kept buffers, if any. */
    void freeIdle() {
        BatchRows kept = idleRows.getAndSet(null);
        if (kept != null) {
            kept.arena.close();
        }
    }
}
