#include <cstdio>

int main() {
  std::puts("reactorbench runner");
  return 0;
}
