// SPDX-License-Identifier: GPL-2.0
/*
 * The latency and errors commands alone, for tests/host/cmd-latency built
 * with ASan+UBSan: their files without the rest of kprobetrace(1) (no
 * libdw), so the build is quick and shares nothing with other tests.
 */
#include <string.h>
#include "cmd_errors_ret.h"
#include "kpt_cmd.h"

/* No libdw here: $retval's type is the module's (or --ret's). */
void errors_ret_type(struct kpt_ls *s, const char *debuginfo)
{
	(void)s;
	(void)debuginfo;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "latency"))
		return kpt_cmd_latency(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "errors"))
		return kpt_cmd_errors(argc - 1, argv + 1);
	return KPT_EXIT_USAGE;
}
