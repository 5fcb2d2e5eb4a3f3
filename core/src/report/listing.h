// An output that is lines and tables, with the same facts as one JSON document: what
// `runner history` prints (the stored runs, a cell's medians over time, change points, the
// newest run's check). The command builds a Listing; the reporters table (cli/reporters.h)
// renders it as a console table, Markdown or JSON, so the command knows no format.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "model/json_codec.h"
#include "text/text_table.h"
#include "text/tint.h"

namespace rb::report {

struct Listing {
  // One line of text, coloured on a console when it carries a tint.
  struct Line {
    std::string text;
    text::Tint tint = text::Tint::none;
    std::string lead = {};  // before text, never painted ("history verdict: ")
  };
  // A table's title: its own line in a table, a "### " heading and a blank line in Markdown.
  struct Heading {
    std::string text;
  };
  using Part = std::variant<Line, Heading, text::TextTable>;

  std::vector<Part> parts;
  model::Json json;

  void line(std::string text, text::Tint tint = text::Tint::none, std::string lead = {}) {
    parts.push_back(Line{std::move(text), tint, std::move(lead)});
  }
  void heading(std::string text) { parts.push_back(Heading{std::move(text)}); }
  void table(text::TextTable table) { parts.push_back(std::move(table)); }
};

// The console table: tables aligned, lines and verdict cells painted when `colour`.
std::string format_listing_text(const Listing& listing, bool colour);
std::string format_listing_markdown(const Listing& listing);
// The JSON document, indented by two, with a final newline.
std::string format_listing_json(const Listing& listing);

}  // namespace rb::report
