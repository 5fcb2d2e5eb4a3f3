#include "compare/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace rb::compare {
namespace {

struct Ranked {
  double rank_sum_a = 0;
  double tie_term = 0;  // sum over tie groups of t^3 - t
  bool ties = false;
};

// Ranks the pooled samples (1-based; tied values share the mean of their ranks).
Ranked rank_pooled(std::span<const double> a, std::span<const double> b) {
  struct Item {
    double value;
    bool from_a;
  };
  std::vector<Item> pooled;
  pooled.reserve(a.size() + b.size());
  for (double x : a) pooled.push_back({x, true});
  for (double x : b) pooled.push_back({x, false});
  std::sort(pooled.begin(), pooled.end(),
            [](const Item& l, const Item& r) { return l.value < r.value; });

  Ranked out;
  for (std::size_t i = 0; i < pooled.size();) {
    std::size_t j = i + 1;
    while (j < pooled.size() && pooled[j].value == pooled[i].value) ++j;
    const double group = static_cast<double>(j - i);
    const double mean_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (pooled[k].from_a) out.rank_sum_a += mean_rank;
    if (group > 1) {
      out.ties = true;
      out.tie_term += group * group * group - group;
    }
    i = j;
  }
  return out;
}

// P(U <= u) under the null hypothesis, by counting the arrangements of n1 + n2 distinct
// values that give each U: f(m, n, k) = f(m - 1, n, k - n) + f(m, n - 1, k).
double exact_cdf(int n1, int n2, int u) {
  const int max_u = n1 * n2;
  // counts[n][k] for the current m, rolled over m.
  std::vector<std::vector<double>> counts(
      static_cast<std::size_t>(n2 + 1),
      std::vector<double>(static_cast<std::size_t>(max_u + 1), 0));
  for (int n = 0; n <= n2; ++n) counts[static_cast<std::size_t>(n)][0] = 1;  // m = 0
  for (int m = 1; m <= n1; ++m) {
    std::vector<std::vector<double>> next = counts;
    for (auto& row : next) std::fill(row.begin(), row.end(), 0);
    next[0][0] = 1;  // n = 0: only U = 0
    for (int n = 1; n <= n2; ++n)
      for (int k = 0; k <= m * n; ++k) {
        double ways = next[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)];
        if (k >= n) ways += counts[static_cast<std::size_t>(n)][static_cast<std::size_t>(k - n)];
        next[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] = ways;
      }
    counts = std::move(next);
  }
  const auto& final_row = counts[static_cast<std::size_t>(n2)];
  double total = 0;
  double below = 0;
  for (int k = 0; k <= max_u; ++k) {
    total += final_row[static_cast<std::size_t>(k)];
    if (k <= u) below += final_row[static_cast<std::size_t>(k)];
  }
  return below / total;
}

}  // namespace

MannWhitney mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  MannWhitney out;
  if (a.empty() || b.empty()) return out;
  const double n1 = static_cast<double>(a.size());
  const double n2 = static_cast<double>(b.size());
  const Ranked ranked = rank_pooled(a, b);
  out.u = ranked.rank_sum_a - n1 * (n1 + 1) / 2;
  const double u_small = std::min(out.u, n1 * n2 - out.u);

  const int total = static_cast<int>(a.size() + b.size());
  if (!ranked.ties && total <= kMannWhitneyExactLimit) {
    out.exact = true;
    // Without ties U is an integer; the distribution is symmetric, so double one tail.
    const double tail = exact_cdf(static_cast<int>(a.size()), static_cast<int>(b.size()),
                                  static_cast<int>(std::lround(u_small)));
    out.p_value = std::min(1.0, 2 * tail);
    return out;
  }

  const double n = n1 + n2;
  const double variance = n1 * n2 / 12 * ((n + 1) - ranked.tie_term / (n * (n - 1)));
  if (variance <= 0) return out;  // every value tied: no evidence of a difference
  const double mean = n1 * n2 / 2;
  const double z = std::max(0.0, std::abs(out.u - mean) - 0.5) / std::sqrt(variance);
  out.p_value = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
  return out;
}

}  // namespace rb::compare
