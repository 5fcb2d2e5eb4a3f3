#include "cli/new_plugin_command.h"

#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include "cli/exit_codes.h"
#include "cli/plugin_scaffold.h"
#include "report/new_file.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

namespace fs = std::filesystem;

// The plugin's directory: made if absent; an existing one must be a directory of its own (no
// symbolic link) with nothing in it, so that nothing of the user's is overwritten.
void prepare_directory(const fs::path& out) {
  if (out.empty()) throw std::invalid_argument("new-plugin: --out names no directory");
  std::error_code error;
  const auto status = fs::symlink_status(out, error);
  if (fs::exists(status)) {
    if (fs::is_symlink(status))
      throw std::invalid_argument(
          fmt::format("new-plugin: {} is a symbolic link; --out must be a new or empty "
                      "directory",
                      out.string()));
    if (!fs::is_directory(status) || !fs::is_empty(out))
      throw std::invalid_argument(fmt::format(
          "new-plugin: {} exists and is not an empty directory; --out must be a new or empty "
          "directory",
          out.string()));
    return;
  }
  fs::create_directories(out);
}

void write_new_file(const fs::path& path, const std::string& text) {
  const int fd = report::create_new_file(path);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int saved = errno;
      ::close(fd);
      throw std::system_error(saved, std::generic_category(), "cannot write " + path.string());
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0)
    throw std::system_error(errno, std::generic_category(), "cannot write " + path.string());
}

}  // namespace

int new_plugin_command(const NewPluginArgs& args) {
  std::vector<ScaffoldFile> files;
  try {
    files = plugin_scaffold(args.name, parse_scaffold_workloads(args.workloads));
    prepare_directory(args.out);
  } catch (const std::exception& e) {
    std::cerr << "error: " << text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
  for (const auto& file : files) write_new_file(args.out / file.path, file.text);
  std::cout << fmt::format("wrote plugin '{}' in {}:", args.name,
                           text::printable(args.out.string()));
  for (const auto& file : files) std::cout << ' ' << file.path;
  std::cout << fmt::format(
      "\nnext:\n  cmake -S {0} -B {0}/build -DCMAKE_PREFIX_PATH=<the runner's install prefix>\n"
      "  cmake --build {0}/build\n  runner validate {0}/build/{1}.so\n",
      text::printable(args.out.string()), [&] {
        std::string ident = args.name;
        for (char& c : ident)
          if (c == '-') c = '_';
        return ident;
      }());
  return kExitOk;
}

CLI::App* NewPluginCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "new-plugin", "Write an out-of-tree C plugin and a config per workload, ready to build");
  cmd->add_option("name", args_.name, "the plugin's name, [a-z0-9-]+")->required();
  cmd->add_option("--workloads", args_.workloads,
                  "flower, notify, pingpong_server, pingpong_client, rr_server (comma-separated; "
                  "pingpong: both roles, rr: rr_server)")
      ->delimiter(',')
      ->required();
  cmd->add_option("--out", args_.out, "a new or empty directory")->required();
  return cmd;
}

}  // namespace rb::cli
