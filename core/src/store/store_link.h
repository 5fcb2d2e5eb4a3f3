// store.json in a results directory: which history database holds the same run, and under
// which id, so `runner compare previous DIR` finds the run before it without guessing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace rb::store {

struct StoreLink {
  std::filesystem::path database;  // absolute; or a PostgreSQL URL, without its password
  std::int64_t run_id = 0;
  std::string config_name;
};

// Replaces dir/store.json atomically.
void write_store_link(const std::filesystem::path& dir, const StoreLink& link);

// nullopt when the directory has no store.json; throws std::runtime_error when it is
// malformed.
std::optional<StoreLink> read_store_link(const std::filesystem::path& dir);

}  // namespace rb::store
