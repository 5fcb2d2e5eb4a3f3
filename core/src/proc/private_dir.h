// A directory only this user can enter, for the files the runner makes in a shared temporary
// directory ($TMPDIR, /tmp): mkdtemp creates it exclusively with mode 0700 under a name no one
// can predict, so no other user can plant a symlink or a file where the runner will write.
#pragma once

#include <filesystem>
#include <string>

namespace rb::proc {

class PrivateDir {
 public:
  // A fresh "<prefix>-XXXXXX" under the system temporary directory. Throws
  // std::system_error naming the directory it could not create it in.
  explicit PrivateDir(const std::string& prefix);
  // Removes the directory and everything in it, unless keep() was called.
  ~PrivateDir();
  PrivateDir(const PrivateDir&) = delete;
  PrivateDir& operator=(const PrivateDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Leaves the directory behind (a log the user was told about lives in it).
  void keep() { keep_ = true; }

 private:
  std::filesystem::path path_;
  bool keep_ = false;
};

}  // namespace rb::proc
