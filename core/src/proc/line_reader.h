// Lines from a child's pipe, read in bounded steps: the one reader of every child output the
// runner keeps in memory (a cell's reports, a launched side's stdout). A child that writes
// without end (`yes` as a launcher) or without a newline cannot keep the runner in a read
// loop or grow its memory: each call reads at most a budget of bytes and returns to the
// caller's poll loop, where the round's deadline and Ctrl-C/SIGTERM are checked; a line
// longer than the bound is dropped whole and counted, never buffered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace rb::proc {

class LineReader {
 public:
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;
  static constexpr std::size_t kReadBudget = std::size_t{256} << 10;

  explicit LineReader(std::size_t max_line = kMaxLine, std::size_t read_budget = kReadBudget)
      : max_line_(max_line), read_budget_(read_budget) {}

  // Reads up to the budget of what non-blocking `fd` holds now and hands each complete line,
  // without its newline, to on_line. False at end of file (an unfinished last line is not
  // handed on); true when nothing more is there now or the budget is spent (then the
  // caller's poll finds the rest at once).
  bool read(int fd, const std::function<void(std::string_view)>& on_line);

  std::uint64_t dropped_lines() const { return dropped_lines_; }
  std::uint64_t dropped_bytes() const { return dropped_bytes_; }
  // "2 lines over 1048576 bytes dropped (5000000 bytes)"; "" when nothing was dropped.
  std::string dropped_note() const;

 private:
  void take(std::string_view chunk, const std::function<void(std::string_view)>& on_line);
  void drop(std::size_t bytes, bool line_ended);

  std::size_t max_line_;
  std::size_t read_budget_;
  std::string partial_;      // the current line so far (at most max_line_ bytes)
  bool discarding_ = false;  // the current line is over the bound: skip to its newline
  std::uint64_t dropped_lines_ = 0;
  std::uint64_t dropped_bytes_ = 0;
};

}  // namespace rb::proc
