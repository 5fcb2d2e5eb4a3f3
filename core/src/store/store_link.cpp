#include "store/store_link.h"

#include "model/json_codec.h"
#include "report/atomic_file.h"
#include "store/store_scheme.h"
#include "store/store_url.h"

namespace rb::store {
namespace {

// A link of three short fields; anything near this is not one.
constexpr model::FileBound kStoreJsonBound{"store.json", std::uint64_t{1} << 20};

}  // namespace

void write_store_link(const std::filesystem::path& dir, const StoreLink& link) {
  // A URL is kept without its password (libpq finds it again in PGPASSFILE or the
  // environment): a results directory is shared more widely than credentials.
  const StoreTarget store = store_target(link.database.string());
  const std::string database = store.backend == Backend::postgres
                                   ? location_without_password(store.target)
                                   : std::filesystem::absolute(store.target).string();
  const model::Json j{
      {"database", database}, {"run_id", link.run_id}, {"config_name", link.config_name}};
  report::write_file_atomically(dir / "store.json", model::dump_json(j, 2) + '\n');
}

std::optional<StoreLink> read_store_link(const std::filesystem::path& dir) {
  const auto path = dir / "store.json";
  // A link is not looked through (read_json_file refuses it, naming it).
  if (!std::filesystem::exists(std::filesystem::symlink_status(path))) return std::nullopt;
  return model::read_json_file(path, kStoreJsonBound, [](const model::JsonField& j) {
    StoreLink link;
    link.database = j.at("database").get<std::string>();
    link.run_id = j.at("run_id").get<std::int64_t>();
    link.config_name = j.value("config_name", "");
    return link;
  });
}

}  // namespace rb::store
