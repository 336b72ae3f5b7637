// Debian's libdeflate-dev (scripts/install): one-piece SVG answers are gzipped by libdeflate.
#include <libdeflate.h>
