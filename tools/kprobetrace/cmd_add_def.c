// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add: a definition's way into the module, the same for a
 * function point (cmd_add.c) and a source-line point (cmd_add_line.c);
 * cmd_add_def.h says what it offers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd_add_def.h"
#include "kpt_cmd.h"
#include "kpt_probe_def.h"

/*
 * The seed's tokens (aN, sN, sa, rv, ra) and a bare $retval: fetch
 * arguments that need no BTF.
 */
bool add_seed_token(const char *s)
{
	if (!strcmp(s, "sa") || !strcmp(s, "rv") || !strcmp(s, "ra") ||
	    !strcmp(s, "$retval"))
		return true;
	if ((s[0] != 'a' && s[0] != 's') || !s[1])
		return false;
	for (s++; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* Split [NAME=]EXPR[:TYPE]; returns pointers into buf. */
void add_split_arg(char *buf, char **name, char **expr, char **type)
{
	char *eq = strchr(buf, '='), *colon;
	size_t i;

	*name = NULL;
	*expr = buf;
	if (eq && eq != buf) {
		for (i = 0; buf + i < eq; i++)
			if (!(buf[i] == '_' || (buf[i] >= 'a' && buf[i] <= 'z') ||
			      (buf[i] >= 'A' && buf[i] <= 'Z') ||
			      (i && buf[i] >= '0' && buf[i] <= '9')))
				break;
		if (buf + i == eq) {
			*eq = '\0';
			*name = buf;
			*expr = eq + 1;
		}
	}
	*type = NULL;
	colon = strrchr(*expr, ':');
	if (colon && colon[1] && !strpbrk(colon, "()%$")) {
		*colon = '\0';
		*type = colon + 1;
	}
}

/* Check the line with the module's own parser before writing it. */
int add_check_line(const char *line)
{
	static struct kpt_probe_def def;
	struct kpt_parse_error e;

	if (kpt_parse_probe(line, strlen(line), &def, &e) == 0)
		return 0;
	kpt_err("bad definition: %s", kpt_parse_strerror(e.code));
	fprintf(stderr, "    %s\n    %*s^\n", line, (int)e.pos, "");
	return KPT_EXIT_USAGE;
}

int add_write_line(const char *line)
{
	char buf[KPT_LINE_MAX + 2];
	int r;

	if (snprintf(buf, sizeof(buf), "%s\n", line) >= (int)sizeof(buf))
		return -E2BIG;
	r = kpt_write_events(buf, false);
	return r;
}

int add_refused(int r)
{
	kpt_err("the module refused the definition: %s", strerror(-r));
	kpt_print_last_error();
	return r == -ENOENT ? KPT_EXIT_NOFUNC : KPT_EXIT_REFUSED;
}

/*
 * Does the module append a probe to an existing event (lifecycle=today:
 * its README offers "Create/append")?  Without a README to read (-n
 * offline), the kernel's rule: it does.
 */
bool add_module_appends(void)
{
	char p[512], *text;
	bool app;

	snprintf(p, sizeof(p), "%s/README", kpt_dir());
	text = kpt_read_file(p, NULL);
	if (!text)
		return true;
	app = strstr(text, "Create/append") != NULL;
	free(text);
	return app;
}

int add_submit_line(const char *line, bool dry)
{
	int r = add_check_line(line);

	if (r)
		return r;
	printf("%s\n", line);
	if (dry)
		return 0;
	r = add_write_line(line);
	return r ? add_refused(r) : 0;
}
