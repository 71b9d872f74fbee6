/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe objects: one kprobe or kretprobe, its precompiled fetch program,
 * per-CPU hit counters and its ftrace event (kpt_event.c).
 */
#ifndef KPT_PROBE_H
#define KPT_PROBE_H

#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>
#include "kpt_probe_def.h"

/*
 * The value recorded for an argument whose memory read faults (or is
 * refused under lockdown), or whose stack slot lies outside the stack:
 * -EFAULT as an unsigned long, 0xfffffffffffffff2.
 */
#define KPT_FAULT_VALUE		((unsigned long)-EFAULT)

/*
 * Compiled fetch ops: what the hit path evaluates (kpt_fetch.h), nothing
 * symbolic.  The stack address ($stack), return value and return address
 * are REG ops (sp, ax, ip).
 */
enum kpt_cop_kind {
	KPT_COP_REG,		/* val = byte offset in pt_regs (checked) */
	KPT_COP_STACK,		/* val = N */
	KPT_COP_IMM,		/* val = value */
	KPT_COP_DEREF,		/* v = *(size bytes *)(v + val) */
	KPT_COP_UDEREF,		/* the same from user memory */
	KPT_COP_COMM,		/* v = current->comm ($comm) */
};

struct kpt_cop {
	u8 op;
	u8 size;		/* bytes loaded by DEREF/UDEREF: 1 2 4 8 */
	long val;
};

/*
 * How a typed argument (today's output format) is stored in its record
 * (kpt_types.c).  ARRAY, STRING and STRARR evaluate the program without its
 * last dereference: the address is that value + carg.off.
 */
enum kpt_store_kind {
	KPT_ST_VAL,		/* the value: size bytes */
	KPT_ST_ARRAY,		/* count elements of size bytes at the address */
	KPT_ST_STRING,		/* __data_loc: the string at the address */
	KPT_ST_STRARR,		/* count __data_locs: strings at count pointers */
	KPT_ST_SYMSTR,		/* __data_loc: "sym+off/size" of the value */
};

#define KPT_CA_UMEM	0x1	/* the address (array, pointers) is a user one */
#define KPT_CA_USTR	0x2	/* the string is read from user memory */
#define KPT_CA_MEM	0x4	/* a string read through memory ($comm and
				 * \"str" are not): refused under lockdown
				 */

struct kpt_carg {
	u16 first;		/* index of its first op in probe->ops */
	u8 nops;		/* ops evaluated (see enum kpt_store_kind) */
	u8 type;		/* enum kpt_type */
	u8 size;		/* value size in bytes (1 2 4 8; strings 4) */
	u8 bf_width;
	u8 bf_offset;
	bool conv;		/* kpt_convert() changes the value */
	u8 fast;		/* enum kpt_fast_kind: the seed's hit path */
	u8 reg;			/* FAST_REG, FAST_MEM: pt_regs byte offset */
	u8 nderef;		/* FAST_MEM: 1 or 2 */
	long moff[2];		/* FAST_MEM: the offsets read at */
};

/* Arguments the seed's hit path fetches without their ops. */
enum kpt_fast_kind {
	KPT_FAST_NONE,		/* evaluate the ops */
	KPT_FAST_REG,		/* a register, as is */
	KPT_FAST_MEM,		/* 8 bytes of kernel memory at +moff[0](%reg),
				 * or at +moff[1](+moff[0](%reg))
				 */
};

/* Today's format only: where and how an arg is stored (p->targs). */
struct kpt_targ {
	u8 store;		/* enum kpt_store_kind */
	u8 count;		/* TYPE[N]: N, else 0 */
	u8 flags;		/* KPT_CA_* */
	u16 offset;		/* of the field, from the start of the record */
	long off;		/* ARRAY, STRING, STRARR: added to the value */
};
/* One trace instance that enabled the event (RCU list, see kpt_event.c). */
struct kpt_link {
	struct list_head list;
	struct trace_event_file *file;
	bool pinned;		/* holds a module reference */
	struct rcu_head rcu;
};

struct kpt_otype;
struct kpt_pdesc;

/*
 * A probe, and an event: the first probe of an event holds the event (the
 * call, class, links, output type below); probes appended to the event
 * later (lifecycle=today: p:EVENT OTHER_SYM with the same fields) point to
 * it with ev and use only their own probe part.  If the holder's own probe
 * is deleted while others remain, it stays as the event's holder only
 * (detached: unregistered, not listed).
 */
struct kpt_probe {
	struct list_head list;		/* kpt_probes, under kpt_mutex */
	struct kpt_probe *ev;		/* the holder of the event (or self) */
	struct list_head sib;		/* in ev->sibs (kpt_mutex + event_mutex) */
	struct list_head sibs;		/* holder: every probe of the event */
	bool detached;			/* holder whose own probe was deleted */
	struct kretprobe rp;		/* rp.kp is the kprobe of entry probes */
	struct kpt_probe_def *def;	/* compact copy: listing, fields */
	u32 name_hash;			/* of group and event: kpt_same_event() */
	char *listing;			/* canonical definition text */
	unsigned long addr;		/* resolved probe address; 0: module not loaded */
	char *modname;			/* module of the probe point, or NULL */
	unsigned long missed_before;	/* misses of earlier registrations */
	bool is_return;
	bool registered;
	bool event_added;
	bool has_mem;			/* some arg reads memory */
	bool today;			/* today's record and output format */
	bool has_dyn;			/* today's: some arg is a string */
	bool perf_on;			/* perf uses the event (event_mutex) */
	/*
	 * Holder: being removed (event_mutex): enabling it fails, so that
	 * an enable racing with the removal cannot make it busy between
	 * its disabling and its removal.
	 */
	bool dying;
	/*
	 * Holder: some probe of the event was ever armed, and the RCU state
	 * (get_state_synchronize_rcu()) when they were last disarmed: the
	 * event's removal waits for a grace period only if one is due.
	 */
	bool armed_once;
	unsigned long disarm_gp;
	u16 nargs;
	u32 rec_size;			/* ring-buffer record bytes (today's:
					 * without the strings)
					 */
	struct kpt_carg *args;
	struct kpt_targ *targs;		/* today's format only */
	struct kpt_cop *ops;
	unsigned long __percpu *hits;
	/* the ftrace event (used in the holder only) */
	struct list_head links;		/* struct kpt_link, RCU */
	struct kpt_otype *otype;
	/* today's: field/print description, handed to the otype (kpt_types.c) */
	struct kpt_pdesc *pdesc;
	bool pdesc_owned;		/* not (yet) handed to an otype */
	char *print_fmt;
	char *field_names;		/* "arg0\0arg1\0..." */
	struct trace_event_class class;
	struct trace_event_call call;
};

/* Ring-buffer records (the format file shows these fields). */
struct kpt_entry_rec {
	struct trace_entry ent;
	unsigned long ip;
	int nargs;
	unsigned long args[];
};

struct kpt_return_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
	int nargs;
	unsigned long args[];
};

/*
 * Today's format records (the kernel's layout): the arguments follow
 * the header, packed, at the offsets of their fields; strings follow them,
 * located by __data_loc words ((length << 16) | offset from the record).
 */
struct kpt_typed_entry_rec {
	struct trace_entry ent;
	unsigned long ip;
	u8 data[];
};

struct kpt_typed_return_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
	u8 data[];
};

/* Bounds: one string (with its NUL), a whole today's record. */
#define KPT_STR_MAX		4096
#define KPT_TYPED_REC_MAX	4000

/* A definition-time error with its caret position and message. */
struct kpt_err {
	int err;			/* negative errno */
	size_t pos;			/* caret, byte offset into the line */
	char msg[200];
	char extra[640];		/* more lines (candidates), or "" */
};

__printf(4, 5)
int kpt_err_set(struct kpt_err *e, int err, size_t pos, const char *fmt, ...);

extern struct mutex kpt_mutex;		/* probe list, control files */
extern struct list_head kpt_probes;

/* kpt_probe.c */
struct kpt_probe *kpt_probe_create(const struct kpt_probe_def *def,
				   const char *line, size_t len,
				   struct kpt_err *e);
int kpt_probe_register(struct kpt_probe *p, struct kpt_err *e);
int kpt_probe_set_armed(struct kpt_probe *ev, bool on);
int kpt_probe_init(void);
void kpt_probe_exit(void);
void kpt_probe_unregister_many(struct kpt_probe **ps, unsigned int n);
void kpt_probe_free(struct kpt_probe *p);
size_t kpt_token_pos(const char *line, size_t len, unsigned int n);
unsigned long kpt_probe_hits(struct kpt_probe *p);
unsigned long kpt_probe_misses(struct kpt_probe *p);
static inline const char *kpt_probe_name(struct kpt_probe *p)
{
	return p->def->event;
}

static inline const char *kpt_probe_group(struct kpt_probe *p)
{
	return p->def->group;
}

/* kpt_event.c: the handlers (the hit path, with kpt_fetch.h) */
int kpt_kprobe_handler(struct kprobe *kp, struct pt_regs *regs);
int kpt_kretprobe_handler(struct kretprobe_instance *ri, struct pt_regs *regs);

/* Is anyone (a trace instance, perf) using the event?  (event_mutex) */
static inline bool kpt_probe_used(struct kpt_probe *p)
{
	return !list_empty(&p->links) || p->perf_on;
}

/* kpt_probe.c, today's format hit path (kpt_types.c) */
u32 kpt_typed_dyn_size(struct kpt_probe *p, struct pt_regs *regs);
void kpt_typed_store(struct kpt_probe *p, void *rec, u32 size,
		     struct pt_regs *regs, struct kretprobe_instance *ri);

/* kpt_types.c */
extern bool kpt_either_today;
int kpt_typed_compile(struct kpt_probe *p, const struct kpt_probe_def *def,
		      unsigned int idx, size_t pos, struct kpt_err *e);
int kpt_typed_layout(struct kpt_probe *p, const struct kpt_probe_def *def,
		     struct kpt_err *e);
void kpt_pdesc_free(struct kpt_pdesc *d);
bool kpt_pdesc_equal(const struct kpt_pdesc *a, const struct kpt_pdesc *b);
struct trace_event_fields *kpt_typed_fields(const struct kpt_pdesc *d);
char *kpt_typed_print_fmt(const struct kpt_pdesc *d);
enum print_line_t kpt_typed_print(struct trace_iterator *iter,
				  const struct kpt_pdesc *d);

/* kpt_resolve.c */
int kpt_resolve_symbol_mod(const char *mod, const char *sym,
			   unsigned long *addr, char *found_mod,
			   bool *mod_loaded, struct kpt_err *e, size_t pos);
int kpt_resolve_symbol(const char *mod, const char *sym, unsigned long *addr,
		       struct kpt_err *e, size_t pos);
int kpt_check_probe_addr(unsigned long addr, struct kpt_err *e, size_t pos);

/* kpt_event.c */
int kpt_event_add(struct kpt_probe *p);
int kpt_event_enable(struct kpt_probe *p);
int kpt_event_disable(struct kpt_probe *p);
int kpt_event_remove(struct kpt_probe *p);
void kpt_event_keep(struct kpt_probe *p);
unsigned int kpt_event_forget_files(struct trace_event_call **calls,
				    unsigned int n);
int kpt_event_group_check(const char *group, struct kpt_err *e, size_t pos);
int kpt_event_init(void);
void kpt_event_exit(void);
extern bool kpt_exiting;

/* kpt_boundary.c */
int kpt_boundary_check(unsigned long addr, struct kpt_err *e, size_t pos);
void kpt_boundary_testhook_init(struct dentry *dir);

/* kpt_errlog.c */
void kpt_errlog_add(unsigned int lineno, const char *line, size_t len,
		    const struct kpt_err *e);
int kpt_errlog_init(struct dentry *dir);
void kpt_errlog_exit(void);

/* kpt_control.c */
enum { KPT_LIFE_SEED, KPT_LIFE_TODAY };
extern int kpt_lifecycle;		/* module parameter lifecycle */
int kpt_control_init(struct dentry *dir);
void kpt_control_exit(void);
#define KPT_APPLY_DISABLED	0x1	/* events created disabled */
int kpt_control_apply(const char *buf, size_t len, unsigned int first_lineno,
		      unsigned int flags);
int kpt_control_clear(bool force);

/* kpt_selftest.c */
int kpt_selftest_run(void);
long kpt_selftest_target(long a0, long a1, long a2, long a3, long a4, long a5);

#endif /* KPT_PROBE_H */
