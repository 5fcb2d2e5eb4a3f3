// The few colours the console uses, one meaning each: red for worse or broken, green for
// better, yellow for "no answer" (inconclusive, withheld), dim for unchanged. They are applied
// to text already laid out (text_table pads first), so escape codes never count as width.
#pragma once

#include <string>
#include <string_view>

namespace rb::text {

enum class Tint { none, red, green, yellow, dim };

// text between the tint's SGR escape and a reset; text unchanged for Tint::none.
std::string paint(std::string_view text, Tint tint);

}  // namespace rb::text
