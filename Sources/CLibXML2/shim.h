/* libxml2's encoding.h includes the system ICU headers when LIBXML_ICU_ENABLED is set, and
   they clash with the ICU copy inside Foundation in any module that imports both. speak
   never touches the ICU-dependent fields (xmlCharEncodingHandler), so leave them out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>
#include <libxml/xmlversion.h>

/* xmlFree and xmlParserVersion are C globals, which Swift 6 rejects as not concurrency-safe;
   these wrappers read them on the C side. */
static inline void speak_xml_free(void *p) { xmlFree(p); }
static inline const char *speak_xml_version(void) { return LIBXML_DOTTED_VERSION; }
