// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-asuser: run a command as another user (no capabilities left).
 *
 *   kpt-asuser UID COMMAND [ARG...]
 *
 * Drops supplementary groups, sets gid and uid to UID, then execs.
 */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t uid;

	if (argc < 3) {
		fprintf(stderr, "usage: kpt-asuser UID COMMAND [ARG...]\n");
		return 2;
	}
	uid = (uid_t)strtoul(argv[1], NULL, 0);
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("kpt-asuser");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
