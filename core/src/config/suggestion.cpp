#include "config/suggestion.h"

#include "config/source_pos.h"
#include "text/did_you_mean.h"

namespace rb::config {

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  if (candidates.empty()) return {};
  const std::string close = text::nearest(word, candidates);
  if (!close.empty()) return "; did you mean " + in_quotes(close) + "?";
  return "; expected one of: " + join(candidates);
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

}  // namespace rb::config
