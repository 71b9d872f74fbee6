// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the metrics as a file for the node exporter's textfile
 * collector (kpt_metrics_svc.h), written atomically.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_metrics_svc.h"

#define KPT_MTEXT_NAME	"kprobetrace.prom"

static void tmp_path(char *buf, size_t size, const char *dir)
{
	snprintf(buf, size, "%s/.%s.%d.tmp", dir, KPT_MTEXT_NAME, (int)getpid());
}

int kpt_mtext_check(const char *dir)
{
	char tmp[4096];
	int fd;

	tmp_path(tmp, sizeof(tmp), dir);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		kpt_err("textfile directory %s: cannot write there: %s", dir,
			strerror(errno));
		return -1;
	}
	close(fd);
	unlink(tmp);
	return 0;
}

void kpt_mtext_remove(const char *dir)
{
	char dst[4096];

	snprintf(dst, sizeof(dst), "%s/%s", dir, KPT_MTEXT_NAME);
	if (unlink(dst) && errno != ENOENT)
		kpt_err("%s: %s", dst, strerror(errno));
}

int kpt_mtext_write(const char *dir, const char *text, size_t len)
{
	char tmp[4096], dst[4096];
	size_t done = 0;
	bool ok;
	int fd;

	tmp_path(tmp, sizeof(tmp), dir);
	snprintf(dst, sizeof(dst), "%s/%s", dir, KPT_MTEXT_NAME);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		kpt_err("%s: %s", tmp, strerror(errno));
		return -1;
	}
	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += n;
	}
	errno = 0;
	ok = done == len && !fsync(fd);
	ok &= !close(fd);
	if (!ok || rename(tmp, dst)) {
		kpt_err("%s: %s", dst, strerror(errno ? errno : EIO));
		unlink(tmp);
		return -1;
	}
	return 0;
}
