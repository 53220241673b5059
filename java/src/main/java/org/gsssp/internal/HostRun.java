package org.gsssp.internal;

import java.util.List;
import org.gsssp.Stats;
import org.gsssp.TraceSample;

/**
 * What one CPU query measured.
 *
 * @param stats         its statistics
 * @param trace         its trace samples (empty unless asked for and recorded)
 * @param distanceBytes bytes per distance written: 8, or 4 / 2 for compact output
 */
public record HostRun(Stats stats, List<TraceSample> trace, int distanceBytes) {}
