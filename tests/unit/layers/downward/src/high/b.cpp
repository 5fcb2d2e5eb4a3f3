#include "high/sub/d.h"
#include "low/a.h"
