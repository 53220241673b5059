package org.gsssp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gsssp.GraphClosedException;
import org.junit.jupiter.api.Test;

/** {@link QueryGate}: what DeviceGraph and PartitionedGraph rely on when a close races with queries. */
class QueryGateTest {
    @Test
    void closedGateRefusesNewQueriesAndClosesOnce() {
        QueryGate gate = new QueryGate("device graph of g");
        gate.enter();
        gate.exit();
        assertFalse(gate.isClosed());
        assertTrue(gate.beginClose());
        assertFalse(gate.beginClose(), "a second close has nothing to do");
        assertTrue(gate.isClosed());
        GraphClosedException e = assertThrows(GraphClosedException.class, gate::enter);
        assertEquals("device graph of g is closed", e.getMessage());
        assertFalse(gate.awaitIdle(), "no query inside: no wait, no interrupt");
    }

    @Test
    void awaitIdleWaitsForTheLastQueryAndReportsAnInterrupt() throws Exception {
        QueryGate gate = new QueryGate("partitioned graph of g");
        gate.enter();
        gate.enter();
        assertTrue(gate.beginClose());
        CountDownLatch waiting = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean returned = new AtomicBoolean();
        Thread closer = new Thread(() -> {
            waiting.countDown();
            interrupted.set(gate.awaitIdle());
            returned.set(true);
        });
        closer.start();
        assertTrue(waiting.await(5, TimeUnit.SECONDS));
        closer.interrupt();  // must not end the wait while queries are inside
        gate.exit();
        Thread.sleep(100);
        assertFalse(returned.get(), "returned while a query was still inside");
        gate.exit();
        closer.join(5_000);
        assertTrue(returned.get(), "did not return after the last query left");
        assertTrue(interrupted.get(), "the interrupt during the wait is reported");
    }

    @Test
    void closeCancelsWaitsThenFreesOnce() throws Exception {
        QueryGate gate = new QueryGate("device graph of g");
        gate.enter();
        StringBuffer order = new StringBuffer();  // written by the closing thread
        Thread closer = new Thread(() -> gate.close(() -> order.append("cancel "), () -> order.append("free")));
        closer.start();
        Thread.sleep(100);
        assertEquals("cancel ", order.toString(), "freed while a query was still inside");
        gate.exit();
        closer.join(5_000);
        assertEquals("cancel free", order.toString());
        gate.close(() -> order.append(" again"), () -> order.append(" again"));
        assertEquals("cancel free", order.toString(), "a second close has nothing to do");
    }

    /** Many threads in and out at once while the gate closes: nothing is freed under a query, every later one refused. */
    @Test
    void closeUnderManyConcurrentQueriesFreesOnlyOnceAllHaveLeft() throws Exception {
        QueryGate gate = new QueryGate("contraction hierarchy of g");
        AtomicBoolean freed = new AtomicBoolean();
        AtomicBoolean freedUnderAQuery = new AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong queries = new java.util.concurrent.atomic.AtomicLong();
        Thread[] threads = new Thread[8];
        CountDownLatch started = new CountDownLatch(threads.length);
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                started.countDown();
                while (true) {
                    try {
                        gate.enter();
                    } catch (GraphClosedException e) {
                        return;
                    }
                    try {
                        if (freed.get()) {
                            freedUnderAQuery.set(true);
                        }
                        queries.incrementAndGet();
                    } finally {
                        gate.exit();
                    }
                }
            });
            threads[i].start();
        }
        assertTrue(started.await(5, TimeUnit.SECONDS));
        while (queries.get() < 10_000) {
            Thread.onSpinWait();
        }
        gate.close(() -> { }, () -> freed.set(true));
        for (Thread t : threads) {
            t.join(5_000);
            assertFalse(t.isAlive(), "a query thread was not refused after the close");
        }
        assertTrue(freed.get());
        assertFalse(freedUnderAQuery.get(), "freed while a query was inside");
        assertThrows(GraphClosedException.class, gate::enter);
        assertFalse(gate.awaitIdle(), "every refused enter left again");
    }
}
