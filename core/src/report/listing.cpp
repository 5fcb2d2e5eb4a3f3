#include "report/listing.h"

namespace rb::report {
namespace {

template <class... Visitors>
struct Overloaded : Visitors... {
  using Visitors::operator()...;
};
template <class... Visitors>
Overloaded(Visitors...) -> Overloaded<Visitors...>;

}  // namespace

std::string format_listing_text(const Listing& listing, bool colour) {
  std::string out;
  for (const auto& part : listing.parts)
    std::visit(
        Overloaded{[&](const Listing::Line& line) {
                     out += line.lead;
                     out += colour && line.tint != text::Tint::none
                                ? text::paint(line.text, line.tint)
                                : line.text;
                     out += '\n';
                   },
                   [&](const Listing::Heading& heading) { out += heading.text + '\n'; },
                   [&](const text::TextTable& table) { out += text::render_text(table, colour); }},
        part);
  return out;
}

std::string format_listing_markdown(const Listing& listing) {
  std::string out;
  for (const auto& part : listing.parts)
    std::visit(
        Overloaded{[&](const Listing::Line& line) { out += line.lead + line.text + '\n'; },
                   [&](const Listing::Heading& heading) { out += "### " + heading.text + "\n\n"; },
                   [&](const text::TextTable& table) { out += text::render_markdown(table); }},
        part);
  return out;
}

std::string format_listing_json(const Listing& listing) {
  return model::dump_json(listing.json, 2) + '\n';
}

}  // namespace rb::report
