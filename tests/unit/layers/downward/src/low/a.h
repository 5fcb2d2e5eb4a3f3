#pragma once
#include "reactorbench/plugin.h"
