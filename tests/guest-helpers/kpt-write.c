// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-write: write a string to a file and print the outcome precisely.
 *
 *   kpt-write [-a] [-t] [-r] [-s N] [-f INPUT] FILE [STRING]
 *
 * STRING may contain \n, \t, \\ and \xHH escapes (any byte, NUL and
 * non-ASCII too), or comes from file INPUT with -f.  -a opens with O_APPEND, -t with O_TRUNC, -r O_RDWR instead of
 * O_WRONLY; -s N writes N bytes per write(2) (default: all at once).
 * Prints "OK" if open, every write and close succeeded, else
 * "open: ENAME", "write: ENAME" or "close: ENAME" (the errno's name) and
 * exits 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *ename(int e)
{
	static const struct { int e; const char *n; } t[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ E2BIG, "E2BIG" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
		{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
		{ ENODEV, "ENODEV" }, { EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" },
		{ ERANGE, "ERANGE" }, { ENAMETOOLONG, "ENAMETOOLONG" },
		{ ENOSYS, "ENOSYS" }, { EILSEQ, "EILSEQ" },
		{ EOPNOTSUPP, "EOPNOTSUPP" }, { EADDRNOTAVAIL, "EADDRNOTAVAIL" },
		{ EROFS, "EROFS" }, { ENOEXEC, "ENOEXEC" },
		{ ENXIO, "ENXIO" }, { ESRCH, "ESRCH" }, { EAGAIN, "EAGAIN" },
		{ EOVERFLOW, "EOVERFLOW" }, { EDOM, "EDOM" },
		{ ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
		{ ENOTTY, "ENOTTY" }, { ESPIPE, "ESPIPE" },
	};
	static char buf[32];
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].e == e)
			return t[i].n;
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static size_t unescape(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (r[0] == '\\' && r[1] == 'x' && hexval(r[2]) >= 0 &&
		    hexval(r[3]) >= 0) {
			*w++ = (char)(hexval(r[2]) * 16 + hexval(r[3]));
			r += 4;
		} else if (r[0] == '\\' && r[1]) {
			r++;
			*w++ = *r == 'n' ? '\n' : *r == 't' ? '\t' : *r;
			r++;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return (size_t)(w - s);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	if (!f) {
		perror(path);
		exit(2);
	}
	*len = 0;
	for (;;) {
		if (*len + 4096 > cap) {
			cap = cap * 2 + 8192;
			buf = realloc(buf, cap);
			if (!buf)
				exit(2);
		}
		n = fread(buf + *len, 1, cap - *len, f);
		if (!n)
			break;
		*len += n;
	}
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	int flags = O_WRONLY, opt, fd;
	size_t chunk = 0, len, done = 0;
	const char *input = NULL;
	char *str;

	while ((opt = getopt(argc, argv, "+atrs:f:")) != -1) {
		switch (opt) {
		case 'a': flags |= O_APPEND; break;
		case 't': flags |= O_TRUNC; break;
		case 'r': flags = (flags & ~O_WRONLY) | O_RDWR; break;
		case 's': chunk = strtoul(optarg, NULL, 0); break;
		case 'f': input = optarg; break;
		default:
			fprintf(stderr, "usage: kpt-write [-a] [-t] [-r] [-s N] [-f INPUT] FILE [STRING]\n");
			return 2;
		}
	}
	if (optind >= argc)
		return 2;
	if (input) {
		str = slurp(input, &len);
	} else {
		str = strdup(optind + 1 < argc ? argv[optind + 1] : "");
		len = unescape(str);
	}
	fd = open(argv[optind], flags);
	if (fd < 0) {
		printf("open: %s\n", ename(errno));
		return 1;
	}
	while (done < len) {
		size_t n = chunk && chunk < len - done ? chunk : len - done;
		ssize_t w = write(fd, str + done, n);

		if (w < 0) {
			printf("write: %s\n", ename(errno));
			close(fd);
			return 1;
		}
		done += (size_t)w;
	}
	if (close(fd) < 0) {
		printf("close: %s\n", ename(errno));
		return 1;
	}
	printf("OK\n");
	return 0;
}
