#pragma once
namespace rb {
namespace high {
struct Part;
}
}  // namespace rb
