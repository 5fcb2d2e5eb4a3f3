#include "store/interference_rows.h"

#include "model/json_codec.h"

namespace rb::store {

void insert_cell_interference(Database& db, std::int64_t cell_id, const CellResult& cell) {
  if (cell.interference.empty()) return;
  Statement insert = db.prepare(
      "INSERT INTO cell_rounds (cell_id, round, attempt, cpus, foreign_cpu_share, steal_share, "
      "load_average, canary_cpu_ns, canary_syscall_ns, wall_s, disturbed) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  for (const auto& r : cell.interference) {
    insert.reset();
    insert.bind(1, cell_id).bind(2, static_cast<std::int64_t>(r.round));
    insert.bind(3, static_cast<std::int64_t>(r.attempt));
    insert.bind(4, model::dump_json(model::Json(r.cpus)));
    insert.bind(5, r.foreign_cpu_share).bind(6, r.steal_share).bind(7, r.load_average);
    insert.bind(8, r.canary_cpu_ns).bind(9, r.canary_syscall_ns);
    insert.bind(10, r.wall_s).bind(11, static_cast<std::int64_t>(r.disturbed ? 1 : 0));
    insert.run();
  }
  Statement update = db.prepare("UPDATE cells SET disturbed = ?1, disturbance = ?2 WHERE id = ?3");
  update.bind(1, static_cast<std::int64_t>(cell.disturbed ? 1 : 0)).bind(2, cell.disturbance);
  update.bind(3, cell_id);
  update.run();
}

void update_run_machine_fields(Database& db, std::int64_t run_id, const RunContext& c) {
  Statement update = db.prepare(
      "UPDATE runs SET clock_resolution_ns = ?1, clock_overhead_ns = ?2, "
      "disturbance_threshold = ?3, foreign_processes = ?4 WHERE id = ?5");
  update.bind(1, c.clock_resolution_ns).bind(2, c.clock_overhead_ns);
  update.bind(3, c.disturbance_threshold);
  update.bind(4, model::dump_json(model::Json(c.foreign_processes))).bind(5, run_id);
  update.run();
}

}  // namespace rb::store
