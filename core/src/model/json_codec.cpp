// The codec of the small parts (status, params, summaries, samples, rusage, options); cells'
// in json_cell_codec.cpp, runs' in json_run_codec.cpp.
#include "model/json_codec.h"

#include <stdexcept>
#include <string>

#include "model/json_field.h"
#include "model/latency_histograms.h"

namespace rb::model {

CellStatus cell_status_from_string(std::string_view text) {
  for (CellStatus status : {CellStatus::ok, CellStatus::skipped, CellStatus::failed,
                            CellStatus::crashed, CellStatus::timeout, CellStatus::interrupted})
    if (text == to_string(status)) return status;
  throw std::invalid_argument("unknown cell status '" + std::string(text) + "'");
}

std::string dump_json(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json params_to_json(const std::vector<Param>& params) {
  Json out = Json::object();
  for (const auto& p : params) {
    if (const auto* i = std::get_if<std::int64_t>(&p.value))
      out[p.name] = *i;
    else
      out[p.name] = std::get<std::string>(p.value);
  }
  return out;
}

std::vector<Param> params_from_json(const JsonField& object) {
  std::vector<Param> out;
  for (const auto& [name, value] : object.members()) {
    if (value.json().is_number_integer())
      out.push_back({name, value.get<std::int64_t>()});
    else if (value.json().is_string())
      out.push_back({name, value.get<std::string>()});
    else
      value.fail("an integer or a string");
  }
  return out;
}

Json to_json(const stats::Summary& s) {
  Json out{{"n", s.n},
           {"median", s.median},
           {"mean", s.mean},
           {"stddev", s.stddev},
           {"cv", s.cv},
           {"min", s.min},
           {"max", s.max},
           {"q1", s.q1},
           {"q3", s.q3},
           {"ci_level", s.ci_level},
           {"ci_low", s.ci_low},
           {"ci_high", s.ci_high},
           {"fence_low", s.fence_low},
           {"fence_high", s.fence_high},
           {"outliers", s.outliers},
           {"ci_method", s.ci_method},
           {"rounds", s.rounds}};
  if (s.components) {
    const stats::VarianceComponents& c = *s.components;
    out["variance"] = Json{{"rounds", c.rounds},
                           {"iterations", c.iterations},
                           {"within_round", c.within_var},
                           {"round_means", c.round_means_var},
                           {"between_round", c.between_var},
                           {"between_share", c.between_share}};
  }
  if (s.plan) {
    Json plan{{"target_half_width", s.plan->target}};
    plan["iterations"] = s.plan->iterations ? Json(*s.plan->iterations) : Json(nullptr);
    plan["rounds"] = s.plan->rounds ? Json(*s.plan->rounds) : Json(nullptr);
    out["precision_plan"] = std::move(plan);
  }
  return out;
}

void from_json(const JsonField& j, stats::Summary& s) {
  s.n = j.at("n").get<std::size_t>();
  using S = stats::Summary;
  const std::pair<const char*, double S::*> numbers[] = {{"median", &S::median},
                                                         {"mean", &S::mean},
                                                         {"stddev", &S::stddev},
                                                         {"cv", &S::cv},
                                                         {"min", &S::min},
                                                         {"max", &S::max},
                                                         {"q1", &S::q1},
                                                         {"q3", &S::q3},
                                                         {"ci_level", &S::ci_level},
                                                         {"ci_low", &S::ci_low},
                                                         {"ci_high", &S::ci_high},
                                                         {"fence_low", &S::fence_low},
                                                         {"fence_high", &S::fence_high}};
  for (const auto& [key, member] : numbers) s.*member = j.at(key).get<double>();
  s.outliers = j.at("outliers").get<std::vector<std::size_t>>();
  // Written before rounds were the replicates: a flat interval, rounds unknown.
  s.ci_method = j.value("ci_method", "flat");
  s.rounds = j.value("rounds", std::size_t{0});
  if (const auto v = j.find("variance")) {
    stats::VarianceComponents c;
    c.rounds = v->value("rounds", std::size_t{0});
    c.iterations = v->value("iterations", 0.0);
    c.within_var = v->value("within_round", 0.0);
    c.round_means_var = v->value("round_means", 0.0);
    c.between_var = v->value("between_round", 0.0);
    c.between_share = v->value("between_share", 0.0);
    s.components = c;
  }
  if (const auto p = j.find("precision_plan")) {
    stats::PrecisionPlan plan;
    plan.target = p->value("target_half_width", 0.0);
    if (const auto it = p->find("iterations")) plan.iterations = it->get<int>();
    if (const auto it = p->find("rounds")) plan.rounds = it->get<int>();
    s.plan = plan;
  }
}

Json to_json(const Sample& sample) {
  Json out{{"round", sample.round},
           {"iteration", sample.iteration},
           {"warmup", sample.warmup},
           {"metrics", sample.metrics},
           {"counters", sample.counters}};
  // Only latency workloads have them (model/latency_histograms.h).
  histograms_to_json(sample, out);
  return out;
}

void from_json(const JsonField& j, Sample& sample) {
  sample.round = j.at("round").get<int>();
  sample.iteration = j.at("iteration").get<int>();
  sample.warmup = j.at("warmup").get<bool>();
  sample.metrics = j.at("metrics").get<std::map<std::string, double>>();
  sample.counters = j.at("counters").get<std::map<std::string, std::uint64_t>>();
  histograms_from_json(j, sample);
}

Json to_json(const Rusage& r) {
  return Json{{"user_s", r.user_s},
              {"sys_s", r.sys_s},
              {"max_rss_kib", r.max_rss_kib},
              {"voluntary_cs", r.voluntary_cs},
              {"involuntary_cs", r.involuntary_cs}};
}

void from_json(const JsonField& j, Rusage& r) {
  r.user_s = j.at("user_s").get<double>();
  r.sys_s = j.at("sys_s").get<double>();
  r.max_rss_kib = j.at("max_rss_kib").get<long>();
  r.voluntary_cs = j.at("voluntary_cs").get<long>();
  r.involuntary_cs = j.at("involuntary_cs").get<long>();
}

Json options_to_json(const PluginOptionList& options) {
  Json out = Json::object();
  for (const auto& [key, value] : options) out[key] = value;
  return out;
}

PluginOptionList options_from_json(const JsonField& object) {
  PluginOptionList out;
  for (const auto& [key, value] : object.members()) out.emplace_back(key, value.get<std::string>());
  return out;
}

}  // namespace rb::model
