#include "text/tint.h"

namespace rb::text {
namespace {

// SGR codes: the eight basic colours every terminal has, not 256-colour ones.
const char* sgr_of(Tint tint) {
  switch (tint) {
    case Tint::red:
      return "\033[31m";
    case Tint::green:
      return "\033[32m";
    case Tint::yellow:
      return "\033[33m";
    case Tint::dim:
      return "\033[2m";
    case Tint::none:
      break;
  }
  return "";
}

}  // namespace

std::string paint(std::string_view text, Tint tint) {
  if (tint == Tint::none || text.empty()) return std::string(text);
  return sgr_of(tint) + std::string(text) + "\033[0m";
}

}  // namespace rb::text
