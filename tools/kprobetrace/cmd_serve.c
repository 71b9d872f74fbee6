// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): serve: the metrics of the configured events
 * (kpt_metrics_svc.h) over HTTP for Prometheus, through libmicrohttpd:
 * GET /metrics, read-only (nothing over the network defines or removes
 * a probe), on 127.0.0.1 unless --listen says otherwise.  SIGHUP reads
 * the configuration again; SIGINT and SIGTERM end it, removing what it
 * defined.  Built where libmicrohttpd links (KPT_HAVE_MHD): the
 * dynamically linked command; the static one says so.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "kpt_cmd.h"
#include "kpt_metrics_svc.h"

#define KPT_SERVE_DEFAULT	"127.0.0.1:9452"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kprobetrace serve [-C FILE] [--listen ADDR:PORT]\n"
		"  The events of the configuration (-C, default " KPT_MC_PATH ")\n"
		"  defined and armed for aggregation; GET /metrics answers with their\n"
		"  histograms and counters in Prometheus's text format. Listens on\n"
		"  " KPT_SERVE_DEFAULT " by default; read-only. SIGHUP reads the file again;\n"
		"  SIGINT or SIGTERM ends it and removes the events.\n");
}

/* ADDR:PORT (IPv4, or [IPv6]:PORT) to a socket address: 0 or -1. */
static int parse_listen(const char *s, struct sockaddr_storage *ss,
			socklen_t *len)
{
	struct sockaddr_in *in = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;
	char host[64];
	const char *colon = strrchr(s, ':');
	char *end;
	long port;

	if (!colon || colon == s || (size_t)(colon - s) >= sizeof(host))
		return -1;
	port = strtol(colon + 1, &end, 10);
	if (*end || end == colon + 1 || port < 0 || port > 65535)
		return -1;
	snprintf(host, sizeof(host), "%.*s", (int)(colon - s), s);
	memset(ss, 0, sizeof(*ss));
	if (host[0] == '[' && host[strlen(host) - 1] == ']') {
		host[strlen(host) - 1] = '\0';
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
		*len = sizeof(*in6);
		return inet_pton(AF_INET6, host + 1, &in6->sin6_addr) == 1 ? 0 : -1;
	}
	in->sin_family = AF_INET;
	in->sin_port = htons(port);
	*len = sizeof(*in);
	return inet_pton(AF_INET, host, &in->sin_addr) == 1 ? 0 : -1;
}

/* The listening socket, or -1 (printed why: a port in use, say). */
static int listen_on(const char *spec)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, one = 1;

	if (parse_listen(spec, &ss, &len)) {
		kpt_err("--listen %s: give ADDR:PORT (127.0.0.1:9452, [::1]:9452)",
			spec);
		return -1;
	}
	fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		kpt_err("socket: %s", strerror(errno));
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, len) || listen(fd, 16)) {
		kpt_err("cannot listen on %s: %s%s", spec, strerror(errno),
			errno == EADDRINUSE ? " (another program has that port: --listen ADDR:PORT)" : "");
		close(fd);
		return -1;
	}
	return fd;
}

#ifdef KPT_HAVE_MHD
#include <microhttpd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static enum MHD_Result reply(struct MHD_Connection *conn, unsigned int code,
			     char *body, size_t len, bool text)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(body);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", text ?
		"text/plain; version=0.0.4; charset=utf-8" : "text/plain");
	ret = MHD_queue_response(conn, code, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn,
			       const char *url, const char *method,
			       const char *version, const char *upload,
			       size_t *upload_size, void **ctx)
{
	struct kpt_msvc *m = cls;
	size_t len = 0;
	char *body;

	(void)version;
	(void)upload;
	(void)ctx;
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return reply(conn, MHD_HTTP_METHOD_NOT_ALLOWED,
			     strdup("read-only: GET /metrics\n"), 24, false);
	if (*upload_size)
		return reply(conn, MHD_HTTP_BAD_REQUEST, strdup("no body\n"), 8,
			     false);
	if (strcmp(url, "/metrics"))
		return reply(conn, MHD_HTTP_NOT_FOUND,
			     strdup("GET /metrics\n"), 13, false);
	pthread_mutex_lock(&lock);
	body = kpt_msvc_scrape(m, &len);
	pthread_mutex_unlock(&lock);
	if (!body)
		return reply(conn, MHD_HTTP_INTERNAL_SERVER_ERROR,
			     strdup("scrape failed\n"), 14, false);
	return reply(conn, MHD_HTTP_OK, body, len, true);
}

/* Until SIGINT/SIGTERM; SIGHUP reloads.  Signals wait in sigsuspend(). */
static int serve(struct kpt_msvc *m, int fd)
{
	sigset_t block, old;
	struct MHD_Daemon *d;

	sigemptyset(&block);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);	/* MHD's thread too */
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
			     MHD_USE_ERROR_LOG, 0, NULL, NULL, handler, m,
			     MHD_OPTION_LISTEN_SOCKET, fd,
			     MHD_OPTION_CONNECTION_LIMIT, 32,
			     MHD_OPTION_CONNECTION_TIMEOUT, 30, MHD_OPTION_END);
	if (!d) {
		kpt_err("libmicrohttpd did not start");
		return KPT_EXIT_FAIL;
	}
	fprintf(stderr, "%s: serving /metrics\n", kpt_prog);
	while (!kpt_msvc_end) {
		sigsuspend(&old);
		if (kpt_msvc_hup) {
			kpt_msvc_hup = 0;
			pthread_mutex_lock(&lock);
			kpt_msvc_reload(m);
			pthread_mutex_unlock(&lock);
		}
	}
	MHD_stop_daemon(d);
	return KPT_EXIT_OK;
}
#else
static int serve(struct kpt_msvc *m, int fd)
{
	(void)m;
	(void)fd;
	return KPT_EXIT_FAIL;
}
#endif

int kpt_cmd_serve(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "config", required_argument, NULL, 'C' },
		{ "listen", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *conf = KPT_MC_PATH, *addr = KPT_SERVE_DEFAULT;
	struct kpt_msvc m;
	int c, fd, rc;

	while ((c = getopt_long(argc, argv, "C:l:h", lo, NULL)) != -1) {
		switch (c) {
		case 'C': conf = optarg; break;
		case 'l': addr = optarg; break;
		case 'h': usage(stdout); return KPT_EXIT_OK;
		default: usage(stderr); return KPT_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return KPT_EXIT_USAGE;
	}
#ifndef KPT_HAVE_MHD
	kpt_err("this kprobetrace is built without libmicrohttpd (the static build): use the dynamically linked one (Debian's package, build/tools/kprobetrace-dyn), or metrics --textfile");
	return KPT_EXIT_FAIL;
#endif
	fd = listen_on(addr);
	if (fd < 0)
		return KPT_EXIT_FAIL;
	rc = kpt_ls_check();
	if (rc) {
		close(fd);
		return rc;
	}
	kpt_msvc_signals();
	if (kpt_msvc_start(&m, conf)) {
		close(fd);
		return KPT_EXIT_REFUSED;
	}
	rc = serve(&m, fd);
	kpt_msvc_stop(&m);
	close(fd);
	return rc;
}
