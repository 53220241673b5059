// The partitioned search's second exchange (GSSSP_EXCHANGE_NCCL): each round's outbox segments go to their owners'
// inboxes as NCCL point-to-point sends and receives, one rank per part, instead of cudaMemcpyPeerAsync. Kept beside
// the peer copies so that the two can be measured side by side (the issue "Beyond one GPU", item 3).
//
// NCCL is no build dependency: libnccl.so.2 is opened at run time (dlopen) and only the entry points used here are
// resolved. Where from: the path in GSSSP_NCCL_LIBRARY when that is set (only it); else "libnccl.so.2" through the
// dynamic linker's search (LD_LIBRARY_PATH, the ld.so cache); else the copy pip installs (nvidia-nccl-cu12 and
// -cu13 put it in <site-packages>/nvidia/nccl/lib/) under the usual Python prefixes. Failing all, create answers
// GSSSP_ERROR_UNSUPPORTED naming every path tried and why it failed.
//
// NVLink multicast (NVLS, "NVLink SHARP") stays off: NCCL_NVLS_ENABLE=0 is put in the process environment before
// NCCL is first loaded, unless the caller set it. The exchange uses point-to-point only, which NVLS does not serve,
// and NVLS would reserve multicast objects and memory on every GPU at communicator creation.
//
// One process, one thread, several GPUs: the communicators come from ncclCommInitAll (rank k on devices[k], which
// must be distinct: NCCL takes one rank per GPU), and a round's sends and receives are enqueued inside one
// ncclGroupStart/ncclGroupEnd, as NCCL's "Management Of Multiple GPUs From One Thread" requires (a lone send would
// wait for its receive, which the same thread has not posted yet).
//
// The declarations of NCCL's types and functions below are written from NCCL's documentation (NCCL User Guide,
// "NCCL API": Types, Communicator Creation and Management Functions, Group Calls, Point To Point Communication
// Functions); no NCCL header is needed. No CUDA here either: the streams are CUstream_st pointers, which is what
// cudaStream_t is.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

struct CUstream_st;

namespace gsssp::partitioned {

namespace nccl {
struct Comm;                  // ncclComm_t points to an opaque ncclComm
using CommHandle = Comm*;
using Result = int;           // ncclResult_t; ncclSuccess = 0
using DataType = int;         // ncclDataType_t
constexpr Result kSuccess = 0;
constexpr DataType kInt32 = 2;   // ncclInt32
constexpr DataType kUint32 = 3;  // ncclUint32
constexpr DataType kUint64 = 5;  // ncclUint64
}  // namespace nccl

// The process's NCCL, loaded once: the first successful load stays (never closed: NCCL keeps threads, and a JVM may
// still call in while the process exits); a failed load is tried again at the next call, so that a caller may set
// GSSSP_NCCL_LIBRARY or install NCCL in between.
class NcclLibrary {
 public:
  // The loaded library; throws Error(GSSSP_ERROR_UNSUPPORTED) saying which paths were tried and why each failed.
  // Thread-safe.
  static const NcclLibrary& get();

  const std::string& path() const { return path_; }
  int version() const { return version_; }  // ncclGetVersion's code, e.g. 22703 for 2.27.3
  std::string version_text() const;         // "2.27.3"

  // Throws Error(GSSSP_ERROR_CUDA) naming the call, NCCL's text for the result, and this library.
  void check(nccl::Result result, const char* call) const;

  // The entry points, as NCCL declares them (types above).
  const char* (*get_error_string)(nccl::Result) = nullptr;
  nccl::Result (*get_version)(int*) = nullptr;
  nccl::Result (*comm_init_all)(nccl::CommHandle*, int, const int*) = nullptr;
  nccl::Result (*comm_destroy)(nccl::CommHandle) = nullptr;
  nccl::Result (*group_start)() = nullptr;
  nccl::Result (*group_end)() = nullptr;
  nccl::Result (*send)(const void*, size_t, nccl::DataType, int, nccl::CommHandle, CUstream_st*) = nullptr;
  nccl::Result (*recv)(void*, size_t, nccl::DataType, int, nccl::CommHandle, CUstream_st*) = nullptr;

 private:
  NcclLibrary() = default;
  std::string path_;
  int version_ = 0;
};

// Communicators over one device list, and the exchange of one round through them.
class NcclExchange {
 public:
  // One message segment of a round: `count` messages from rank `from`'s outbox to rank `to`'s inbox, targets (int32)
  // and distances (distance_bytes each) in two arrays each side.
  struct Segment {
    int from = 0;
    int to = 0;
    size_t count = 0;
    const void* source_targets = nullptr;
    const void* source_distances = nullptr;
    void* inbox_targets = nullptr;
    void* inbox_distances = nullptr;
    CUstream_st* from_stream = nullptr;  // the sender's stream: its sends are ordered after its outbox is written
    CUstream_st* to_stream = nullptr;    // the owner's stream: its apply runs after the receives
  };

  // ncclCommInitAll over `devices` (rank k on devices[k]; distinct, checked by the caller). Loads NCCL (above).
  explicit NcclExchange(const std::vector<int>& devices);
  ~NcclExchange();  // ncclCommDestroy of each communicator; errors are ignored (the handle goes anyway)
  NcclExchange(const NcclExchange&) = delete;
  NcclExchange& operator=(const NcclExchange&) = delete;

  // Enqueues every segment's sends (on from_stream) and receives (on to_stream) in group calls; returns once they
  // are enqueued, not done. distance_bytes is 8 (int64 images) or 4 (float32 images).
  void exchange(const std::vector<Segment>& segments, size_t distance_bytes) const;

  const NcclLibrary& library() const { return library_; }

 private:
  const NcclLibrary& library_;
  std::vector<nccl::CommHandle> comms_;
};

}  // namespace gsssp::partitioned
