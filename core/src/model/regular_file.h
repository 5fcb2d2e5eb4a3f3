// Reading a file the runner finds rather than writes (a results directory's summary.json,
// samples.jsonl, config.toml and store.json): whoever made the directory may have left a link
// to /dev/zero, a FIFO that never delivers, or a file of many GB there. One open for all of
// them: never through a final symbolic link, never blocking, only a regular file, never more
// than a bound the caller names (issue 31, item 4).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace rb::model {

// What is read and how much of it may be: "summary.json", 256 MiB.
struct FileBound {
  const char* what;
  std::uint64_t max_bytes;
};

// Why a file could not be read: "<path>: <why>", e.g. "r/samples.jsonl: a symbolic link (to
// /dev/zero); a results file is read only as a regular file, never through a link" or
// "r/summary.json: 3221225472 bytes, more than the 268435456 (256 MiB) a summary.json may
// have".
class FileReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Opens path with O_NOFOLLOW | O_NONBLOCK, checks (fstat on the descriptor) that it is a
// regular file of at most bound.max_bytes, and reads it whole (refusing it too if it grows
// past the bound while read). Throws FileReadError.
std::string read_regular_file(const std::filesystem::path& path, FileBound bound);

// The same, but nothing when path does not exist (ENOENT).
std::optional<std::string> read_regular_file_if_present(const std::filesystem::path& path,
                                                        FileBound bound);

}  // namespace rb::model
