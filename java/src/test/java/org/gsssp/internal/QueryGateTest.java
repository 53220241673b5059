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
}
