// SPDX-License-Identifier: GPL-2.0
/*
 * The directory of kprobetrace's files in tracefs (kpt_files.h says why
 * tracefs), and its debugfs alias.
 *
 * tracefs gives its files to the opener as they are, with no proxy: the
 * fops' owner (THIS_MODULE) is what keeps the module while a file is open,
 * and kpt_files_exit() runs first in the unload, so no file is reachable
 * once anything behind it goes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/security.h>
#include <linux/tracefs.h>
#include "kpt_files.h"
#include "kpt_ksyms.h"

#define KPT_FILES_DIR "kprobetrace"

static struct dentry *kpt_files_dir;
static struct dentry *kpt_files_alias;

int kpt_files_init(void)
{
	kpt_files_dir = kpt_kcall(tracefs_create_dir)(KPT_FILES_DIR, NULL);
	if (IS_ERR_OR_NULL(kpt_files_dir)) {
		kpt_files_dir = NULL;
		if (security_locked_down(LOCKDOWN_TRACEFS)) {
			pr_err("the kernel is locked down (confidentiality): tracefs takes no new files, not loading\n");
			return -EPERM;
		}
		pr_err("cannot create /sys/kernel/tracing/%s\n",
		       KPT_FILES_DIR);
		return -ENOMEM;
	}
	/* optional: debugfs may be off (debugfs=off) or not built */
	kpt_files_alias = debugfs_create_symlink(KPT_FILES_DIR, NULL,
						 "tracing/" KPT_FILES_DIR);
	if (IS_ERR(kpt_files_alias))
		kpt_files_alias = NULL;
	return 0;
}

void kpt_files_exit(void)
{
	debugfs_remove(kpt_files_alias);
	kpt_files_alias = NULL;
	kpt_kcall(tracefs_remove)(kpt_files_dir);
	kpt_files_dir = NULL;
}

int kpt_file(const char *name, umode_t mode,
	     const struct file_operations *fops, void *data)
{
	struct dentry *d;

	if (WARN_ON_ONCE(!kpt_files_dir || fops->owner != THIS_MODULE))
		return -EINVAL;
	d = kpt_kcall(tracefs_create_file)(name, mode, kpt_files_dir, data,
					  fops);
	if (IS_ERR_OR_NULL(d)) {
		pr_err("cannot create /sys/kernel/tracing/%s/%s\n",
		       KPT_FILES_DIR, name);
		return d ? PTR_ERR(d) : -ENOMEM;
	}
	return 0;
}
