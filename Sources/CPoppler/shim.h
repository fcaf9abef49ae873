#include <sys/types.h>
#include <time.h>
#include <poppler.h>
#include <cairo.h>
