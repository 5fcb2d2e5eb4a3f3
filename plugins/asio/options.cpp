#include "options.h"

namespace rbasio {

const std::array<rb_option_decl, 1> kOptionDecls = {
    rbcommon::declareOption(RB_OPTION_INT, "read_buffer", "1..16777216", nullptr,
                            "bytes asked of every async_read_some on a connection (default: "
                            "the block size for pingpong, 4096 for rr)",
                            "pingpong_server,pingpong_client,rr_server"),
};

PluginOptions optionsFrom(const std::array<rb_option_value, 1>& values) {
  return {.readBuffer = values[0].given ? static_cast<std::size_t>(values[0].number) : 0};
}

std::size_t readBufferOr(const PluginOptions& options, std::size_t workloadDefault) {
  return options.readBuffer != 0 ? options.readBuffer : workloadDefault;
}

}  // namespace rbasio
