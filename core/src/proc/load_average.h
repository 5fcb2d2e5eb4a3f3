// The machine's load average (/proc/loadavg): a round's record of how busy the machine was,
// and the run context's.
#pragma once

#include <string>

namespace rb::proc {

// The first field (1 minute); 0 when unreadable.
double one_minute_load_average();

// The first three fields as the file has them, "0.52 0.58 0.59"; "" when unreadable.
std::string load_average_text();

}  // namespace rb::proc
