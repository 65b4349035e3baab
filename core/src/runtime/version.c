/* The host's version strings; see bones/version.h. */
#include "bones/version.h"

#include "bones/plugin.h"

#define STR2(x) #x
#define STR(x) STR2(x)

const char *bones_version(void)
{
	return BONES_VERSION;
}

const char *bones_version_line(void)
{
	return "bones " BONES_VERSION " (plugin ABI " STR(BONES_ABI_MAJOR) "." STR(
		BONES_ABI_MINOR) ")";
}
