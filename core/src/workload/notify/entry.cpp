#include "workload/notify/entry.h"

#include "workload/notify/abi_table.h"
#include "workload/notify/checks.h"
#include "workload/notify/driver.h"

namespace rb::workload::notify {

WorkloadEntry entry() {
  static const NotifyWorkload driver;
  WorkloadEntry entry;
  entry.name = std::string(driver.name());
  entry.schema = schema();
  entry.metrics = metrics();
  entry.read_tables = read_tables;
  entry.driver = &driver;
  entry.checks = checks;
  return entry;
}

}  // namespace rb::workload::notify
