#ifndef GUIDESITE_CCMARKGFM_SHIM_H
#define GUIDESITE_CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
