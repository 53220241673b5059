package org.gsssp.generate;

/**
 * A 3-D lattice mesh of {@code nx × ny × nz} vertices, each joined in both directions to its neighbours in the
 * 6-, 18- or 26-neighbourhood (faces; faces and edges; faces, edges and corners): interior degree 6, 18 or 26,
 * like the finite-element meshes (degree ~12-26) where ADDS's margin over the peers is thin. Vertex
 * {@code x + nx·(y + ny·z)}.
 *
 * @param nx            vertices along x, at least 1
 * @param ny            vertices along y, at least 1
 * @param nz            vertices along z, at least 1
 * @param neighbourhood 6, 18 or 26
 * @param seed          the seed of the weights
 * @param weights       how the edge weights are drawn
 */
public record MeshSpec(int nx, int ny, int nz, int neighbourhood, long seed, WeightSpec weights) implements GraphSpec {

    /**
     * Checks the size.
     *
     * @throws IllegalArgumentException if a side is below 1, the mesh has 2^31 - 1 or more vertices, or the
     *         neighbourhood is not 6, 18 or 26
     */
    public MeshSpec {
        if (nx < 1 || ny < 1 || nz < 1 || (long) nx * ny * nz > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("mesh needs sides >= 1 and fewer than 2^31 vertices, got " + nx + "x" + ny + "x" + nz);
        }
        if (neighbourhood != 6 && neighbourhood != 18 && neighbourhood != 26) {
            throw new IllegalArgumentException("mesh needs nb=6, 18 or 26, got " + neighbourhood);
        }
    }

    /** The neighbour offsets {dx, dy, dz}, in the order each vertex lists its out-edges. */
    int[][] offsets() {
        int limit = neighbourhood == 6 ? 1 : neighbourhood == 18 ? 2 : 3;
        java.util.List<int[]> out = new java.util.ArrayList<>();
        for (int dz = -1; dz <= 1; dz++) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int l1 = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
                    if (l1 > 0 && l1 <= limit) {
                        out.add(new int[] {dx, dy, dz});
                    }
                }
            }
        }
        return out.toArray(int[][]::new);
    }

    @Override
    public int numVertices() {
        return nx * ny * nz;
    }

    @Override
    public long numEdges() {
        long m = 0;
        for (int[] d : offsets()) {
            m += (long) (nx - Math.abs(d[0])) * (ny - Math.abs(d[1])) * (nz - Math.abs(d[2]));
        }
        return m;
    }

    @Override
    public String toString() {
        return "mesh:" + nx + "x" + ny + "x" + nz + ",nb=" + neighbourhood + ",seed=" + seed + "," + weights;
    }
}
