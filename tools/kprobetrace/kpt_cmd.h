/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the subcommands, the command's top room.
 *
 *   main.c          subcommand dispatch, global help
 *   cmd_add.c       add (cmd_add_def.c: a probe's definition; cmd_add_line.c:
 *                   line points through DWARF)
 *   cmd_manage.c    list, del, enable, disable, clear, profile
 *   cmd_trace.c     trace: records -> events -> one line per hit
 *   cmd_where.c     where
 *   cmd_lines.c     lines
 *   cmd_vars.c      vars
 *   cmd_latency.c   latency
 *   cmd_errors.c    errors (cmd_errors_ret.c: the return values' type)
 *   cmd_metrics.c   metrics (the node exporter's textfile)
 *   cmd_serve.c     serve (Prometheus over HTTP, libmicrohttpd)
 *
 * The rooms below, one way down (docs/DESIGN.md has the table):
 *   dwarf/    DWARF: lines, variables, locations, the index (kpt_dwarf.h)
 *   metrics/  Prometheus text, the configuration file, the service
 *             (kpt_metrics_svc.h, kpt_metrics_prom.h)
 *   latency/  histograms, sessions, tables, JSON, SVG (kpt_latsess.h,
 *             kpt_lathist.h)
 *   trace/    ring buffer pages, our events' formats (kpt_ringbuf.h,
 *             kpt_tevents.h)
 *   kernel/   kallsyms, kcore, the kernel image, the patched text
 *             (kpt_kernel.h)
 *   btf/      BTF: parameters and member chains -> fetch arguments
 *             (kpt_btf_fetch.h)
 *   base/     exit codes, files, messages, tables (kpt_base.h)
 */
#ifndef KPT_CMD_H
#define KPT_CMD_H

#include "kpt_base.h"
#include "kpt_kernel.h"

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
