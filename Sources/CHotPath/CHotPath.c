/* SwiftPM needs one source file per C target; the helpers themselves are `static inline`
   in include/CHotPath.h. */
#include "CHotPath.h"
