/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The directory of kprobetrace's files: /sys/kernel/tracing/kprobetrace/,
 * in tracefs, where the kernel's own tracer keeps its control files.
 *
 * tracefs, not debugfs: under the lockdown LSM's "integrity" level (what a
 * Secure Boot start of Debian's kernel reaches), debugfs refuses to open any
 * file that has write, ioctl or mmap operations, while tracefs stays usable,
 * as it does for the kernel's kprobe_events; under "confidentiality"
 * tracefs takes no new file (the module then does not load) and the write
 * transaction refuses every new definition (kpt_write.c).
 *
 * /sys/kernel/debug/kprobetrace is kept as a symbolic link to the same
 * directory through debugfs's "tracing" automount, for scripts that name
 * the old place.
 *
 * Offers: kpt_files_init() and kpt_files_exit() (kpt_main.c, first and
 * last), kpt_file() for the rooms that own a file.  Uses: tracefs's
 * functions through kpt_ksyms (they are not exported).
 */
#ifndef KPT_FILES_H
#define KPT_FILES_H

#include <linux/fs.h>
#include <linux/types.h>

int kpt_files_init(void);
void kpt_files_exit(void);

/*
 * A file NAME in the directory, served by FOPS (which must name
 * THIS_MODULE as owner: an open file holds the module).  0 or -errno; a
 * file is never half made.
 */
int kpt_file(const char *name, umode_t mode,
	     const struct file_operations *fops, void *data);

#endif /* KPT_FILES_H */
