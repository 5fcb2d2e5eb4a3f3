// A C++ plugin's options: declared once as an rb_option_decl table (the descriptor carries the
// same table, ABI 1.3) and parsed from it by option_table_parse.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "option_table.h"
#include "reactorbench/plugin.h"

namespace rbcommon {

// One declaration, with the struct_size every entry carries.
constexpr rb_option_decl declareOption(int type, const char* name, const char* allowed,
                                       const char* defaultValue, const char* help,
                                       const char* workloads = nullptr) {
  return rb_option_decl{sizeof(rb_option_decl), type, name, allowed, defaultValue, help, workloads};
}

// The values of decls for one workload, values[i] for decls[i]; throws std::invalid_argument
// with option_table_parse's message (naming the option) when it refuses them.
template <std::size_t N>
std::array<rb_option_value, N> parseDeclaredOptions(const std::array<rb_option_decl, N>& decls,
                                                    const char* workload, const rb_option* options,
                                                    std::uint32_t optionCount) {
  std::array<rb_option_value, N> values{};
  char err[512];
  if (option_table_parse(decls.data(), static_cast<std::uint32_t>(N), workload, options,
                         optionCount, values.data(), err, sizeof err) != RB_OK) {
    throw std::invalid_argument(err);
  }
  return values;
}

// A plugin's options: its declarations `decls` (the descriptor carries them) and `from`, which
// reads its settings from their values: Options from(const std::array<rb_option_value, N>&).
// The Options of PluginOps (abi_tables.h).
template <const auto& decls, auto from>
struct DeclaredOptions {
  static auto parse(const char* workload, const rb_option* options, std::uint32_t count) {
    return from(parseDeclaredOptions(decls, workload, options, count));
  }
};

}  // namespace rbcommon
