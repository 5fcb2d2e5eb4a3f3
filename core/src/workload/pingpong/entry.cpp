#include "workload/pingpong/entry.h"

#include "workload/pingpong/abi_table.h"
#include "workload/pingpong/checks.h"
#include "workload/pingpong/driver.h"

namespace rb::workload::pingpong {

WorkloadEntry entry() {
  static const PingpongWorkload driver;
  WorkloadEntry entry;
  entry.name = std::string(driver.name());
  entry.schema = schema();
  entry.metrics = metrics();
  entry.read_tables = read_tables;
  entry.parts = {"pingpong_server", "pingpong_client"};
  entry.driver = &driver;
  entry.checks = checks;
  return entry;
}

}  // namespace rb::workload::pingpong
