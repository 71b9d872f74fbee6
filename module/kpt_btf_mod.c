// SPDX-License-Identifier: GPL-2.0
/*
 * BTF blobs and indexes: see kpt_btf_mod.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>
#include "kpt_btf_mod.h"
#include "kpt_ksyms.h"

#define KPT_BTF_FILE_MAX	(64 << 20)

static DEFINE_MUTEX(kpt_btf_lock);
static struct kpt_btf kpt_vmlinux;
static bool kpt_vmlinux_tried;
static int kpt_vmlinux_err;		/* KPT_BTF_E_* of the first try */
static u32 *kpt_vmlinux_index, *kpt_vmlinux_funcs;
static void *kpt_vmlinux_copy;		/* read from sysfs, if no symbols */

/*
 * A whole sysfs file (vfree() it).  filp_open() and kernel_read(), not
 * kernel_read_file(): that one asks the LSMs, and 6.12's IPE warns on a
 * read of no known purpose.
 */
int kpt_btf_read_file(const char *path, void **data, size_t *size)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	loff_t pos = 0, len;
	ssize_t n;
	int ret = 0;

	*data = NULL;
	if (IS_ERR(f))
		return PTR_ERR(f);
	len = i_size_read(file_inode(f));
	if (len <= 0 || len > KPT_BTF_FILE_MAX) {
		ret = -EFBIG;
		goto out;
	}
	*data = vmalloc(len);
	if (!*data) {
		ret = -ENOMEM;
		goto out;
	}
	while (pos < len) {
		n = kernel_read(f, *data + pos, len - pos, &pos);
		if (n <= 0) {
			ret = n ? n : -EIO;
			break;
		}
	}
	if (ret) {
		vfree(*data);
		*data = NULL;
	}
	*size = len;
out:
	filp_close(f, NULL);
	return ret;
}

static int kpt_btf_vmlinux_load(void)
{
	unsigned long start = kpt_ksym_addr("__start_BTF");
	unsigned long stop = kpt_ksym_addr("__stop_BTF");
	const void *data = (const void *)start;
	size_t size = stop - start;
	u32 n;
	int r;

	if (!start || stop <= start) {
		if (kpt_btf_read_file("/sys/kernel/btf/vmlinux",
				      &kpt_vmlinux_copy, &size))
			return KPT_BTF_E_NO_BTF;
		data = kpt_vmlinux_copy;
	}
	r = kpt_btf_init(&kpt_vmlinux, data, size, NULL);
	if (r)
		return r;
	n = kpt_btf_nr_types(&kpt_vmlinux);
	kpt_vmlinux_index = kvmalloc_array(max(n, 1U), sizeof(u32),
					   GFP_KERNEL);
	if (!kpt_vmlinux_index)
		return KPT_BTF_E_INDEX_SIZE;
	r = kpt_btf_set_index(&kpt_vmlinux, kpt_vmlinux_index, n);
	if (r)
		return r;
	n = kpt_btf_nr_funcs(&kpt_vmlinux);
	kpt_vmlinux_funcs = kvmalloc_array(max(n, 1U), sizeof(u32),
					   GFP_KERNEL);
	if (!kpt_vmlinux_funcs)
		return KPT_BTF_E_INDEX_SIZE;
	return kpt_btf_set_func_index(&kpt_vmlinux, kpt_vmlinux_funcs, n);
}

/*
 * vmlinux's blob into b as it is (no index, nothing kept): from the
 * symbols, else a copy of /sys/kernel/btf/vmlinux in *copy, which the
 * caller vfree()s.  KPT_BTF_OK or KPT_BTF_E_*.
 */
int kpt_btf_vmlinux_raw(struct kpt_btf *b, void **copy)
{
	unsigned long start = kpt_ksym_addr("__start_BTF");
	unsigned long stop = kpt_ksym_addr("__stop_BTF");
	const void *data = (const void *)start;
	size_t size = stop - start;

	*copy = NULL;
	if (!start || stop <= start) {
		if (kpt_btf_read_file("/sys/kernel/btf/vmlinux", copy, &size))
			return KPT_BTF_E_NO_BTF;
		data = *copy;
	}
	return kpt_btf_init(b, data, size, NULL);
}

/* vmlinux's blob, indexed at the first use; NULL and *err if none. */
const struct kpt_btf *kpt_btf_vmlinux(int *err)
{
	mutex_lock(&kpt_btf_lock);
	if (!kpt_vmlinux_tried) {
		kpt_vmlinux_tried = true;
		kpt_vmlinux_err = kpt_btf_vmlinux_load();
		if (kpt_vmlinux_err)
			pr_warn("no usable vmlinux BTF (error %d): names in definitions are refused\n",
				kpt_vmlinux_err);
	}
	mutex_unlock(&kpt_btf_lock);
	*err = kpt_vmlinux_err;
	return kpt_vmlinux_err ? NULL : &kpt_vmlinux;
}

/*
 * vmlinux's index, built by a worker at load (kpt_btf_warm()) so that
 * the first definition with a BTF name or type does not wait for it: a
 * few hundred million instructions on 6.12, most of the setup of a
 * first `kprobetrace latency`.  A definition racing with it waits on
 * kpt_btf_lock, as it would for its own build.
 */
static void kpt_btf_warm_fn(struct work_struct *work)
{
	int err;

	kpt_btf_vmlinux(&err);
}

static DECLARE_WORK(kpt_btf_warm_work, kpt_btf_warm_fn);

void kpt_btf_warm(void)
{
	schedule_work(&kpt_btf_warm_work);
}

void kpt_btf_exit(void)
{
	cancel_work_sync(&kpt_btf_warm_work);
	kvfree(kpt_vmlinux_index);
	kvfree(kpt_vmlinux_funcs);
	vfree(kpt_vmlinux_copy);
}

