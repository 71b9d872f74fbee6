/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1)'s base room: what every room of the command may use.
 *
 *   kpt_util.c    exit codes, paths, files, writing kprobe_events,
 *                 error_log, event names, messages
 *   kpt_table.c   aligned text tables
 *
 * It uses nothing of the command's other rooms.
 */
#ifndef KPT_BASE_H
#define KPT_BASE_H

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
/*
 * fn catches SIGINT, SIGTERM and SIGHUP, without SA_RESTART (sleeps end);
 * SIGPIPE is ignored.
 */
void kpt_catch_signals(void (*fn)(int));
/*
 * Sleep secs (for ever when negative), in pieces a signal ends early, until
 * stop() says so.
 */
void kpt_wait(double secs, bool (*stop)(void));
/* --help / -h among argv[1..]? */
bool kpt_wants_help(int argc, char **argv);

/* ---- kpt_table.c ---- */
struct kpt_table;
struct kpt_table *kpt_table_new(int ncols, const char *const *headers);
/* Right-align a column (numbers). */
void kpt_table_right(struct kpt_table *t, int col);
void kpt_table_add(struct kpt_table *t, const char *const *cells);
void kpt_table_print(struct kpt_table *t);	/* and frees it */

#endif /* KPT_BASE_H */
