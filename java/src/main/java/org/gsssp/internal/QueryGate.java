package org.gsssp.internal;

import java.util.concurrent.atomic.AtomicInteger;
import org.gsssp.GraphClosedException;

/**
 * The life of a native handle that many threads query at once (a device graph, a partitioned graph): queries
 * {@link #enter()} and {@link #exit()} around their native calls; {@code close} marks it closed, cancels what runs
 * natively, {@link #awaitIdle() waits} for the queries to leave, and only then frees the native memory.
 */
public final class QueryGate {
    private static final int CLOSED = Integer.MIN_VALUE;   // the sign bit of state
    private static final int ACTIVE = Integer.MAX_VALUE;   // the other bits: the queries inside

    // Queries enter and exit with one atomic add each, no lock: many threads query one handle at once (serve's
    // /distance at tens of thousands a second), and a shared monitor there is a point every query waits at.
    private final AtomicInteger state = new AtomicInteger();
    private final AtomicInteger waiters = new AtomicInteger();   // threads in awaitIdle
    private final Object idle = new Object();                     // awaitIdle waits on it; the last query out notifies
    private final String what;

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
        if (state.getAndIncrement() < 0) {
            exit();
            throw new GraphClosedException(what + " is closed");
        }
    }

    /** A query that {@link #enter() entered} has left. */
    public void exit() {
        // state, then waiters; awaitIdle writes waiters, then reads state: one of the two sees the other's write.
        if ((state.decrementAndGet() & ACTIVE) == 0 && waiters.get() > 0) {
            synchronized (idle) {
                idle.notifyAll();
            }
        }
    }

    /**
     * Whether closing has begun.
     *
     * @return true once {@link #beginClose()} has been called
     */
    public boolean isClosed() {
        return state.get() < 0;
    }

    /**
     * Marks the handle closed: later queries fail at {@link #enter()}.
     *
     * @return false if it was closed already (the caller has nothing left to do)
     */
    public boolean beginClose() {
        for (int s = state.get(); ; s = state.get()) {
            if (s < 0) {
                return false;
            }
            if (state.compareAndSet(s, s | CLOSED)) {
                return true;
            }
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
        waiters.incrementAndGet();
        try {
            synchronized (idle) {
                while ((state.get() & ACTIVE) != 0) {
                    try {
                        idle.wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
        } finally {
            waiters.decrementAndGet();
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
