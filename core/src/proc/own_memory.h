// This process's resident memory as /proc/self/status shows it. ru_maxrss will not do for a
// baseline: after exec it still holds the forked runner's peak, and it can only grow. The
// kernel's VmHWM belongs to the new image and can be lowered to the current RSS, so
// "peak above idle" measures what the connections cost.
#pragma once

namespace rb::proc {

// VmRSS and VmHWM in KiB; -1 when /proc cannot be read.
long own_rss_kib();
long own_peak_rss_kib();

// Lowers VmHWM to the current RSS (writes "5" to /proc/self/clear_refs, Linux 4.0+); false
// when the kernel refused, and the peak then includes whatever came before.
bool reset_own_peak_rss();

}  // namespace rb::proc
