/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): GNU build-ids, the key that ties a file (debug info, a
 * kernel image) to the kernel or module that runs.  Each is given as
 * lower-case hex, "" when there is none.
 */
#ifndef KPT_BUILDID_H
#define KPT_BUILDID_H

#include <stddef.h>

/* The build-id of an ELF notes blob (a PT_NOTE segment, /sys/.../notes). */
void kpt_build_id_notes(const unsigned char *p, size_t len, char *hex,
			size_t size);

/*
 * The running kernel's (module NULL or "": /sys/kernel/notes) or a loaded
 * module's (/sys/module/MOD/notes/.note.gnu.build-id) build-id.
 */
void kpt_build_id_running(const char *module, char *hex, size_t size);

/* n bytes as hex (as many as fit). */
void kpt_build_id_hex(const unsigned char *p, size_t n, char *hex,
		      size_t size);

#endif /* KPT_BUILDID_H */
