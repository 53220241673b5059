package org.gsssp.internal;

import org.gsssp.GraphClosedException;

/**
 * The life of a native handle that many threads query at once (a device graph, a partitioned graph): queries
 * {@link #enter()} and {@link #exit()} around their native calls; {@code close} marks it closed, cancels what runs
 * natively, {@link #awaitIdle() waits} for the queries to leave, and only then frees the native memory.
 */
public final class QueryGate {
    private final Object lock = new Object();
    private final String what;
    private int active;
    private boolean closed;

    /**
     * A gate for one handle.
     *
     * @param what the handle as the closed message names it, e.g. "device graph of rome99"
     */
    public QueryGate(String what) {
        this.what = what;
    }

    /**
     * A query begins.
     *
     * @throws GraphClosedException if the handle is closed (or closing)
     */
    public void enter() {
        synchronized (lock) {
            if (closed) {
                throw new GraphClosedException(what + " is closed");
            }
            active++;
        }
    }

    /** A query that {@link #enter() entered} has left. */
    public void exit() {
        synchronized (lock) {
            if (--active == 0) {
                lock.notifyAll();
            }
        }
    }

    /**
     * Whether closing has begun.
     *
     * @return true once {@link #beginClose()} has been called
     */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Marks the handle closed: later queries fail at {@link #enter()}.
     *
     * @return false if it was closed already (the caller has nothing left to do)
     */
    public boolean beginClose() {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            closed = true;
            return true;
        }
    }

    /**
     * Waits until no query is inside. An interrupt does not end the wait (the native memory cannot be freed under a
     * running query, and a cancelled query ends within a round); it is reported instead, for the caller to restore
     * once it has freed the memory.
     *
     * @return whether the thread was interrupted while waiting
     */
    public boolean awaitIdle() {
        boolean interrupted = false;
        synchronized (lock) {
            while (active > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        return interrupted;
    }

    /**
     * The whole close of a handle, once: marks it closed, runs {@code cancel} (which makes running queries fail at
     * their next round), waits for the queries to leave, then runs {@code free}. An interrupt during the wait is
     * restored after {@code free} (see {@link #awaitIdle()}). Does nothing if the handle was closed already.
     *
     * @param cancel what tells running queries to stop
     * @param free   what frees the native memory, once no query is inside
     */
    public void close(Runnable cancel, Runnable free) {
        if (!beginClose()) {
            return;
        }
        cancel.run();
        // The memory cannot be freed under a running query; a cancelled one ends within a round.
        boolean interrupted = awaitIdle();
        try {
            free.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
