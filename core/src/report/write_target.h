// What a path the runner is told to write to holds, and so how it may be written: a file of
// ours is replaced atomically (a temporary renamed over it), a character device, a FIFO or
// the process's own standard output is written through, and anything else is refused.
// Renaming over what is not a regular file would replace it: as root, `--out /dev/null`
// once turned the machine's /dev/null into a regular file.
#pragma once

#include <filesystem>
#include <string>

namespace rb::report {

enum class WriteRoute {
  replace,        // absent, or a regular file (not a link): write a temporary, rename it over
  write_through,  // a character device, a FIFO, or standard output: open it and write
  refuse,         // a directory, a block device, a socket, a link to a file, ...
};

struct WriteTarget {
  WriteRoute route = WriteRoute::replace;
  std::string why;  // for refuse: what the path is and why it is not written
};

// Looks at `path` without following a link at its last component, then, for a link, at what
// it points to: a link may lead to a device, a FIFO or standard output (/dev/stdout), never
// to a file, which the rename would replace with a regular file of its own.
WriteTarget classify_write_target(const std::filesystem::path& path);

// Opens a write_through target for writing (O_WRONLY | O_NOCTTY, never O_CREAT), and checks
// that what was opened is still a character device or a FIFO (or stdout's own file). Returns
// the descriptor; throws std::system_error naming the path.
int open_write_through(const std::filesystem::path& path);

}  // namespace rb::report
