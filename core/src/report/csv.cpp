#include "report/csv.h"

namespace rb::report {

namespace {

bool needs_quotes(std::string_view text) {
  if (text.find_first_of(",\"\r\n") != std::string_view::npos) return true;
  return !text.empty() &&
         (text.front() == ' ' || text.front() == '\t' || text.back() == ' ' || text.back() == '\t');
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (!needs_quotes(text)) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_row(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    out += csv_field(fields[i]);
  }
  out += '\n';
  return out;
}

}  // namespace rb::report
