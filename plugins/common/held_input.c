#include "held_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int held_input_replace(struct held_input* held, const char* data, size_t n) {
  if (n == 0) {
    held_input_free(held);
    return 0;
  }
  char* copy = malloc(n);
  if (copy == NULL) {
    errno = ENOMEM;
    return -1;
  }
  memcpy(copy, data, n);
  free(held->data);
  held->data = copy;
  held->length = n;
  return 0;
}

void held_input_free(struct held_input* held) {
  free(held->data);
  held->data = NULL;
  held->length = 0;
}
