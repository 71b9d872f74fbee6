// SPDX-License-Identifier: GPL-2.0
/*
 * Probes: made from a parsed definition (its arguments compiled by
 * kpt_compile.c), the probe point located and checked, the
 * kprobe/kretprobe (un)registered and armed.  See kpt_probe.h for what it offers and touches; the
 * handlers it registers are the hit path's (kpt_hit.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include "kpt_boundary.h"
#include "kpt_compile.h"
#include "kpt_fmt.h"
#include "kpt_fprobe.h"
#include "kpt_fset.h"
#include "kpt_hit.h"
#include "kpt_ksyms.h"
#include "kpt_lat_types.h"
#include "kpt_members.h"
#include "kpt_optprobe.h"
#include "kpt_probe.h"
#include "kpt_resolve.h"
#include "kpt_eprobe.h"
#include "kpt_tprobe.h"
#include "kpt_wprobe.h"

DEFINE_MUTEX(kpt_mutex);
LIST_HEAD(kpt_probes);

/* ---- definition time ---------------------------------------------------- */

/*
 * Find and check the probe address: SYM+offs (in module p->modname if
 * set) or the address.  Returns 1, leaving p->addr 0, if the probe's
 * module is not loaded; found_mod (MODULE_NAME_LEN bytes or NULL) gets the
 * module SYM was found in ("" for vmlinux).
 */
int kpt_probe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos,
		     char *found_mod)
{
	const struct kpt_probe_def *def = p->def;
	unsigned long addr;
	bool loaded = true;
	int ret;

	p->addr = 0;
	if (p->eprobe)
		return kpt_eprobe_locate(p, e, pos);
	if (p->tprobe)
		return kpt_tprobe_locate(p, e, pos, found_mod);
	if (p->fprobe && (def->flags & KPT_DEF_FSET))
		return kpt_fprobe_match_set(p, e, pos, found_mod);
	if (def->loc != KPT_LOC_SYMBOL) {
		addr = def->addr;
		if (p->wprobe)
			goto watch;
		goto check;
	}
	/* vmlinux:SYM (no p->modname) looks in vmlinux only */
	ret = kpt_resolve_symbol_mod(p->modname ? p->modname :
				     def->module ? kpt_def_str(def, def->module) :
				     NULL,
				     kpt_def_str(def, def->symbol), &addr,
				     found_mod, &loaded, e, pos);
	if (ret == -ENOENT && p->modname && !loaded) {
		memset(e, 0, sizeof(*e));
		return 1;
	}
	if (ret)
		return ret;
	if (p->wprobe) {
		addr += def->offset;
		goto watch;
	}
	if (p->fprobe) {
		ret = kpt_fprobe_check_one(p, addr, e, pos);
		if (!ret)
			p->addr = addr;
		return ret;
	}
	/* SYM-offs is the seed's syntax; the kernel's tracer refuses it */
	if (def->offset < 0 && p->today)
		return kpt_error(e, KPT_ERR_NEG_OFFSET_TODAY, pos);
	if (def->offset) {
		unsigned long size = 0, off = 0, nsize, noff = 1;

		/*
		 * Up to the function's size: +size is the next symbol's
		 * start, accepted as the kernel's tracer does (probepoint.tc);
		 * so is any later symbol's start (6.12 puts a __pfx_ padding
		 * symbol before each function: +size is the padding, the
		 * next function starts 16 bytes later).  Whether it is kernel
		 * text and probeable is checked below.
		 */
		if (def->offset > 0 &&
		    kpt_kcall(lookup_size_offset)(addr, &size, &off) &&
		    !off && def->offset > size)
			kpt_kcall(lookup_size_offset)(addr + def->offset,
						     &nsize, &noff);
		if (def->offset > 0 &&
		    (!size || off != 0 || (def->offset > size && noff)))
			return kpt_error(e, KPT_ERR_OFFSET_PAST_END, pos,
					   (unsigned long long)def->offset,
					   kpt_def_str(def, def->symbol), size);
		addr += def->offset;
	}
check:
	ret = kpt_check_probe_addr(addr, e, pos);
	if (ret)
		return ret;
	if (!p->is_return || def->loc == KPT_LOC_ADDR) {
		ret = kpt_boundary_check(addr, e, pos);
		if (ret)
			return ret;
	}
	p->addr = addr;
	return 0;
watch:
	ret = kpt_wprobe_check(p, &addr, e, pos);
	if (!ret)
		p->addr = addr;
	return ret;
}

/*
 * A timed probe's errno table (kpt_lat_types.h): the width of its first
 * plain $retval of a signed type (untyped or x64: a long), or 0: none.
 * An untyped one (no BTF typed it) sets *lo32: its type is unknown, and
 * an int function's errno, returned in eax, has upper 32 bits of zero.
 */
static u8 kpt_errno_bits(const struct kpt_probe_def *def, bool *lo32)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct kpt_probe_arg *a = &def->args[i];

		if (a->nops != 1 || a->ops[0].op != KPT_FOP_RETVAL ||
		    a->array_len)
			continue;
		if (a->type >= KPT_T_S8 && a->type <= KPT_T_S64)
			return a->size * 8;
		*lo32 = a->type == KPT_T_DEFAULT;
		if (a->type == KPT_T_DEFAULT || a->type == KPT_T_X64)
			return 64;
	}
	return 0;
}

/*
 * A timed probe's NULL returns are counted (kpt_lat_types.h) if BTF gave its
 * first plain $retval a pointer type.  Without BTF (a module built without
 * it) the return value is a long: its errnos are counted, not its NULLs.
 */
static bool kpt_ret_ptr(const struct kpt_probe_def *def)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct kpt_probe_arg *a = &def->args[i];

		if (a->nops == 1 && a->ops[0].op == KPT_FOP_RETVAL &&
		    !a->array_len)
			return a->aflags & KPT_ARG_RET_PTR;
	}
	return false;
}

/*
 * A probe for def, its memory allocated and filled from def, its fetch
 * program not yet compiled; NULL when out of memory (p freed).
 */
static struct kpt_probe *kpt_probe_alloc(const struct kpt_probe_def *def)
{
	unsigned int i, total_ops = 0, lopts;
	struct kpt_probe *p;
	size_t need;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return NULL;
	INIT_LIST_HEAD(&p->list);
	INIT_LIST_HEAD(&p->links);
	p->ev = p;
	INIT_LIST_HEAD(&p->sibs);
	list_add(&p->sib, &p->sibs);
	p->is_return = def->kind == KPT_PROBE_RETURN;
	p->fprobe = def->flags & KPT_DEF_FPROBE;
	p->tprobe = def->flags & KPT_DEF_TPROBE;
	p->wprobe = def->flags & KPT_DEF_WPROBE;
	if (p->wprobe && kpt_wprobe_alloc(p))
		goto nomem;
	p->eprobe = def->flags & KPT_DEF_EPROBE;
	if (p->eprobe && kpt_eprobe_alloc(p))
		goto nomem;
	if (p->fprobe && kpt_fprobe_alloc(p))
		goto nomem;
	p->nargs = def->nargs;
	/* which format: see kpt_fmt_today.c */
	p->today = def->syntax == KPT_SYNTAX_TODAY ||
		   (def->syntax == KPT_SYNTAX_EITHER &&
		    READ_ONCE(kpt_either_today));
	for (i = 0; i < def->nargs; i++)
		if (def->args[i].type != KPT_T_DEFAULT ||
		    def->args[i].array_len)
			p->today = true;
	p->fmt = p->today ? &kpt_fmt_today : &kpt_fmt_seed;
	p->def = kvmalloc(kpt_probe_def_compact_size(def), GFP_KERNEL);
	if (!p->def)
		goto nomem;
	kpt_probe_def_compact(p->def, def);
	/* a write's lines are matched against every probe by this first */
	p->name_hash = jhash(def->event, strlen(def->event),
			     jhash(def->group, strlen(def->group), 0));
	for (i = 0; i < def->nargs; i++)
		total_ops += def->args[i].nops;
	p->args = kcalloc(max_t(unsigned int, def->nargs, 1),
			  sizeof(*p->args), GFP_KERNEL);
	p->ops = kcalloc(max_t(unsigned int, total_ops, 1), sizeof(*p->ops),
			 GFP_KERNEL);
	p->hits = alloc_percpu(unsigned long);
	if (!p->args || !p->ops || !p->hits)
		goto nomem;
	/* $duration: the entry keeps its time; durations are aggregated */
	for (i = 0; i < def->nargs; i++)
		if (def->args[i].ops[0].op == KPT_FOP_DURATION)
			p->timed = true;
	if (p->timed) {
		p->lat = alloc_percpu(struct kpt_lat);
		if (!p->lat)
			goto nomem;
		p->errno_bits = kpt_errno_bits(def, &p->errno_lo32);
		p->ret_ptr = kpt_ret_ptr(def);
	}
	if (p->today) {
		p->targs = kcalloc(max_t(unsigned int, def->nargs, 1),
				   sizeof(*p->targs), GFP_KERNEL);
		if (!p->targs)
			goto nomem;
	}

	/*
	 * Listed as written back.  An event in today's format lists as the
	 * kernel's tracer does ("p:GRP/EVENT SYM"); the seed's as the seed
	 * ("p:EVENT SYM+0": our group is the default, left out).
	 */
	lopts = p->today ? KPT_FMT_NO_ZERO_OFFS : KPT_FMT_NO_DEFAULT_GROUP;
	need = kpt_format_probe_opts(def, lopts, NULL, 0) + 1;
	p->listing = kmalloc(need, GFP_KERNEL);
	if (!p->listing)
		goto nomem;
	kpt_format_probe_opts(def, lopts, p->listing, need);
	return p;

nomem:
	kpt_probe_free(p);
	return NULL;
}

/* Where p probes: located and checked, its module noted (0 or -errno) */
static int kpt_probe_where(struct kpt_probe *p,
			   const struct kpt_probe_def *def, struct kpt_err *e,
			   struct kpt_fset_pre *pre)
{
	char found_mod[MODULE_NAME_LEN] = "";
	size_t pos_loc = def->loc_pos;
	int ret;

	if (p->is_return && def->loc == KPT_LOC_SYMBOL && def->offset)
		return kpt_error(e, KPT_ERR_RETPROBE_OFFSET, pos_loc);
	if (def->loc == KPT_LOC_SYMBOL && def->module &&
	    strcmp(kpt_def_str(def, def->module), "vmlinux")) {
		p->modname = kstrdup(kpt_def_str(def, def->module), GFP_KERNEL);
		if (!p->modname)
			return kpt_error(e, KPT_ERR_NOMEM, 0);
	}
	if (p->fprobe)
		p->fs->pre = pre;
	ret = kpt_probe_locate(p, e, pos_loc, found_mod);
	if (p->fprobe)
		p->fs->pre = NULL;
	if (ret < 0)
		return ret;
	if (ret > 0 && !p->modname) {
		/* t: a tracepoint no code loaded has (kpt_tprobe.h) */
		kpt_note(e, KPT_ERR_NOTE_TP_PENDING, pos_loc,
			 kpt_def_str(def, def->symbol));
	} else if (ret > 0) {
		/* as the kernel's tracer: armed when the module loads */
		kpt_note(e, KPT_ERR_NOTE_MOD_NOT_LOADED, pos_loc,
			 p->modname);
	} else if (!p->modname && found_mod[0]) {
		/* SYM found in a module: armed again if it reloads */
		p->modname = kstrdup(found_mod, GFP_KERNEL);
		if (!p->modname)
			return kpt_error(e, KPT_ERR_NOMEM, 0);
	}
	return 0;
}

struct kpt_probe *kpt_probe_create(const struct kpt_probe_def *def,
				   struct kpt_err *e,
				   struct kpt_fset_pre *pre)
{
	struct kpt_probe *p = kpt_probe_alloc(def);
	int ret;

	if (!p) {
		kpt_error(e, KPT_ERR_NOMEM, 0);
		return ERR_PTR(e->err);
	}
	ret = kpt_probe_where(p, def, e, pre);
	if (!ret)
		ret = kpt_compile_args(p, def, e);
	if (!ret)
		ret = p->fmt->size(p, def, e);
	if (!ret)
		return p;
	kpt_probe_free(p);
	return ERR_PTR(e->err);
}

/* Register the kprobe at p->addr, armed or not (event_mutex held if armed) */
int kpt_probe_register_at(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	int ret;

	if (p->fprobe)
		return kpt_fprobe_register(p, e, armed);
	if (p->tprobe)
		return kpt_tprobe_register(p, e, armed);
	if (p->wprobe)
		return kpt_wprobe_register(p, e, armed);
	if (p->eprobe)
		return kpt_eprobe_register(p, e, armed);
	/* a re-registration (module reloaded) starts from a clean kprobe */
	p->missed_before += p->rp.kp.nmissed + (p->is_return ? p->rp.nmissed : 0);
	memset(&p->rp.kp, 0, sizeof(p->rp.kp));
	p->rp.nmissed = 0;
	/* the kernel's optimizer would oops there (compat/kpt_optprobe.h) */
	if (kpt_optprobe_reads_unmapped(p->addr))
		return kpt_error(e, KPT_ERR_OPTPROBE_UNMAPPED, 0,
				 (void *)p->addr);
	p->rp.kp.addr = (kprobe_opcode_t *)p->addr;
	p->rp.kp.flags = armed ? 0 : KPROBE_FLAG_DISABLED;
	if (armed)
		p->ev->armed_once = true;
	if (p->is_return) {
		p->rp.handler = kpt_kretprobe_handler;
		p->rp.maxactive = p->def->maxactive;
		/* entry values its args read: kept by an entry handler */
		if (kpt_edata_words(p)) {
			p->rp.entry_handler = kpt_kretprobe_entry;
			p->rp.data_size = kpt_edata_words(p) *
					  sizeof(unsigned long);
		}
		ret = register_kretprobe(&p->rp);
	} else {
		p->rp.kp.pre_handler = kpt_kprobe_handler;
		ret = register_kprobe(&p->rp.kp);
	}
	if (ret) {
		const char *why = "";

		if (ret == -EILSEQ)
			why = ": not on an instruction boundary (kernel check)";
		else if (ret == -EINVAL && p->is_return)
			why = ": not a function entry, or a blacklisted function";
		else if (ret == -EINVAL)
			why = ": the address cannot be probed (blacklisted or not text)";
		else if (ret == -EBUSY || ret == -EEXIST)
			why = ": the address is busy";
		return kpt_error_with(e, KPT_ERR_REGISTER_FAILED, ret, 0,
				   p->is_return ? "kretprobe" : "kprobe",
				   ret, why);
	}
	p->registered = true;
	return 0;
}

/*
 * Register a new probe, disabled: the probe is armed only while its event
 * is enabled (kpt_event.c).  A probe whose module is not loaded stays
 * unregistered (kpt_modnotify.c registers it); this looks again,
 * under kpt_mutex, in case the module came since kpt_probe_create().
 */
int kpt_probe_register(struct kpt_probe *p, struct kpt_err *e)
{
	int ret;

	if (!p->addr) {
		ret = kpt_probe_locate(p, e, 0, NULL);
		if (ret)
			return ret > 0 ? 0 : ret;
	}
	return kpt_probe_register_at(p, e, false);
}

/*
 * Arm or disarm every registered probe of the event held by ev (event_mutex
 * held).  Arming is all or nothing.
 */
int kpt_probe_set_armed(struct kpt_probe *ev, bool on)
{
	struct kpt_probe *q;
	int ret = 0;

	if (on)
		ev->armed_once = true;
	list_for_each_entry(q, &ev->sibs, sib) {
		/* not registered (module not loaded), or in freed init text */
		if (!q->registered || q->detached ||
		    (!q->fprobe && !q->tprobe && !q->wprobe && !q->eprobe &&
		     kprobe_gone(&q->rp.kp)))
			continue;
		if (q->wprobe) {
			kpt_wprobe_set_armed(q, on);
			continue;
		}
		if (q->eprobe) {
			kpt_eprobe_set_armed(q, on);
			continue;
		}
		if (!on) {
			if (q->tprobe)
				kpt_tprobe_set_armed(q, false);
			else if (q->fprobe)
				kpt_fprobe_set_armed(q, false);
			else
				disable_kprobe(&q->rp.kp);
			continue;
		}
		ret = q->tprobe ? kpt_tprobe_set_armed(q, true) :
		      q->fprobe ? kpt_fprobe_set_armed(q, true) :
				  enable_kprobe(&q->rp.kp);
		if (ret) {
			kpt_probe_set_armed(ev, false);
			return ret;
		}
	}
	if (!on)
		ev->disarm_gp = get_state_synchronize_rcu();
	return 0;
}

/* Arm one probe appended to an enabled event (event_mutex held). */
int kpt_probe_arm_one(struct kpt_probe *p)
{
	if (!p->registered)
		return 0;
	if (p->fprobe)
		return kpt_fprobe_set_armed(p, true);
	if (p->tprobe)
		return kpt_tprobe_set_armed(p, true);
	if (p->wprobe) {
		kpt_wprobe_set_armed(p, true);
		return 0;
	}
	if (p->eprobe) {
		kpt_eprobe_set_armed(p, true);
		return 0;
	}
	return enable_kprobe(&p->rp.kp);
}

/* Unregister many probes with one batch (one RCU grace period). */
void kpt_probe_unregister_many(struct kpt_probe **ps, unsigned int n)
{
	struct kretprobe **rps;
	struct kprobe **kps;
	unsigned int i, nk = 0, nr = 0;

	kps = kcalloc(n, sizeof(*kps), GFP_KERNEL);
	rps = kcalloc(n, sizeof(*rps), GFP_KERNEL);
	for (i = 0; i < n; i++) {
		struct kpt_probe *p = ps[i];

		if (!p->registered)
			continue;
		if (p->fprobe) {
			kpt_fprobe_unregister(p);
			continue;
		}
		if (p->tprobe) {
			kpt_tprobe_unregister(p);
			continue;
		}
		if (p->wprobe) {
			kpt_wprobe_unregister(p);
			continue;
		}
		if (p->eprobe) {
			kpt_eprobe_unregister(p);
			continue;
		}
		if (!kps || !rps) {
			/* no memory for the batch: one by one */
			if (p->is_return)
				unregister_kretprobe(&p->rp);
			else
				unregister_kprobe(&p->rp.kp);
		} else if (p->is_return) {
			rps[nr++] = &p->rp;
		} else {
			kps[nk++] = &p->rp.kp;
		}
		p->registered = false;
	}
	if (nk)
		unregister_kprobes(kps, nk);
	if (nr)
		unregister_kretprobes(rps, nr);
	kfree(kps);
	kfree(rps);
}

void kpt_probe_free(struct kpt_probe *p)
{
	if (!p)
		return;
	kpt_fprobe_free(p);
	if (p->registered)
		kpt_probe_unregister_many(&p, 1);
	kpt_wprobe_free(p);
	kpt_eprobe_free(p);
	free_percpu(p->hits);
	free_percpu(p->lat);
	kpt_members_free(p);
	kfree(p->modname);
	kvfree(p->print_fmt);
	if (p->pdesc_owned)
		p->fmt->desc_free(p->pdesc);
	kfree(p->field_names);
	kfree(p->listing);
	kfree(p->ops);
	kfree(p->args);
	kfree(p->targs);
	kvfree(p->def);
	kfree(p);
}

unsigned long kpt_probe_hits(struct kpt_probe *p)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += *per_cpu_ptr(p->hits, cpu);
	return sum;
}

unsigned long kpt_probe_misses(struct kpt_probe *p)
{
	if (p->fprobe)
		return kpt_fprobe_misses(p);
	if (p->wprobe || p->eprobe)
		return 0;
	return p->missed_before + p->rp.kp.nmissed +
	       (p->is_return ? p->rp.nmissed : 0);
}
