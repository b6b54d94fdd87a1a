#ifndef FOLIO_CLIBYAML_SHIM_H
#define FOLIO_CLIBYAML_SHIM_H
/* libyaml's document loader: a YAML 1.1 stream read into a node graph (aliases share nodes). */
#include <yaml.h>
#endif
