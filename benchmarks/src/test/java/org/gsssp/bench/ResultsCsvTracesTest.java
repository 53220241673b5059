package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'plot DIR' draws trace figures and shows Delta from the CSV files alone. */
class ResultsCsvTracesTest {
    @Test
    void deltaAndTracesComeBackFromTheCsvFiles(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(ReportWriter.RESULTS_CSV),
                "graph,vertices,edges,avg_degree,source,algorithm,device,status,repetitions,time_median_ms,time_min_ms,"
                + "time_max_ms,total_median_ms,setup_ms,mteps,iterations,vertex_visits,edges_relaxed,vertices_reached,"
                + "peak_device_memory,matched,delta,note\n"
                + "g,10,20,2,0,near-far,GPU,ok,1,1.5,1.5,1.5,2,0.1,13,4,12,20,10,100,true,400,\n"
                + "g,10,20,2,0,frontier,GPU,ok,1,1.2,1.2,1.2,2,0.1,16,5,14,22,10,100,true,,\n");
        Files.writeString(dir.resolve(ReportWriter.REPETITIONS_CSV), "graph,algorithm,repetition,time_ms\n"
                + "g,near-far,1,1.5\ng,frontier,1,1.2\n");
        Files.writeString(dir.resolve(ReportWriter.TRACES_CSV), "graph,algorithm,time_us,work\n"
                + "g,near-far,0,1\ng,near-far,12.5,3\ng,near-far,30,8\n");
        List<Measurement> m = ResultsCsv.read(dir);
        Measurement nf = m.stream().filter(x -> x.algorithm().equals("near-far")).findFirst().orElseThrow();
        Measurement fr = m.stream().filter(x -> x.algorithm().equals("frontier")).findFirst().orElseThrow();
        assertEquals(400.0, nf.delta());
        assertTrue(Double.isNaN(fr.delta()));
        assertEquals(3, nf.trace().points().size());
        assertEquals(new Trace.Point(12.5, 3), nf.trace().points().get(1));
        assertNull(fr.trace());
    }
}
