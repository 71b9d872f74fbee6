// SPDX-License-Identifier: GPL-2.0
/*
 * t: events: see kpt_tprobe.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include "kpt_hit.h"
#include "kpt_resolve.h"
#include "kpt_tprobe.h"

#define KPT_TP_PREFIX	"__tracepoint_"

static const char *kpt_tp_name(struct kpt_probe *p)
{
	return kpt_def_str(p->def, p->def->symbol);
}

/* the tracepoint at addr is the one named name (not another symbol) */
static bool kpt_tp_is(unsigned long addr, const char *name)
{
	const struct tracepoint *tp = (const struct tracepoint *)addr;

	return tp->name && !strcmp(tp->name, name);
}

int kpt_tprobe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos,
		      char *found_mod)
{
	const char *name = kpt_tp_name(p);
	struct kpt_err quiet = {};
	unsigned long addr;
	bool loaded = true;
	char *sym;
	int ret;

	p->addr = 0;
	sym = kasprintf(GFP_KERNEL, KPT_TP_PREFIX "%s", name);
	if (!sym)
		return kpt_error(e, KPT_ERR_NOMEM, 0);
	ret = kpt_resolve_symbol_mod(p->modname, sym, &addr, found_mod,
				     &loaded, &quiet, pos);
	kfree(sym);
	if (!ret && kpt_tp_is(addr, name)) {
		p->addr = addr;
		return 0;
	}
	/* MOD: not loaded, or no code loaded has it: armed when it comes */
	if (ret == -ENOENT && (!p->modname || !loaded))
		return 1;
	return kpt_error(e, KPT_ERR_TP_NOT_FOUND, pos);
}

static bool kpt_mod_has_tp(struct module *mod, const char *name)
{
#ifdef CONFIG_TRACEPOINTS
	unsigned int i;

	for (i = 0; i < mod->num_tracepoints; i++)
		if (!strcmp(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i])->name,
			    name))
			return true;
#endif
	return false;
}

bool kpt_tprobe_waits_for(struct kpt_probe *p, struct module *mod)
{
	if (p->modname)
		return !strcmp(p->modname, mod->name);
	return kpt_mod_has_tp(mod, kpt_tp_name(p));
}

/* (event_mutex held) */
int kpt_tprobe_set_armed(struct kpt_probe *p, bool on)
{
	struct tracepoint *tp = (struct tracepoint *)p->addr;
	int ret;

	if (on == p->tp_on)
		return 0;
	if (!on) {
		tracepoint_probe_unregister(tp, kpt_tprobe_tramp, p);
		p->tp_on = false;
		return 0;
	}
	p->tp_armed_once = true;
	ret = tracepoint_probe_register(tp, kpt_tprobe_tramp, p);
	if (!ret)
		p->tp_on = true;
	return ret;
}

int kpt_tprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	int ret;

	if (armed) {
		p->ev->armed_once = true;
		ret = kpt_tprobe_set_armed(p, true);
		if (ret)
			return kpt_error_with(e, KPT_ERR_TP_REGISTER, ret, 0,
					      kpt_tp_name(p), ret);
	}
	p->registered = true;
	return 0;
}

/*
 * Off the tracepoint, and no callback of it still running (an rcuidle
 * tracepoint's callers are SRCU readers, not RCU ones): p may be freed.
 */
void kpt_tprobe_unregister(struct kpt_probe *p)
{
	kpt_tprobe_set_armed(p, false);
	if (p->tp_armed_once)
		tracepoint_synchronize_unregister();
	p->tp_armed_once = false;
	p->registered = false;
}
