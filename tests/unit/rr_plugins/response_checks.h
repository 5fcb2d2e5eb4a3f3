#pragma once

#include <cstdint>
#include <string>

#include "http_client.h"
#include "rr_cases.h"

namespace rb_test {

// body_size bytes of rb_http_body_byte: the body of every 200.
std::string ExpectedBody(uint32_t body_size);

// A 200 for a request that keeps (or does not keep) the connection alive: byte for byte the
// canned response of <reactorbench/http_request.h>, or, for a case whose responses are its
// HTTP stack's own, status 200, Content-Length body_size and the body.
void ExpectOk(const RrCase& rr_case, const HttpResponse& response, uint32_t body_size,
              bool keep_alive);

// Exactly RB_HTTP_400, or status 400 for a case whose responses are its HTTP stack's own.
void ExpectBadRequest(const RrCase& rr_case, const HttpResponse& response);

}  // namespace rb_test
