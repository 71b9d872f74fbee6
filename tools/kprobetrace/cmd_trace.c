// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace trace: one line per hit of our events.
 *
 * The text trace_pipe does not name the event (the seed's output format:
 * "SYM+off/size: 0x.. 0x.."), so this reads the binary ring buffer
 * (per_cpu/cpuN/trace_pipe_raw, consuming like trace_pipe does) and maps
 * each record's common_type to an event through events/GROUP/EVENT/id.
 * Fields are found by name in the event's format file, the common fields
 * (common_type, common_pid) too, and the page and event headers are read
 * as events/header_page and header_event describe them: no offset is
 * assumed (they differ between kernels).  Values are printed by the
 * definition's types (sN signed decimal, uN decimal, xN and untyped hex,
 * bitfields decimal).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "kpt_cmd.h"
#include "kpt_ringbuf.h"
#include "kpt_tevents.h"
#include "kpt_probe_def.h"

static const char trace_usage[] =
"usage: kprobetrace trace [-b] [-n COUNT] [-t SECONDS] [[GRP/]EVENT...]\n"
"\n"
"Follow the trace buffer and print one line per hit of the given events\n"
"(default: every kprobetrace event, also ones added later):\n"
"  TIME COMM-PID [CPU] EVENT: PROBE-POINT NAME=VALUE...\n"
"PROBE-POINT is the probe address as SYM+OFFSET, as the kernel prints it\n"
"(SYM+0x4 for a function's entry after an IBT kernel's endbr64).\n"
"Values follow the argument's type: sN signed decimal, uN and bitfields\n"
"decimal, xN and untyped hex, strings quoted, arrays in braces, symbols\n"
"as sym+off; a string or 64-bit memory fetch that faulted shows (fault).\n"
"Records are consumed from the buffer (as trace_pipe does); records of\n"
"other events are dropped, and so are the hits of this command's own\n"
"process (its file reads). Records already in the buffer are dropped\n"
"too, unless -b: an event's type id is reused by the next event defined\n"
"after it is deleted, so old records could carry a new event's name.\n"
"  -b, --backlog         first print the records already in the buffer\n"
"  -n, --count COUNT     stop after COUNT hits\n"
"  -t, --timeout SECS    stop after SECS seconds\n"
"exit: 0 ok (also at COUNT, timeout or Ctrl-C), 1 failure, 2 usage,\n"
"      7 module not loaded, 8 no such event\n";

#define FAULT_VALUE 0xfffffffffffffff2ull
#define MAX_CPUS 1024

static char **want;
static int nwant;
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

#define get kpt_field_get

/* The common fields; -1 if the record is too short for them. */
static int pid_of(const uint8_t *d, int len)
{
	if (kpt_common.pid.offset < 0 || len < kpt_common.size)
		return -1;
	return (int32_t)get(d, len, kpt_common.pid);
}

static int type_of(const uint8_t *d, int len)
{
	if (kpt_common.type.offset < 0 || len < kpt_common.size)
		return -1;
	return (int)get(d, len, kpt_common.type);
}

/* The page layout from events/header_page and header_event. */
static int load_page_layout(void)
{
	char p[512], *page, *event;
	const char *why = "cannot read it";
	int r = -1;

	kpt_path(p, sizeof(p), kpt_tracefs(), "events/header_page");
	page = kpt_read_file(p, NULL);
	kpt_path(p, sizeof(p), kpt_tracefs(), "events/header_event");
	event = kpt_read_file(p, NULL);
	if (page && event)
		r = kpt_rb_set_layout(page, event, &why);
	if (r)
		kpt_err("%s/events/header_page, header_event: %s",
			kpt_tracefs(), why);
	free(page);
	free(event);
	return r;
}

/* ---- comm of a pid: saved_cmdlines, else /proc ---- */

static char *cmdlines;
static time_t cmdlines_at;

static void comm_of(int pid, char *buf, size_t size)
{
	char key[32], p[512], *s, *t;

	snprintf(buf, size, "<...>");
	if (pid == 0) {
		snprintf(buf, size, "<idle>");
		return;
	}
	for (int pass = 0; pass < 2; pass++) {
		if (!cmdlines || (pass && time(NULL) != cmdlines_at)) {
			free(cmdlines);
			kpt_path(p, sizeof(p), kpt_tracefs(), "saved_cmdlines");
			cmdlines = kpt_read_file(p, NULL);
			cmdlines_at = time(NULL);
		}
		snprintf(key, sizeof(key), "%d ", pid);
		for (s = cmdlines; s && *s; s = strchr(s, '\n') ?
		     strchr(s, '\n') + 1 : NULL)
			if (!strncmp(s, key, strlen(key))) {
				s += strlen(key);
				snprintf(buf, size, "%.*s",
					 (int)strcspn(s, "\n"), s);
				return;
			}
	}
	snprintf(p, sizeof(p), "/proc/%d/comm", pid);
	t = kpt_read_file(p, NULL);
	if (t) {
		snprintf(buf, size, "%.*s", (int)strcspn(t, "\n"), t);
		free(t);
	}
}

/* ---- printing ---- */

static bool is_memory(const struct kpt_probe_arg *a)
{
	for (int i = 0; i < a->nops; i++)
		if (a->ops[i].op == KPT_FOP_DEREF || a->ops[i].op == KPT_FOP_UDEREF ||
		    a->ops[i].op == KPT_FOP_SYMBOL)
			return true;
	return false;
}

static uint64_t load(const uint8_t *p, int size)
{
	uint64_t v = 0;

	memcpy(&v, p, size > 8 ? 8 : size);	/* little-endian */
	return v;
}

static bool is_string(const struct kpt_probe_arg *a)
{
	return a->type == KPT_T_STRING || a->type == KPT_T_USTRING ||
	       a->type == KPT_T_SYMSTR;
}

/* One element at p: a __data_loc string, or a number of elem bytes. */
static void print_elem(const struct kpt_probe_arg *a, const uint8_t *d,
		       int len, const uint8_t *p, int elem, bool str)
{
	unsigned int bits = (a->size ? a->size : 8) * 8;
	uint64_t v, mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
	char sym[256];

	if (str) {
		uint32_t loc = (uint32_t)load(p, 4);
		int o = loc & 0xffff, n = loc >> 16;

		if (!n)
			printf("(fault)");
		else if (o + n > len)
			printf("(bad record)");
		else
			printf("\"%.*s\"", n - (d[o + n - 1] == 0),
			       (const char *)d + o);
		return;
	}
	v = load(p, elem);
	if (elem == 8 && v == FAULT_VALUE && is_memory(a)) {
		printf("(fault)");
		return;
	}
	switch (a->type) {
	case KPT_T_S8: case KPT_T_S16: case KPT_T_S32: case KPT_T_S64:
		if (bits < 64 && (v & (1ull << (bits - 1))))
			v |= ~mask;
		printf("%" PRId64, (int64_t)v);
		break;
	case KPT_T_U8: case KPT_T_U16: case KPT_T_U32: case KPT_T_U64:
		printf("%" PRIu64, v & mask);
		break;
	case KPT_T_BITFIELD:
		printf("%" PRIu64, v);
		break;
	case KPT_T_CHAR:
		printf("'%c'", (char)v);
		break;
	case KPT_T_SYMBOL:
		kpt_ksyms_load();
		kpt_ksyms_fmt(v, sym, sizeof(sym));
		printf("%s", sym);
		break;
	default:
		printf("0x%" PRIx64, v & mask);
	}
}

static void print_value(const struct kpt_probe_arg *a, const uint8_t *d,
			int len, struct kpt_field f)
{
	bool str = f.data_loc || is_string(a);
	int count = a->array_len ? a->array_len : 1;
	int elem = f.size / count;

	if (f.offset < 0 || f.offset + f.size > len || elem <= 0) {
		printf("?");
		return;
	}
	if (a->array_len)
		printf("{");
	for (int j = 0; j < count; j++) {
		if (j)
			printf(",");
		print_elem(a, d, len, d + f.offset + j * elem, elem, str);
	}
	if (a->array_len)
		printf("}");
}

/*
 * What the kernel adds to SYM+0 for its probe address: 4 on IBT kernels,
 * where a function begins with endbr64 and both register_kprobe() and
 * ftrace's __fentry__ site put the entry after it; else 0.  Taken from the
 * first record (its probe address minus the symbol's), once per event.
 */
static uint64_t entry_skip(struct kpt_tevent *e, uint64_t ip)
{
	const struct kpt_sym *s;
	char name[1024];
	int n;

	if (e->def->offset || e->skip_known)
		return e->def->offset ? 0 : e->entry_skip;
	e->skip_known = true;
	if (!ip || kpt_ksyms_load())
		return 0;
	if (e->def->module)
		snprintf(name, sizeof(name), "%s:%s",
			 kpt_def_str(e->def, e->def->module),
			 kpt_def_str(e->def, e->def->symbol));
	else
		snprintf(name, sizeof(name), "%s",
			 kpt_def_str(e->def, e->def->symbol));
	s = kpt_ksyms_find(name, &n);
	/* only a short step past a known, unique start */
	if (s && n == 1 && s->addr && ip >= s->addr && ip - s->addr <= 16)
		e->entry_skip = ip - s->addr;
	return e->entry_skip;
}

static void print_record(struct kpt_tevent *e, int cpu, uint64_t ts,
			 const uint8_t *d, int len)
{
	char comm[64], a[256], b[256];
	int pid = pid_of(d, len), n = e->def->nargs;

	comm_of(pid, comm, sizeof(comm));
	kpt_event_label(e->group, e->name, b, sizeof(b));
	printf("%5" PRIu64 ".%06" PRIu64 " %s-%d [%03d] %s: ",
	       ts / 1000000000, ts % 1000000000 / 1000, comm, pid, cpu, b);
	/*
	 * The probe point as the kernel prints it: the symbol and offset of
	 * the probe address.  A single probe's symbol as defined (kallsyms,
	 * slow to read, only for SYM+0); a set's or several probes' record
	 * names the function through its address.
	 */
	if (e->def->loc == KPT_LOC_SYMBOL && !e->multi &&
	    !(e->def->flags & KPT_DEF_FSET))
		snprintf(a, sizeof(a), "%s+0x%llx",
			 kpt_def_str(e->def, e->def->symbol),
			 (unsigned long long)(e->def->offset +
			 (e->is_return ? 0 : entry_skip(e, get(d, len, e->ip)))));
	else if (!kpt_ksyms_load())
		kpt_ksyms_fmt(get(d, len, e->is_return ? e->func : e->ip), a,
			      sizeof(a));
	else
		snprintf(a, sizeof(a), "0x%" PRIx64,
			 get(d, len, e->is_return ? e->func : e->ip));
	if (e->is_return) {
		if (!kpt_ksyms_load())
			kpt_ksyms_fmt(get(d, len, e->ret_ip), b, sizeof(b));
		else
			snprintf(b, sizeof(b), "0x%" PRIx64,
				 get(d, len, e->ret_ip));
		printf("%s <- %s", strtok(a, "+"), b);
	} else {
		printf("%s", a);
	}
	if (e->nargs.offset >= 0 && (int)get(d, len, e->nargs) < n)
		n = (int)get(d, len, e->nargs);
	for (int i = 0; i < n; i++) {
		const struct kpt_probe_arg *arg = &e->def->args[i];
		char an[16];

		snprintf(an, sizeof(an), "arg%d", i + 1);
		printf(" %s=", arg->name[0] ? arg->name : an);
		print_value(arg, d, len, e->args[i]);
	}
	printf("\n");
}

/* One reading session: the per-CPU buffers and what has been printed. */
struct trace_run {
	int fds[MAX_CPUS];
	int ncpu;
	uint8_t *buf;		/* one page */
	long page;
	long count;		/* records to print, -1: no limit */
	long printed;
	int self;		/* our pid: our own records are not shown */
	time_t reloaded;	/* when the events' formats were last read */
};

/* Every event the user named exists; 0 or an exit code. */
static int check_wanted(void)
{
	for (int i = 0; i < nwant; i++) {
		bool found = false;

		for (int j = 0; j < kpt_ntev; j++)
			found |= kpt_event_matches(want[i], kpt_tev[j].group,
						   kpt_tev[j].name);
		if (!found) {
			kpt_err("no event '%s' (see kprobetrace list)", want[i]);
			return KPT_EXIT_NOEVENT;
		}
	}
	return 0;
}

/* Open every CPU's trace_pipe_raw, non-blocking; 0 or an exit code. */
static int open_cpus(struct trace_run *t)
{
	for (t->ncpu = 0; t->ncpu < MAX_CPUS; t->ncpu++) {
		char p[512];

		kpt_path(p, sizeof(p), kpt_tracefs(),
			 "per_cpu/cpu%d/trace_pipe_raw", t->ncpu);
		t->fds[t->ncpu] = open(p, O_RDONLY | O_NONBLOCK);
		if (t->fds[t->ncpu] >= 0)
			continue;
		if (errno == ENOENT && t->ncpu)
			break;
		kpt_err("%s: %s", p, strerror(errno));
		return KPT_EXIT_FAIL;
	}
	return 0;
}

/*
 * Drop what is already there, up to a page holding only our own records
 * (reading may itself be traced: a probe on vfs_read).
 */
static void drop_backlog(struct trace_run *t)
{
	for (int cpu = 0; cpu < t->ncpu; cpu++)
		for (int i = 0; i < 100000 &&
		     read(t->fds[cpu], t->buf, t->page) == t->page; i++) {
			bool others = false;

			kpt_rb_parse_page(t->buf, t->page, cpu);
			for (size_t j = 0; j < kpt_rb.n; j++)
				others |= pid_of(kpt_rb.recs[j].data,
						 kpt_rb.recs[j].len) != t->self;
			kpt_rb_clear();
			if (!others)
				break;
		}
}

/* One record: its event found (formats reread once a second), printed. */
static void show_record(struct trace_run *t, const struct kpt_rec *rec)
{
	int type = type_of(rec->data, rec->len);
	struct kpt_tevent *e = kpt_tev_by_id(type);

	if (!e && time(NULL) != t->reloaded) {
		t->reloaded = time(NULL);
		kpt_tev_load(want, nwant);
		type = type_of(rec->data, rec->len);
		e = kpt_tev_by_id(type);
	}
	if (type < 0)	/* not even the common fields */
		return;
	if (e && e->wanted && pid_of(rec->data, rec->len) != t->self &&
	    (t->count < 0 || t->printed < t->count)) {
		print_record(e, rec->cpu, rec->ts, rec->data, rec->len);
		t->printed++;
	}
}

/* Read, sort and print what the buffers hold until stopped. */
static void trace_loop(struct trace_run *t, double timeout)
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!stop && (t->count < 0 || t->printed < t->count)) {
		long shown = t->printed;

		/* a bounded number of pages: tracing read() itself must end */
		for (int cpu = 0; cpu < t->ncpu; cpu++)
			for (int i = 0; i < 64 &&
			     read(t->fds[cpu], t->buf, t->page) == t->page; i++)
				kpt_rb_parse_page(t->buf, t->page, cpu);
		kpt_rb_sort();
		for (size_t i = 0; i < kpt_rb.n; i++)
			show_record(t, &kpt_rb.recs[i]);
		fflush(stdout);
		if (t->printed == shown) {
			struct timespec ms100 = { 0, 100 * 1000 * 1000 };

			nanosleep(&ms100, NULL);
		}
		kpt_rb_clear();
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (timeout >= 0 && (now.tv_sec - t0.tv_sec) +
		    (now.tv_nsec - t0.tv_nsec) / 1e9 >= timeout)
			break;
	}
}

int kpt_cmd_trace(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 't' },
		{ "backlog", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	static struct trace_run t;
	struct sigaction sa = { 0 };
	double timeout = -1;
	bool backlog = false;
	int c, r;

	t.count = -1;
	t.self = getpid();
	while ((c = getopt_long(argc, argv, "+bn:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 'b': backlog = true; break;
		case 'n': t.count = strtol(optarg, NULL, 0); break;
		case 't': timeout = strtod(optarg, NULL); break;
		case 'h': fputs(trace_usage, stdout); return 0;
		default: fputs(trace_usage, stderr); return KPT_EXIT_USAGE;
		}
	}
	if (!t.count) {
		fputs(trace_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_check_module();
	if (r)
		return r;
	want = argv + optind;
	nwant = argc - optind;
	if (load_page_layout() || kpt_tev_load(want, nwant))
		return KPT_EXIT_FAIL;
	r = check_wanted();
	if (!r)
		r = open_cpus(&t);
	if (r)
		return r;
	t.page = kpt_rb_page_size();
	t.buf = malloc(t.page);
	if (!t.buf)
		return KPT_EXIT_FAIL;
	if (!backlog)
		drop_backlog(&t);
	fprintf(stderr, "%s: tracing %s; Ctrl-C stops\n", kpt_prog,
		nwant ? "the given events" : "every kprobetrace event");
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	trace_loop(&t, timeout);
	for (int cpu = 0; cpu < t.ncpu; cpu++)
		close(t.fds[cpu]);
	free(t.buf);
	kpt_rb_clear();
	kpt_tev_free();
	return 0;
}
