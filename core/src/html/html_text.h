// Text that goes into an HTML page: escaped, or as base64 for embedded images.
#pragma once

#include <string>
#include <string_view>

namespace rb::html {

// &, <, >, " and ' as entities: safe in element content and in quoted attributes.
std::string escape(std::string_view text);

// Standard base64 (RFC 4648, with padding), for data: URIs.
std::string base64(std::string_view bytes);

// "flower-run-12" from any label: lowercase letters, digits and dashes, for ids and files.
std::string slug(std::string_view text);

}  // namespace rb::html
