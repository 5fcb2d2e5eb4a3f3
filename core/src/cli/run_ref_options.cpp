#include "cli/run_ref_options.h"

#include "cli/shared_options.h"

namespace rb::cli {

void add_run_ref_options(CLI::App& command, std::optional<std::filesystem::path>& store,
                         std::string& config, std::string& host) {
  add_store_option(command, store);
  command.add_option("--config", config,
                     "last / last~N count only finished runs of this config (default: the config "
                     "of the newest finished run)");
  command.add_option("--host", host, "last / last~N count only runs on this host");
}

}  // namespace rb::cli
