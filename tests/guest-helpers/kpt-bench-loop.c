// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-bench-loop: the syscall loop behind `make bench` (bench/bench.sh).
 *
 *   kpt-bench-loop [-c CPU] [-r R14] -n N   time N getppid() calls; print
 *                                           the mean ns per call (under
 *                                           QEMU -icount shift=0: insns)
 *   kpt-bench-loop [-c CPU] [-r R14] -t S   call getppid() for S seconds;
 *                                           print the number of calls
 *   kpt-bench-loop [-c CPU] -T -n N         as -n, printing two means: the
 *                                           wall clock's and the loop's own
 *                                           CPU time's (its thread's clock:
 *                                           what other tasks on the CPU ran
 *                                           in between is not in it)
 *
 * -c pins the process to one CPU. -r puts a value (hex) into %r14 for every
 * syscall, so that a probe can fetch a valid kernel pointer from the saved
 * user registers (pt_regs->r14 is +8(%di) at __x64_sys_getppid).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static unsigned long r14_value;

static inline long call_getppid(void)
{
	register unsigned long r14 __asm__("r14") = r14_value;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_getppid), "r"(r14)
			 : "rcx", "r11", "memory");
	return ret;
}

static double clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static void usage(void)
{
	fprintf(stderr, "usage: kpt-bench-loop [-c CPU] [-r R14HEX] [-T] -n N | -t SECONDS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long n = -1;
	double secs = -1;
	int cpu = -1, opt, own = 0;

	while ((opt = getopt(argc, argv, "c:r:n:t:T")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'r': r14_value = strtoul(optarg, NULL, 16); break;
		case 'n': n = atol(optarg); break;
		case 't': secs = atof(optarg); break;
		case 'T': own = 1; break;
		default: usage();
		}
	}
	if ((n <= 0) == (secs <= 0))
		usage();
	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			fprintf(stderr, "kpt-bench-loop: cpu %d: %s\n", cpu, strerror(errno));
			return 1;
		}
	}
	if (call_getppid() <= 0) {
		fprintf(stderr, "kpt-bench-loop: getppid failed\n");
		return 1;
	}
	if (n > 0) {
		long warm = n / 10 + 10, i;
		double t0, t1, c0, c1;

		for (i = 0; i < warm; i++)
			call_getppid();
		c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		t0 = now_ns();
		for (i = 0; i < n; i++)
			call_getppid();
		t1 = now_ns();
		c1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		if (own)
			printf("%.1f %.1f\n", (t1 - t0) / (double)n,
			       (c1 - c0) / (double)n);
		else
			printf("%.1f\n", (t1 - t0) / (double)n);
	} else {
		double end = now_ns() + secs * 1e9;
		long calls = 0, i;

		do {
			for (i = 0; i < 256; i++)
				call_getppid();
			calls += 256;
		} while (now_ns() < end);
		printf("%ld\n", calls);
	}
	return 0;
}
