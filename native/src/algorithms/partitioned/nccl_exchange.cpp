#include "algorithms/partitioned/nccl_exchange.hpp"

#include <dlfcn.h>
#include <glob.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "common/env_switch.hpp"
#include "common/error.hpp"

namespace gsssp::partitioned {

namespace {

// Site-packages folders where pip puts nvidia-nccl-cu12 / -cu13 (nvidia/nccl/lib/libnccl.so.2 under each): the
// system's Pythons (Debian's dist-packages and the others' site-packages), the user's, an active virtual or conda
// environment's.
std::vector<std::string> site_package_patterns() {
  std::vector<std::string> out;
  for (const char* prefix : {"/usr/local/lib", "/usr/lib", "/usr/local/lib64", "/usr/lib64", "/opt/conda/lib"}) {
    for (const char* folder : {"dist-packages", "site-packages"}) {
      out.push_back(std::string(prefix) + "/python3*/" + folder);
    }
  }
  for (const Env variable : {Env::kVirtualEnv, Env::kCondaPrefix}) {
    const char* root = env_text(variable);
    if (root != nullptr && root[0] != '\0') out.push_back(std::string(root) + "/lib/python3*/site-packages");
  }
  const char* home = env_text(Env::kHome);
  if (home != nullptr && home[0] != '\0') out.push_back(std::string(home) + "/.local/lib/python3*/site-packages");
  return out;
}

constexpr const char* kWheelPath = "/nvidia/nccl/lib/libnccl.so.2";

std::vector<std::string> pip_copies(const std::vector<std::string>& patterns) {
  std::vector<std::string> out;
  for (const std::string& pattern : patterns) {
    glob_t found{};
    if (glob((pattern + kWheelPath).c_str(), 0, nullptr, &found) == 0) {
      for (size_t k = 0; k < found.gl_pathc; ++k) out.emplace_back(found.gl_pathv[k]);
    }
    globfree(&found);
  }
  return out;
}

// dlopen; on failure appends "path: why" to `tried` and returns null.
void* open_library(const std::string& path, std::string& tried) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* text = dlerror();  // read once: a second call returns NULL
    const std::string why = text != nullptr ? text : "dlopen failed";
    // dlerror's text usually starts with the path already.
    tried += (tried.empty() ? "" : "; ") + (why.find(path) == 0 ? why : path + ": " + why);
  }
  return handle;
}

template <class F>
bool resolve(void* handle, const char* name, F& out, std::string& missing) {
  out = reinterpret_cast<F>(dlsym(handle, name));
  if (out == nullptr) missing += (missing.empty() ? "" : ", ") + std::string(name);
  return out != nullptr;
}

std::mutex& load_mutex() {
  static std::mutex* m = new std::mutex();  // never destroyed: a JVM may call in while static destructors run
  return *m;
}

}  // namespace

const NcclLibrary& NcclLibrary::get() {
  std::lock_guard<std::mutex> lock(load_mutex());
  static NcclLibrary* loaded = nullptr;
  if (loaded != nullptr) return *loaded;

  // NVLink multicast off (nccl_exchange.hpp says why) unless the caller chose otherwise; set before NCCL is loaded,
  // which reads its environment at its first communicator. setenv is not safe against getenv on other threads: done
  // once, under the lock, before any NCCL thread exists.
  setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);

  std::string tried;
  void* handle = nullptr;
  std::string path;
  const char* chosen = env_text(Env::kNcclLibrary);
  if (chosen != nullptr && chosen[0] != '\0') {
    path = chosen;
    handle = open_library(path, tried);
    if (handle == nullptr) {
      fail(GSSSP_ERROR_UNSUPPORTED, "the NCCL exchange cannot load NCCL from GSSSP_NCCL_LIBRARY (" + tried +
                                        "); unset it to search the usual places, or use GSSSP_EXCHANGE_PEER_COPIES");
    }
  } else {
    path = "libnccl.so.2";
    handle = open_library(path, tried);
    const std::vector<std::string> patterns = site_package_patterns();
    if (handle == nullptr) {
      for (const std::string& copy : pip_copies(patterns)) {
        path = copy;
        handle = open_library(path, tried);
        if (handle != nullptr) break;
      }
    }
    if (handle == nullptr) {
      std::string searched;
      for (const std::string& p : patterns) searched += (searched.empty() ? "" : ", ") + p;
      fail(GSSSP_ERROR_UNSUPPORTED,
           "the NCCL exchange needs NCCL (libnccl.so.2) at run time and none could be loaded: " + tried +
               "; and no loadable copy under " + searched + " (each + " + kWheelPath +
               "). Install NCCL (e.g. pip install nvidia-nccl-cu13) or set GSSSP_NCCL_LIBRARY to its path; "
               "GSSSP_EXCHANGE_PEER_COPIES needs nothing");
    }
  }

  auto* library = new NcclLibrary();
  std::string missing;
  resolve(handle, "ncclGetErrorString", library->get_error_string, missing);
  resolve(handle, "ncclGetVersion", library->get_version, missing);
  resolve(handle, "ncclCommInitAll", library->comm_init_all, missing);
  resolve(handle, "ncclCommDestroy", library->comm_destroy, missing);
  resolve(handle, "ncclGroupStart", library->group_start, missing);
  resolve(handle, "ncclGroupEnd", library->group_end, missing);
  resolve(handle, "ncclSend", library->send, missing);  // since NCCL 2.7
  resolve(handle, "ncclRecv", library->recv, missing);
  if (!missing.empty()) {
    delete library;
    dlclose(handle);
    fail(GSSSP_ERROR_UNSUPPORTED, "the NCCL exchange loaded " + path + " but it lacks " + missing +
                                      " (ncclSend and ncclRecv need NCCL 2.7 or later)");
  }
  library->path_ = path;
  int version = 0;
  if (library->get_version(&version) != nccl::kSuccess) version = 0;
  library->version_ = version;
  loaded = library;
  return *loaded;
}

std::string NcclLibrary::version_text() const {
  // NCCL_VERSION_CODE: major * 10000 + minor * 100 + patch since 2.9, major * 1000 + minor * 100 + patch before.
  const int v = version_;
  if (v >= 10000) return format("%d.%d.%d", v / 10000, (v % 10000) / 100, v % 100);
  return format("%d.%d.%d", v / 1000, (v % 1000) / 100, v % 100);
}

void NcclLibrary::check(nccl::Result result, const char* call) const {
  if (result == nccl::kSuccess) return;
  const char* text = get_error_string != nullptr ? get_error_string(result) : nullptr;
  fail(GSSSP_ERROR_CUDA, format("%s failed: NCCL result %d (%s), NCCL %s from %s; NCCL_DEBUG=WARN makes NCCL say more",
                                call, result, text != nullptr ? text : "no text", version_text().c_str(),
                                path_.c_str()));
}

NcclExchange::NcclExchange(const std::vector<int>& devices) : library_(NcclLibrary::get()) {
  comms_.assign(devices.size(), nullptr);
  library_.check(library_.comm_init_all(comms_.data(), static_cast<int>(devices.size()), devices.data()),
                 "ncclCommInitAll");
}

NcclExchange::~NcclExchange() {
  for (nccl::CommHandle comm : comms_) {
    if (comm != nullptr) (void)library_.comm_destroy(comm);
  }
}

void NcclExchange::exchange(const std::vector<Segment>& segments, size_t distance_bytes) const {
  const nccl::DataType distance_type = distance_bytes == 8 ? nccl::kUint64 : nccl::kUint32;
  // NCCL's Group Calls documentation caps a group at 2048 operations; a segment is four (two sends, two receives),
  // and a segment's four stay in one group (a send waits for its receive). Distinct devices make a round at most
  // parts * (parts - 1) segments, so one group on any real host.
  constexpr size_t kSegmentsPerGroup = 2048 / 4;
  for (size_t begin = 0; begin < segments.size(); begin += kSegmentsPerGroup) {
    const size_t end = std::min(segments.size(), begin + kSegmentsPerGroup);
    library_.check(library_.group_start(), "ncclGroupStart");
    nccl::Result failed = nccl::kSuccess;
    const char* call = nullptr;
    for (size_t k = begin; k < end && failed == nccl::kSuccess; ++k) {
      const Segment& s = segments[k];
      const nccl::CommHandle from = comms_[static_cast<size_t>(s.from)];
      const nccl::CommHandle to = comms_[static_cast<size_t>(s.to)];
      // Matched in order between each pair: targets then distances on both sides.
      if ((failed = library_.send(s.source_targets, s.count, nccl::kInt32, s.to, from, s.from_stream)) != 0) {
        call = "ncclSend (targets)";
      } else if ((failed = library_.recv(s.inbox_targets, s.count, nccl::kInt32, s.from, to, s.to_stream)) != 0) {
        call = "ncclRecv (targets)";
      } else if ((failed = library_.send(s.source_distances, s.count, distance_type, s.to, from, s.from_stream)) != 0) {
        call = "ncclSend (distances)";
      } else if ((failed = library_.recv(s.inbox_distances, s.count, distance_type, s.from, to, s.to_stream)) != 0) {
        call = "ncclRecv (distances)";
      }
    }
    // The group is closed whatever happened, so that the thread is not left inside it.
    const nccl::Result ended = library_.group_end();
    library_.check(failed, call != nullptr ? call : "");
    library_.check(ended, "ncclGroupEnd");
  }
}

}  // namespace gsssp::partitioned
