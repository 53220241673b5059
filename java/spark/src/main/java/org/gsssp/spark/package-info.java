/**
 * gsssp on Apache Spark: many-source shortest-path jobs over a cluster of GPU (or CPU) executors.
 * {@link org.gsssp.spark.SparkSssp} is the API: distances from a Dataset of sources to given targets, per-source
 * summaries (reached count, distance sum, eccentricity, closeness) and origin × destination matrices (rows, or
 * Parquet). {@link org.gsssp.spark.ClosenessJob} is an example job for spark-submit. Spark itself is a
 * {@code provided} dependency: the cluster brings it.
 */
package org.gsssp.spark;
