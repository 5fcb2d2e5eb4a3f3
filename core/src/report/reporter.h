// Every output of the runner is a Reporter: the result files (summary.json, .csv, .md), the
// console tables, the exports to other tools' formats, the compare output and the HTML page.
// Each format lives in its own file: a function of one part of the input (which Formatter
// makes a Reporter) or, when it has more to say, a Reporter class of its own (the exports
// name the metrics they leave out). cli/reporters lists them all in one table, from which
// the commands choose by name, so no command knows a format.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "model/results.h"

namespace rb::report {

// A part an output is made from that this interface does not know (a comparison for the
// compare output, a page for the HTML report): the reporter made for it and the command that
// gives it agree on its type, which get<T>() checks. So report/ names no type of the concerns
// above it.
class ReportPart {
 public:
  ReportPart() = default;
  template <class T>
  ReportPart(const T* part) : part_(part), type_(&typeid(T)) {}  // NOLINT: implicit by design

  // The part when it is a T; nullptr when it is absent or of another type.
  template <class T>
  const T* get() const {
    return type_ != nullptr && *type_ == typeid(T) ? static_cast<const T*>(part_) : nullptr;
  }

 private:
  const void* part_ = nullptr;
  const std::type_info* type_ = nullptr;
};

// What an output is made from; each reporter reads the part its kind of output needs.
struct ReportInput {
  const RunResult* run = nullptr;  // a run's outputs and the exports
  ReportPart part = {};            // a comparison (compare output), a page (HTML report)
  // Exports: these metrics (empty: the workloads' headline ones; {"all"}: every one), and
  // whether disturbed cells are left out rather than marked.
  std::vector<std::string> metrics = {};
  bool exclude_disturbed = false;
  // Console outputs: verdicts and failed cells in colour (text/colour_mode.h decides). The
  // result files and every machine-read format never look at it.
  bool colour = false;
};

// One file's name and content, of an output that is several files.
struct RenderedFile {
  std::string name;
  std::string text;
};

struct Rendered {
  std::string text;
  std::vector<std::string> left_out = {};  // metrics the format has no place for
  // A format that is one file per part of the run (hdr-percentiles: per distribution) gives
  // them here instead of `text`; the command writes them into a directory.
  std::vector<RenderedFile> files = {};
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual Rendered render(const ReportInput& input) const = 0;
};

// The part of the input a reporter needs; std::logic_error when the caller left it out.
template <class T>
const T& needed(const T* part, const char* what) {
  if (part == nullptr) throw std::logic_error(std::string("reporter input without ") + what);
  return *part;
}

// The input's run, or its other part when that is a T.
template <class T>
const T* part_of(const ReportInput& input) {
  if constexpr (std::is_same_v<T, RunResult>)
    return input.run;
  else
    return input.part.get<T>();
}

// A reporter that is one function of one part of the input: Formatter<RunResult,
// format_summary_csv> renders summary.csv. A console format whose function also takes a bool
// is given ReportInput::colour.
template <class Part, auto format>
class Formatter final : public Reporter {
 public:
  Rendered render(const ReportInput& input) const override {
    const Part& from = needed(part_of<Part>(input), "the part its format is made from");
    if constexpr (std::is_invocable_v<decltype(format), const Part&, bool>)
      return {format(from, input.colour)};
    else
      return {format(from)};
  }
};

// The one Formatter of a format, for the table of reporters.
template <class Part, auto format>
const Reporter& formatter() {
  static const Formatter<Part, format> instance;
  return instance;
}

}  // namespace rb::report
