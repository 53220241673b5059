package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results CSVs are RFC 4180: cells with commas, quotes and line breaks come back as written. */
class ResultsCsvQuotingTest {
    @Test
    void quotedCellsWithLineBreaksRoundTrip(@TempDir Path dir) throws Exception {
        String graph = "odd \"name\", with\na line break";
        String note = "note, \"quoted\"\r\nand more";
        Files.writeString(dir.resolve(ReportWriter.RESULTS_CSV),
                "graph,vertices,edges,avg_degree,source,algorithm,device,status,repetitions,time_median_ms,time_min_ms,"
                        + "time_max_ms,total_median_ms,setup_ms,mteps,iterations,vertex_visits,edges_relaxed,"
                        + "vertices_reached,peak_device_memory,matched,delta,note\n"
                        + "\"odd \"\"name\"\", with\na line break\",3,2,0.666667,0,adds,\"GPU, big\",ok,2,1.5,1,2,1.6,0.1,"
                        + "1.3,4,3,2,3,1024,true,7,\"note, \"\"quoted\"\"\r\nand more\"\n");
        Files.writeString(dir.resolve(ReportWriter.REPETITIONS_CSV),
                "graph,algorithm,repetition,time_ms\n\"odd \"\"name\"\", with\na line break\",adds,1,1\n"
                        + "\"odd \"\"name\"\", with\na line break\",adds,2,2\n");
        List<Measurement> back = ResultsCsv.read(dir);
        assertEquals(1, back.size());
        Measurement m = back.get(0);
        assertEquals(graph, m.graph());
        assertEquals("GPU, big", m.device());
        assertEquals(note, m.note());
        assertArrayEquals(new double[] {1, 2}, m.timesMs());
        assertEquals(3, m.vertices());
        assertEquals(1024, m.peakDeviceMemory());
    }
}
