/* A program, not a library: copied to bad_plugins/executable.so and, as an object file, to
 * object_file.so. Neither is a shared object. */
#include <stdio.h>

int main(void) {
  puts("not a plugin");
  return 0;
}
