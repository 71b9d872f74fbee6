// SPDX-License-Identifier: GPL-2.0
/*
 * Probe objects: compiling a parsed definition into a fetch program,
 * (un)registering the kprobe/kretprobe, and the hit path.
 *
 * The hit path (the handlers in kpt_event.c, with kpt_fetch.h inlined, and
 * today's record store here) takes no lock and allocates nothing: it counts
 * the hit in a per-CPU counter, evaluates each argument's precompiled ops
 * and writes one ring-buffer record per trace instance that enabled the
 * event.  It is NOKPROBE_SYMBOL/nokprobe_inline throughout so that it
 * cannot be probed (and recurse) itself.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include "kpt_probe.h"
#include "kpt_fetch.h"
#include "kpt_ksyms.h"
#include "kpt_optprobe.h"
#include "kpt_regs.h"
#include "kpt_unaligned.h"

DEFINE_MUTEX(kpt_mutex);
LIST_HEAD(kpt_probes);

int kpt_err_set(struct kpt_err *e, int err, size_t pos, const char *fmt, ...)
{
	va_list ap;

	e->err = err;
	e->pos = pos;
	va_start(ap, fmt);
	vscnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return err;
}

/* ---- hit path, today's format (see kpt_types.c) ------------------------ */

/* One word (1 2 4 8 bytes), zero-extended, inline for kernel memory. */
static nokprobe_inline bool kpt_read_word(unsigned long *dst,
					  unsigned long addr,
					  unsigned int size, bool user)
{
	if (user)
		return kpt_uread(addr, size, dst);
	return kpt_kread(addr, size, dst);
}

/*
 * Measure (dst NULL) or copy the string at addr: the bytes with its NUL,
 * at most max (then cut, NUL-terminated), 0 on a fault.  (The kernel's
 * nofault string helpers are not exported.)  Reads 8 bytes at a time
 * where they lie in one page: such a read cannot fault when the string's
 * first byte there does not.
 */
static nokprobe_inline u32 kpt_str(char *dst, unsigned long addr, u32 max,
				   bool user)
{
	u32 len = 0, k, chunk;
	unsigned long w;

	while (len < max) {
		unsigned long at = addr + len;

		chunk = offset_in_page(at) <= PAGE_SIZE - sizeof(w) ?
			sizeof(w) : 1;
		if (!kpt_read_word(&w, at, chunk, user))
			return 0;
		/* little-endian: byte k of the chunk is bits 8k..8k+7 of w */
		for (k = 0; k < chunk && len < max; k++, w >>= 8) {
			u8 c = w;

			if (dst)
				dst[len] = c;
			len++;
			if (!c)
				return len;
		}
	}
	if (dst && len)
		dst[len - 1] = '\0';
	return len;
}

static nokprobe_inline u32 kpt_strlen(unsigned long addr, bool user)
{
	return kpt_str(NULL, addr, KPT_STR_MAX, user);
}

static nokprobe_inline u32 kpt_strcpy(char *dst, unsigned long addr,
				      u32 room, bool user)
{
	return kpt_str(dst, addr, min_t(u32, room, KPT_STR_MAX), user);
}

/* "sym+off/size [mod]" of v into dst (NULL: only measure), with its NUL. */
static noinline u32 kpt_symstr(char *dst, unsigned long v, u32 room)
{
	char buf[KSYM_SYMBOL_LEN];
	u32 n = sprint_symbol(buf, v) + 1;

	if (!dst)
		return n;
	n = min(n, room);
	if (n) {
		memcpy(dst, buf, n);
		dst[n - 1] = '\0';
	}
	return n;
}
NOKPROBE_SYMBOL(kpt_symstr);

/* Pass 1: bytes the strings of this hit take (bounded by the record). */
u32 kpt_typed_dyn_size(struct kpt_probe *p, struct pt_regs *regs)
{
	bool mem_ok = kpt_mem_allowed();
	u32 total = 0;
	unsigned int i, j;

	for (i = 0; i < p->nargs; i++) {
		const struct kpt_targ *a = &p->targs[i];
		bool ustr = a->flags & KPT_CA_USTR;
		unsigned long v, ptr;

		if (a->store < KPT_ST_STRING)
			continue;
		if (!kpt_eval(p, &p->args[i], regs, mem_ok, &v, true))
			continue;
		switch (a->store) {
		case KPT_ST_STRING:
			if (mem_ok || !(a->flags & KPT_CA_MEM))
				total += kpt_strlen(v + a->off, ustr);
			break;
		case KPT_ST_STRARR:
			for (j = 0; mem_ok && j < a->count; j++) {
				if (kpt_read_word(&ptr, v + a->off + j * sizeof(ptr),
					     sizeof(ptr),
					     a->flags & KPT_CA_UMEM))
					total += kpt_strlen(ptr, ustr);
			}
			break;
		case KPT_ST_SYMSTR:
			total += kpt_symstr(NULL, v, 0);
			break;
		}
	}
	return min_t(u32, total, KPT_TYPED_REC_MAX - p->rec_size);
}
NOKPROBE_SYMBOL(kpt_typed_dyn_size);

static nokprobe_inline void kpt_put(u8 *dst, unsigned long v,
				    unsigned int size)
{
	switch (size) {
	case 1:
		*dst = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)dst);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)dst);
		break;
	default:
		put_unaligned((u64)v, (u64 *)dst);
		break;
	}
}

static nokprobe_inline u32 kpt_put_str(u8 *rec, u8 *field, u8 *dyn, u32 n)
{
	put_unaligned((n << 16) | (u32)(dyn - rec), (u32 *)field);
	return n;
}

/* Pass 2: the header and every argument into rec (size bytes reserved). */
void kpt_typed_store(struct kpt_probe *p, void *rec, u32 size,
		     struct pt_regs *regs, struct kretprobe_instance *ri)
{
	bool mem_ok = !p->has_mem || kpt_mem_allowed();
	u8 *base = rec, *dyn = base + p->rec_size, *end = base + size;
	unsigned int i, j;

	if (ri) {
		struct kpt_typed_return_rec *r = rec;

		r->func = (unsigned long)p->rp.kp.addr;
		r->ret_ip = instruction_pointer(regs);
	} else {
		struct kpt_typed_entry_rec *r = rec;

		r->ip = (unsigned long)p->rp.kp.addr;
	}
	for (i = 0; i < p->nargs; i++) {
		const struct kpt_carg *ca = &p->args[i];
		const struct kpt_targ *a = &p->targs[i];
		bool ustr = a->flags & KPT_CA_USTR;
		u8 *field = base + a->offset;
		unsigned long v = 0, e, ptr;
		bool ok = kpt_eval(p, ca, regs, mem_ok, &v, true);
		u32 n;

		switch (a->store) {
		case KPT_ST_VAL:
			kpt_put(field, ok ? kpt_convert(ca, v) : KPT_FAULT_VALUE,
				ca->size);
			break;
		case KPT_ST_ARRAY:
			for (j = 0; j < a->count; j++, field += ca->size) {
				e = 0;
				if (ok && kpt_read_word(&e, v + a->off + j * ca->size,
						   ca->size,
						   a->flags & KPT_CA_UMEM))
					e = kpt_convert(ca, e);
				else
					e = KPT_FAULT_VALUE;
				kpt_put(field, e, ca->size);
			}
			break;
		case KPT_ST_STRING:
			if (!mem_ok && (a->flags & KPT_CA_MEM))
				ok = false;
			n = ok ? kpt_strcpy(dyn, v + a->off, end - dyn, ustr) : 0;
			dyn += kpt_put_str(base, field, dyn, n);
			break;
		case KPT_ST_STRARR:
			for (j = 0; j < a->count; j++, field += sizeof(u32)) {
				n = 0;
				if (ok && mem_ok &&
				    kpt_read_word(&ptr, v + a->off + j * sizeof(ptr),
					     sizeof(ptr),
					     a->flags & KPT_CA_UMEM))
					n = kpt_strcpy(dyn, ptr, end - dyn,
						       ustr);
				dyn += kpt_put_str(base, field, dyn, n);
			}
			break;
		case KPT_ST_SYMSTR:
			n = ok ? kpt_symstr(dyn, v, end - dyn) : 0;
			dyn += kpt_put_str(base, field, dyn, n);
			break;
		}
	}
}
NOKPROBE_SYMBOL(kpt_typed_store);

#define KPT_CAPTURE_MAX	8

/* The selftest's probes: the values go to p->capture, not to the trace. */
void kpt_probe_capture(struct kpt_probe *p, struct pt_regs *regs,
		       struct kretprobe_instance *ri)
{
	unsigned long vals[KPT_CAPTURE_MAX];

	if (p->nargs > KPT_CAPTURE_MAX || p->today)
		return;
	kpt_fetch_vals(p, regs, vals, p->nargs);
	p->capture(p, vals, (unsigned long)p->rp.kp.addr,
		   ri ? instruction_pointer(regs) : 0);
}
NOKPROBE_SYMBOL(kpt_probe_capture);

/* ---- definition time ---------------------------------------------------- */

/* Byte offset of whitespace-separated token N of LINE (0 = "p:..."). */
size_t kpt_token_pos(const char *line, size_t len, unsigned int n)
{
	size_t i = 0;

	for (;;) {
		while (i < len && isspace(line[i]))
			i++;
		if (!n-- || i >= len)
			return i;
		while (i < len && !isspace(line[i]))
			i++;
	}
}

static const u8 kpt_arg_regs[KPT_REGS_NR_ARG_REGS] = {
	KPT_REG_DI, KPT_REG_SI, KPT_REG_DX, KPT_REG_CX, KPT_REG_R8, KPT_REG_R9,
};

static int kpt_compile_arg(struct kpt_probe *p, const struct kpt_probe_def *def,
			   unsigned int idx, unsigned int *nops,
			   const char *line, size_t len, struct kpt_err *e)
{
	const struct kpt_probe_arg *da = &def->args[idx];
	struct kpt_carg *a = &p->args[idx];
	size_t pos = kpt_token_pos(line, len, idx + 2);
	unsigned int i;

	if (!da->nops || da->nops > KPT_MAX_OPS)
		return kpt_err_set(e, -EINVAL, pos, "empty fetch program");

	a->first = *nops;
	a->nops = da->nops;
	a->type = da->type;
	a->size = da->size ? da->size : sizeof(long);
	a->bf_width = da->bf_width;
	a->bf_offset = da->bf_offset;

	for (i = 0; i < da->nops; i++) {
		const struct kpt_fetch_op *fo = &da->ops[i];
		struct kpt_cop *op = &p->ops[*nops + i];
		unsigned long addr;
		int ret;

		op->size = sizeof(long);
		switch (fo->op) {
		case KPT_FOP_REG:
			if (fo->val < 0 || fo->val >= KPT_REG_NR)
				return kpt_err_set(e, -EINVAL, pos,
						   "bad register");
			op->op = KPT_COP_REG;
			op->val = fo->val * 8;
			break;
		case KPT_FOP_STACK:
			op->op = KPT_COP_STACK;
			op->val = fo->val;
			break;
		case KPT_FOP_STACK_ADDR:
			op->op = KPT_COP_REG;
			op->val = offsetof(struct pt_regs, sp);
			break;
		case KPT_FOP_ARG:
			if (fo->val < KPT_REGS_NR_ARG_REGS) {
				op->op = KPT_COP_REG;
				op->val = kpt_arg_regs[fo->val] * 8;
			} else {
				/* s0 is the return address at the entry */
				op->op = KPT_COP_STACK;
				op->val = fo->val - KPT_REGS_NR_ARG_REGS + 1;
			}
			break;
		case KPT_FOP_RETVAL:
		case KPT_FOP_RETADDR:
			if (!p->is_return)
				return kpt_err_set(e, -EINVAL, pos,
						   "rv/ra are only for return probes");
			/*
			 * regs_return_value() is ax.  The return address:
			 * rethook has set regs->ip to the true one; the
			 * instance's saved one can be another kretprobe's
			 * trampoline when several return probes sit on one
			 * function.
			 */
			op->op = KPT_COP_REG;
			op->val = fo->op == KPT_FOP_RETVAL ?
				  offsetof(struct pt_regs, ax) :
				  offsetof(struct pt_regs, ip);
			break;
		case KPT_FOP_IMM:
			op->op = KPT_COP_IMM;
			op->val = fo->val;
			break;
		case KPT_FOP_COMM:
			op->op = KPT_COP_COMM;
			break;
		case KPT_FOP_DATA:
			/* the text in the probe's own copy of the pool */
			op->op = KPT_COP_IMM;
			op->val = (long)kpt_def_str(p->def, fo->sym);
			break;
		case KPT_FOP_SYMBOL:
			ret = kpt_resolve_symbol(NULL,
						 kpt_def_str(def, fo->sym),
						 &addr, e, pos);
			if (ret)
				return ret;
			op->op = KPT_COP_IMM;
			op->val = addr + fo->val;
			break;
		case KPT_FOP_DEREF:
		case KPT_FOP_UDEREF:
			if (!i)
				return kpt_err_set(e, -EINVAL, pos,
						   "bad fetch program");
			op->op = fo->op == KPT_FOP_DEREF ? KPT_COP_DEREF :
							   KPT_COP_UDEREF;
			op->val = fo->val;
			if (i == da->nops - 1)
				op->size = a->size;
			p->has_mem = true;
			break;
		default:
			return kpt_err_set(e, -EINVAL, pos,
					   "this fetch argument is not supported by kprobetrace");
		}
		if (i && op->op != KPT_COP_DEREF && op->op != KPT_COP_UDEREF)
			return kpt_err_set(e, -EINVAL, pos, "bad fetch program");
	}
	*nops += da->nops;
	if (p->today) {
		int ret = kpt_typed_compile(p, def, idx, pos, e);

		if (ret)
			return ret;
	}
	a->conv = a->size < sizeof(long) || a->type == KPT_T_BITFIELD;
	/* the cheapest form the seed's hit path can take */
	a->fast = KPT_FAST_NONE;
	if (!p->today && !a->conv && p->ops[a->first].op == KPT_COP_REG) {
		const struct kpt_cop *op = &p->ops[a->first];

		a->reg = op[0].val;
		if (a->nops == 1)
			a->fast = KPT_FAST_REG;
		for (i = 1; i < a->nops && a->nops <= 3; i++) {
			if (op[i].op != KPT_COP_DEREF ||
			    op[i].size != sizeof(long))
				break;
			a->moff[i - 1] = op[i].val;
		}
		if (a->nops > 1 && i == a->nops) {
			a->fast = KPT_FAST_MEM;
			a->nderef = a->nops - 1;
		}
	}
	return 0;
}

/*
 * Find and check the probe address: SYM+offs (in module p->modname if
 * set) or the address.  Returns 1, leaving p->addr 0, if the probe's
 * module is not loaded; found_mod (MODULE_NAME_LEN bytes or NULL) gets the
 * module SYM was found in ("" for vmlinux).
 */
static int kpt_probe_locate(struct kpt_probe *p, struct kpt_err *e,
			    size_t pos, char *found_mod)
{
	const struct kpt_probe_def *def = p->def;
	unsigned long addr;
	bool loaded = true;
	int ret;

	p->addr = 0;
	if (def->loc != KPT_LOC_SYMBOL) {
		addr = def->addr;
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
	/* SYM-offs is the seed's syntax; the kernel's tracer refuses it */
	if (def->offset < 0 && p->today)
		return kpt_err_set(e, -EINVAL, pos,
				   "Invalid probe address: a negative offset is the seed's syntax, not today's");
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
		    kpt_ksyms.lookup_size_offset(addr, &size, &off) &&
		    !off && def->offset > size)
			kpt_ksyms.lookup_size_offset(addr + def->offset,
						     &nsize, &noff);
		if (def->offset > 0 &&
		    (!size || off != 0 || (def->offset > size && noff)))
			return kpt_err_set(e, -EINVAL, pos,
					   "offset +0x%llx is past the end of %s (size 0x%lx)",
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
}

struct kpt_probe *kpt_probe_create(const struct kpt_probe_def *def,
				   const char *line, size_t len,
				   struct kpt_err *e)
{
	size_t pos_loc = kpt_token_pos(line, len, 1);
	unsigned int i, nops = 0, total_ops = 0;
	char found_mod[MODULE_NAME_LEN] = "";
	unsigned int lopts;
	struct kpt_probe *p;
	size_t need;
	int ret;

	if (strcmp(def->group, KPT_DEFAULT_GROUP)) {
		const char *colon = memchr(line, ':', len);

		ret = kpt_event_group_check(def->group, e,
					    colon ? colon + 1 - line : 0);
		if (ret)
			return ERR_PTR(ret);
	}
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		goto nomem;
	INIT_LIST_HEAD(&p->list);
	INIT_LIST_HEAD(&p->links);
	p->ev = p;
	INIT_LIST_HEAD(&p->sibs);
	list_add(&p->sib, &p->sibs);
	p->is_return = def->kind == KPT_PROBE_RETURN;
	p->nargs = def->nargs;
	/* which format: see kpt_types.c */
	p->today = def->syntax == KPT_SYNTAX_TODAY ||
		   (def->syntax == KPT_SYNTAX_EITHER &&
		    READ_ONCE(kpt_either_today));
	for (i = 0; i < def->nargs; i++)
		if (def->args[i].type != KPT_T_DEFAULT ||
		    def->args[i].array_len)
			p->today = true;
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

	/* where */
	if (p->is_return && def->loc == KPT_LOC_SYMBOL && def->offset) {
		kpt_err_set(e, -EINVAL, pos_loc,
			    "a return probe takes no offset");
		goto fail;
	}
	if (def->loc == KPT_LOC_SYMBOL && def->module &&
	    strcmp(kpt_def_str(def, def->module), "vmlinux")) {
		p->modname = kstrdup(kpt_def_str(def, def->module), GFP_KERNEL);
		if (!p->modname)
			goto nomem;
	}
	ret = kpt_probe_locate(p, e, pos_loc, found_mod);
	if (ret < 0)
		goto fail;
	if (ret > 0) {
		/* as the kernel's tracer: armed when the module loads */
		kpt_err_set(e, 0, pos_loc,
			    "note: module %s is not loaded: the probe is armed when it loads",
			    p->modname);
	} else if (!p->modname && found_mod[0]) {
		/* SYM found in a module: armed again if it reloads */
		p->modname = kstrdup(found_mod, GFP_KERNEL);
		if (!p->modname)
			goto nomem;
	}

	for (i = 0; i < def->nargs; i++) {
		ret = kpt_compile_arg(p, def, i, &nops, line, len, e);
		if (ret)
			goto fail;
	}
	if (p->today) {
		ret = kpt_typed_layout(p, def, e);
		if (ret)
			goto fail;
		return p;
	}
	p->rec_size = p->is_return ?
		struct_size((struct kpt_return_rec *)NULL, args, p->nargs) :
		struct_size((struct kpt_entry_rec *)NULL, args, p->nargs);
	return p;

nomem:
	kpt_err_set(e, -ENOMEM, 0, "out of memory");
fail:
	kpt_probe_free(p);
	return ERR_PTR(e->err);
}

/* Register the kprobe at p->addr, armed or not (event_mutex held if armed) */
static int kpt_probe_do_register(struct kpt_probe *p, struct kpt_err *e,
				 bool armed)
{
	int ret;

	/* a re-registration (module reloaded) starts from a clean kprobe */
	p->missed_before += p->rp.kp.nmissed + (p->is_return ? p->rp.nmissed : 0);
	memset(&p->rp.kp, 0, sizeof(p->rp.kp));
	p->rp.nmissed = 0;
	/* the kernel's optimizer would oops there (compat/kpt_optprobe.h) */
	if (kpt_optprobe_reads_unmapped(p->addr))
		return kpt_err_set(e, -EFAULT, 0,
				   "cannot register the kprobe: the kernel would read unmapped memory after the end of %ps (its probe optimizer decodes the whole function)",
				   (void *)p->addr);
	p->rp.kp.addr = (kprobe_opcode_t *)p->addr;
	p->rp.kp.flags = armed ? 0 : KPROBE_FLAG_DISABLED;
	if (armed)
		p->ev->armed_once = true;
	if (p->is_return) {
		p->rp.handler = kpt_kretprobe_handler;
		p->rp.maxactive = p->def->maxactive;
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
		return kpt_err_set(e, ret, 0,
				   "cannot register the %s (error %d)%s",
				   p->is_return ? "kretprobe" : "kprobe",
				   ret, why);
	}
	p->registered = true;
	return 0;
}

/*
 * Register a new probe, disabled: the probe is armed only while its event
 * is enabled (kpt_event.c).  A probe whose module is not loaded stays
 * unregistered (kpt_probe_module_coming() registers it); this looks again,
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
	return kpt_probe_do_register(p, e, false);
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
		if (!q->registered || q->detached || kprobe_gone(&q->rp.kp))
			continue;
		if (!on) {
			disable_kprobe(&q->rp.kp);
			continue;
		}
		ret = enable_kprobe(&q->rp.kp);
		if (ret) {
			kpt_probe_set_armed(ev, false);
			return ret;
		}
	}
	if (!on)
		ev->disarm_gp = get_state_synchronize_rcu();
	return 0;
}

/* ---- modules coming and going ------------------------------------------ */

static void kpt_probe_arm_log(struct kpt_probe *p, struct kpt_err *e,
			      const char *modname)
{
	char msg[sizeof(e->msg)];

	strscpy(msg, e->msg, sizeof(msg));
	snprintf(e->msg, sizeof(e->msg), "cannot arm event %s/%s in module %s: %s",
		 kpt_probe_group(p), kpt_probe_name(p), modname, msg);
	e->pos = kpt_token_pos(p->listing, strlen(p->listing), 1);
	kpt_errlog_add(0, p->listing, strlen(p->listing), e);
	pr_warn("%s\n", e->msg);
}

/*
 * Module mod is coming (its init function has not run yet): register the
 * probes waiting for it, armed if their event is enabled.  (kpt_mutex held)
 */
static void kpt_probe_module_coming(struct module *mod)
{
	struct kpt_probe *p;
	struct kpt_err e;
	int ret;

	list_for_each_entry(p, &kpt_probes, list) {
		if (p->registered || p->detached || !p->modname ||
		    strcmp(p->modname, mod->name))
			continue;
		memset(&e, 0, sizeof(e));
		ret = kpt_probe_locate(p, &e, 0, NULL);
		if (!ret) {
			mutex_lock(kpt_ksyms.event_mutex);
			ret = kpt_probe_do_register(p, &e,
						    kpt_probe_used(p->ev));
			mutex_unlock(kpt_ksyms.event_mutex);
		}
		if (ret < 0) {
			p->addr = 0;
			kpt_probe_arm_log(p, &e, mod->name);
		}
	}
}

/*
 * Module mod is going (its exit function has run): unregister the probes
 * in its text, whose kprobes the kprobe core marks gone.  The events stay;
 * probes on a module symbol are registered again if it comes back.
 * (kpt_mutex held)
 */
static bool kpt_probe_in_module(struct kpt_probe *p, struct module *mod)
{
	/* an init-text probe's address is no longer within_module() */
	return p->registered &&
	       (within_module(p->addr, mod) ||
		(p->modname && !strcmp(p->modname, mod->name)));
}

static void kpt_probe_module_going(struct module *mod)
{
	struct kpt_probe *p, **ps;
	unsigned int n = 0, i;

	list_for_each_entry(p, &kpt_probes, list)
		if (kpt_probe_in_module(p, mod))
			n++;
	if (!n)
		return;
	ps = kcalloc(n, sizeof(*ps), GFP_KERNEL);
	n = 0;
	list_for_each_entry(p, &kpt_probes, list) {
		if (!kpt_probe_in_module(p, mod))
			continue;
		if (ps) {
			ps[n++] = p;
			continue;
		}
		mutex_lock(kpt_ksyms.event_mutex);
		kpt_probe_unregister_many(&p, 1);
		mutex_unlock(kpt_ksyms.event_mutex);
		p->addr = 0;
	}
	if (!ps)
		return;
	mutex_lock(kpt_ksyms.event_mutex);
	kpt_probe_unregister_many(ps, n);
	mutex_unlock(kpt_ksyms.event_mutex);
	for (i = 0; i < n; i++)
		ps[i]->addr = 0;
	kfree(ps);
}

static int kpt_probe_module_notify(struct notifier_block *nb,
				   unsigned long val, void *data)
{
	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&kpt_mutex);
	if (val == MODULE_STATE_COMING)
		kpt_probe_module_coming(data);
	else
		kpt_probe_module_going(data);
	mutex_unlock(&kpt_mutex);
	return NOTIFY_DONE;
}

/*
 * After the kprobe core's notifier (priority 0: the module's kprobe
 * blacklist is in place when we register) and jump_label's (1: its
 * jump sites are known, so that kprobes refuses them).
 */
static struct notifier_block kpt_probe_module_nb = {
	.notifier_call = kpt_probe_module_notify,
	.priority = -1,
};

unsigned long kpt_kaddr_min;

int kpt_probe_init(void)
{
	unsigned int bits = boot_cpu_data.x86_virt_bits;

	/* the lowest canonical kernel address (kpt_fetch.h) */
	kpt_kaddr_min = TASK_SIZE_MAX + PAGE_SIZE;
	if (bits > 1 && bits < BITS_PER_LONG)
		kpt_kaddr_min = max(kpt_kaddr_min, -(1UL << (bits - 1)));
	else
		kpt_kaddr_min = ULONG_MAX;	/* never: refuse every read */
	return register_module_notifier(&kpt_probe_module_nb);
}

void kpt_probe_exit(void)
{
	unregister_module_notifier(&kpt_probe_module_nb);
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
	if (p->registered)
		kpt_probe_unregister_many(&p, 1);
	free_percpu(p->hits);
	kfree(p->modname);
	kvfree(p->print_fmt);
	if (p->pdesc_owned)
		kpt_pdesc_free(p->pdesc);
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
	return p->missed_before + p->rp.kp.nmissed +
	       (p->is_return ? p->rp.nmissed : 0);
}
