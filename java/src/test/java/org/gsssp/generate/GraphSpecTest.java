package org.gsssp.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GraphSpecTest {

    @ParameterizedTest
    @ValueSource(strings = {"rmat:scale=22,ef=16,seed=1,w=1..1000", "grid:2048x2048,seed=1,w=1..1000",
            "random:n=4194304,d=7,seed=1,w=1..10", "rmat:scale=5,ef=2,a=0.4,b=0.3,c=0.2,seed=3,w=0..7,neg=0.1",
            "grid:3x4,seed=-5,w=0.5..2.25,float,neg=0.25"})
    void canonicalSpecsRoundTrip(String text) {
        GraphSpec spec = GraphSpec.parse(text);
        assertEquals(text, spec.toString());
        assertEquals(spec, GraphSpec.parse(spec.toString()));
    }

    @Test
    void defaultsAreSpelledOut() {
        assertEquals("rmat:scale=4,ef=16,seed=1,w=1..1000", GraphSpec.parse("rmat:scale=4").toString());
        assertEquals("random:n=10,d=7,seed=1,w=1..10", GraphSpec.parse("random:n=10").toString());
        assertEquals("grid:3x3,seed=1,w=1..1000", GraphSpec.parse("GRID:rows=3").toString());
        GridSpec g = assertInstanceOf(GridSpec.class, GraphSpec.parse("grid: rows=2, cols=9 ,float"));
        assertEquals(18, g.numVertices());
        assertTrue(g.weights().floating());
    }

    @Test
    void sizesAreKnownBeforeGenerating() {
        GraphSpec r = GraphSpec.parse("rmat:scale=22,ef=16");
        assertEquals(1 << 22, r.numVertices());
        assertEquals(16L << 22, r.numEdges());
        GraphSpec g = GraphSpec.parse("grid:2x3");
        assertEquals(2L * (2 * 2 + 3 * 1), g.numEdges());
    }

    @Test
    void tellsSpecsFromFiles() {
        assertTrue(GraphSpec.looksLikeSpec("rmat:scale=3"));
        assertTrue(GraphSpec.looksLikeSpec(" Grid:3x3"));
        assertFalse(GraphSpec.looksLikeSpec("graphs/rome99.gr"));
        assertFalse(GraphSpec.looksLikeSpec("/abs/random.gr"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rmat:ef=3", "rmat:scale=3,size=4", "grid:3y4", "random:n=5,d=2,w=10..1", "random:n=5,w=1",
            "random:n=5,neg=0.5", "random:n=5,w=1.5..2", "mesh:3", "random", "rmat:scale=31", "rmat:scale=3,seed=x",
            "random:n=5,fast", "random:n=5,n=6", "grid:0x3", "rmat:scale=3,a=0.9,b=0.2"})
    void badSpecsNameTheProblem(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse(text));
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void unknownKeysAreListedWithTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GraphSpec.parse("random:n=5,deg=3"));
        assertTrue(e.getMessage().contains("deg"), e.getMessage());
        assertTrue(e.getMessage().contains("n, d"), e.getMessage());
    }
}
