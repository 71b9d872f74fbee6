// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): GNU build-ids of notes blobs and of what runs
 * (kpt_buildid.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_buildid.h"
#include "kpt_base.h"

void kpt_build_id_hex(const unsigned char *p, size_t n, char *hex,
		      size_t size)
{
	size_t o = 0;

	hex[0] = '\0';
	for (size_t i = 0; i < n && o + 3 <= size; i++)
		o += snprintf(hex + o, size - o, "%02x", p[i]);
}

void kpt_build_id_notes(const unsigned char *p, size_t len, char *hex,
			size_t size)
{
	size_t o = 0;

	hex[0] = '\0';
	while (o + 12 <= len) {
		uint32_t nsz, dsz, type;
		size_t name_end, desc_end;

		memcpy(&nsz, p + o, 4);
		memcpy(&dsz, p + o + 4, 4);
		memcpy(&type, p + o + 8, 4);
		if (nsz > len || dsz > len)
			return;
		name_end = o + 12 + ((nsz + 3u) & ~3u);
		desc_end = name_end + ((dsz + 3u) & ~3u);
		if (desc_end > len)
			return;
		if (type == 3 && nsz == 4 && !memcmp(p + o + 12, "GNU", 4)) {
			kpt_build_id_hex(p + name_end, dsz, hex, size);
			return;
		}
		o = desc_end;
	}
}

void kpt_build_id_running(const char *module, char *hex, size_t size)
{
	char path[512];
	size_t len;
	unsigned char *p;

	if (module && *module)
		snprintf(path, sizeof(path),
			 "/sys/module/%s/notes/.note.gnu.build-id", module);
	else
		snprintf(path, sizeof(path), "/sys/kernel/notes");
	p = (unsigned char *)kpt_read_file(path, &len);
	hex[0] = '\0';
	if (p)
		kpt_build_id_notes(p, len, hex, size);
	free(p);
}
