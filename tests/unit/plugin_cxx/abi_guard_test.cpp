#include "abi_guard.h"

#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace rbcommon {
namespace {

// A library's own system error that does not derive from std::system_error, as Boost's.
struct LibrarySystemError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename... SystemErrors, typename Body>
std::pair<int, std::string> run(Body&& body) {
  char err[128] = "untouched";
  const int rc = guardedCall<SystemErrors...>(err, sizeof err, body);
  return {rc, err};
}

TEST(AbiGuard, ABodyThatReturnsIsOkAndLeavesTheBufferAlone) {
  EXPECT_EQ(run([] {}), std::make_pair(int{RB_OK}, std::string("untouched")));
}

TEST(AbiGuard, AnInvalidArgumentIsTheCallersToFix) {
  EXPECT_EQ(run([] { throw std::invalid_argument("unknown option 'x'"); }),
            std::make_pair(int{RB_ERR_INVALID_ARGUMENT}, std::string("unknown option 'x'")));
}

TEST(AbiGuard, AFailedSystemCallIsASystemError) {
  const auto [rc, message] =
      run([] { throw std::system_error(EBADF, std::generic_category(), "epoll_ctl"); });
  EXPECT_EQ(rc, RB_ERR_SYSTEM);
  EXPECT_EQ(message.rfind("epoll_ctl", 0), 0u) << message;
}

TEST(AbiGuard, ALibrarysOwnSystemErrorCountsOnlyWhenNamed) {
  const auto body = [] { throw LibrarySystemError("connect refused"); };
  EXPECT_EQ(run<LibrarySystemError>(body),
            std::make_pair(int{RB_ERR_SYSTEM}, std::string("connect refused")));
  EXPECT_EQ(run(body), std::make_pair(int{RB_ERR_INTERNAL}, std::string("connect refused")));
}

TEST(AbiGuard, AnythingElseIsInternal) {
  EXPECT_EQ(run([] { throw std::runtime_error("loop failed"); }),
            std::make_pair(int{RB_ERR_INTERNAL}, std::string("loop failed")));
  EXPECT_EQ(run([] { throw 42; }),
            std::make_pair(int{RB_ERR_INTERNAL}, std::string("unknown exception")));
}

TEST(AbiGuard, ANullOrEmptyBufferIsNotWritten) {
  EXPECT_EQ(guardedCall(nullptr, 16, [] { throw std::runtime_error("x"); }), RB_ERR_INTERNAL);
  char err[4] = "abc";
  EXPECT_EQ(guardedCall(err, 0, [] { throw std::runtime_error("x"); }), RB_ERR_INTERNAL);
  EXPECT_STREQ(err, "abc");
}

TEST(AbiGuard, PostHasOnlyItsCode) {
  EXPECT_EQ(guardedPost([] {}), RB_OK);
  EXPECT_EQ(guardedPost([] { throw std::bad_alloc(); }), RB_ERR_SYSTEM);
  EXPECT_EQ(guardedPost([] { throw std::runtime_error("x"); }), RB_ERR_INTERNAL);
}

}  // namespace
}  // namespace rbcommon
