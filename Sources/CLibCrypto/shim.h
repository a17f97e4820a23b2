#ifndef GUIDESITE_CLIBCRYPTO_SHIM_H
#define GUIDESITE_CLIBCRYPTO_SHIM_H

#include <openssl/sha.h>

#endif
