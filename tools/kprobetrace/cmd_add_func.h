/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace add: a function point (cmd_add.c) and its arguments named
 * by BTF (cmd_add_btf.c): the request as the command line gives it, each
 * argument as it will be written.
 */
#ifndef KPT_CMD_ADD_FUNC_H
#define KPT_CMD_ADD_FUNC_H

#include <stdbool.h>
#include "kpt_btf_fetch.h"
#include "kpt_probe_def.h"

#define MAX_ARGS 64

/* A function point and its arguments, as the command line gives them */
struct add_req {
	char point[600];	/* [MOD:]FUNC[+OFFS] as written to the kernel */
	char func[512];
	char module[64];
	long offs;
	bool is_return;
	char event[140];
	int nargs;
	char *args[MAX_ARGS];
};

struct add_arg {
	char text[KPT_FETCH_MAX * 2];	/* NAME=FETCH:TYPE as written */
	char otext[KPT_FETCH_MAX * 2];	/* the same in the offset form */
	char ctype[128];
};

/*
 * BTF of the function: KPT_BTF (a file), vmlinux, or the module's, into
 * f: 0, or an exit code with err saying why (nothing printed).
 */
int add_load_func(struct add_req *q, struct kpt_btf_func *f, char *err,
		  size_t errlen);
/* the BTF add_load_func() loaded, freed */
void add_free_btf(void);
/* Is the function in /proc/kallsyms?  (true if that cannot be read) */
bool add_in_kallsyms(const struct add_req *q);
/*
 * Does the module take BTF names in definitions?  Its README carries the
 * kernel's "<argname>[->field[->field|.field...]]" line when it does.
 * false when there is no README to read (no module: -n).
 */
bool add_module_takes_names(void);
/*
 * One argument: a raw fetch argument as it is, or a name resolved with
 * BTF, written as the names (names) or the offsets; 0 or an exit code.
 */
int add_build_arg(const struct kpt_btf_func *f, bool have_btf, bool names,
		  const struct add_req *q, const char *text,
		  struct add_arg *a);

#endif /* KPT_CMD_ADD_FUNC_H */
