#include "model/cell.h"

#include <stdexcept>

namespace rb {

std::string to_string(const ParamValue& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  return std::get<std::string>(value);
}

const ParamValue* CellSpec::find(std::string_view name) const {
  for (const auto& p : params)
    if (p.name == name) return &p.value;
  return nullptr;
}

std::int64_t CellSpec::get_int(std::string_view name) const {
  const ParamValue* v = find(name);
  if (v == nullptr || !std::holds_alternative<std::int64_t>(*v))
    throw std::out_of_range("cell parameter '" + std::string(name) + "' is not an integer");
  return std::get<std::int64_t>(*v);
}

const std::string& CellSpec::get_string(std::string_view name) const {
  const ParamValue* v = find(name);
  if (v == nullptr || !std::holds_alternative<std::string>(*v))
    throw std::out_of_range("cell parameter '" + std::string(name) + "' is not a string");
  return std::get<std::string>(*v);
}

const std::string& CellSpec::plugin_for(std::string_view role) const {
  const auto it = role_plugins.find(std::string(role));
  return it != role_plugins.end() ? it->second : plugin;
}

const PluginSetup& CellSpec::setup_for(std::string_view role) const {
  const auto it = role_setups.find(std::string(role));
  return it != role_setups.end() ? it->second : setup;
}

const std::string& CellSpec::base_plugin_for(std::string_view role) const {
  const PluginSetup& found = setup_for(role);
  return found.base.empty() ? plugin_for(role) : found.base;
}

std::string CellSpec::params_label() const {
  std::string out;
  for (const auto& p : params) {
    if (!out.empty()) out += ' ';
    out += p.name + '=' + to_string(p.value);
  }
  return out;
}

}  // namespace rb
