#include "proc/line_reader.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>

namespace rb::proc {

bool LineReader::read(int fd, const std::function<void(std::string_view)>& on_line) {
  std::array<char, 65536> chunk{};
  for (std::size_t spent = 0; spent < read_budget_;) {
    const ssize_t n = ::read(fd, chunk.data(), std::min(chunk.size(), read_budget_ - spent));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return true;  // EAGAIN: nothing more now
    if (n == 0) {
      if (discarding_) drop(0, true);
      partial_.clear();  // an unfinished last line is no message, as before

      discarding_ = false;
      return false;
    }
    spent += static_cast<std::size_t>(n);
    take(std::string_view(chunk.data(), static_cast<std::size_t>(n)), on_line);
  }
  return true;
}

void LineReader::take(std::string_view chunk,
                      const std::function<void(std::string_view)>& on_line) {
  while (!chunk.empty()) {
    const std::size_t nl = chunk.find('\n');
    const std::string_view piece = chunk.substr(0, nl);
    if (!discarding_ && partial_.size() + piece.size() > max_line_) {
      drop(partial_.size(), false);
      partial_.clear();
      discarding_ = true;
    }
    if (discarding_)
      drop(piece.size(), nl != std::string_view::npos);
    else if (nl != std::string_view::npos && partial_.empty())
      on_line(piece);  // the common case: a whole line in one chunk, not copied
    else
      partial_.append(piece);
    if (nl == std::string_view::npos) return;
    if (discarding_) {
      discarding_ = false;
    } else if (!partial_.empty()) {
      on_line(partial_);
      partial_.clear();
    }
    chunk.remove_prefix(nl + 1);
  }
}

void LineReader::drop(std::size_t bytes, bool line_ended) {
  dropped_bytes_ += bytes;
  if (line_ended) ++dropped_lines_;
}

std::string LineReader::dropped_note() const {
  if (dropped_bytes_ == 0 && dropped_lines_ == 0) return "";
  return std::to_string(dropped_lines_) + (dropped_lines_ == 1 ? " line" : " lines") + " over " +
         std::to_string(max_line_) + " bytes dropped (" + std::to_string(dropped_bytes_) +
         " bytes)";
}

}  // namespace rb::proc
