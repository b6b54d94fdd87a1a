#ifndef FOLIO_CLIBXML2_SHIM_H
#define FOLIO_CLIBXML2_SHIM_H
// Foundation carries its own ICU; Debian's libxml2 headers pull in the system's.
// Undefining this before the other headers avoids the 'UErrorCode' clash on clean builds.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <libxml/parserInternals.h>

// xmlFree is a macro-like global pointer Swift cannot call directly.
static inline void folio_xmlFree(void *p) { xmlFree(p); }

// External entities never load: every request gets nothing.
static xmlParserInputPtr folio_noEntityLoader(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}
static inline void folio_installSafeEntityLoader(void) {
    xmlSetExternalEntityLoader(folio_noEntityLoader);
}
/* libxml2 stops at 256 levels of nesting (xmlParserMaxDepth) unless XML_PARSE_HUGE, which
   also lifts its entity-expansion checks. Its parser is not recursive in depth, so only the
   depth limit is lifted; Folio's stages handle deep trees themselves. Set once, before parsing. */
static inline void folio_liftDepthLimit(unsigned int depth) { xmlParserMaxDepth = depth; }
static void folio_silentError(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
// libxml2's generic error handler is per thread: this sets the calling thread's and the
// default that threads get when they first use libxml2. Call it on each thread that parses.
static inline void folio_silenceGenericErrors(void) {
    xmlThrDefSetGenericErrorFunc(NULL, folio_silentError);
    xmlSetGenericErrorFunc(NULL, folio_silentError);
}
#endif
