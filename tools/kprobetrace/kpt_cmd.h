/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): shared declarations of the command's files.
 *
 *   main.c        subcommand dispatch, global help
 *   kpt_util.c    paths, files, writing kprobe_events, error_log
 *   kpt_table.c   aligned text tables
 *   kpt_btf.c     BTF: parameters, member chains -> fetch args
 *                 (kpt_btf_fetch.h)
 *   kpt_btf_types.c  BTF: C types -> fetch types, functions, members
 *   kpt_ksyms.c   /proc/kallsyms: names <-> addresses
 *   kpt_kcore.c   /proc/kcore: kernel memory by virtual address
 *   kpt_patched.c jump labels, static calls, alternatives of the live
 *                 text (kpt_patched.h)
 *   cmd_add.c     add
 *   cmd_manage.c  list, del, enable, disable, clear, profile
 *   kpt_ringbuf.c ring buffer pages (trace_pipe_raw) -> records
 *   kpt_tevents.c our events: definitions, type ids, record layouts
 *   cmd_trace.c   trace: records -> events -> one line per hit
 *   cmd_where.c   where
 *   kpt_dwarf*.c  DWARF: lines, variables, locations (kpt_dwarf.h)
 *   cmd_lines.c   lines
 *   cmd_vars.c    vars
 *   kpt_lathist.c the latency file: parse, histograms (kpt_lathist.h)
 *   kpt_latout.c  per-function table, heatmap, JSON, errors table
 *   kpt_svg.c     SVG pictures of histograms and heatmaps
 *   kpt_latsess.c define/arm/read/remove the events (kpt_latsess.h)
 *   cmd_latency.c latency
 *   cmd_errors.c  errors
 *   kpt_metrics_prom.c    histograms, counters -> Prometheus text
 *   kpt_metrics_conf.c    the metrics configuration file
 *   kpt_metrics_svc.c     the metrics service: events defined, reloaded
 *   kpt_metrics_scrape.c  one scrape of the service
 *   kpt_metrics_textfile.c  the node exporter's textfile, atomically
 *   cmd_metrics.c metrics (textfile), cmd_serve.c serve (HTTP)
 */
#ifndef KPT_CMD_H
#define KPT_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exit codes (documented in kprobetrace(1) and --help). */
enum kpt_exit {
	KPT_EXIT_OK = 0,
	KPT_EXIT_FAIL = 1,	/* I/O or other runtime failure */
	KPT_EXIT_USAGE = 2,	/* bad command line */
	KPT_EXIT_NOFUNC = 3,	/* function unknown (BTF, kallsyms) */
	KPT_EXIT_NONAME = 4,	/* unknown parameter or member */
	KPT_EXIT_TYPE = 5,	/* expression does not fit the C type */
	KPT_EXIT_REFUSED = 6,	/* the module refused the definition */
	KPT_EXIT_NOMODULE = 7,	/* kprobetrace.ko not loaded / no access */
	KPT_EXIT_NOEVENT = 8,	/* no such event */
	KPT_EXIT_NODEBUG = 9,	/* no (matching) debug info */
	KPT_EXIT_NOLINE = 10,	/* no code at that line */
	KPT_EXIT_NOLOC = 11,	/* variable optimized out / untranslatable */
	KPT_EXIT_NOPERM = 12,	/* not root: the module's files refuse access */
};

/* ---- kpt_util.c ---- */
extern const char *kpt_prog;
const char *kpt_dir(void);		/* /sys/kernel/tracing/kprobetrace */
const char *kpt_tracefs(void);		/* /sys/kernel/tracing */
void kpt_path(char *buf, size_t size, const char *base, const char *fmt,
	      ...) __attribute__((format(printf, 4, 5)));
/* Whole file, NUL-terminated (NULL + errno on failure); free() it. */
char *kpt_read_file(const char *path, size_t *len);
/*
 * The path of name in the cache directory's sub folder ($XDG_CACHE_HOME,
 * else ~/.cache: kprobetrace/SUB/NAME), the folders made when mk; 0, or
 * -1 when there is no such directory.
 */
int kpt_cache_path(const char *sub, const char *name, char *path, size_t size,
		   bool mk);
/* Is kprobetrace.ko there?  Prints why not; returns KPT_EXIT_*. */
int kpt_check_module(void);
/*
 * Write text to kprobe_events (append; truncate if trunc).  Returns 0 or
 * -errno (of write() or close()).
 */
int kpt_write_events(const char *text, bool trunc);
/* Write text to a file; 0 or -errno. */
int kpt_write_file(const char *path, const char *text);
/* Print the last entry of error_log to stderr (indented). */
void kpt_print_last_error(void);
/* [GRP/]EVENT: letters, digits, _, not starting with a digit, <= 64 each */
bool kpt_valid_event_name(const char *s);
/* Does a user's [GRP/]EVENT name this event?  (EVENT: in any group) */
bool kpt_event_matches(const char *arg, const char *group, const char *event);
/* EVENT, or GRP/EVENT outside the default group */
void kpt_event_label(const char *group, const char *event, char *buf,
		     size_t size);
void kpt_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void kpt_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* --help / -h among argv[1..]? */
bool kpt_wants_help(int argc, char **argv);

/* ---- kpt_table.c ---- */
struct kpt_table;
struct kpt_table *kpt_table_new(int ncols, const char *const *headers);
/* Right-align a column (numbers). */
void kpt_table_right(struct kpt_table *t, int col);
void kpt_table_add(struct kpt_table *t, const char *const *cells);
void kpt_table_print(struct kpt_table *t);	/* and frees it */

/* ---- kpt_ksyms.c ---- */
struct kpt_sym {
	uint64_t addr;
	uint64_t size;		/* up to the next higher address */
	char type;		/* t T d D b B ... */
	const char *name;
	const char *module;	/* NULL: vmlinux */
};
/* Load /proc/kallsyms once (0 or -errno). */
int kpt_ksyms_load(void);
/* The text symbol NAME ([MOD:]NAME); NULL if none; *count = how many. */
const struct kpt_sym *kpt_ksyms_find(const char *name, int *count);
/* vmlinux's symbol NAME of any type (data too); NULL if none. */
const struct kpt_sym *kpt_ksyms_vmlinux(const char *name);
/* The symbol at or before addr (NULL if none). */
const struct kpt_sym *kpt_ksyms_at(uint64_t addr);
/* "sym+0xoff [mod]" or "0xADDR" */
void kpt_ksyms_fmt(uint64_t addr, char *buf, size_t size);

/* ---- kpt_kcore.c ---- */
/* Read len bytes of kernel memory at vaddr from /proc/kcore: 0 or -errno. */
int kpt_kcore_read(uint64_t vaddr, void *buf, size_t len);

/* ---- subcommands ---- */
int kpt_cmd_add(int argc, char **argv);
int kpt_cmd_list(int argc, char **argv);
int kpt_cmd_del(int argc, char **argv);
int kpt_cmd_enable(int argc, char **argv);
int kpt_cmd_disable(int argc, char **argv);
int kpt_cmd_clear(int argc, char **argv);
int kpt_cmd_profile(int argc, char **argv);
int kpt_cmd_trace(int argc, char **argv);
int kpt_cmd_where(int argc, char **argv);
int kpt_cmd_lines(int argc, char **argv);
int kpt_cmd_vars(int argc, char **argv);
int kpt_cmd_latency(int argc, char **argv);
int kpt_cmd_errors(int argc, char **argv);
int kpt_cmd_metrics(int argc, char **argv);
int kpt_cmd_serve(int argc, char **argv);

#endif /* KPT_CMD_H */
