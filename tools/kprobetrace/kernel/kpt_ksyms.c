// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): /proc/kallsyms, sorted by address.  A symbol's size is
 * the distance to the next higher address (kallsyms has no sizes).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_kernel.h"

static struct kpt_sym *syms;
static size_t nsyms;
static char *text;

static int by_addr(const void *a, const void *b)
{
	const struct kpt_sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int kpt_ksyms_load(void)
{
	const char *path = getenv("KPT_KALLSYMS");
	size_t cap = 0;
	char *line, *save;

	if (syms)
		return 0;
	text = kpt_read_file(path && *path ? path : "/proc/kallsyms", NULL);
	if (!text)
		return -errno;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp1 = strchr(line, ' '), *sp2, *mod;
		struct kpt_sym *s;

		if (!sp1 || !(sp2 = strchr(sp1 + 1, ' ')))
			continue;
		if (nsyms == cap) {
			struct kpt_sym *n;

			cap = cap ? cap * 2 : 65536;
			n = realloc(syms, cap * sizeof(*syms));
			if (!n)
				return -ENOMEM;
			syms = n;
		}
		s = &syms[nsyms++];
		*sp1 = *sp2 = '\0';
		s->addr = strtoull(line, NULL, 16);
		s->type = sp1[1];
		s->name = sp2 + 1;
		s->module = NULL;
		s->size = 0;
		mod = strchr(s->name, '\t');
		if (mod) {
			*mod = '\0';
			if (mod[1] == '[') {
				char *end = strchr(mod + 2, ']');

				if (end)
					*end = '\0';
				s->module = mod + 2;
			}
		}
	}
	qsort(syms, nsyms, sizeof(*syms), by_addr);
	for (size_t i = 0; i < nsyms; i++) {
		size_t j = i + 1;

		while (j < nsyms && syms[j].addr == syms[i].addr)
			j++;
		syms[i].size = j < nsyms ? syms[j].addr - syms[i].addr : 0;
	}
	return 0;
}

static bool is_text(char t)
{
	return t == 't' || t == 'T' || t == 'w' || t == 'W';
}

const struct kpt_sym *kpt_ksyms_find(const char *name, int *count)
{
	const char *colon = strchr(name, ':');
	const struct kpt_sym *found = NULL;
	size_t mlen = colon ? (size_t)(colon - name) : 0;
	const char *fn = colon ? colon + 1 : name;

	*count = 0;
	for (size_t i = 0; i < nsyms; i++) {
		const struct kpt_sym *s = &syms[i];

		if (!is_text(s->type) || strcmp(s->name, fn))
			continue;
		if (colon && (!s->module || strlen(s->module) != mlen ||
			      strncmp(s->module, name, mlen)))
			continue;
		if (!found)
			found = s;
		(*count)++;
	}
	return found;
}

const struct kpt_sym *kpt_ksyms_vmlinux(const char *name)
{
	for (size_t i = 0; i < nsyms; i++)
		if (!syms[i].module && !strcmp(syms[i].name, name))
			return &syms[i];
	return NULL;
}

const struct kpt_sym *kpt_ksyms_at(uint64_t addr)
{
	size_t lo = 0, hi = nsyms;

	if (!nsyms || addr < syms[0].addr)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* the first name at that address */
	while (lo && syms[lo - 1].addr == syms[lo].addr)
		lo--;
	return &syms[lo];
}

void kpt_ksyms_fmt(uint64_t addr, char *buf, size_t size)
{
	const struct kpt_sym *s = kpt_ksyms_at(addr);

	/* beyond the last symbol, or too far from one: just the address */
	if (!s || !addr || (!s->size && addr != s->addr) ||
	    (s->size && addr - s->addr >= s->size) ||
	    addr - s->addr > 0x100000) {
		snprintf(buf, size, "0x%" PRIx64, addr);
		return;
	}
	snprintf(buf, size, "%s+0x%" PRIx64 "%s%s%s", s->name, addr - s->addr,
		 s->module ? " [" : "", s->module ? s->module : "",
		 s->module ? "]" : "");
}
