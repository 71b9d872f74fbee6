/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe object: one kprobe or kretprobe, its compiled fetch program,
 * per-CPU hit counters, and the event it feeds.  Its parts belong to the
 * rooms that write them: the probe and its program to kpt_probe.c, the
 * event part (call, class, links, perf_on, dying, event_added) to
 * kpt_event.c, the output type and description to the format backends
 * (kpt_fmt.h); the hit path (kpt_hit.c) only reads it.  Data only: no
 * room's functions are declared here.
 */
#ifndef KPT_PROBE_TYPES_H
#define KPT_PROBE_TYPES_H

#include <linux/ftrace.h>
#include <linux/irq_work.h>
#include <linux/workqueue.h>
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/trace_events.h>
#include "kpt_cpuctr.h"
#include "kpt_err.h"
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
	/*
	 * Return probes: v = entry word val kept at the function's entry
	 * (kpt_store_edata()): word 0 is the duration in a timed probe
	 * ($duration: the entry's time, turned into the duration when the
	 * call returns, kpt_hit.c), then $arg1.. (p->edata_n of them)
	 */
	KPT_COP_EDATA,
	KPT_COP_WADDR,		/* v = the address a w: probe watches */
	/*
	 * e: probes: a field of the attached event's record (the hit path's
	 * edata is the record).  EFIELD: size bytes at byte val (1 2 4, else
	 * 8), EFIELD_S sign-extended; a string field gives the string's
	 * address: EFIELD_DSTR (__data_loc: the record + the low 16 bits of
	 * the u32 at val), EFIELD_RSTR (__rel_loc: from the end of that u32),
	 * EFIELD_ADDR (a char array in the record: the record + val).
	 */
	KPT_COP_EFIELD,
	KPT_COP_EFIELD_S,
	KPT_COP_EFIELD_DSTR,
	KPT_COP_EFIELD_RSTR,
	KPT_COP_EFIELD_ADDR,
};

static inline bool kpt_cop_efield(u8 op)
{
	return op >= KPT_COP_EFIELD && op <= KPT_COP_EFIELD_ADDR;
}

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

/* One trace instance that enabled the event (RCU list p->links). */
struct kpt_link {
	struct list_head list;
	struct trace_event_file *file;
	bool pinned;		/* holds a module reference */
	struct rcu_head rcu;
};

struct kpt_probe;

/*
 * An f: probe's functions (kpt_fprobe.c): one ftrace_ops filtered on
 * every function's address (one filter update, one registration).  At
 * the entry of an f: exit probe the ops' callback takes a node of the
 * probe's rethook (rh) and hooks the function's return with it.
 */
struct kpt_fnode {
	struct rethook_node node;
	unsigned long ip;		/* the entry's (ftrace's) ip */
	unsigned long parent_ip;
	int member;			/* the entry's member, or -1 */
	unsigned long edata[];		/* entry values: kpt_edata_words() */
};

struct kpt_fset_pre;

struct kpt_fset {
	struct ftrace_ops ops;
	struct kpt_probe *p;
	unsigned long *ips;		/* the functions, sorted */
	unsigned int n;
	unsigned int skipped;		/* matched but refused */
	bool filtered;			/* ops has its filter */
	bool ops_on;			/* ops registered (armed) */
	struct rethook *rh;		/* exit: the return hook, its nodes */
	unsigned int nodes;		/* exit: nodes in rh's pool */
	/* recursion, RCU not watching, no free node */
	unsigned long __percpu *misses;
	/* while the probe is created: its set matched ahead, or NULL */
	struct kpt_fset_pre *pre;
};

/*
 * A w: probe's watchpoint (kpt_wprobe.c): a hardware breakpoint per CPU.
 * A trigger's request to move it (set_wprobe) or park it (clear_wprobe)
 * comes from a hit, in any context: the hit path puts the address in next
 * and queues iw, whose work moves the breakpoints in process context.
 */
#define KPT_WREQ_CLEAR		1UL	/* next: park (no kernel address) */
struct kpt_wp {
	struct kpt_cpuctr bp;		/* a breakpoint per CPU (lock) */
	bool has_bp;			/* registered */
	struct mutex lock;		/* bp's state, on, parked */
	bool on;			/* the event is used: enabled */
	bool parked;			/* cleared by a trigger: disabled */
	atomic_long_t next;		/* a request: address, CLEAR, 0 none */
	struct kpt_probe *bp_owner;	/* the probe */
	struct irq_work iw;
	struct work_struct work;
};

/*
 * A trigger on an event (kpt_wtrig.c): at each hit, set_wprobe moves
 * watchpoint wp to the value of argument field (+ adj), clear_wprobe parks
 * it (if has_field: only when it watches that address).
 */
struct kpt_wtrig {
	struct kpt_probe *wp;		/* the w: event's holder */
	u16 field;			/* index of the argument */
	bool has_field;
	bool clear;
	long adj;
	char *text;			/* as listed */
	struct rcu_head rcu;
};

/*
 * An e: probe's attachment (kpt_eprobe.c): the attached event's file (a
 * reference: the event cannot go while the probe is defined), its call,
 * and its perf counters, one per online CPU (kpt_cpuctr.h), made when the
 * probe is (disabled), enabled while the event is used (event_mutex).
 */
struct kpt_ep {
	struct trace_event_file *file;
	struct trace_event_call *call;
	struct kpt_efilter *filter;	/* if FILTER, or NULL */
	struct kpt_cpuctr cc;
	bool has_cc;
};

struct kpt_otype;
struct kpt_pdesc;
struct kpt_lat;
struct kpt_fmt_ops;

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
	const struct kpt_fmt_ops *fmt;	/* the format backend (kpt_fmt.h) */
	u32 name_hash;			/* of group and event: kpt_same_event() */
	char *listing;			/* canonical definition text */
	unsigned long addr;		/* resolved probe address; 0: module not loaded */
	char *modname;			/* module of the probe point, or NULL */
	unsigned long missed_before;	/* misses of earlier registrations */
	bool is_return;
	bool fprobe;			/* f: event: fs, not rp */
	/*
	 * t: event (kpt_tprobe.c): addr is the struct tracepoint; tp_on:
	 * registered on it (armed); tp_armed_once: since the last wait
	 */
	bool tprobe;
	bool tp_on;
	bool tp_armed_once;
	struct kpt_fset *fs;
	bool wprobe;			/* w: event: w, not rp */
	struct kpt_wp *w;
	bool eprobe;			/* e: event: ep, not rp; no ip */
	struct kpt_ep *ep;
	/* holder: its trigger (RCU), and how many triggers name it */
	struct kpt_wtrig __rcu *wtrig;
	u16 wtrig_refs;
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
	/*
	 * Return probes: the entry values the exit's args read (KPT_COP_EDATA),
	 * $arg1..$arg<edata_n> in words timed..timed+edata_n-1, kept at the
	 * entry
	 */
	u8 edata_n;
	/*
	 * Return probes with a $duration field: entry word 0 is the entry's
	 * time, then the call's duration; the holder's lat aggregates the
	 * durations of every probe of the event (kpt_lat_types.h).
	 */
	bool timed;
	u8 errno_bits;			/* timed: errno table, kpt_lat_types.h */
	bool errno_lo32;		/* timed: $retval's type unknown */
	bool ret_ptr;			/* timed: BTF says $retval is a pointer */
	struct kpt_lat __percpu *lat;
	/*
	 * Timed: per-member aggregation while the event is armed through
	 * the aggregate file (kpt_members.h; RCU, set under kpt_mutex and
	 * event_mutex), and the probe's misses at the last reset
	 */
	struct kpt_members __rcu *members;
	unsigned long miss_base;
	/*
	 * Holder: armed through the aggregate file (event_mutex; arms the
	 * probes as an enable does, kpt_event_used()), and its filter:
	 * aggregate only the returns of thread group agg_pid (agg_by_pid)
	 * and/or of tasks named agg_comm ("": any)
	 */
	bool agg_on;
	bool agg_by_pid;
	pid_t agg_pid;
	char agg_comm[TASK_COMM_LEN];
	u32 rec_size;			/* ring-buffer record bytes (today's:
					 * without the strings)
					 */
	struct kpt_carg *args;
	struct kpt_targ *targs;		/* today's format only */
	struct kpt_cop *ops;
	unsigned long __percpu *hits;
	/* the ftrace event (used in the holder only; kpt_event.h) */
	struct list_head links;		/* struct kpt_link, RCU */
	struct kpt_otype *otype;
	/* today's: field/print description, handed to the otype */
	struct kpt_pdesc *pdesc;
	bool pdesc_owned;		/* not (yet) handed to an otype */
	char *print_fmt;
	char *field_names;		/* "arg0\0arg1\0..." */
	struct trace_event_class class;
	struct trace_event_call call;
};

/* Words a return probe keeps from its entry: the time, $arg1.. */
static inline unsigned int kpt_edata_words(const struct kpt_probe *p)
{
	return p->timed + p->edata_n;
}

static inline const char *kpt_probe_name(struct kpt_probe *p)
{
	return p->def->event;
}

static inline const char *kpt_probe_group(struct kpt_probe *p)
{
	return p->def->group;
}

#define KPT_LABEL_MAX	(2 * KPT_NAME_MAX + 2)

/* "EVENT" in the default group, else "GRP/EVENT" (buf: KPT_LABEL_MAX) */
static inline const char *kpt_probe_label(struct kpt_probe *p, char *buf)
{
	if (!strcmp(kpt_probe_group(p), KPT_DEFAULT_GROUP))
		return kpt_probe_name(p);
	snprintf(buf, KPT_LABEL_MAX, "%s/%s", kpt_probe_group(p),
		 kpt_probe_name(p));
	return buf;
}

#endif /* KPT_PROBE_TYPES_H */
