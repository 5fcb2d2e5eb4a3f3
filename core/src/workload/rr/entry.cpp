#include "workload/rr/entry.h"

#include "workload/rr/abi_table.h"
#include "workload/rr/checks.h"
#include "workload/rr/driver.h"

namespace rb::workload::rr {

WorkloadEntry entry() {
  static const RrWorkload driver;
  WorkloadEntry entry;
  entry.name = std::string(driver.name());
  entry.schema = schema();
  entry.metrics = metrics();
  entry.read_tables = read_tables;
  entry.servable = true;
  entry.driver = &driver;
  entry.checks = checks;
  return entry;
}

}  // namespace rb::workload::rr
