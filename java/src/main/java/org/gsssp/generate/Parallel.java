package org.gsssp.generate;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Fixed work chunks spread over a few threads. Results never depend on the number of threads: every chunk
 * draws from its own random stream, derived from (seed, stream, chunk index) alone.
 */
final class Parallel {
    private Parallel() {}

    /** Runs {@code task} for every index in {@code 0..tasks-1} on up to {@code threads} threads. */
    static void forEach(int threads, int tasks, IntConsumer task) {
        int workers = Math.min(threads, tasks);
        if (workers <= 1) {
            for (int i = 0; i < tasks; i++) {
                task.accept(i);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] pool = new Thread[workers];
        for (int t = 0; t < workers; t++) {
            pool[t] = Thread.ofPlatform().daemon().name("gsssp-generate-" + t).start(() -> {
                try {
                    for (int i; failure.get() == null && (i = next.getAndIncrement()) < tasks; ) {
                        task.accept(i);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
        }
        boolean interrupted = false;
        for (Thread thread : pool) {
            // the workers write into memory the caller owns, so the caller may not leave before they stop
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }

    /** Chunks of {@code size} covering {@code 0..total-1}. */
    static int chunks(long total, int size) {
        return Math.toIntExact((total + size - 1) / size);
    }

    /** An independent generator for one chunk of one stream of one seed. */
    static SplittableRandom random(long seed, long stream, long chunk) {
        return new SplittableRandom(mix(mix(seed + 0x9E3779B97F4A7C15L * stream) ^ chunk));
    }

    /** SplitMix64's finalizer: neighbouring inputs give unrelated outputs. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
