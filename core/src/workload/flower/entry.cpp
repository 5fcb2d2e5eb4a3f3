#include "workload/flower/entry.h"

#include "workload/flower/abi_table.h"
#include "workload/flower/checks.h"
#include "workload/flower/driver.h"

namespace rb::workload::flower {

WorkloadEntry entry() {
  static const FlowerWorkload driver;
  WorkloadEntry entry;
  entry.name = std::string(driver.name());
  entry.schema = schema();
  entry.metrics = metrics();
  entry.read_tables = read_tables;
  entry.driver = &driver;
  entry.checks = checks;
  return entry;
}

}  // namespace rb::workload::flower
