// The page around a report: one self-contained HTML file with its stylesheet inline, so it
// can be mailed, archived or opened from a CI artifact without anything beside it.
#pragma once

#include <string>

namespace rb::html {

// A complete document: <head> with the title and the inline CSS, then `body` as given.
std::string html_page(const std::string& title, const std::string& body);

}  // namespace rb::html
