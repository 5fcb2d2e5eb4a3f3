#include "store/store_url.h"

#include <cstddef>
#include <filesystem>

#include "store/database.h"
#include "store/store_scheme.h"

namespace rb::store {
namespace {

struct UrlParts {
  std::size_t authority = 0;                   // after "scheme://"
  std::size_t host = 0;                        // after "user[:password]@", or == authority
  std::size_t colon = std::string_view::npos;  // the user-info's ':' before the password
  std::size_t query = std::string_view::npos;  // the '?'
};

UrlParts split(std::string_view url) {
  UrlParts p;
  p.authority = url.find("://") + 3;  // a PostgreSQL URL's scheme (store_scheme.h) has it
  p.query = url.find('?', p.authority);
  const std::size_t end = std::min(url.find('/', p.authority), p.query);
  const std::string_view authority = url.substr(
      p.authority, end == std::string_view::npos ? std::string_view::npos : end - p.authority);
  const std::size_t at = authority.rfind('@');
  p.host = p.authority;
  if (at == std::string_view::npos) return p;
  p.host = p.authority + at + 1;
  const std::size_t colon = authority.substr(0, at).find(':');
  if (colon != std::string_view::npos) p.colon = p.authority + colon;
  return p;
}

// The query string with every password=VALUE given `replacement` (nullopt: dropped whole).
std::string rewrite_query(std::string_view query, const char* replacement) {
  std::string out;
  std::size_t start = 0;
  while (start <= query.size()) {
    const std::size_t amp = query.find('&', start);
    const std::string_view pair =
        query.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
    const bool password = pair.starts_with("password=");
    if (!password || replacement != nullptr) {
      if (!out.empty()) out += '&';
      out += password ? std::string("password=") + replacement : std::string(pair);
    }
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  return out;
}

std::string rewrite(std::string_view url, const char* replacement) {
  if (!is_postgres_url(url)) return std::string(url);
  const UrlParts p = split(url);
  std::string out(url.substr(0, p.host));
  if (p.colon != std::string_view::npos) {
    out.resize(p.colon);
    if (replacement != nullptr) out += std::string(":") + replacement;
    out += '@';
  }
  if (p.query == std::string_view::npos) return out + std::string(url.substr(p.host));
  out += url.substr(p.host, p.query - p.host);
  const std::string query = rewrite_query(url.substr(p.query + 1), replacement);
  return query.empty() ? out : out + '?' + query;
}

// The file an SQLite location names (a file: URL's path); the location itself when the scheme
// table refuses it, which then names no file.
std::string file_of(const std::string& location) {
  try {
    return store_target(location).target;
  } catch (const StoreError&) {
    return location;
  }
}

}  // namespace

bool is_postgres_url(std::string_view location) {
  return backend_of(location) == Backend::postgres;
}

std::string masked_location(std::string_view location) {
  return rewrite(location, "***");
}

std::string location_without_password(std::string_view location) {
  return rewrite(location, nullptr);
}

std::string short_location(std::string_view location) {
  if (is_postgres_url(location)) return masked_location(location);
  return std::filesystem::path(location).filename().string();
}

bool same_location(const std::string& a, const std::string& b) {
  if (is_postgres_url(a) || is_postgres_url(b))
    return location_without_password(a) == location_without_password(b);
  std::error_code ec;
  return std::filesystem::equivalent(file_of(a), file_of(b), ec);
}

}  // namespace rb::store
