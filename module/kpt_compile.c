// SPDX-License-Identifier: GPL-2.0
/*
 * A definition's arguments compiled into its probe's fetch program
 * (kpt_compile.h): each fetch op of the parser's becomes an op the hit
 * path runs (a register's slot in pt_regs, a stack slot, an entry value,
 * an immediate, a dereference), checked where the parser could not (a
 * register's slot, return-only values, symbols resolved), and the
 * argument's fast form chosen for the seed's hit path.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/minmax.h>
#include "kpt_compile.h"
#include "kpt_eprobe.h"
#include "kpt_fmt.h"
#include "kpt_regs.h"
#include "kpt_resolve.h"

/* $argN: the entry's register or stack slot, or the value kept for a return */
static int kpt_compile_argref(struct kpt_probe *p,
			      const struct kpt_fetch_op *fo, struct kpt_cop *op,
			      struct kpt_err *e, size_t pos)
{
	if (fo->flags & KPT_FOPF_ENTRY) {
		/*
		 * the value kept at the entry (the parser flags only
		 * return probes' args, below KPT_MAX_ENTRY_ARGS)
		 */
		if (!p->is_return || fo->val < 0 ||
		    fo->val >= KPT_MAX_ENTRY_ARGS)
			return kpt_error(e, KPT_ERR_BAD_FETCH_PROG, pos);
		op->op = KPT_COP_EDATA;
		op->val = p->timed + fo->val;
		p->edata_n = max_t(u8, p->edata_n, fo->val + 1);
	} else if (kpt_arg_reg_slot(fo->val) >= 0) {
		op->op = KPT_COP_REG;
		op->val = kpt_regs_offset(kpt_arg_reg_slot(fo->val));
	} else {
		/* s0 is the return address at the entry */
		op->op = KPT_COP_STACK;
		op->val = fo->val - KPT_NR_ARG_REGS + 1;
	}
	return 0;
}

/*
 * Fetch op i of argument da (a: its compiled form) compiled into op: its
 * kind, value and size.  0, or the error.
 */
static int kpt_compile_op(struct kpt_probe *p, const struct kpt_probe_def *def,
			  const struct kpt_probe_arg *da,
			  const struct kpt_carg *a, unsigned int i,
			  struct kpt_cop *op, struct kpt_err *e)
{
	const struct kpt_fetch_op *fo = &da->ops[i];
	size_t pos = da->pos;
	unsigned long addr;
	int ret;

	op->size = sizeof(long);
	switch (fo->op) {
	case KPT_FOP_REG:
		if (fo->val < 0 || fo->val >= KPT_REG_NR)
			return kpt_error(e, KPT_ERR_BAD_REGISTER, pos);
		op->op = KPT_COP_REG;
		op->val = kpt_regs_offset(fo->val);
		return 0;
	case KPT_FOP_STACK:
		op->op = KPT_COP_STACK;
		op->val = fo->val;
		return 0;
	case KPT_FOP_STACK_ADDR:
		op->op = KPT_COP_REG;
		op->val = kpt_regs_offset(KPT_REG_SP);
		return 0;
	case KPT_FOP_ARG:
		return kpt_compile_argref(p, fo, op, e, pos);
	case KPT_FOP_RETVAL:
	case KPT_FOP_RETADDR:
		if (!p->is_return)
			return kpt_error(e, KPT_ERR_RET_ONLY, pos);
		/*
		 * regs_return_value() is ax.  The return address:
		 * rethook has set regs->ip to the true one; the
		 * instance's saved one can be another kretprobe's
		 * trampoline when several return probes sit on one
		 * function.
		 */
		op->op = KPT_COP_REG;
		op->val = kpt_regs_offset(fo->op == KPT_FOP_RETVAL ?
					  KPT_REG_AX : KPT_REG_IP);
		return 0;
	case KPT_FOP_DURATION:
		/* word 0 of the entry's data (p->timed) */
		if (!p->is_return)
			return kpt_error(e, KPT_ERR_RET_ONLY, pos);
		op->op = KPT_COP_EDATA;
		op->val = 0;
		return 0;
	case KPT_FOP_IMM:
		op->op = KPT_COP_IMM;
		op->val = fo->val;
		return 0;
	case KPT_FOP_COMM:
		op->op = KPT_COP_COMM;
		return 0;
	case KPT_FOP_WADDR:
		op->op = KPT_COP_WADDR;
		return 0;
	case KPT_FOP_EFIELD:
		if (!p->eprobe || i)
			return kpt_error(e, KPT_ERR_BAD_FETCH_PROG, pos);
		/* the caret under $FIELD, as the kernel's */
		return kpt_eprobe_field(p, kpt_def_str(def, fo->sym), op, e,
					fo->val);
	case KPT_FOP_DATA:
		/* the text in the probe's own copy of the pool */
		op->op = KPT_COP_IMM;
		op->val = (long)kpt_def_str(p->def, fo->sym);
		return 0;
	case KPT_FOP_SYMBOL:
		ret = kpt_resolve_symbol(NULL, kpt_def_str(def, fo->sym),
					 &addr, e, pos);
		if (ret)
			return ret;
		op->op = KPT_COP_IMM;
		op->val = addr + fo->val;
		return 0;
	case KPT_FOP_DEREF:
	case KPT_FOP_UDEREF:
		if (!i)
			return kpt_error(e, KPT_ERR_BAD_FETCH_PROG, pos);
		op->op = fo->op == KPT_FOP_DEREF ? KPT_COP_DEREF :
						   KPT_COP_UDEREF;
		op->val = fo->val;
		if (i == da->nops - 1)
			op->size = a->size;
		p->has_mem = true;
		return 0;
	default:
		return kpt_error(e, KPT_ERR_FETCH_UNSUPPORTED, pos);
	}
}

/* the cheapest form the seed's hit path can take for argument a */
static void kpt_arg_fast(struct kpt_probe *p, struct kpt_carg *a)
{
	const struct kpt_cop *op = &p->ops[a->first];
	unsigned int i;

	a->fast = KPT_FAST_NONE;
	if (p->today || a->conv || op[0].op != KPT_COP_REG)
		return;
	a->reg = op[0].val;
	if (a->nops == 1)
		a->fast = KPT_FAST_REG;
	for (i = 1; i < a->nops && a->nops <= 3; i++) {
		if (op[i].op != KPT_COP_DEREF || op[i].size != sizeof(long))
			break;
		a->moff[i - 1] = op[i].val;
	}
	if (a->nops > 1 && i == a->nops) {
		a->fast = KPT_FAST_MEM;
		a->nderef = a->nops - 1;
	}
}

/* Argument idx of def compiled into p's fetch program at *nops. */
static int kpt_compile_arg(struct kpt_probe *p, const struct kpt_probe_def *def,
			   unsigned int idx, unsigned int *nops,
			   struct kpt_err *e)
{
	const struct kpt_probe_arg *da = &def->args[idx];
	struct kpt_carg *a = &p->args[idx];
	unsigned int i;
	int ret;

	if (!da->nops || da->nops > KPT_MAX_OPS)
		return kpt_error(e, KPT_ERR_EMPTY_FETCH, da->pos);

	a->first = *nops;
	a->nops = da->nops;
	a->type = da->type;
	a->size = da->size ? da->size : sizeof(long);
	a->bf_width = da->bf_width;
	a->bf_offset = da->bf_offset;

	for (i = 0; i < da->nops; i++) {
		struct kpt_cop *op = &p->ops[*nops + i];

		ret = kpt_compile_op(p, def, da, a, i, op, e);
		if (ret)
			return ret;
		if (i && op->op != KPT_COP_DEREF && op->op != KPT_COP_UDEREF)
			return kpt_error(e, KPT_ERR_BAD_FETCH_PROG, da->pos);
	}
	*nops += da->nops;
	if (p->fmt->compile_arg) {
		ret = p->fmt->compile_arg(p, def, idx, e);
		if (ret)
			return ret;
	}
	a->conv = a->size < sizeof(long) || a->type == KPT_T_BITFIELD;
	kpt_arg_fast(p, a);
	return 0;
}

int kpt_compile_args(struct kpt_probe *p, const struct kpt_probe_def *def,
		     struct kpt_err *e)
{
	unsigned int i, nops = 0;
	int ret;

	for (i = 0; i < def->nargs; i++) {
		ret = kpt_compile_arg(p, def, i, &nops, e);
		if (ret)
			return ret;
	}
	return 0;
}
