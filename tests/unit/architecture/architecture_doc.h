// Reading docs/architecture.md for the claims its tests check: the file paths it names, the
// concern map's folders, the workloads it lists, and which folders one folder may include.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace rb::test {

std::string read_text(const std::filesystem::path& file);

// The part of the document from the heading `from` up to the next heading of its level
// (or the end); empty when there is no such heading.
std::string section(const std::string& doc, const std::string& from);

// Every `backticked` token without spaces that names a path (it holds a '/').
std::vector<std::string> backticked_paths(const std::string& text);

// Where the document's path points in the tree: a core/src folder's paths are relative to
// core/src, others to the repository root. Empty when it is neither (not a path of ours).
std::filesystem::path resolve_doc_path(const std::filesystem::path& root, const std::string& path);

// Whether the path exists: a file or folder as written, or a module named without its
// extension (`echo_peer`: echo_peer.h or .cpp), or a glob's `*` matching one file at least.
bool doc_path_exists(const std::filesystem::path& resolved);

// The folders of the concern map's first column (`stats/` -> "stats").
std::set<std::string> concern_map_folders(const std::string& doc);

// The backticked folders in the sentence "`FOLDER/` includes only ..." up to its '('.
std::set<std::string> includes_only(const std::string& doc, const std::string& folder);

// The folders of core/src that the sources under core/src/FOLDER include ("model", ...).
std::set<std::string> included_folders(const std::filesystem::path& src, const std::string& folder);

// Each `"word"` string literal that `pattern` matches in the code (comments left out) of the
// .cpp and .h files under src, except those under `except`: "file:line: literal" each.
std::vector<std::string> literals_outside(const std::filesystem::path& src,
                                          const std::string& pattern, const std::string& except);

}  // namespace rb::test
