// SPDX-License-Identifier: GPL-2.0
/*
 * The functions of an f: probe: one function checked, or a set of names
 * and globs matched, without reading available_filter_functions.  See
 * kpt_fset.h.
 *
 * Globs: vmlinux's symbol table in one pass (compat/kpt_vmsyms.h; symbol
 * by symbol by address where the kernel lacks it), each match checked to
 * be the name of its address in the core text; exact names come from
 * kallsyms' name index; the modules' symbols from the symbol room's walk.
 * A member must have an ftrace record (ftrace_location()); the kprobe
 * blacklist and kprobetrace's own functions are skipped with a note.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include "kpt_fset.h"
#include "kpt_ksyms.h"
#include "kpt_modsyms.h"
#include "kpt_vmsyms.h"
#include "kpt_resolve.h"

/* Does addr start a function that has an ftrace record? */
static bool kpt_ftraceable(unsigned long addr)
{
	unsigned long size = 0, off = 0, loc;

	if (!kpt_kcall(lookup_size_offset)(addr, &size, &off) || off)
		return false;
	loc = kpt_kcall(ftrace_location)(addr);
	return loc && loc >= addr && loc < addr + size;
}

/* In a module's init text (freed after init, its address reused)? */
static bool kpt_init_text(unsigned long addr)
{
	struct module *mod;
	bool init;

	preempt_disable();
	mod = kpt_kcall(module_address)(addr);
	init = mod && within_module_init(addr, mod);
	preempt_enable();
	return init;
}

static bool kpt_own(unsigned long addr)
{
	bool own;

	preempt_disable();
	own = within_module(addr, THIS_MODULE);
	preempt_enable();
	return own;
}

int kpt_fprobe_check_one(struct kpt_probe *p, unsigned long addr,
			 struct kpt_err *e, size_t pos)
{
	struct kpt_fset *fs = p->fs;
	int ret;

	ret = kpt_check_probe_addr(addr, e, pos);
	if (ret)
		return ret;
	/* the selftest's target passes the check above, not this */
	if (kpt_own(addr))
		return kpt_error(e, KPT_ERR_PROBE_ITSELF, pos, (void *)addr);
	if (kpt_init_text(addr))
		return kpt_error(e, KPT_ERR_FPROBE_INIT, pos,
				 kpt_def_str(p->def, p->def->symbol));
	if (!kpt_ftraceable(addr))
		return kpt_error(e, KPT_ERR_FPROBE_NOT_TRACEABLE, pos,
				 kpt_def_str(p->def, p->def->symbol));
	if (!fs->ips) {
		fs->ips = kvmalloc(sizeof(*fs->ips), GFP_KERNEL);
		if (!fs->ips)
			return kpt_error(e, KPT_ERR_NOMEM, 0);
	}
	fs->ips[0] = addr;
	fs->n = 1;
	fs->skipped = 0;
	return 0;
}

/* ---- sets ---------------------------------------------------------------- */

struct kpt_fmatch {
	unsigned int nitems;
	char **items;
	bool *neg, *glob;
	unsigned int *hits;		/* members each positive item gave */
	int cur;			/* exact item being looked up */
	unsigned long *ips;
	unsigned int n, cap;
	unsigned int skipped;
	char skip[160];			/* the first skipped names */
	size_t skiplen;
	char mod[MODULE_NAME_LEN];	/* the module of the members, or "" */
	bool two_mods, nomem, skip_cut;
	char name[KSYM_SYMBOL_LEN];
};

static void kpt_fmatch_free(struct kpt_fmatch *m)
{
	unsigned int i;

	for (i = 0; m->items && i < m->nitems; i++)
		kfree(m->items[i]);
	kfree(m->items);
	kfree(m->neg);
	kfree(m->glob);
	kfree(m->hits);
	kvfree(m->ips);
	kfree(m);
}

/* Split "a,b*,!c" into its items. */
static int kpt_fmatch_items(struct kpt_fmatch *m, const char *set)
{
	const char *s = set, *c;
	unsigned int i, n = 1;

	for (c = set; *c; c++)
		n += *c == ',';
	m->items = kcalloc(n, sizeof(*m->items), GFP_KERNEL);
	m->neg = kcalloc(n, sizeof(*m->neg), GFP_KERNEL);
	m->glob = kcalloc(n, sizeof(*m->glob), GFP_KERNEL);
	m->hits = kcalloc(n, sizeof(*m->hits), GFP_KERNEL);
	if (!m->items || !m->neg || !m->glob || !m->hits)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		size_t len = strcspn(s, ",");

		m->neg[i] = *s == '!';
		if (m->neg[i]) {
			s++;
			len--;
		}
		m->items[i] = kstrndup(s, len, GFP_KERNEL);
		if (!m->items[i])
			return -ENOMEM;
		m->glob[i] = strpbrk(m->items[i], "*?[") != NULL;
		m->nitems++;
		s += len;
		if (*s == ',')
			s++;
	}
	return 0;
}

static bool kpt_item_matches(struct kpt_fmatch *m, unsigned int i,
			     const char *name)
{
	return m->glob[i] ? glob_match(m->items[i], name) :
			    !strcmp(m->items[i], name);
}

/* The positive item name is a member by (or -1), if no '!' item takes it */
static int kpt_fmatch_wants(struct kpt_fmatch *m, const char *name)
{
	int pos = -1;
	unsigned int i;

	for (i = 0; i < m->nitems && pos < 0; i++)
		if (!m->neg[i] && kpt_item_matches(m, i, name))
			pos = i;
	for (i = 0; pos >= 0 && i < m->nitems; i++)
		if (m->neg[i] && kpt_item_matches(m, i, name))
			return -1;
	return pos;
}

static void kpt_fmatch_add(struct kpt_fmatch *m, int item, const char *name,
			   unsigned long addr, struct module *mod)
{
	/* init text goes after init: its address may be reused */
	if (mod == THIS_MODULE || (mod && within_module_init(addr, mod)))
		return;
	if (!kpt_ftraceable(addr))
		return;			/* notrace, or not a function */
	if (kpt_kcall(within_kprobe_blacklist)(addr) || kpt_own(addr)) {
		/* the first names, then " ..." */
		if (!m->skip_cut &&
		    m->skiplen + strlen(name) + 6 < sizeof(m->skip)) {
			m->skiplen += scnprintf(m->skip + m->skiplen,
						sizeof(m->skip) - m->skiplen,
						"%s%s", m->skipped ? " " : "",
						name);
		} else if (!m->skip_cut) {
			m->skiplen += scnprintf(m->skip + m->skiplen,
						sizeof(m->skip) - m->skiplen,
						" ...");
			m->skip_cut = true;
		}
		m->skipped++;
		m->hits[item]++;
		return;
	}
	if (mod) {
		if (!m->mod[0])
			strscpy(m->mod, mod->name, sizeof(m->mod));
		else if (strcmp(m->mod, mod->name))
			m->two_mods = true;
	}
	/* past KPT_FSET_MAX only counted (n > cap), never stored */
	if (m->n >= m->cap) {
		unsigned int cap = m->cap ? 2 * m->cap : 64;
		unsigned long *ips;

		if (m->cap >= KPT_FSET_MAX) {
			m->n++;		/* too many: reported */
			return;
		}
		ips = kvmalloc_array(cap, sizeof(*ips), GFP_KERNEL);
		if (!ips) {
			m->nomem = true;
			return;
		}
		if (m->n)
			memcpy(ips, m->ips, m->n * sizeof(*ips));
		kvfree(m->ips);
		m->ips = ips;
		m->cap = cap;
	}
	m->ips[m->n++] = addr;
	m->hits[item]++;
}

static int kpt_fmatch_exact(void *data, unsigned long addr)
{
	struct kpt_fmatch *m = data;

	if (kpt_fmatch_wants(m, m->items[m->cur]) == m->cur)
		kpt_fmatch_add(m, m->cur, m->items[m->cur], addr, NULL);
	return 0;
}

/* module_mutex is held (kpt_module_symbols()): the module stays */
static int kpt_fmatch_module(void *data, const char *name, unsigned long addr)
{
	struct kpt_fmatch *m = data;
	int item = kpt_fmatch_wants(m, name);

	if (item >= 0)
		kpt_fmatch_add(m, item, name, addr,
			       kpt_kcall(module_address)(addr));
	return 0;
}

/*
 * A vmlinux symbol for the globs: in the core text, matching a glob, and
 * the name kallsyms gives its address (not an alias of it), as the walk
 * by address below takes it.  Only the matches pay for the lookups.
 */
static int kpt_fmatch_vmsym(void *data, const char *name, unsigned long addr)
{
	struct kpt_fmatch *m = data;
	unsigned long size, off;
	int item;

	if (addr < kpt_ksyms.stext || addr >= kpt_ksyms.etext)
		return 0;
	item = kpt_fmatch_wants(m, name);
	if (item < 0 || !m->glob[item])
		return 0;
	if (!kpt_kcall(lookup_size_offset)(addr, &size, &off) || off)
		return 0;
	sprint_symbol_no_offset(m->name, addr);
	if (strcmp(m->name, name))
		return 0;
	kpt_fmatch_add(m, item, m->name, addr, NULL);
	return m->nomem ? -ENOMEM : 0;
}

/*
 * Globs over vmlinux's core text: kallsyms' table in one pass
 * (compat/kpt_vmsyms.h), else symbol by symbol by address.
 */
static void kpt_fmatch_vmlinux(struct kpt_fmatch *m)
{
	unsigned long addr = kpt_ksyms.stext, size, off, next;
	unsigned int steps = 0;
	int item;

	if (kpt_vmlinux_symbols(kpt_fmatch_vmsym, m) != -EOPNOTSUPP)
		return;
	while (addr < kpt_ksyms.etext && !m->nomem) {
		if (!kpt_kcall(lookup_size_offset)(addr, &size, &off))
			break;
		next = addr - off + size;
		if (next <= addr)
			next = addr + 1;
		if (!off) {
			sprint_symbol_no_offset(m->name, addr);
			item = kpt_fmatch_wants(m, m->name);
			if (item >= 0 && m->glob[item])
				kpt_fmatch_add(m, item, m->name, addr, NULL);
		}
		addr = next;
		if (!(++steps % 1024))
			cond_resched();
	}
}

static int kpt_cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Match the set (glob and names, '!' excluding): its members, sorted,
 * each once, into *ips (kvmalloc'd) and *n; mod gets their module ("" for
 * vmlinux), skipped how many were refused (noted in e).
 */
static int kpt_fmatch_set(const char *set, struct kpt_err *e, size_t pos,
			  unsigned long **ips, unsigned int *n,
			  unsigned int *skipped, char *found_mod)
{
	struct kpt_fmatch *m;
	unsigned int i, j;
	bool globs = false;
	int ret = 0;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m || kpt_fmatch_items(m, set))
		goto nomem;
	for (i = 0; i < m->nitems; i++) {
		if (m->neg[i])
			continue;
		if (m->glob[i]) {
			globs = true;
			continue;
		}
		m->cur = i;
		kpt_kcall(on_each_match_symbol)(kpt_fmatch_exact, m->items[i],
					       m);
	}
	if (globs)
		kpt_fmatch_vmlinux(m);
	kpt_module_symbols(NULL, kpt_fmatch_module, m);
	if (m->nomem)
		goto nomem;
	if (m->n > KPT_FSET_MAX) {
		ret = kpt_error(e, KPT_ERR_FPROBE_TOO_MANY, pos, set,
				KPT_FSET_MAX);
		goto out;
	}
	if (m->two_mods) {
		ret = kpt_error(e, KPT_ERR_FPROBE_MODULES, pos, set);
		goto out;
	}
	/* every name given must be a member (or skipped, with the note) */
	for (i = 0; i < m->nitems; i++) {
		if (m->neg[i] || m->glob[i] || m->hits[i] ||
		    kpt_fmatch_wants(m, m->items[i]) < 0)
			continue;	/* a glob, found, or excluded by '!' */
		ret = kpt_error(e, KPT_ERR_FPROBE_NO_MATCH, pos, m->items[i]);
		goto out;
	}
	if (!m->n) {
		ret = kpt_error(e, KPT_ERR_FPROBE_NO_MATCH, pos, set);
		goto out;
	}
	/* sorted, each function once (aliases, a name matched twice) */
	sort(m->ips, m->n, sizeof(*m->ips), kpt_cmp_ulong, NULL);
	for (i = 1, j = 1; i < m->n; i++)
		if (m->ips[i] != m->ips[j - 1])
			m->ips[j++] = m->ips[i];
	*ips = m->ips;
	*n = j;
	m->ips = NULL;
	*skipped = m->skipped;
	if (found_mod)
		strscpy(found_mod, m->mod, MODULE_NAME_LEN);
	if (m->skipped)
		kpt_note(e, KPT_ERR_NOTE_FPROBE_SKIPPED, pos, m->skipped,
			 m->skipped + j, m->skip);
out:
	kpt_fmatch_free(m);
	return ret;
nomem:
	ret = kpt_error(e, KPT_ERR_NOMEM, 0);
	if (m)
		kpt_fmatch_free(m);
	return ret;
}

int kpt_fprobe_match_set(struct kpt_probe *p, struct kpt_err *e, size_t pos,
			 char *found_mod)
{
	const char *set = kpt_def_str(p->def, p->def->symbol);
	struct kpt_fset_pre *pre = p->fs->pre;
	struct kpt_fset *fs = p->fs;
	unsigned long *ips;
	unsigned int n, skipped;
	int ret;

	if (pre && pre->ips) {		/* matched by the BTF step */
		ips = pre->ips;
		pre->ips = NULL;
		n = pre->n;
		skipped = pre->skipped;
		if (found_mod)
			strscpy(found_mod, pre->mod, MODULE_NAME_LEN);
		if (pre->note.note && !e->err)
			*e = pre->note;
	} else {
		ret = kpt_fmatch_set(set, e, pos, &ips, &n, &skipped,
				     found_mod);
		if (ret)
			return ret;
	}
	kvfree(fs->ips);
	fs->ips = ips;
	fs->n = n;
	fs->skipped = skipped;
	p->addr = fs->ips[0];
	return 0;
}

int kpt_fprobe_set_members(const struct kpt_probe_def *def,
			   struct kpt_fset_pre *pre, struct kpt_err *e,
			   size_t pos)
{
	int ret;

	memset(&pre->note, 0, sizeof(pre->note));
	kvfree(pre->ips);
	pre->ips = NULL;
	/* the note (members skipped) is the probe's to give */
	ret = kpt_fmatch_set(kpt_def_str(def, def->symbol), &pre->note, pos,
			     &pre->ips, &pre->n, &pre->skipped, pre->mod);
	if (ret) {
		*e = pre->note;
		memset(&pre->note, 0, sizeof(pre->note));
	}
	return ret;
}
