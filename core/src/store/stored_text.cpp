#include "store/stored_text.h"

#include <fmt/format.h>

#include "store/run_status.h"

namespace rb::store {
namespace {

// Length of the UTF-8 sequence starting with `lead`, 0 when it cannot start one.
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

bool printable_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x20 || lead == 0x7f) return false;
    const std::size_t n = sequence_length(lead);
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return false;
    i += n;
  }
  return true;
}

bool iso8601_utc(std::string_view text) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
  if (text.size() != kShape.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (kShape[i] == 'd' ? (text[i] < '0' || text[i] > '9') : text[i] != kShape[i]) return false;
  return true;
}

[[noreturn]] void refuse(const Database& db, std::int64_t run_id, const char* column,
                         const char* expected) {
  throw_damaged(db, fmt::format("run {}: {} is not {}", run_id, column, expected));
}

}  // namespace

void throw_damaged(const Database& db, const std::string& what) {
  throw StoreError(
      fmt::format("{}: the database is damaged ({}); it was not used. To keep what "
                  "can be saved: {}",
                  db.name(), what, db.connection().recovery_hint()));
}

void check_stored_text(const Database& db, std::int64_t run_id, const char* column,
                       std::string_view text) {
  if (!printable_utf8(text)) refuse(db, run_id, column, "printable text");
}

void check_stored_time(const Database& db, std::int64_t run_id, const char* column,
                       std::string_view text, bool may_be_empty) {
  if (!(may_be_empty && text.empty()) && !iso8601_utc(text))
    refuse(db, run_id, column, "a UTC time (YYYY-MM-DDTHH:MM:SSZ)");
}

void check_stored_status(const Database& db, std::int64_t run_id, std::string_view text) {
  if (!is_run_status(text)) refuse(db, run_id, "status", "a run state");
}

}  // namespace rb::store
