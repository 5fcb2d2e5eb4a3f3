#include "architecture_doc.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace rb::test {

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string section(const std::string& doc, const std::string& from) {
  const auto start = doc.find("\n" + from + "\n");
  if (start == std::string::npos) return {};
  const auto level = from.substr(0, from.find(' ') + 1);  // "## "
  const auto end = doc.find("\n" + level, start + from.size() + 1);
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::vector<std::string> backticked_paths(const std::string& text) {
  static const std::regex token("`([^`\\s]*/[^`\\s]*)`");
  std::vector<std::string> paths;
  for (std::sregex_iterator it(text.begin(), text.end(), token), end; it != end; ++it)
    paths.push_back((*it)[1].str());
  return paths;
}

fs::path resolve_doc_path(const fs::path& root, const std::string& path) {
  const auto first = path.substr(0, path.find('/'));
  if (first.empty()) return {};
  if (fs::is_directory(root / "core/src" / first)) return root / "core/src" / path;
  if (fs::is_directory(root / first)) return root / path;
  return {};
}

namespace {

bool glob_matches(const fs::path& pattern) {
  const auto name = pattern.filename().string();
  const auto star = name.find('*');
  const auto prefix = name.substr(0, star), suffix = name.substr(star + 1);
  if (!fs::is_directory(pattern.parent_path())) return false;
  for (const auto& entry : fs::directory_iterator(pattern.parent_path())) {
    const auto candidate = entry.path().filename().string();
    if (candidate.size() >= prefix.size() + suffix.size() && candidate.starts_with(prefix) &&
        candidate.ends_with(suffix))
      return true;
  }
  return false;
}

}  // namespace

bool doc_path_exists(const fs::path& resolved) {
  const auto text = resolved.string();
  if (text.find('*') != std::string::npos) return glob_matches(resolved);
  if (fs::exists(resolved)) return true;
  if (resolved.has_extension()) return false;
  return fs::exists(text + ".h") || fs::exists(text + ".cpp");
}

std::set<std::string> concern_map_folders(const std::string& doc) {
  static const std::regex row("\\n\\| `([a-z_]+)/` \\|");
  const auto map = section(doc, "## The concern map");
  std::set<std::string> folders;
  for (std::sregex_iterator it(map.begin(), map.end(), row), end; it != end; ++it)
    folders.insert((*it)[1].str());
  return folders;
}

std::set<std::string> includes_only(const std::string& doc, const std::string& folder) {
  const auto lead = "`" + folder + "/` includes only";
  const auto start = doc.find(lead);
  if (start == std::string::npos) return {};
  const auto sentence = doc.substr(start + lead.size(), doc.find('(', start) - start - lead.size());
  static const std::regex named("`([a-z_]+)/`");
  std::set<std::string> folders;
  for (std::sregex_iterator it(sentence.begin(), sentence.end(), named), end; it != end; ++it)
    folders.insert((*it)[1].str());
  return folders;
}

std::set<std::string> included_folders(const fs::path& src, const std::string& folder) {
  static const std::regex include("#include \"([a-z_]+)/");
  std::set<std::string> folders;
  for (const auto& entry : fs::recursive_directory_iterator(src / folder)) {
    if (!entry.is_regular_file()) continue;
    const auto text = read_text(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it) {
      const auto included = (*it)[1].str();
      if (included != folder && fs::is_directory(src / included)) folders.insert(included);
    }
  }
  return folders;
}

namespace {

// The line without its // comment; `in_block` carries a /* */ comment across lines. A "//"
// inside a string literal is rare enough in this code base not to be worth a lexer.
std::string code_of(const std::string& line, bool& in_block) {
  std::string code;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (in_block) {
      if (line.compare(i, 2, "*/") == 0) in_block = false, ++i;
    } else if (line.compare(i, 2, "/*") == 0) {
      in_block = true, ++i;
    } else if (line.compare(i, 2, "//") == 0) {
      break;
    } else {
      code += line[i];
    }
  }
  return code;
}

}  // namespace

std::vector<std::string> literals_outside(const fs::path& src, const std::string& pattern,
                                          const std::string& except) {
  const std::regex literal("\"(" + pattern + ")\"");
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    const auto relative = fs::relative(entry.path(), src).string();
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || relative.starts_with(except) || (ext != ".cpp" && ext != ".h"))
      continue;
    std::istringstream text(read_text(entry.path()));
    bool in_block = false;
    int number = 0;
    for (std::string line; std::getline(text, line);) {
      ++number;
      const auto code = code_of(line, in_block);
      for (std::sregex_iterator it(code.begin(), code.end(), literal), end; it != end; ++it)
        found.push_back(relative + ":" + std::to_string(number) + ": " + it->str());
    }
  }
  return found;
}

}  // namespace rb::test
