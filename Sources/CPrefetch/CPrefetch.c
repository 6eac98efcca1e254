/* SwiftPM needs one source file per C target; the wrapper itself is `static inline` in
   include/CPrefetch.h. */
#include "CPrefetch.h"
