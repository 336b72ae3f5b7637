// Nothing to compile: the header declares what libFuzzer's runtime defines.
#include "LibFuzzer.h"
