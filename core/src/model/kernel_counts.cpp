#include "model/kernel_counts.h"

namespace rb {

bool is_kernel_count_key(std::string_view key) {
  if (key.substr(0, 7) == "server.") key.remove_prefix(7);
  return key.substr(0, 4) == "sys." || key == "cs" || key.substr(0, 3) == "cs." || key == "faults";
}

}  // namespace rb
