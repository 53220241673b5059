// A resident result's reads without a copy on the stream: a one-warp kernel, launched behind the query's search,
// stays on the GPU a short while after it and answers reads of a few distances through a mailbox in mapped host
// memory. The host writes the vertices and a sequence number; the kernel, polling the mailbox over PCIe, writes the
// distances back. No CUDA call is made on the read path, so none of the driver's submission costs are paid.
//
// Why: the first submission after a kernel of several milliseconds took 11-25 us of host time in about half of the runs
// (benchmarks/src/native/read_latency.cu), whatever was submitted and whatever the host did while it waited. That was
// most of what a resident one-target read took from Java after an R-MAT 22 query (docs/performance.md).
//
// The lifecycle:
// - launch(): the query's driver (ADDS) records the workspace's done event behind its last operation and launches
//   the reader behind that, on the workspace's stream, and then waits for the done event instead of the stream.
// - keep(): the resident result takes the reader (its generation) for its reads; the workspace goes back to the
//   pool with the reader still running (WorkspaceLease).
// - The reader exits once kLingerUs pass without a request, or when it is told to quit: by the result's destroy, by
//   any workspace lease in the process (quit_all: the next query's kernels may need every SM, and cudaFree waits for
//   every running kernel), or by any wait on its workspace's stream (Workspace::synchronize). A read it did not
//   answer falls back to a copy on the stream.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

#include "common/device_buffer.hpp"

namespace gsssp {

// Most vertices one mailbox read carries (a larger read is a gather on the stream).
constexpr int kReaderMaxVertices = 4;

// How long the reader stays after its launch's search or its last answer, unless told to quit. Long enough for a
// service's reads right after its query (the JMH benchmark reads within about 20 us); short enough that a cudaFree
// elsewhere in the process (which waits for every running kernel) waits at most this long.
constexpr unsigned long long kReaderLingerUs = 1000;

// The mailbox, in page-locked host memory the GPU reaches through UVA. The host's words and the reader's sit on
// separate 128-byte lines.
struct alignas(128) ReaderMailbox {
  // Written by the host. control: the generation the running reader may serve in its low 32 bits (0: quit), the
  // sequence number of the latest request in its high 32 bits, so that the reader sees both in one load.
  unsigned long long control;
  int count;
  int vertices[kReaderMaxVertices];
  // Written by the reader.
  alignas(128) unsigned answered;  // the sequence number of the last request answered
  unsigned gone;                   // the generation of the last reader that exited (increasing: one stream)
  unsigned long long values[kReaderMaxVertices];  // the stored distances' raw bits (4 or 8 bytes each)
};

class ResultReader {
 public:
  ResultReader() = default;
  ~ResultReader();
  ResultReader(const ResultReader&) = delete;
  ResultReader& operator=(const ResultReader&) = delete;

  // Launches a reader of `distances` (stored distances, `width` bytes each) on `stream`, behind what is queued
  // there, and returns its generation. The previous reader of this workspace, if still running, is told to quit.
  uint32_t launch(const void* distances, size_t width, cudaStream_t stream);
  // The reader launched last is kept by a result: the workspace goes back to its pool without waiting for it.
  void keep() { kept_ = launched_; }
  // The generation a result keeps, 0 if none (reset by the next launch or quit; when not 0, it is the last launch).
  uint32_t kept() const { return kept_; }
  // Tells this workspace's reader to quit (it exits within a PCIe round trip of its next poll).
  void quit();
  // Tells the reader of `generation` to quit, if that one is still the workspace's reader.
  void quit(uint32_t generation);
  // Tells every reader in the process to quit.
  static void quit_all();

  // Reads `count` (<= kReaderMaxVertices) stored distances through the reader of `generation` into `out`
  // (`width` bytes each). False if that reader is gone or quit before answering: then copy instead.
  bool read(uint32_t generation, const int32_t* vertices, int64_t count, size_t width, void* out);
  // Reads answered by readers in this process so far (for the native tests: gsssp_debug_reader_reads).
  static int64_t served();

 private:
  ReaderMailbox* box();
  PinnedBuffer mailbox_;
  std::mutex mutex_;            // one request at a time
  uint32_t next_generation_ = 1;
  uint32_t launched_ = 0;       // generation of the last launch not known to be over, 0: none
  uint32_t kept_ = 0;
  uint32_t next_request_ = 1;
  bool registered_ = false;
};

}  // namespace gsssp
