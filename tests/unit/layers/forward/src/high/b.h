#pragma once
namespace rb::high {
struct Part {};
}  // namespace rb::high
