// libFuzzer target for the results-directory readers that compare, merge, report and export
// use (report/results_dir.h, summary_json.h, samples_reader.h). The input is summary.json,
// then a line "--samples.jsonl--", then samples.jsonl (no such line: no samples.jsonl). The
// promise under test: whatever the bytes, read_results_dir and rebuild_run_from_samples give a
// run or throw a std::exception whose message names the file; a run read is then merged (one
// shard), written back as summary.json and exported (Bencher), as the commands would use it.
// Any other exception escapes and aborts; ASan and UBSan catch the rest.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "export/bencher_bmf.h"
#include "report/results_dir.h"
#include "report/shard_merge.h"
#include "report/summary_json.h"

namespace {

constexpr std::string_view kSeparator = "\n--samples.jsonl--\n";

std::filesystem::path make_dir() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "rb-fuzz-results-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) std::abort();
  return pattern;
}

void write(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

[[noreturn]] void broken_promise(const char* why, const std::string& message) {
  std::fprintf(stderr, "results reader breaks its promise (%s): %s\n", why, message.c_str());
  std::abort();
}

// An error must say which file it is about.
void check_names_a_file(const std::string& message, const std::filesystem::path& dir) {
  if (message.find(dir.string()) == std::string::npos)
    broken_promise("the error names no file", message);
}

void use(rb::RunResult run, const std::filesystem::path& dir) {
  (void)rb::report::format_summary_json(run);
  (void)rb::exporting::bencher_bmf_json(run, {});
  try {
    (void)rb::report::merge_shards({{dir.string(), std::move(run)}});
  } catch (const std::exception&) {
    // A run that is no shard is refused: that is merge's answer, not a failure.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path dir = make_dir();
  static const bool cleaned = std::atexit([] {
                                std::error_code ignored;
                                std::filesystem::remove_all(dir, ignored);
                              }) == 0;
  (void)cleaned;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto split = input.find(kSeparator);
  write(dir / "summary.json", input.substr(0, split));
  std::error_code ignored;
  if (split == std::string_view::npos)
    std::filesystem::remove(dir / "samples.jsonl", ignored);
  else
    write(dir / "samples.jsonl", input.substr(split + kSeparator.size()));

  try {
    use(rb::report::read_results_dir(dir), dir);
  } catch (const std::exception& e) {
    check_names_a_file(e.what(), dir);
  }
  if (split == std::string_view::npos) return 0;
  try {
    use(rb::report::rebuild_run_from_samples(dir / "samples.jsonl").run, dir);
  } catch (const std::exception& e) {
    check_names_a_file(e.what(), dir);
  }
  return 0;
}
