#include "stats/sequential_design.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace rb::stats {

double pocock_nominal_alpha(double alpha, int looks) {
  if (looks <= 1) return alpha;
  // 2 * (1 - Phi(C_P(K))) for C_P = 2.178, 2.289, 2.361, 2.413 (K = 2..5, alpha 0.05).
  constexpr std::array<double, 4> kPocock05 = {0.0294, 0.0221, 0.0182, 0.0158};
  if (std::abs(alpha - 0.05) < 1e-12 && looks <= 5)
    return kPocock05[static_cast<std::size_t>(looks - 2)];
  return alpha / looks;
}

}  // namespace rb::stats
