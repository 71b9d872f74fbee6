// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a debug file from debuginfod servers (DEBUGINFOD_URLS),
 * by build-id, through elfutils' libdebuginfod loaded with dlopen() when
 * it is needed: the command runs without the library, and without
 * DEBUGINFOD_URLS never touches the network.  The client caches what it
 * downloads (DEBUGINFOD_CACHE_PATH, default ~/.cache/debuginfod_client).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_dwarf_internal.h"

/* libdebuginfod's interface (elfutils/debuginfod.h), by hand */
typedef struct debuginfod_client debuginfod_client;
typedef debuginfod_client *(*begin_fn)(void);
typedef int (*find_fn)(debuginfod_client *c, const unsigned char *id,
		       int idlen, char **path);
typedef void (*end_fn)(debuginfod_client *c);

static int unhex(const char *hex, unsigned char *out, size_t size)
{
	size_t n = strlen(hex);

	if (!n || n % 2 || n / 2 > size)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return -1;
		out[i] = (unsigned char)b;
	}
	return (int)(n / 2);
}

int kpt_dwarf_debuginfod(const char *hex, char *path, size_t size, char *why,
			 size_t wl)
{
	const char *urls = getenv("DEBUGINFOD_URLS");
	unsigned char id[64];
	debuginfod_client *c;
	char *got = NULL;
	void *lib;
	begin_fn begin;
	find_fn find;
	end_fn end;
	int idlen, fd;

	why[0] = '\0';
	if (!urls || !*urls)
		return -1;
	idlen = unhex(hex, id, sizeof(id));
	if (idlen < 0) {
		snprintf(why, wl, "debuginfod: bad build-id %s", hex);
		return -1;
	}
	lib = dlopen("libdebuginfod.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(why, wl, "DEBUGINFOD_URLS is set but libdebuginfod.so.1 cannot be loaded (package libdebuginfod1): %s",
			 dlerror());
		return -1;
	}
	begin = (begin_fn)dlsym(lib, "debuginfod_begin");
	find = (find_fn)dlsym(lib, "debuginfod_find_debuginfo");
	end = (end_fn)dlsym(lib, "debuginfod_end");
	if (!begin || !find || !end) {
		snprintf(why, wl, "libdebuginfod.so.1 lacks the debuginfod_* functions");
		dlclose(lib);
		return -1;
	}
	c = begin();
	if (!c) {
		snprintf(why, wl, "debuginfod: cannot start a client");
		dlclose(lib);
		return -1;
	}
	fd = find(c, id, idlen, &got);
	end(c);
	if (fd < 0) {
		snprintf(why, wl, "debuginfod (%s) has no debug info for build-id %s: %s",
			 urls, hex, strerror(-fd));
		dlclose(lib);
		return -1;
	}
	close(fd);
	snprintf(path, size, "%s", got ? got : "");
	free(got);
	dlclose(lib);
	return path[0] ? 0 : -1;
}
