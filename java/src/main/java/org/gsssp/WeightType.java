package org.gsssp;

/** Element type of a graph's edge weights; the numeric codes match gsssp.h's gsssp_weight_type. */
public enum WeightType {
    /** 32-bit signed integers (code 0). */
    INT32(0),
    /** 32-bit IEEE floats (code 1). */
    FLOAT32(1);

    private final int code;

    WeightType(int code) {
        this.code = code;
    }

    /**
     * The numeric code gsssp.h uses for this type.
     *
     * @return 0 for {@link #INT32}, 1 for {@link #FLOAT32}
     */
    public int code() {
        return code;
    }
}
