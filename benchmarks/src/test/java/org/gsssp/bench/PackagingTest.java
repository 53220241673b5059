package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the shaded jar relies on: JMH's generated list, and the small formatting helpers. */
class PackagingTest {

    @Test
    void jmhBenchmarkListIsGenerated() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/BenchmarkList")) {
            assertNotNull(in, "META-INF/BenchmarkList missing: is jmh-generator-annprocess on the processor path?");
            String list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String b : new String[] {"QueryBenchmark_query_jmhTest", "UploadBenchmark_uploadAndFree_jmhTest",
                    "FfmCallBenchmark_emptyDowncall_jmhTest", "FfmCallBenchmark_cpuQuery1k_jmhTest",
                    "FfmCallBenchmark_gpuQuery1k_jmhTest", "FfmCallBenchmark_gpuQuery1kPooled_jmhTest",
                    "ServingBenchmark_query_jmhTest", "ServingBenchmark_residentOneTarget_jmhTest",
                    "ServingBenchmark_autoQuery_jmhTest", "ConcurrencyBenchmark_adds_jmhTest",
                    "ConcurrencyBenchmark_autoSample_jmhTest", "CrossoverBenchmark_query_jmhTest"}) {
                assertTrue(list.contains(b), b + " not in BenchmarkList");
            }
        }
    }

    @Test
    void numbersInCsvKeepSixDigitsAndNoNoise() {
        assertEquals("100000", ReportWriter.num(100000));
        assertEquals("1.5", ReportWriter.num(1.5));
        assertEquals("0.123457", ReportWriter.num(0.1234567));
        assertEquals("3", ReportWriter.num(3.0));
        assertEquals("", ReportWriter.num(Double.NaN));
    }

    @Test
    void jsonEscapesAndNullsNonFiniteNumbers() {
        String json = Json.write(java.util.Map.of("a\"b", java.util.List.of(Double.NaN, 2.5, "x\ny")));
        assertTrue(json.contains("\"a\\\"b\""), json);
        assertTrue(json.contains("null") && json.contains("2.5") && json.contains("\"x\\ny\""), json);
    }

    @Test
    void commandsAreQuotedForTheShell() {
        assertEquals("rmat:scale=3,ef=2", RunCommand.shellQuote("rmat:scale=3,ef=2"));
        assertEquals("'a b'", RunCommand.shellQuote("a b"));
        assertEquals("'it'\\''s'", RunCommand.shellQuote("it's"));
    }
}
