// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-bench-write: timed writes into control files, for `make bench`.
 *
 *   kpt-bench-write [-t] FILE INPUT     INPUT in one write(2) to FILE
 *   kpt-bench-write -l [-t] FILE INPUT  one write(2) per line of INPUT
 *   kpt-bench-write -p VALUE LIST       write VALUE to each file named in
 *                                       LIST (one open/write/close each)
 *
 * -t opens FILE with O_TRUNC (an empty INPUT, e.g. /dev/null, then only
 * truncates: that clears kprobe_events). -b NS (with -l or -p) stops once
 * NS nanoseconds have passed, after the write under way: the lines or
 * files not reached are counted as "left=N" (a lower bound of the whole
 * step's time, never an extrapolation). Prints "ns=ELAPSED ok=N failed=N"
 * (CLOCK_MONOTONIC; under QEMU -icount shift=0 that counts instructions),
 * " left=N" when -b stopped it, then the first error, if any.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static char *slurp(const char *path, size_t *lenp)
{
	FILE *f = fopen(path, "r");
	size_t cap = 1 << 16, len = 0, got;
	char *buf = malloc(cap + 1);

	if (!f || !buf) {
		fprintf(stderr, "kpt-bench-write: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
			if (!buf)
				exit(1);
		}
	}
	fclose(f);
	buf[len] = 0;
	*lenp = len;
	return buf;
}

int main(int argc, char **argv)
{
	int per_line = 0, trunc = 0, opt, fd;
	const char *value = NULL;
	long ok = 0, failed = 0, left = 0;
	long long budget = 0;
	char first_err[256] = "";
	long long t0, t1;
	size_t len;
	char *buf, *p, *nl;

	while ((opt = getopt(argc, argv, "ltp:b:")) != -1) {
		switch (opt) {
		case 'b': budget = atoll(optarg); break;
		case 'l': per_line = 1; break;
		case 't': trunc = 1; break;
		case 'p': value = optarg; break;
		default: goto usage;
		}
	}
	if (value ? argc - optind != 1 : argc - optind != 2)
		goto usage;
	buf = slurp(argv[argc - 1], &len);

	if (value) {
		size_t vlen = strlen(value);

		t0 = now_ns();
		for (p = buf; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				nl = p + strlen(p);
			*nl = 0;
			if (*p && budget && now_ns() - t0 >= budget) {
				left++;
			} else if (*p) {
				fd = open(p, O_WRONLY);
				if (fd >= 0 && write(fd, value, vlen) == (ssize_t)vlen) {
					ok++;
				} else {
					if (!failed)
						snprintf(first_err, sizeof(first_err), "%s: %s", p, strerror(errno));
					failed++;
				}
				if (fd >= 0)
					close(fd);
			}
			if (nl == buf + len)
				break;
		}
		t1 = now_ns();
		goto done;
	}

	t0 = now_ns();
	fd = open(argv[optind], O_WRONLY | O_APPEND | (trunc ? O_TRUNC : 0));
	if (fd < 0) {
		fprintf(stderr, "kpt-bench-write: %s: %s\n", argv[optind], strerror(errno));
		return 1;
	}
	if (!per_line) {
		if (len == 0 || write(fd, buf, len) == (ssize_t)len) {
			ok++;
		} else {
			snprintf(first_err, sizeof(first_err), "%s", strerror(errno));
			failed++;
		}
	} else {
		for (p = buf; p < buf + len; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				nl = buf + len;
			if (nl == p)
				continue;
			if (budget && now_ns() - t0 >= budget) {
				left++;
				continue;
			}
			if (write(fd, p, nl - p + 1 > buf + len - p ? (size_t)(nl - p) : (size_t)(nl - p + 1)) >= 0) {
				ok++;
			} else {
				if (!failed)
					snprintf(first_err, sizeof(first_err), "line %ld: %s", ok + failed + 1, strerror(errno));
				failed++;
			}
		}
	}
	close(fd);
	t1 = now_ns();
done:
	printf("ns=%lld ok=%ld failed=%ld", t1 - t0, ok, failed);
	if (left)
		printf(" left=%ld", left);
	printf("\n");
	if (failed)
		printf("first error: %s\n", first_err);
	return 0;
usage:
	fprintf(stderr, "usage: kpt-bench-write [-b NS] [-l] [-t] FILE INPUT | [-b NS] -p VALUE LIST\n");
	return 2;
}
