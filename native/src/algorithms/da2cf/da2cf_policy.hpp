// Tuning of DA2CF (Martín et al., ICCS'09), in one place. Its rounds launch with the query's block size
// (gsssp_options.block_size, the library's default unless the caller sets it), as Bellman-Ford's and the frontier
// method's do; those two have no constant of their own, so they have no policy header.
#pragma once

namespace gsssp::da2cf {

// Threads per block of the kernel that builds the dense adjacency matrix (section 5) once per graph. Not measured:
// 256 is the library's usual size, and the build runs once, not per query.
constexpr int kMatrixBuildBlock = 256;

}  // namespace gsssp::da2cf
