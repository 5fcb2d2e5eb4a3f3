#include "config/pairing_key.h"

#include <string>
#include <vector>

#include "config/source_pos.h"
#include "config/suggestion.h"

namespace rb::config {

const char* to_string(Pairing pairing) {
  return pairing == Pairing::iterations ? "iterations" : "rounds";
}

Pairing TestPlan::effective_pairing() const {
  if (run.pairing) return *run.pairing;
  return variant_bases.empty() ? Pairing::rounds : Pairing::iterations;
}

std::string pairing_note(const TestPlan& plan, bool two_process) {
  if (two_process)
    return "pairing: rounds (a server and a client per cell: round r of each cell is a pair)";
  const char* word = to_string(plan.effective_pairing());
  if (plan.run.pairing) return std::string("pairing: ") + word + " ([run] pairing)";
  if (plan.effective_pairing() == Pairing::iterations)
    return std::string("pairing: ") + word +
           " (default with variants: a point's plugins take turns in one process, so each "
           "pair is milliseconds apart on one CPU; [run] pairing = \"rounds\" to run each "
           "cell alone)";
  return std::string("pairing: ") + word +
         " (default without variants: each cell a process of its own per round; [run] "
         "pairing = \"iterations\" pairs a point's plugins in one process)";
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
