package org.gsssp;

/**
 * One sample of a parallelism trace: the work available (frontier size, or items assigned) at a moment.
 *
 * @param timeUs microseconds since the algorithm started
 * @param work work items available or in flight at that moment
 */
public record TraceSample(double timeUs, long work) {}
