package org.gsssp.bench;

import java.util.List;

/**
 * How much work an algorithm had in flight over one run: the ADDS paper's parallelism plots (Figures 11–15)
 * draw processed work against time. {@link Traces} picks a Result's trace up (Near-Far records its near pile's
 * size per round).
 *
 * @param points in time order
 */
public record Trace(List<Point> points) {

    /** @param timeUs microseconds since the query started; @param work work items (vertices) processed then */
    public record Point(double timeUs, long work) {}

    public Trace {
        points = List.copyOf(points);
    }
}
