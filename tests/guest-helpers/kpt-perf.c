// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-perf: count a trace event with perf while a command runs.
 *
 *   kpt-perf [-f FILTER] ID COMMAND [ARG...]
 *
 * Opens a perf counter on trace event ID (the event's tracefs "id") for
 * COMMAND and its children (enabled at its exec), with the event filter
 * FILTER if given (perf's filters read the record's fields where the
 * format file says they are), runs it and prints "count=N", or
 * "perf_event_open: ENAME" / "filter: ENAME" and exits 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *ename(int e)
{
	return e == EOPNOTSUPP ? "EOPNOTSUPP" : e == ENOENT ? "ENOENT" :
	       e == EINVAL ? "EINVAL" : e == EACCES ? "EACCES" :
	       e == EBUSY ? "EBUSY" : strerror(e);
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	int go[2], fd, status;
	uint64_t count = 0;
	const char *filter = NULL;
	char c = 0;
	pid_t pid;

	if (argc > 2 && !strcmp(argv[1], "-f")) {
		filter = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: kpt-perf [-f FILTER] ID COMMAND [ARG...]\n");
		return 2;
	}
	if (pipe(go))
		return 2;
	pid = fork();
	if (pid < 0)
		return 2;
	if (!pid) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(126);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	close(go[0]);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = strtoull(argv[1], NULL, 0);
	attr.disabled = 1;
	attr.enable_on_exec = 1;
	attr.inherit = 1;
	fd = (int)syscall(__NR_perf_event_open, &attr, pid, -1, -1, 0);
	if (fd < 0 || (filter && ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter))) {
		printf("%s: %s\n", fd < 0 ? "perf_event_open" : "filter",
		       ename(errno));
		kill(pid, 9);
		waitpid(pid, &status, 0);
		return 1;
	}
	if (write(go[1], &c, 1) != 1)
		return 2;
	waitpid(pid, &status, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count)) {
		perror("read");
		return 1;
	}
	close(fd);
	printf("count=%llu\n", (unsigned long long)count);
	return 0;
}
