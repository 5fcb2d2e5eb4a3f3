#include "config/pairing_key.h"

#include <string>
#include <vector>

#include "config/source_pos.h"
#include "config/suggestion.h"

namespace rb::config {

const char* to_string(Pairing pairing) {
  switch (pairing) {
    case Pairing::iterations:
      return "iterations";
    case Pairing::duet:
      return "duet";
    case Pairing::rounds:
      break;
  }
  return "rounds";
}

Pairing TestPlan::effective_pairing() const {
  if (run.pairing) return *run.pairing;
  return variant_bases.empty() ? Pairing::rounds : Pairing::iterations;
}

std::string pairing_note(const TestPlan& plan, bool two_process) {
  if (two_process)
    return "pairing: rounds (a server and a client per cell: round r of each cell is a pair)";
  const char* word = to_string(plan.effective_pairing());
  if (plan.run.pairing == Pairing::duet)
    return "pairing: duet ([run] pairing): a point's cells at the same time, each alone on a "
           "CPU of its own, the CPUs swapped round by round; round r of each is a pair (a point "
           "with more cells than CPUs runs them alone)";
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

std::optional<Pairing> pairing_named(std::string_view text) {
  for (const Pairing pairing : {Pairing::rounds, Pairing::iterations, Pairing::duet})
    if (text == to_string(pairing)) return pairing;
  return std::nullopt;
}

// [run] duet = true is [run] pairing = "duet" (the name the method goes by); both at once
// must agree.
void read_duet_key(const TomlReader& reader, const toml::table& run, RunSettings& settings) {
  const toml::node* node = run.get("duet");
  if (node == nullptr) return;
  const auto* value = node->as_boolean();
  if (value == nullptr)
    reader.fail(*node, "duet: expected a boolean, got " + type_phrase(node->type()));
  if (!value->get()) {
    if (settings.pairing == Pairing::duet)
      reader.fail(*node, "duet = false contradicts pairing = \"duet\"");
    return;
  }
  if (settings.pairing && settings.pairing != Pairing::duet)
    reader.fail(*node, std::string("duet = true contradicts pairing = \"") +
                           to_string(*settings.pairing) + "\"");
  settings.pairing = Pairing::duet;
}

void read_pairing_key(const TomlReader& reader, const toml::table& run, RunSettings& settings) {
  if (const toml::node* node = run.get("pairing")) {
    const std::string& text = reader.as_string(*node, "pairing");
    settings.pairing = pairing_named(text);
    if (!settings.pairing) {
      const std::vector<std::string> allowed = {"rounds", "iterations", "duet"};
      reader.fail(*node, "pairing " + in_quotes(text) +
                             ": expected \"rounds\", \"iterations\" or \"duet\"" +
                             suggestion(text, allowed));
    }
  }
  read_duet_key(reader, run, settings);
}

}  // namespace rb::config
