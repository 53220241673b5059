/*
 * gsssp.h — the C ABI of gsssp, the one header jextract reads.
 *
 * Conventions (after cuVS's C API):
 *   - every function returns an int status (gsssp_status); 0 is success;
 *   - on failure, gsssp_last_error() returns a text for the calling thread that names what was wrong;
 *   - opaque handles come in create/destroy pairs; destroy accepts NULL;
 *   - no C++ exception and no CUDA error escapes: both become status codes here.
 *
 * Graphs are directed, in CSR form: offsets[num_vertices + 1] (int64, offsets[0] = 0, non-decreasing,
 * offsets[num_vertices] = num_edges), targets[num_edges] (int32, 0 <= t < num_vertices) and
 * weights[num_edges] (int32 or float32, see gsssp_weight_type). The host arrays are read in place, never
 * copied by the library except when uploading them to a GPU.
 *
 * Distances are written as 8 bytes per vertex:
 *   - int32 weights:   int64 distances; GSSSP_INT_INFINITY for unreachable vertices. The sum of at most
 *                      2^31 - 2 edges of |w| < 2^31 fits in int64, so a distance never wraps.
 *   - float32 weights: distances are computed in float32 (as the papers do) and written widened to double;
 *                      +infinity for unreachable vertices. A finite path whose float32 sum overflows makes
 *                      the query fail with GSSSP_ERROR_OVERFLOW instead of reporting the vertex unreachable.
 * Predecessors are int32 per vertex: -1 for the source and for unreachable vertices; following them from
 * any reached vertex leads to the source along a shortest path (a tree, even with zero-weight edges).
 */
#ifndef GSSSP_H
#define GSSSP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GSSSP_API __attribute__((visibility("default")))
#else
#define GSSSP_API
#endif

/* ---- status codes: one-to-one with the Java exceptions ---------------------------------------- */
typedef enum gsssp_status {
  GSSSP_SUCCESS = 0,
  GSSSP_ERROR_INVALID_ARGUMENT = 1,   /* a null pointer, a source out of range, an unknown enum value */
  GSSSP_ERROR_INVALID_GRAPH = 2,      /* CSR arrays inconsistent: offsets not monotone, target out of range */
  GSSSP_ERROR_NO_GPU = 3,             /* no CUDA device or no usable driver */
  GSSSP_ERROR_CUDA = 4,               /* a CUDA call failed; the error text carries the CUDA error name */
  GSSSP_ERROR_OUT_OF_DEVICE_MEMORY = 5,
  GSSSP_ERROR_NEGATIVE_CYCLE = 6,     /* a negative cycle reachable from the source */
  GSSSP_ERROR_CLOSED = 7,             /* the handle was closed (or is closing) */
  GSSSP_ERROR_INTERNAL = 8,           /* a bug in gsssp */
  GSSSP_ERROR_UNSUPPORTED = 9,        /* the algorithm does not accept this input (e.g. negative weights) */
  GSSSP_ERROR_OVERFLOW = 10,          /* a float32 distance overflowed */
  GSSSP_ERROR_NOT_CONVERGED = 11,     /* the caller's max_iterations was reached before convergence */
  GSSSP_ERROR_CERTIFICATE = 12        /* options.certify: the answer failed its optimality certificate (a bug) */
} gsssp_status;

typedef enum gsssp_weight_type {
  GSSSP_WEIGHT_INT32 = 0,
  GSSSP_WEIGHT_FLOAT32 = 1
} gsssp_weight_type;

/* Algorithm ids are stable: values are never reused. */
typedef enum gsssp_algorithm {
  GSSSP_ALGORITHM_CPU_DIJKSTRA = 0,   /* radix-heap Dijkstra on the host: the reference */
  GSSSP_ALGORITHM_BELLMAN_FORD = 1,   /* Harish & Narayanan, as in Patel 2023, Algorithms 5-7 */
  GSSSP_ALGORITHM_FRONTIER = 2,       /* Martin et al. ICCS'09, relax_F (Fig. 3) */
  GSSSP_ALGORITHM_NEAR_FAR = 3,       /* Davidson et al. IPDPS'14, as optimized in LonestarGPU */
  GSSSP_ALGORITHM_DA2CF_F = 4,        /* Martin et al. ICCS'09, compound frontier, relax_F */
  GSSSP_ALGORITHM_DA2CF_U = 5,        /* Martin et al. ICCS'09, compound frontier, relax_U */
  GSSSP_ALGORITHM_HBF = 6,            /* Busato & Bombieri TPDS'16; accepts negative weights */
  GSSSP_ALGORITHM_ADDS = 7,           /* Wang, Fussell & Lin PPoPP'21: asynchronous dynamic delta-stepping */
  GSSSP_ALGORITHM_DA2CF_F_MATRIX = 8, /* Martin et al. ICCS'09, adjacency-matrix relax_F */
  GSSSP_ALGORITHM_DA2CF_U_MATRIX = 9, /* Martin et al. ICCS'09, adjacency-matrix relax_U */
  GSSSP_ALGORITHM_CPU_BELLMAN_FORD = 10, /* queue-based Bellman-Ford on the host; accepts negative weights */
  GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD = 11, /* Bellman-Ford in one thread block, distances in shared memory:
                                              small graphs (about 19,000 vertices on an H100; UNSUPPORTED above) */
  GSSSP_ALGORITHM_MULTI_BELLMAN_FORD = 12, /* Bellman-Ford with a source dimension: up to 128 sources per launch
                                              share each edge read (gsssp_device_graph_sssp_batch); a single
                                              query runs it with one source */
  GSSSP_ALGORITHM_BLOCK_NEAR_FAR = 13,     /* Near-Far inside one thread block per source, its state in global
                                              memory: the batch design for graphs beyond one block's shared
                                              memory (gsssp_device_graph_sssp_batch); a single query runs one
                                              block */
  GSSSP_ALGORITHM_PHAST = 15               /* PHAST (Delling, Goldberg, Nowatzyk & Werneck, IPDPS'11 / JPDC'13) on the
                                              contraction hierarchy attached to the device graph
                                              (gsssp_device_graph_attach_ch; UNSUPPORTED without one): an upward
                                              search on the host, then one sweep over the vertices by level on the
                                              GPU. Batches sweep up to 256 sources together, and a batch with
                                              targets (a matrix) sweeps only the vertices the targets need (RPHAST,
                                              ATMOS'11). Int32 weights. stats.time_ms: the host's upward search
                                              plus the sweep's device time; iterations: the levels swept */
} gsssp_algorithm;

/* H-BF dynamic-parallelism modes (Busato & Bombieri TPDS'16, section 5.3). */
typedef enum gsssp_hbf_dp_mode {
  GSSSP_HBF_DP_OFF = 0,               /* high-degree vertices go through the virtual-warp path */
  GSSSP_HBF_DP_DEVICE_LAUNCH = 1,     /* child kernels launched from the device (CUDA dynamic parallelism) */
  GSSSP_HBF_DP_BLOCK_PER_VERTEX = 2,  /* a thread block per high-degree vertex, in a second kernel */
  GSSSP_HBF_DP_DEFAULT = 3            /* whichever measured faster on the H100 (documented in the code): device
                                         launch, or block-per-vertex in a build without it */
} gsssp_hbf_dp_mode;

/* One sample of a parallelism trace: work available (e.g. frontier or assigned items) at a time. */
typedef struct gsssp_trace_sample {
  double time_us;             /* since the algorithm started */
  int64_t work;
} gsssp_trace_sample;

#define GSSSP_INT_INFINITY INT64_MAX
#define GSSSP_NO_PREDECESSOR (-1)

/* ---- version, errors, devices ----------------------------------------------------------------- */

/* The library's version, "MAJOR.MINOR.PATCH[-QUALIFIER]", as built (static storage). */
GSSSP_API const char* gsssp_version(void);

/* The CUDA runtime's version (linked statically into the library) and the installed driver's, as
 * cudaRuntimeGetVersion and cudaDriverGetVersion give them: 1000 * major + 10 * minor (12080 for 12.8).
 * *driver is 0 where no NVIDIA driver is installed. Either pointer may be NULL. */
GSSSP_API int gsssp_cuda_versions(int32_t* runtime, int32_t* driver);

/* The text of the last failure on the calling thread ("" if none); valid until the thread's next call. */
GSSSP_API const char* gsssp_last_error(void);

/* What the library knows of an algorithm id: its name (the enum's, without the GSSSP_ALGORITHM_ prefix, static
 * storage), and through the flags 1 = runs on a GPU (else the host), 2 = accepts negative weights. NULL and
 * *flags = 0 for an unknown id. flags may be NULL. */
GSSSP_API const char* gsssp_algorithm_info(int32_t algorithm, int32_t* flags);

/* Number of usable CUDA devices; 0 (and GSSSP_SUCCESS) when there is no driver or no device. */
GSSSP_API int gsssp_device_count(int32_t* count);

typedef struct gsssp_device_info {
  char name[256];
  int64_t total_memory;      /* bytes */
  int64_t free_memory;       /* bytes, at the time of the call */
  int32_t multiprocessor_count;
  int32_t compute_capability_major;
  int32_t compute_capability_minor;
  int32_t max_threads_per_multiprocessor;
} gsssp_device_info;

GSSSP_API int gsssp_device_get_info(int32_t device, gsssp_device_info* info);

/* ---- graphs and queries ----------------------------------------------------------------------- */

/* A host CSR graph as the caller holds it; the arrays must stay valid for the duration of a call. */
typedef struct gsssp_csr {
  int64_t num_vertices;
  int64_t num_edges;
  const int64_t* offsets;    /* num_vertices + 1 */
  const int32_t* targets;    /* num_edges */
  const void* weights;       /* num_edges of int32_t or float */
  int32_t weight_type;       /* gsssp_weight_type */
} gsssp_csr;

/* Delta-stepping family (NEAR_FAR, ADDS, BLOCK_NEAR_FAR): bucket width. delta > 0 is used as given; otherwise
 * delta = delta_constant * W / D (W average edge weight, D average out-degree, from a sampling kernel);
 * delta_constant <= 0 means the algorithm's default C. The Delta used is in gsssp_stats. */
typedef struct gsssp_delta_options {
  double delta;
  double delta_constant;
} gsssp_delta_options;

/* H-BF optimizations (TPDS'16 sections 4-5), each 1 = on (default) or 0 = off, for the ablation. */
typedef struct gsssp_hbf_options {
  int32_t edge_classification;    /* 4.1 */
  int32_t duplicate_removal;      /* 4.2: 64-bit (distance, iteration) atomicMin */
  int32_t coalesced_enqueue;      /* 5.1 */
  int32_t dynamic_virtual_warps;  /* 5.2 */
  int32_t dynamic_parallelism;    /* 5.3: a gsssp_hbf_dp_mode, default GSSSP_HBF_DP_DEFAULT */
  int32_t dp_threshold;           /* T_DP: out-degree above which 5.3 applies; default 4096 */
} gsssp_hbf_options;

/* DA2CF: min_on_device 1 (default) = the minimum reduction runs fully on the GPU; 0 = two passes with the final
 * step on the host, as in the paper. */
typedef struct gsssp_da2cf_options {
  int32_t min_on_device;
} gsssp_da2cf_options;

/* ADDS (PPoPP'21 section 5) ablation switches and its pool; 0 = the algorithm's defaults. */
typedef struct gsssp_adds_options {
  int32_t static_delta;          /* 1: keep the initial Delta (the NF estimate) */
  int32_t bucket_count;          /* 0 = 32; 2..32 (2 for the Table 5 "2 buckets" row) */
  /* Worker-local rounds, gsssp's addition to the paper's worker: 1 (default) = a worker holding a small
   * assignment (at most 128 items; 256 once Delta has risen 4-fold over its start) expands the vertices it
   * lowers into that assignment's bucket (or a higher-priority one) itself before it reports the items
   * complete, instead of pushing each of them for the manager to hand out again; 0 = off: every lowered
   * vertex is pushed, as in the paper. */
  int32_t local_rounds;
  /* The bucket memory pool, in 32-bit words (rounded up to 64K-word blocks):
   *   0  = sized from the graph; if it runs out, the run stops and restarts with twice the pool;
   *   >0 = exactly this pool; if it runs out the query fails with GSSSP_ERROR_OUT_OF_DEVICE_MEMORY;
   *   <0 = start with -pool_words words, restarting with twice the pool as for 0.
   * Restarts are counted in gsssp_stats.restarts; a run that never exhausts its pool is never restarted. */
  int64_t pool_words;
  /* ADDS watchdog: a run whose queue makes no progress for this many milliseconds is stopped and the
   * query fails with GSSSP_ERROR_INTERNAL, naming the queue state; 0 = 10000. */
  int64_t watchdog_ms;
} gsssp_adds_options;

/* Per-query options; fill with gsssp_options_init(). Fields unknown to an algorithm are ignored. */
typedef struct gsssp_options {
  int32_t compute_predecessors;   /* 1 (default): fill predecessors if the pointer is non-null */
  int32_t block_size;             /* threads per block for GPU kernels; 0 = the algorithm's default */
  int64_t max_iterations;         /* 0 = no limit beyond the algorithm's own bound; reaching a limit
                                     set here gives GSSSP_ERROR_NOT_CONVERGED */

  /* Per algorithm family, each in its own struct (below): the delta-stepping family's bucket width, H-BF's
   * optimizations, DA2CF's minimum, ADDS's ablation switches and pool. An algorithm reads its own and ignores the
   * others'. */
  gsssp_delta_options delta_stepping;
  gsssp_hbf_options hbf;
  gsssp_da2cf_options da2cf;
  gsssp_adds_options adds;

  /* Optional parallelism trace: when trace != NULL, up to trace_capacity samples are written and
   * gsssp_stats.trace_length says how many. Algorithms that do not trace write none. */
  gsssp_trace_sample* trace;
  int64_t trace_capacity;

  /* Compact host distances (GPU queries into host memory): 1 = write 4 bytes per vertex instead of 8 when
   * every distance fits, halving what crosses the bus: float32 graphs as float (exact: the distances are
   * float32 sums), int32 graphs as uint32 when all finite distances are in [0, 2^32 - 2] (UINT32_MAX for
   * unreachable vertices); otherwise the usual 8-byte format. 2 = as 1, and int32 graphs as uint16 when all
   * finite distances are in [0, 2^16 - 2] (UINT16_MAX for unreachable vertices), a quarter of the 8-byte traffic;
   * once a query on a resident graph needed more, its later queries start at 4 bytes. gsssp_stats.distance_bytes
   * says which was written. 0 (default) = always 8 bytes. CPU queries and resident results always use 8 bytes. */
  int32_t compact_distances;

  /* Targets: when targets != NULL, the search may stop as soon as the target_count vertices it lists are final.
   *   CPU Dijkstra: stops once they are settled. Their distances (and the predecessors along their paths) are
   *     final; every other vertex's distance is only an upper bound (or infinity), and stats.vertices_reached
   *     counts the settled vertices.
   *   ADDS on the GPU, without predecessors (compute_predecessors = 0), without certify and for at most 64
   *     targets: stops once the head bucket's lower bound passes every target's distance, then checks on the GPU
   *     that no edge inside the ball of the largest target distance improves its head, which proves the targets'
   *     distances exact; if the check fails, a full search runs (counted in stats.restarts). The targets'
   *     distances are final, the others upper bounds, and stats.vertices_reached counts the finite ones.
   *   ADDS with one target on a graph of at least 65,536 vertices and at most 4.5 edges per vertex (int32
   *     weights): two searches at once, from the source and from the target on the reverse graph, stopping where
   *     they meet; the GPU then proves the target's distance (both sides' ball checks and the exact meeting
   *     length), or the one-sided search above runs (counted in stats.restarts).
   *   Other GPU algorithms, and ADDS otherwise: the ids are checked and a full search runs.
   * NULL (default) = a full single-source search. Ids in [0, num_vertices). */
  const int32_t* targets;
  int64_t target_count;

  /* GPU queries: 1 = check the answer on the GPU before it is returned (gsssp_device_graph_certify's checks,
   * about one pass over the graph); a failed check gives GSSSP_ERROR_CERTIFICATE with the violation in the
   * error text, and stats.certificate_ms says what the check cost. 0 (default) = no check. */
  int32_t certify;

  /* Cutoff (isochrones): has_cutoff = 1 reports only the vertices whose distance is at most the cutoff; every other
   * vertex is unreached (GSSSP_INT_INFINITY or +infinity, predecessor -1) and stats.vertices_reached counts the
   * ball. int32 graphs compare with cutoff_int (>= 0), float32 graphs with cutoff_float (>= 0, not NaN; +infinity
   * = no limit); a vertex at exactly the cutoff is reached. CPU Dijkstra, ADDS and Near-Far stop once the ball is
   * settled (a vertex lowered beyond the cutoff is neither pushed nor expanded); the other algorithms search in full
   * and then clear what lies beyond. With a cutoff, targets are only checked (the ball is searched whole); certify,
   * a graph with negative weights, gsssp_device_graph_sssp_batch (rows and matrices) and
   * gsssp_partitioned_graph_sssp give GSSSP_ERROR_UNSUPPORTED. 0 (default) = no cutoff. */
  int32_t has_cutoff;
  int64_t cutoff_int;
  double cutoff_float;
} gsssp_options;

GSSSP_API int gsssp_options_init(gsssp_options* options);

typedef struct gsssp_stats {
  double time_ms;              /* the algorithm itself: device time for GPU algorithms, wall for CPU. 0 for an ADDS
                                  query whose source has no out-edges: it is answered without a search (iterations 1,
                                  vertex_visits 1, delta 0) */
  double total_ms;             /* the whole call, including predecessor derivation and copies back */
  int64_t iterations;          /* rounds (GPU) or heap extractions (CPU Dijkstra) */
  int64_t vertex_visits;       /* vertices whose out-edges were processed: the ADDS paper's work count */
  int64_t edges_relaxed;       /* edge relaxations attempted */
  int64_t vertices_reached;    /* vertices with a finite distance; -1 from gsssp_device_graph_sssp_resident, which leaves
                                  the count (a pass over all n distances) to gsssp_device_result_reached */
  int64_t peak_device_memory;  /* bytes of device memory the query's scratch uses (0 on the CPU) */
  double delta;                /* the bucket width used (delta-stepping family), else 0 */
  int64_t trace_length;        /* samples written to options.trace */
  int64_t negative_cycle_vertex; /* with GSSSP_ERROR_NEGATIVE_CYCLE: a vertex on the cycle, else -1 */
  int64_t restarts;            /* ADDS: runs restarted with a larger bucket pool (options.adds.pool_words), or in full
                                  after a stop at the targets failed its check (options.targets) */
  int32_t distance_bytes;      /* bytes per distance written to the host: 8, or 4 or 2 (options.compact_distances) */
  double certificate_ms;       /* options.certify: device time of the check, else 0 */
} gsssp_stats;

/* Checks a host CSR (monotone offsets, targets in range, finite float weights); GSSSP_ERROR_INVALID_GRAPH
 * with the first offending index in the error text otherwise. O(V + E). */
GSSSP_API int gsssp_csr_validate(const gsssp_csr* graph);

/* Single-source shortest paths on the host: GSSSP_ALGORITHM_CPU_DIJKSTRA (negative weights give
 * GSSSP_ERROR_UNSUPPORTED) or GSSSP_ALGORITHM_CPU_BELLMAN_FORD (negative weights allowed; a negative cycle
 * reachable from the source gives GSSSP_ERROR_NEGATIVE_CYCLE with a vertex on it in
 * stats.negative_cycle_vertex). distances: num_vertices * 8 bytes; predecessors: num_vertices int32 or NULL;
 * stats may be NULL. */
GSSSP_API int gsssp_cpu_sssp(const gsssp_csr* graph, int32_t algorithm, int64_t source,
                             const gsssp_options* options, void* distances, int32_t* predecessors,
                             gsssp_stats* stats);

/* A graph uploaded once to one GPU, answering many queries from many threads. */
typedef struct gsssp_device_graph_s* gsssp_device_graph_t;

/* Uploads the CSR to `device` (validated first). The host arrays are not referenced after return. */
GSSSP_API int gsssp_device_graph_create(gsssp_device_graph_t* out, int32_t device, const gsssp_csr* graph);

/* An upload's progress, called on the uploading thread: once before the first copy (done_bytes 0), after each
 * chunk of at most GSSSP_UPLOAD_CHUNK_BYTES, and once at the end (done_bytes == total_bytes, the graph's
 * arrays: 8 bytes per vertex plus one and 8 per edge). A nonzero return stops the upload: nothing stays
 * allocated and the call fails with GSSSP_ERROR_CLOSED. The callback must not call into gsssp. */
typedef int (*gsssp_progress_fn)(int64_t done_bytes, int64_t total_bytes, void* user_data);
#define GSSSP_UPLOAD_CHUNK_BYTES ((int64_t)256 << 20)

/* gsssp_device_graph_create, copying the arrays in chunks and reporting each one to `progress` (may be NULL). */
GSSSP_API int gsssp_device_graph_create_with_progress(gsssp_device_graph_t* out, int32_t device,
                                                      const gsssp_csr* graph, gsssp_progress_fn progress,
                                                      void* user_data);

/* Makes running and future queries on the handle fail with GSSSP_ERROR_CLOSED as soon as they next check
 * (between rounds), without freeing anything; safe to call from any thread while queries run. */
GSSSP_API int gsssp_device_graph_cancel(gsssp_device_graph_t graph);

/* Cancels, waits until no query uses the handle, then frees its device memory. NULL is accepted. */
GSSSP_API int gsssp_device_graph_destroy(gsssp_device_graph_t graph);

/* Device memory held by the handle (graph plus pooled query scratch), in bytes. */
GSSSP_API int gsssp_device_graph_memory(gsssp_device_graph_t graph, int64_t* bytes);

/* How GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD runs on this resident graph, in *fit: 0 it does not (its distances exceed
 * one block's shared memory on this device: UNSUPPORTED); 1 the distances fit and the graph is read from global
 * memory; 2 the whole graph fits one block's shared memory (its fastest kernel). AUTO's batches and small queries
 * read it. */
GSSSP_API int gsssp_device_graph_block_fit(gsssp_device_graph_t graph, int32_t* fit);

/* One SSSP query on the GPU. Thread-safe: concurrent calls on one handle each take their own stream and
 * scratch buffers from a pool (created on demand, kept for reuse). Outputs are host memory as for
 * gsssp_cpu_sssp. */
GSSSP_API int gsssp_device_graph_sssp(gsssp_device_graph_t graph, int32_t algorithm, int64_t source,
                                      const gsssp_options* options, void* distances, int32_t* predecessors,
                                      gsssp_stats* stats);

/* Many sources at once, in as many launches as it takes. `algorithm` picks the design:
 *   GSSSP_ALGORITHM_MULTI_BELLMAN_FORD: up to 128 sources per launch searched together (a warp lane per source,
 *     each edge read and each round shared among them);
 *   GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD: a thread block per source, the distances in its shared memory, thousands of
 *     sources per launch; only for graphs that fit one block (about 19,000 int-weighted vertices on an H100;
 *     UNSUPPORTED above).
 *   GSSSP_ALGORITHM_BLOCK_NEAR_FAR: a thread block per source running Near-Far, its distances, queues and piles in
 *     global memory (36 bytes per vertex and source with int32 weights, 32 with float32, plus the row): any graph,
 *     as many sources per launch as fit 16 GiB or half the free device memory. options.block_size 0 (chosen by
 *     the sources per launch) or threads rounded up to 256, 512 or 1024; options.delta_stepping as for
 *     NEAR_FAR.
 *   GSSSP_ALGORITHM_PHAST: the attached contraction hierarchy (gsssp_device_graph_attach_ch) swept for up to 256
 *     sources per launch (8 bytes per vertex and source, plus the row), each arc read once for all of them; with
 *     targets, only the vertices from which a target is reached downward are swept (RPHAST).
 * Sources are ids in [0, num_vertices), repeats allowed. Distances only (options.compute_predecessors is ignored);
 * the graph's weights must be non-negative (UNSUPPORTED otherwise). Thread-safe like gsssp_device_graph_sssp.
 *   targets == NULL: `distances` receives source_count rows of num_vertices distances (row i for sources[i], the
 *                    8-byte format above): source_count * num_vertices * 8 bytes.
 *   targets != NULL: a source_count x target_count matrix, row-major, of the targets' distances (ids in
 *                    [0, num_vertices)): source_count * target_count * 8 bytes.
 * reached: NULL, or source_count counts of each row's finite distances (rows only; untouched for a matrix).
 * Page-locked `distances` (gsssp_host_alloc) take one DMA per launch. stats (may be NULL) sums over the launches:
 * time_ms their device time, iterations their rounds (per launch the most any source took), vertices_reached the
 * finite distances of all rows (0 for a matrix), peak_device_memory the scratch of one launch;
 * options.max_iterations caps each search's rounds. Cancellation (gsssp_device_graph_cancel) is checked between
 * launches. */
GSSSP_API int gsssp_device_graph_sssp_batch(gsssp_device_graph_t graph, int32_t algorithm, const int64_t* sources,
                                            int64_t source_count,
                                            const int32_t* targets, int64_t target_count, const gsssp_options* options,
                                            void* distances, int64_t* reached, gsssp_stats* stats);
/* Receives the rows of gsssp_device_graph_sssp_batch_rows as they reach host memory: rows [first, first + count)
 * of the batch (row i for sources[i]), row-major in `rows` (count * num_vertices distances in the 8-byte format), and
 * their finite distances' counts in `reached`. `so_far` sums the batch's launches up to the one that computed these
 * rows, as gsssp_stats of the whole call would. Everything it points to is valid only during the call: the memory
 * then takes later rows. A nonzero return stops the batch, which then fails with GSSSP_ERROR_CLOSED. Called on the
 * calling thread; it may call into gsssp, but not destroy this graph. */
typedef int (*gsssp_rows_fn)(int64_t first, int64_t count, const void* rows, const int64_t* reached,
                             const gsssp_stats* so_far, void* user_data);

/* gsssp_device_graph_sssp_batch's rows (targets NULL) without a host buffer for all of them: each launch's rows stay
 * in device memory and reach `deliver` through `staging`, the caller's buffer (page-locked: gsssp_host_alloc),
 * whose two halves take turns: while deliver reads the rows in one half, the next rows' copy runs into the other.
 * staging_bytes >= 2 * num_vertices * 8 (each half holds at least one row). Rows arrive in order, each once.
 * MULTI_BELLMAN_FORD, BLOCK_BELLMAN_FORD and BLOCK_NEAR_FAR; stats as gsssp_device_graph_sssp_batch's. A batch
 * then needs host memory for a few rows instead of source_count: pinning a buffer for all of a large batch's rows
 * costs about as much as the batch's search. */
GSSSP_API int gsssp_device_graph_sssp_batch_rows(gsssp_device_graph_t graph, int32_t algorithm, const int64_t* sources,
                                                 int64_t source_count, const gsssp_options* options, void* staging,
                                                 int64_t staging_bytes, gsssp_rows_fn deliver, void* user_data,
                                                 gsssp_stats* stats);
/* ---- the serving path: fewer copies, results kept on the GPU, host graphs validated once ---------- */

/* Page-locked host memory (cudaHostAlloc) for query outputs: a GPU query copies its distances into it with
 * one DMA on the query's stream, with no staging copy and no host memcpy. Any host memory works as output;
 * this is the fast kind. *out is 16-byte aligned. NO_GPU when there is no usable CUDA driver.
 * gsssp_host_free(NULL) is accepted. */
GSSSP_API int gsssp_host_alloc(void** out, int64_t bytes);
GSSSP_API int gsssp_host_free(void* pointer);

/* A query result left on the GPU: the distances and, when asked for,
 * the predecessors stay in device memory owned by the handle, and only what is read crosses the bus.
 * A result belongs to its device graph: destroying the graph frees the result's device memory, and every
 * later read of the result fails with GSSSP_ERROR_CLOSED; gsssp_device_result_destroy must still be called.
 * Reads are thread-safe. */
typedef struct gsssp_device_result_s* gsssp_device_result_t;

/* As gsssp_device_graph_sssp, but the outputs stay on the GPU in *out (predecessors when
 * options.compute_predecessors is 1, the default). stats->vertices_reached is -1: counting the reached vertices is a
 * pass over all n distances, which a caller reading a few of them need not pay for (gsssp_device_result_reached
 * counts them on demand). */
GSSSP_API int gsssp_device_graph_sssp_resident(gsssp_device_graph_t graph, int32_t algorithm, int64_t source,
                                               const gsssp_options* options, gsssp_device_result_t* out,
                                               gsssp_stats* stats);

/* The distances of `count` vertices (host array `vertices`, each in [0, num_vertices)) into the host array
 * `distances` (count * 8 bytes), in the order given. */
GSSSP_API int gsssp_device_result_distances(gsssp_device_result_t result, const int32_t* vertices, int64_t count,
                                            void* distances);

/* Every distance (num_vertices * 8 bytes) and, if `predecessors` is non-null, every predecessor
 * (num_vertices int32; the result must hold them). Either output pointer may be null to skip it. */
GSSSP_API int gsssp_device_result_copy(gsssp_device_result_t result, void* distances, int32_t* predecessors);

/* The number of vertices with a finite distance (the source included) in *reached: counted on the GPU by the first
 * call, one pass over the distances, and kept for later calls. */
GSSSP_API int gsssp_device_result_reached(gsssp_device_result_t result, int64_t* reached);

/* The shortest path from the source to `target` as vertex ids, source first, into `path` (up to `capacity`
 * entries); *length is its number of vertices (0 when target is unreachable). When *length > capacity,
 * nothing is written to `path`: call again with a larger array. The result must hold predecessors. */
GSSSP_API int gsssp_device_result_path(gsssp_device_result_t result, int64_t target, int32_t* path,
                                       int64_t capacity, int64_t* length);

/* ---- certificates: an answer checked against the graph alone, on the GPU ------------------------------
 * The optimality conditions of a shortest-path tree (the certifying-algorithms view: McConnell, Mehlhorn,
 * Naeher & Schweitzer, Computer Science Review 5(2), 2011, section on shortest paths), in O(n + m) work:
 *   the source's distance is 0; no edge (u, v, w) with d(u) finite has d(u) + w < d(v); every reached vertex
 *   has a path of tight edges (d(u) + w == d(v)) from the source; predecessors, when given, are -1 exactly at
 *   the source and the unreached vertices, each other vertex's is a tight in-edge, and following them leads to
 *   the source.
 * The sums are the algorithms' own: int64 for int32 weights, one float32 add (round to nearest) for float32
 * weights, so a float answer is held to the float arithmetic that produced it, with no tolerance. Where every
 * reached vertex has a tight in-edge from a strictly closer vertex (all weights positive, no float sum that
 * absorbs its weight), the tight paths follow from the local checks; otherwise a breadth-first pass over the
 * tight edges decides (and pointer jumping decides the predecessors' acyclicity). */
typedef enum gsssp_certificate_violation {
  GSSSP_CERTIFICATE_HOLDS = 0,
  GSSSP_CERTIFICATE_SOURCE_NOT_ZERO = 1,       /* vertex: the source */
  GSSSP_CERTIFICATE_EDGE_IMPROVES = 2,         /* edge (the lowest index) improves the distance of vertex */
  GSSSP_CERTIFICATE_NO_TIGHT_PATH = 3,         /* vertex (the lowest) is reached but no tight path gives it */
  GSSSP_CERTIFICATE_BAD_PREDECESSOR = 4,       /* vertex (the lowest): its predecessor is no tight in-edge, or
                                                  is set where it must be -1, or missing */
  GSSSP_CERTIFICATE_PREDECESSOR_CYCLE = 5      /* vertex (the lowest): its predecessors do not lead to the source */
} gsssp_certificate_violation;

typedef struct gsssp_certificate {
  int32_t violation;  /* a gsssp_certificate_violation; GSSSP_CERTIFICATE_HOLDS when the answer is optimal */
  int64_t vertex;     /* the vertex named by the violation, else -1 */
  int64_t edge;       /* GSSSP_CERTIFICATE_EDGE_IMPROVES: the edge's CSR index, else -1 */
  double time_ms;     /* device time of the check */
} gsssp_certificate;

/* Checks an answer for `source` given in host memory (num_vertices distances in the 8-byte C ABI format and,
 * if `predecessors` is non-null, num_vertices predecessors): both are copied to the GPU and checked there. */
GSSSP_API int gsssp_device_graph_certify(gsssp_device_graph_t graph, int64_t source, const void* distances,
                                         const int32_t* predecessors, gsssp_certificate* out);

/* Checks a resident result where it lies (its predecessors too, when it holds them); nothing crosses the bus
 * but the verdict. */
GSSSP_API int gsssp_device_result_certify(gsssp_device_result_t result, gsssp_certificate* out);

/* Frees the result's device memory (if its graph has not already) and the handle. NULL is accepted. */
GSSSP_API int gsssp_device_result_destroy(gsssp_device_result_t result);

/* A host CSR checked once (gsssp_csr_validate, and a scan for negative weights), for many CPU queries that
 * then skip those O(V + E) passes. The handle refers to the caller's arrays, which must stay valid and
 * unchanged until gsssp_host_graph_destroy; it copies nothing. Queries are thread-safe and keep their
 * search scratch per thread between calls. */
typedef struct gsssp_host_graph_s* gsssp_host_graph_t;

GSSSP_API int gsssp_host_graph_create(gsssp_host_graph_t* out, const gsssp_csr* graph);

/* Waits until no query uses the handle, then frees it. NULL is accepted. */
GSSSP_API int gsssp_host_graph_destroy(gsssp_host_graph_t graph);

/* As gsssp_cpu_sssp on the handle's graph. */
GSSSP_API int gsssp_host_graph_sssp(gsssp_host_graph_t graph, int32_t algorithm, int64_t source,
                                    const gsssp_options* options, void* distances, int32_t* predecessors,
                                    gsssp_stats* stats);

/* ---- one search over several GPUs: a graph split into parts ---------------------------------------------------
 * For graphs larger than one GPU's memory (or, with a cap, any graph): the vertices are cut into contiguous ranges,
 * one part per entry of a device list, each holding its vertices' out-edges and state on its device, and one
 * single-source search runs over all parts at once: bulk-synchronous delta-stepping (Meyer & Sanders, J.
 * Algorithms 2003) whose rounds exchange (target, distance) messages between the parts, by one of two exchanges
 * (gsssp_partition_exchange). Non-negative weights only; int32 weights give int64 distances and float32 weights
 * float32 distances, as for one GPU. Distances only: no predecessors. */
typedef struct gsssp_partitioned_graph_s* gsssp_partitioned_graph_t;

/* How a round's messages travel between the parts; the answers are the same. */
typedef enum gsssp_partition_exchange {
  GSSSP_EXCHANGE_PEER_COPIES = 0,  /* cudaMemcpyPeerAsync into each owner's inbox: peer to peer where two GPUs allow
                                      it, staged through the host where not, a device copy between parts of one GPU */
  GSSSP_EXCHANGE_NCCL = 1          /* NCCL send/receive, one rank per part. NCCL is loaded at run time, not linked:
                                      from the path in the environment variable GSSSP_NCCL_LIBRARY if set, else
                                      libnccl.so.2 through the dynamic linker's search, else the copy pip installs
                                      (nvidia-nccl-cu13 or -cu12, <site-packages>/nvidia/nccl/lib) under the usual
                                      Python prefixes. NCCL_NVLS_ENABLE=0 (NVLink multicast off) is set in the
                                      process environment first unless already set. Needs distinct devices */
} gsssp_partition_exchange;

/* Splits the CSR (validated first) over devices[0 .. device_count): part k on devices[k], 1 <= device_count <= 64.
 * A device may be listed more than once, holding one part per entry (on a one-GPU host this runs the exchange
 * between parts of one GPU). The parts are cut so that each holds about the same bytes of graph and state (about
 * the same number of edges); with fewer vertices than entries the last parts are empty.
 * max_bytes_per_device: 0 = no cap; > 0 = each part's device bytes (graph, per-vertex state and the exchange
 * buffers, see gsssp_partition_part.device_bytes) must not exceed it, which also forces a split of a graph that
 * would fit one GPU. A part beyond the cap, or a device whose parts exceed its free memory, gives
 * GSSSP_ERROR_OUT_OF_DEVICE_MEMORY with the bytes needed and the cap (or the free bytes), before anything is
 * allocated. Negative weights give GSSSP_ERROR_UNSUPPORTED (H-BF takes them on one GPU). Everything a query needs
 * is allocated here; queries allocate no device memory. The host arrays are not referenced after return.
 * exchange: a gsssp_partition_exchange (else GSSSP_ERROR_INVALID_ARGUMENT). GSSSP_EXCHANGE_NCCL with a device
 * listed twice, or without a loadable NCCL, gives GSSSP_ERROR_UNSUPPORTED (the text names the repeated device, or
 * every path tried and why it failed), checked before the GPUs are; a failing NCCL call gives GSSSP_ERROR_CUDA. */
GSSSP_API int gsssp_partitioned_graph_create(gsssp_partitioned_graph_t* out, const int32_t* devices,
                                             int32_t device_count, const gsssp_csr* graph,
                                             int64_t max_bytes_per_device, int32_t exchange);

/* Makes running and future queries fail with GSSSP_ERROR_CLOSED at their next round; frees nothing. */
GSSSP_API int gsssp_partitioned_graph_cancel(gsssp_partitioned_graph_t graph);

/* Cancels, waits until no call uses the handle, then frees every part's device memory. NULL is accepted. */
GSSSP_API int gsssp_partitioned_graph_destroy(gsssp_partitioned_graph_t graph);

/* One search from `source` over all parts, into `distances` (num_vertices * 8 bytes, the 8-byte format above).
 * Thread-safe, but queries on one handle run one at a time (a mutex: the parts' state serves one search).
 * options (may be NULL): delta_stepping.delta / delta_constant as for NEAR_FAR (Delta = C * W / D with W and D
 * exact over the graph), max_iterations (rounds; GSSSP_ERROR_NOT_CONVERGED), block_size, trace (one sample per
 * round: the frontier over all parts); compute_predecessors, compact_distances, targets and certify are ignored.
 * stats (may be NULL): time_ms the search's wall time over all devices, iterations its rounds, vertex_visits and
 * edges_relaxed summed over the parts, vertices_reached, peak_device_memory the bytes of all parts, delta,
 * distance_bytes 8. The messages the query exchanged: gsssp_partitioned_graph_info. */
GSSSP_API int gsssp_partitioned_graph_sssp(gsssp_partitioned_graph_t graph, int64_t source,
                                           const gsssp_options* options, void* distances, gsssp_stats* stats);

/* One part of a partitioned graph. */
typedef struct gsssp_partition_part {
  int32_t device;
  int64_t first_vertex;       /* the part owns vertices [first_vertex, end_vertex); empty parts have them equal */
  int64_t end_vertex;
  int64_t edges;              /* out-edges of its vertices */
  int64_t cross_edges;        /* of them, those whose target another part owns */
  int64_t device_bytes;       /* what the part holds on its device: graph, state and exchange buffers */
  int64_t last_messages_out;  /* messages the part sent during the last completed query */
} gsssp_partition_part;

/* A partitioned graph and its last completed query. */
typedef struct gsssp_partitioned_info {
  int32_t part_count;
  int32_t peer_access;        /* 1 if every two distinct GPUs that exchange messages have peer access enabled
                                 (GSSSP_EXCHANGE_PEER_COPIES then copies peer to peer), 0 if some go through the
                                 host */
  int64_t num_vertices;
  int64_t num_edges;
  int64_t device_bytes;       /* all parts */
  int64_t last_messages;      /* (target, distance) messages copied between parts by the last completed query */
  int64_t last_exchange_bytes;/* their bytes (4 + 8 per message with int32 weights, 4 + 4 with float32) */
  int64_t last_buckets;       /* bucket bounds the last completed query went through */
  int32_t exchange;           /* the gsssp_partition_exchange it was created with */
  int32_t nccl_version;       /* with GSSSP_EXCHANGE_NCCL, ncclGetVersion's code (e.g. 22703 for 2.27.3); else 0 */
} gsssp_partitioned_info;

/* Fills *info (may be NULL) and the first min(capacity, part_count) entries of `parts` (may be NULL when capacity
 * is 0). */
GSSSP_API int gsssp_partitioned_graph_info(gsssp_partitioned_graph_t graph, gsssp_partitioned_info* info,
                                           gsssp_partition_part* parts, int32_t capacity);

/* ---- contraction hierarchies (host) ------------------------------------------------------------ */
/* Contraction hierarchies (Geisberger, Sanders, Schultes, Delling, "Contraction Hierarchies: Faster and Simpler
 * Hierarchical Routing in Road Networks", WEA 2008): a preprocessing of a road-like graph (low highway dimension:
 * road networks, grids) after which a point-to-point query settles a few hundred vertices instead of the graph.
 * Graphs that contract badly (social, web, R-MAT: the shortcuts explode) are refused during the build with
 * GSSSP_ERROR_UNSUPPORTED; the search algorithms serve them.
 * Vertex ids are the graph's internal ids (0..n-1). Distances are int64; GSSSP_INT_INFINITY = unreachable.
 * Weights: int32 graphs only (non-negative); a float or negative-weight graph -> GSSSP_ERROR_UNSUPPORTED with a
 * clear message. Shortcut weights are uint32; a shortcut whose weight would not fit is refused
 * (GSSSP_ERROR_OVERFLOW) with a message. Self loops are ignored; of parallel arcs the lightest is kept. */
typedef struct gsssp_ch_s* gsssp_ch_t;             /* a hierarchy: owns or borrows its arrays */
typedef struct gsssp_ch_query_s* gsssp_ch_query_t; /* per-thread scratch for point-to-point queries */

typedef struct gsssp_ch_params {
  int32_t threads;               /* host threads for the build; 0 = all hardware threads */
  int32_t witness_settle_limit;  /* settled vertices per witness search; 0 = default (ch_policy.hpp). A search
                                    that gives up adds the shortcut: the hierarchy stays exact either way */
  double max_shortcut_ratio;     /* stop with GSSSP_ERROR_UNSUPPORTED when shortcuts exceed this x the graph's
                                    arcs (the graph contracts badly: social, R-MAT); 0 = default (ch_policy.hpp) */
  gsssp_progress_fn progress;    /* optional: (contracted vertices, n) after each round; returning nonzero
                                    cancels the build with GSSSP_ERROR_CLOSED. Called on the building thread;
                                    it must not call into gsssp */
  void* progress_user_data;
} gsssp_ch_params;

/* Defaults: every field 0 / NULL. */
GSSSP_API int gsssp_ch_params_init(gsssp_ch_params* params);

/* Builds a hierarchy for `graph` (validated like every CSR). `params` may be NULL (defaults). The graph's arrays
 * are not referenced after return. */
GSSSP_API int gsssp_ch_build(gsssp_ch_t* out, const gsssp_csr* graph, const gsssp_ch_params* params);

/* A 64-bit checksum of a CSR (n, m, weight type, offsets, targets, weights): a hierarchy file records it and is
 * refused for any other graph. Not cryptographic; one pass over the arrays. */
GSSSP_API int gsssp_csr_checksum(const gsssp_csr* graph, uint64_t* out);

/* The hierarchy's arrays: what a file stores and what a GPU sweep reads. Vertex ids are the graph's.
 * rank[v]: the order of contraction (0 = first contracted, n-1 = most important); a permutation of 0..n-1.
 * Upward arcs: u->v with rank[v] > rank[u], grouped by tail u: up_offsets[n+1] (up_offsets[0] = 0,
 *   up_offsets[n] = up_arc_count), up_heads, up_weights, up_middles (the middle vertex of a shortcut,
 *   -1 for an original arc).
 * Downward arcs: u->v with rank[u] > rank[v], grouped by HEAD v (incoming): down_offsets[n+1], down_tails,
 *   down_weights, down_middles. (A backward search from t walks these; a PHAST sweep in descending rank takes,
 *   for each v, the minimum over its incoming downward arcs.)
 * A shortcut u->v with middle m stands for u->m (a downward arc, listed at head m) then m->v (an upward arc of
 * m); rank[m] is below both. Each vertex's list is sorted by the other end's rank, strictly increasing (so at
 * most one arc joins two vertices in one direction). */
typedef struct gsssp_ch_view {
  int64_t vertex_count;
  int64_t up_arc_count;
  int64_t down_arc_count;
  uint64_t graph_checksum;
  const int32_t* rank;
  const int64_t* up_offsets;
  const int32_t* up_heads;
  const uint32_t* up_weights;
  const int32_t* up_middles;
  const int64_t* down_offsets;
  const int32_t* down_tails;
  const uint32_t* down_weights;
  const int32_t* down_middles;
} gsssp_ch_view;

/* The arrays of `ch` (owned or borrowed); valid while `ch` lives. */
GSSSP_API int gsssp_ch_get_view(gsssp_ch_t ch, gsssp_ch_view* out);

/* A hierarchy over arrays the caller owns and keeps alive until gsssp_ch_destroy (a mapped file): the arrays are
 * not copied (the query's rank-ordered search arrays are built from them, O(n + m)). Checks, in O(n + m), the
 * view's shape (offsets monotone from 0 to the counts, ids in range, rank a permutation, arcs pointing the way
 * their side says, middles below both ends) and that its graph_checksum equals `graph`'s:
 * GSSSP_ERROR_INVALID_ARGUMENT naming what differs. */
GSSSP_API int gsssp_ch_from_view(gsssp_ch_t* out, const gsssp_csr* graph, const gsssp_ch_view* view);
/* NULL is accepted. No query or matrix may be running on `ch`, and its query contexts must be destroyed first. */
GSSSP_API int gsssp_ch_destroy(gsssp_ch_t ch);

/* Point-to-point: bidirectional upward Dijkstra with stall-on-demand. One query context per thread, reused;
 * no allocation per query. Many contexts may query one hierarchy at once; one context is for one thread at a
 * time. */
GSSSP_API int gsssp_ch_query_create(gsssp_ch_query_t* out, gsssp_ch_t ch);
GSSSP_API int gsssp_ch_query_destroy(gsssp_ch_query_t query);
GSSSP_API int gsssp_ch_distance(gsssp_ch_query_t query, int64_t source, int64_t target, int64_t* distance);
/* Distance plus the unpacked route in internal vertex ids, source and target included. When `capacity` is
 * too small, *length says how many are needed, nothing is written to `path`, and the call returns
 * GSSSP_SUCCESS (the caller retries with a larger buffer). Unreachable: *distance = GSSSP_INT_INFINITY,
 * *length = 0. `path` may be NULL when capacity is 0. */
GSSSP_API int gsssp_ch_path(gsssp_ch_query_t query, int64_t source, int64_t target, int64_t* distance,
                            int32_t* path, int64_t capacity, int64_t* length);

/* Many-to-many by RPHAST on the host (Delling, Goldberg, Werneck, ATMOS 2011): the targets' part of the hierarchy
 * selected once, then one SIMD sweep per group of 16 sources, groups over `threads` host threads (0 = all). distances: row-major source_count x target_count; GSSSP_INT_INFINITY = unreachable. */
GSSSP_API int gsssp_ch_matrix(gsssp_ch_t ch, const int64_t* sources, int64_t source_count,
                              const int64_t* targets, int64_t target_count, int32_t threads,
                              int64_t* distances);

/* Statistics for docs, CLI and tests. original_arc_count: the hierarchy's arcs that are arcs of the graph (middle
 * -1; original_arc_count + shortcut_count = up_arc_count + down_arc_count); build_seconds is 0 for a hierarchy from a view; memory_bytes: the host memory the handle holds
 * (borrowed arrays not counted). */
typedef struct gsssp_ch_info {
  int64_t vertex_count, original_arc_count, shortcut_count;
  int64_t up_arc_count, down_arc_count;
  double build_seconds;
  int64_t memory_bytes;
} gsssp_ch_info;
GSSSP_API int gsssp_ch_get_info(gsssp_ch_t ch, gsssp_ch_info* out);

/* ---- PHAST: one-to-all and matrices on the GPU, on an attached hierarchy ------------------------- */
/* Attaches `ch` to a device graph for GSSSP_ALGORITHM_PHAST (single queries, resident results and batches): its
 * arcs are renumbered by level and the downward ones uploaded (8 bytes per downward arc and 12 per vertex of device
 * memory, counted by gsssp_device_graph_memory); the renumbering stays inside, results are in the graph's ids. `ch` is
 * not referenced after return. The hierarchy must have been built for this graph (its graph_checksum equal to the
 * graph's checksum: GSSSP_ERROR_INVALID_ARGUMENT otherwise); the graph's weights must be int32 and non-negative
 * (GSSSP_ERROR_UNSUPPORTED otherwise). A graph carries at most one hierarchy: a second attach gives
 * GSSSP_ERROR_INVALID_ARGUMENT. Safe while queries run on the graph. */
GSSSP_API int gsssp_device_graph_attach_ch(gsssp_device_graph_t graph, gsssp_ch_t ch);

#ifdef __cplusplus
}
#endif

#endif /* GSSSP_H */
