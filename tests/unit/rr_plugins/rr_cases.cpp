#include "rr_cases.h"

#include <filesystem>
#include <map>

#include "built_plugins.h"

namespace rb_test {

namespace {

struct Variant {
  std::vector<std::pair<std::string, std::string>> options;
  bool exact_responses = true;
};

// Plugin file stem -> option variants besides the default one. libevent2's http=evhttp
// serves through libevent's own HTTP stack, whose responses carry evhttp's headers (Date, an
// HTTP/1.0 status line for HTTP/1.0, an HTML 400 page): they are checked by status code,
// Content-Length and body instead of byte for byte. Everything else is checked alike.
const std::map<std::string, std::vector<Variant>>& ExtraVariants() {
  static const std::map<std::string, std::vector<Variant>> variants = {
      {"libevent2", {Variant{{{"http", "evhttp"}}, false}}},
  };
  return variants;
}

std::string NameOf(const std::string& path, const Variant& variant, uint32_t threads) {
  std::string name = TestNameOf(path);
  for (const auto& [key, value] : variant.options) name += "_" + key + "_" + value;
  return name + "_threads" + std::to_string(threads);
}

}  // namespace

std::vector<RrCase> AllRrCases() {
  std::vector<RrCase> cases;
  for (const std::string& path : PluginPathsOffering("rr_server")) {
    std::vector<Variant> variants{Variant{}};
    const auto extra = ExtraVariants().find(std::filesystem::path(path).stem().string());
    if (extra != ExtraVariants().end())
      variants.insert(variants.end(), extra->second.begin(), extra->second.end());
    for (const Variant& variant : variants) {
      for (const uint32_t threads : {1u, 2u}) {
        cases.push_back(RrCase{path, NameOf(path, variant, threads), variant.options, threads,
                               variant.exact_responses});
      }
    }
  }
  return cases;
}

void PrintTo(const RrCase& rr_case, std::ostream* out) {
  *out << rr_case.name;
}

}  // namespace rb_test
