#include "html/reason_groups.h"

#include <cctype>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rb::html {
namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

bool is_number_char(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.' || c == 'e' || c == '-';
}

// A word with its numbers as "#": "12%" -> "#%", "(p" -> "(p", "0.12)" -> "#)".
std::string shape_of(const std::string& word) {
  std::string out;
  for (std::size_t i = 0; i < word.size();) {
    if (std::isdigit(static_cast<unsigned char>(word[i])) != 0) {
      while (i < word.size() && is_number_char(word[i])) ++i;
      out += '#';
    } else {
      out += word[i++];
    }
  }
  return out;
}

std::string pattern_of(const std::string& reason) {
  std::string out;
  for (const auto& word : words_of(reason)) out += shape_of(word) + ' ';
  return out;
}

// The words of the group's reasons: a word all share as it is, one that differs with its
// numbers as "…".
std::string shared_reason(const std::vector<VerdictRow>& rows, const std::vector<std::size_t>& in) {
  std::vector<std::string> words = words_of(rows[in.front()].reason);
  for (const std::size_t r : in) {
    const std::vector<std::string> other = words_of(rows[r].reason);
    for (std::size_t w = 0; w < words.size() && w < other.size(); ++w)
      if (words[w] != other[w]) {
        std::string shape = shape_of(other[w]);
        for (auto at = shape.find('#'); at != std::string::npos; at = shape.find('#'))
          shape.replace(at, 1, "\u2026");
        words[w] = shape;
      }
  }
  return fmt::format("{}", fmt::join(words, " "));
}

}  // namespace

std::vector<ReasonGroup> group_repeated_reasons(const std::vector<VerdictRow>& rows,
                                                std::size_t min_rows) {
  std::map<std::string, std::size_t> index;  // verdict and reason pattern -> candidate
  std::vector<ReasonGroup> candidates;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].answered) continue;
    const std::string key = rows[r].verdict + '\n' + pattern_of(rows[r].reason);
    const auto [it, added] = index.try_emplace(key, candidates.size());
    if (added) candidates.push_back({rows[r].verdict, "", {}});
    candidates[it->second].rows.push_back(r);
  }
  std::vector<ReasonGroup> out;
  for (auto& group : candidates) {
    if (group.rows.size() < min_rows) continue;
    group.reason = shared_reason(rows, group.rows);
    out.push_back(std::move(group));
  }
  return out;
}

std::string compact_cells(const std::vector<VerdictRow>& rows, const ReasonGroup& group) {
  std::vector<std::string> keys;
  std::map<std::string, std::vector<std::string>> points;
  for (const std::size_t r : group.rows) {
    const std::string key = rows[r].plugin + " " + rows[r].metric;
    if (points.count(key) == 0) keys.push_back(key);
    points[key].push_back(rows[r].point.empty() ? "-" : rows[r].point);
  }
  std::vector<std::string> parts;
  for (const auto& key : keys)
    parts.push_back(key + ": " + fmt::format("{}", fmt::join(points[key], ", ")));
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace rb::html
