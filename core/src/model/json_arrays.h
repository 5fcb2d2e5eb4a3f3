// A vector as a JSON array and back, through the model's to_json / from_json of its items:
// the codecs of cells and runs share them.
#pragma once

#include <vector>

#include "model/json_field.h"

namespace rb::model {

template <typename T>
Json array_of(const std::vector<T>& items) {
  Json out = Json::array();
  for (const auto& item : items) out.push_back(to_json(item));
  return out;
}

template <typename T>
std::vector<T> vector_from(const JsonField& array) {
  std::vector<T> out;
  for (const auto& item : array.elements()) {
    T value;
    from_json(item, value);
    out.push_back(std::move(value));
  }
  return out;
}

}  // namespace rb::model
