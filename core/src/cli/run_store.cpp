#include "cli/run_store.h"

#include <iostream>

#include <fmt/format.h>

#include "cli/run_source.h"
#include "store/run_status.h"
#include "store/store_link.h"
#include "text/printable.h"

namespace rb::cli {

std::optional<std::filesystem::path> run_store_path(
    const std::optional<std::filesystem::path>& flag, bool no_store, const config::TestPlan& plan) {
  if (no_store) return std::nullopt;
  if (auto path = store_path_or_env(flag)) return path;
  if (!plan.store_path.empty()) return std::filesystem::path(plan.store_path);
  return std::nullopt;
}

std::string config_name_of(const config::TestPlan& plan) {
  return plan.name.empty() ? plan.config_path.stem().string() : plan.name;
}

RunStoreSession::RunStoreSession(const std::filesystem::path& location)
    : recorder_(location.string()), location_(location) {}

void RunStoreSession::begin(const config::TestPlan& plan, const RunContext& context) {
  store::RunHeader header;
  config_name_ = config_name_of(plan);
  header.config_name = config_name_;
  header.config_path = plan.config_path.string();
  header.config_text = plan.config_text;
  header.workload = plan.workload;
  header.plugins = plan.columns();
  header.context = context;
  recorder_.begin(header);
}

void RunStoreSession::fail(const std::exception& e) noexcept {
  if (!failed_)
    std::cerr << "\nerror: store: " << rb::text::printable_lines(e.what())
              << " (the run goes on; results/ has everything, the history stops here)\n";
  failed_ = true;
}

void RunStoreSession::record(const CellResult& cell) noexcept {
  if (failed_) return;
  try {
    recorder_.add_cell(cell);
  } catch (const std::exception& e) {
    fail(e);
  }
}

void RunStoreSession::finish(const RunContext& context, bool interrupted,
                             const std::filesystem::path& results_dir) noexcept {
  try {
    recorder_.finish(context,
                     std::string(interrupted ? store::kRunInterrupted : store::kRunFinished));
    store::write_store_link(results_dir, {location_, recorder_.run_id(), config_name_});
    std::cerr << fmt::format("stored: run {} in {}{}\n", recorder_.run_id(), recorder_.name(),
                             failed_ ? " (incomplete)" : "");
  } catch (const std::exception& e) {
    fail(e);
  }
}

}  // namespace rb::cli
