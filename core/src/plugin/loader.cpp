#include "plugin/loader.h"

#include <dlfcn.h>

#include <mutex>
#include <string>
#include <vector>
// Boost 1.74's DLL headers rely on <string> and <vector> being included first.
#include <boost/dll/shared_library.hpp>

#include <fmt/format.h>

#include "plugin/abi_version.h"
#include "plugin/build_note.h"
#include "plugin/descriptor_checks.h"
#include "plugin/elf_header.h"
#include "plugin/option_decls.h"
#include "plugin/sha256.h"

namespace rb::plugin {

namespace {

using Library = std::shared_ptr<boost::dll::shared_library>;

// Libraries are never dlclosed during a run: a plugin may have started threads or registered
// atexit handlers, and copies of its function pointers live on in the host.
void pin_for_process_lifetime(const Library& library) {
  static std::mutex mutex;
  static auto* pinned = new std::vector<Library>();
  const std::lock_guard lock(mutex);
  pinned->push_back(library);
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

Library open_library(const std::filesystem::path& path) {
  auto library = std::make_shared<boost::dll::shared_library>();
  std::error_code error;
  dlerror();  // clear a stale message so the one read below is this load's
  library->load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, error);
  if (!error) return library;

  const char* dl_text = dlerror();
  const std::string detail = dl_text != nullptr ? dl_text : error.message();
  if (contains(detail, "undefined symbol")) {
    throw LoadError(LoadErrorKind::unresolved_symbol, path,
                    "unresolved symbol at load (RTLD_NOW); dlerror: " + detail);
  }
  if (contains(detail, "position-independent executable")) {
    throw LoadError(
        LoadErrorKind::not_shared_object, path,
        "not a shared object (it is a position-independent executable); dlerror: " + detail);
  }
  throw LoadError(LoadErrorKind::dlopen_failed, path, "dlopen failed; dlerror: " + detail);
}

const rb_plugin* call_entry(const boost::dll::shared_library& library,
                            const std::filesystem::path& path) {
  if (!library.has(RB_ENTRY_SYMBOL)) {
    throw LoadError(LoadErrorKind::no_entry_symbol, path,
                    fmt::format("no entry symbol '{}' is exported (define it with "
                                "RB_PLUGIN_ENTRY and export it)",
                                RB_ENTRY_SYMBOL));
  }
  auto& entry = library.get<std::remove_pointer_t<rb_entry_fn>>(RB_ENTRY_SYMBOL);
  const rb_plugin* descriptor = entry(RB_ABI_VERSION);
  if (descriptor == nullptr) {
    throw LoadError(LoadErrorKind::entry_returned_null, path,
                    fmt::format("{}({}) returned NULL: the plugin declines to serve this host",
                                RB_ENTRY_SYMBOL, abi_version_string(RB_ABI_VERSION)));
  }
  return descriptor;
}

rb::Provenance make_provenance(const std::filesystem::path& path, const rb_plugin& descriptor) {
  const char* library_version = descriptor.library_version();
  if (library_version == nullptr) {
    throw LoadError(LoadErrorKind::missing_field, path, "library_version() returned NULL");
  }
  rb::Provenance provenance;
  provenance.path = path.string();
  provenance.sha256 = sha256_file(path);
  provenance.plugin_version = descriptor.version;
  provenance.library = descriptor.library;
  provenance.library_version = library_version;
  provenance.abi_version = descriptor.abi_version;
  provenance.description = descriptor.description != nullptr ? descriptor.description : "";
  if (const auto note = read_build_note(path)) provenance.build = parse_plugin_build(*note);
  return provenance;
}

}  // namespace

LoadedPlugin load_plugin(const std::filesystem::path& so_path, const WorkloadTables& tables) {
  const std::filesystem::path path = std::filesystem::absolute(so_path).lexically_normal();
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) {
    throw LoadError(LoadErrorKind::file_missing, path, error ? error.message() : "no such file");
  }
  if (std::filesystem::is_directory(status)) {
    throw LoadError(LoadErrorKind::not_shared_object, path,
                    "not a shared object (it is a directory)");
  }
  refuse_unloadable_elf(path);

  Library library = open_library(path);
  LoadedPlugin plugin;
  plugin.path = path;
  plugin.descriptor = checked_descriptor(call_entry(*library, path), path);
  check_required_fields(plugin.descriptor, path);
  tables.read(plugin);
  plugin.options = checked_option_decls(plugin.descriptor, path, tables.option_tables);
  plugin.provenance = make_provenance(path, plugin.descriptor);
  pin_for_process_lifetime(library);
  plugin.library = std::move(library);
  return plugin;
}

}  // namespace rb::plugin
