/* The version of the Bones host and the plugin ABI it speaks, for --version lines and
 * bug reports. */
#ifndef BONES_VERSION_H
#define BONES_VERSION_H

/* "0.1.0": the release of the host runtime (the project version in CMakeLists.txt). */
const char *bones_version(void);

/* "bones 0.1.0 (plugin ABI 1.0)": what `bones --version` and `bones-gui --version`
 * print. */
const char *bones_version_line(void);

#endif /* BONES_VERSION_H */
