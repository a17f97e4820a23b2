#ifndef GUIDESITE_CXXHASH_SHIM_H
#define GUIDESITE_CXXHASH_SHIM_H

#include <xxhash.h>

#endif
