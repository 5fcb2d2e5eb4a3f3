#include "config/pairing_key.h"

#include <string>
#include <vector>

#include "config/source_pos.h"
#include "config/suggestion.h"

namespace rb::config {

const char* to_string(Pairing pairing) {
  return pairing == Pairing::iterations ? "iterations" : "rounds";
}

void read_pairing_key(const TomlReader& reader, const toml::table& run, RunSettings& settings) {
  const toml::node* node = run.get("pairing");
  if (node == nullptr) return;
  const std::string& text = reader.as_string(*node, "pairing");
  if (text == "rounds") {
    settings.pairing = Pairing::rounds;
  } else if (text == "iterations") {
    settings.pairing = Pairing::iterations;
  } else {
    const std::vector<std::string> allowed = {"rounds", "iterations"};
    reader.fail(*node, "pairing " + in_quotes(text) + ": expected \"rounds\" or \"iterations\"" +
                           suggestion(text, allowed));
  }
}

}  // namespace rb::config
