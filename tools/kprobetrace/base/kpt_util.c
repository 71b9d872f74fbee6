// SPDX-License-Identifier: GPL-2.0
/* kprobetrace(1): paths, files, kprobe_events writes, error_log. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "kpt_base.h"

const char *kpt_prog = "kprobetrace";

/* Environment overrides (KPT_DIR, KPT_TRACEFS) let tests use fake trees. */
const char *kpt_tracefs(void)
{
	const char *d = getenv("KPT_TRACEFS");
	struct stat st;

	if (d && *d)
		return d;
	if (stat("/sys/kernel/tracing/trace", &st) == 0)
		return "/sys/kernel/tracing";
	return "/sys/kernel/debug/tracing";
}

/* the module's files: kprobetrace/ in tracefs */
const char *kpt_dir(void)
{
	static char dir[512];
	const char *d = getenv("KPT_DIR");

	if (d && *d)
		return d;
	if (!dir[0])
		snprintf(dir, sizeof(dir), "%s/kprobetrace", kpt_tracefs());
	return dir;
}

void kpt_path(char *buf, size_t size, const char *base, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(buf, size, "%s/", base);

	if (n < 0 || (size_t)n >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

char *kpt_read_file(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY);
	size_t cap = 4096, len = 0;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = malloc(cap);
	for (;;) {
		ssize_t n;

		if (!buf)
			break;
		if (len + 1 >= cap) {
			char *nb = realloc(buf, cap *= 2);

			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0) {
			int e = errno;

			free(buf);
			close(fd);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	if (!buf) {
		errno = ENOMEM;
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

void kpt_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", kpt_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void kpt_note(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: note: ", kpt_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int kpt_check_module(void)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	if (access(p, F_OK) == 0)
		return KPT_EXIT_OK;
	if (errno == EACCES)
		kpt_err("%s: permission denied (run as root)", p);
	else
		kpt_err("%s: %s: is kprobetrace.ko loaded?",
			p, strerror(errno));
	return KPT_EXIT_NOMODULE;
}

static int write_all(int fd, const char *text)
{
	size_t len = strlen(text), done = 0;

	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0)
			return -errno;
		done += n;
	}
	return 0;
}

static int write_path(const char *path, const char *text, int flags)
{
	int fd = open(path, O_WRONLY | flags);
	int r;

	if (fd < 0)
		return -errno;
	r = write_all(fd, text);
	if (close(fd) < 0 && !r)
		r = -errno;
	return r;
}

int kpt_write_events(const char *text, bool trunc)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	return write_path(p, text, trunc ? O_TRUNC : O_APPEND);
}

int kpt_write_file(const char *path, const char *text)
{
	return write_path(path, text, 0);
}

static const char *last_error(void)
{
	static char last[4096];
	char p[512], *log, *s, *start = NULL;

	last[0] = '\0';
	kpt_path(p, sizeof(p), kpt_dir(), "error_log");
	log = kpt_read_file(p, NULL);
	if (!log)
		return last;
	/* An entry starts with '[' at the beginning of a line. */
	for (s = log; *s; s++)
		if (*s == '[' && (s == log || s[-1] == '\n'))
			start = s;
	if (start)
		snprintf(last, sizeof(last), "%s", start);
	free(log);
	return last;
}

void kpt_print_last_error(void)
{
	const char *e = last_error();
	const char *s = e;

	if (!*e)
		return;
	fprintf(stderr, "%s: error_log says:\n", kpt_prog);
	while (*s) {
		const char *nl = strchr(s, '\n');
		int n = nl ? (int)(nl - s) : (int)strlen(s);

		fprintf(stderr, "    %.*s\n", n, s);
		s += n + (nl ? 1 : 0);
	}
}

static bool valid_name(const char *s, size_t n)
{
	if (!n || n > 64 || (*s >= '0' && *s <= '9'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')))
			return false;
	return true;
}

bool kpt_valid_event_name(const char *s)
{
	const char *slash = strchr(s, '/');

	if (slash)
		return valid_name(s, slash - s) &&
		       valid_name(slash + 1, strlen(slash + 1));
	return valid_name(s, strlen(s));
}

bool kpt_event_matches(const char *arg, const char *group, const char *event)
{
	const char *slash = strchr(arg, '/');

	if (!slash)
		return !strcmp(arg, event);
	return strlen(group) == (size_t)(slash - arg) &&
	       !strncmp(arg, group, slash - arg) && !strcmp(slash + 1, event);
}

void kpt_event_label(const char *group, const char *event, char *buf,
		     size_t size)
{
	if (strcmp(group, "kprobetrace"))
		snprintf(buf, size, "%s/%s", group, event);
	else
		snprintf(buf, size, "%s", event);
}

bool kpt_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return false;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return true;
	}
	return false;
}

int kpt_cache_path(const char *sub, const char *name, char *path, size_t size,
		   bool mk)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char dir[1024];
	int n;

	if (xdg && xdg[0] == '/')
		n = snprintf(dir, sizeof(dir), "%s/kprobetrace/%s", xdg, sub);
	else if (home && home[0] == '/')
		n = snprintf(dir, sizeof(dir), "%s/.cache/kprobetrace/%s",
			     home, sub);
	else
		return -1;
	if (n < 0 || (size_t)n >= sizeof(dir))
		return -1;
	if (mk) {
		/* each component, as mkdir -p */
		for (char *p = dir + 1; *p; p++) {
			if (*p != '/')
				continue;
			*p = '\0';
			if (mkdir(dir, 0755) && errno != EEXIST)
				return -1;
			*p = '/';
		}
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
	}
	n = snprintf(path, size, "%s/%s", dir, name);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

void kpt_catch_signals(void (*fn)(int))
{
	struct sigaction sa = { 0 };

	sa.sa_handler = fn;	/* no SA_RESTART: sleeps end */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

void kpt_wait(double secs, bool (*stop)(void))
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!stop()) {
		double left = 3600;
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &now);
		if (secs >= 0) {
			left = secs - ((now.tv_sec - t0.tv_sec) +
				       (now.tv_nsec - t0.tv_nsec) / 1e9);
			if (left <= 0)
				break;
		}
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);	/* a signal ends it: EINTR */
	}
}
