// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): bytes of vmlinux read from the kernel's image file, an
 * ELF vmlinux or a bzImage (kpt_kimage.h says which files and why).
 *
 * A bzImage (boot protocol 2.08 and later) says where its payload is:
 * payload_offset and payload_length of the setup header, counted from the
 * protected-mode code at (setup_sects + 1) * 512.  The payload is the
 * vmlinux ELF file (stripped of symbols: its program headers are enough),
 * compressed.  It is decompressed as a stream: the ELF and program
 * headers come first and say at which file offsets the bytes asked for
 * and the build-id note are, and decompression stops past the last of
 * them.  An ELF vmlinux is read where it is.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "kpt_buildid.h"
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_kimage.h"
#include "kpt_unz.h"

#define HDR		4096		/* ELF and program headers */
#define MAX_NOTES	(64u << 10)
#define MAX_LEN		(64u << 20)
#define CHUNK		(64u << 10)

/* a range of the ELF file wanted, and where it goes */
struct want {
	uint64_t off;
	size_t len;
	uint8_t *buf;
	size_t got;
};

struct img {
	int fd;
	int kind;			/* KPT_UNZ_*, or PLAIN */
	uint64_t pay_off, pay_len;	/* the payload in the file */
	uint64_t in_pos;		/* payload bytes read so far */
	struct kpt_unz *z;
};

#define PLAIN	(-1)

static int fail(char *why, size_t wl, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *why, size_t wl, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, wl, fmt, ap);
	va_end(ap);
	return err;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* What is the file: an ELF file, or a bzImage and its payload? */
static int identify(struct img *m, const char *path, char *why, size_t wl)
{
	uint8_t h[0x250];
	ssize_t n = pread(m->fd, h, sizeof(h), 0);
	unsigned int setup;
	uint64_t size = (uint64_t)lseek(m->fd, 0, SEEK_END);
	uint8_t magic[6];

	if (n >= SELFMAG && !memcmp(h, ELFMAG, SELFMAG)) {
		m->kind = PLAIN;
		return 0;
	}
	if (n < (ssize_t)sizeof(h) || memcmp(h + 0x202, "HdrS", 4) ||
	    (h[0x206] | h[0x207] << 8) < 0x208)
		return fail(why, wl, -ENOEXEC, "%s is neither an ELF file nor a bzImage (boot protocol 2.08 or later)",
			    path);
	setup = h[0x1f1] ? h[0x1f1] : 4;
	m->pay_off = (uint64_t)(setup + 1) * 512 + le32(h + 0x248);
	m->pay_len = le32(h + 0x24c);
	if (!m->pay_len || m->pay_off > size || m->pay_len > size - m->pay_off)
		return fail(why, wl, -EINVAL, "%s: its payload (%" PRIu64 " bytes at %" PRIu64 ") is past the end of the file (%" PRIu64 " bytes): truncated?",
			    path, m->pay_len, m->pay_off, size);
	if (pread(m->fd, magic, sizeof(magic), (off_t)m->pay_off) !=
	    (ssize_t)sizeof(magic))
		return fail(why, wl, -EIO, "%s: %s", path, strerror(errno));
	m->kind = kpt_unz_identify(magic, sizeof(magic));
	if (m->kind < 0)
		return fail(why, wl, -ENOTSUP, "%s: its payload is compressed in a way not read here (magic %02x%02x%02x%02x; %s are)",
			    path, magic[0], magic[1], magic[2], magic[3],
			    kpt_unz_kinds);
	return 0;
}

/* kpt_unz_read_fn: the next payload bytes */
static ssize_t payload_read(void *ctx, uint8_t *buf, size_t cap)
{
	struct img *m = ctx;
	size_t n = m->pay_len - m->in_pos < cap ?
		   (size_t)(m->pay_len - m->in_pos) : cap;
	ssize_t r;

	if (!n)
		return 0;
	r = pread(m->fd, buf, n, (off_t)(m->pay_off + m->in_pos));
	if (r <= 0)
		return r ? -errno : -EIO;
	m->in_pos += (uint64_t)r;
	return r;
}

/* copy what of [pos, pos + n) a want lacks */
static void take(struct want *w, uint64_t pos, const uint8_t *b, size_t n)
{
	uint64_t lo = pos > w->off ? pos : w->off;
	uint64_t hi = pos + n < w->off + w->len ? pos + n : w->off + w->len;

	if (!w->buf || lo >= hi)
		return;
	memcpy(w->buf + (lo - w->off), b + (lo - pos), hi - lo);
	w->got += hi - lo;
}

/*
 * From the headers: the file ranges of the bytes at addr (a link
 * address, or a running one with run_text != 0) and of the notes.
 */
static int locate(const uint8_t *h, uint64_t addr, uint64_t run_text,
		  size_t len, struct want *tab, struct want *notes,
		  char *why, size_t wl)
{
	Elf64_Ehdr eh;
	uint64_t link_text = UINT64_MAX;

	memcpy(&eh, h, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64)
		return fail(why, wl, -ENOEXEC, "not an x86-64 ELF vmlinux");
	if (eh.e_phentsize != sizeof(Elf64_Phdr) || !eh.e_phnum ||
	    eh.e_phoff > HDR || eh.e_phnum > (HDR - eh.e_phoff) / sizeof(Elf64_Phdr))
		return fail(why, wl, -ENOEXEC, "its program headers are not in its first %u bytes",
			    HDR);
	for (int pass = 0; pass < 2; pass++) {
		for (unsigned int i = 0; i < eh.e_phnum; i++) {
			Elf64_Phdr ph;

			memcpy(&ph, h + eh.e_phoff + i * sizeof(ph), sizeof(ph));
			if (pass == 0) {
				/* _text: the first (the per-CPU one is at 0) */
				if (ph.p_type == PT_LOAD &&
				    link_text == UINT64_MAX)
					link_text = ph.p_vaddr;
				if (ph.p_type == PT_NOTE && !notes->len &&
				    ph.p_filesz <= MAX_NOTES) {
					notes->off = ph.p_offset;
					notes->len = ph.p_filesz;
				}
				continue;
			}
			if (ph.p_type != PT_LOAD || addr < ph.p_vaddr ||
			    addr - ph.p_vaddr > ph.p_filesz ||
			    len > ph.p_filesz - (addr - ph.p_vaddr))
				continue;
			tab->off = ph.p_offset + (addr - ph.p_vaddr);
			tab->len = len;
			return 0;
		}
		if (pass)
			break;
		if (link_text == UINT64_MAX)
			return fail(why, wl, -ENOEXEC, "no loadable segment");
		if (run_text)
			addr = addr - run_text + link_text;
	}
	return fail(why, wl, -ERANGE, "no segment holds %zu bytes at %#" PRIx64,
		    len, addr);
}

/*
 * From the headers: what to read, w[1] the bytes asked for (into out),
 * w[2] the notes (a buffer of its own).
 */
static int plan(const uint8_t *hdr, uint64_t addr, uint64_t run_text,
		size_t len, uint8_t *out, struct want *w, const char *path,
		char *why, size_t wl)
{
	char e[200] = "";
	int r = locate(hdr, addr, run_text, len, &w[1], &w[2], e, sizeof(e));

	if (r)
		return fail(why, wl, r, "%s: %s", path, e);
	w[1].buf = out;
	w[2].buf = malloc(w[2].len + 1);
	return 0;
}

/* The bytes at addr and the build-id, from the file's headers on. */
static int extract(const char *path, uint64_t addr, uint64_t run_text,
		   size_t len, uint8_t *out, char *bid, size_t bsize,
		   char *why, size_t wl)
{
	struct img *m = calloc(1, sizeof(*m));
	uint8_t *chunk = NULL, hdr[HDR];
	struct want w[3] = { { 0, HDR, hdr, 0 } };
	uint64_t pos = 0, last;
	bool located = false;
	int r;

	bid[0] = '\0';
	if (!m)
		return fail(why, wl, -ENOMEM, "%s: out of memory", path);
	m->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (m->fd < 0) {
		r = fail(why, wl, -errno, "%s: %s", path, strerror(errno));
		free(m);
		return r;
	}
	r = identify(m, path, why, wl);
	if (r)
		goto out;
	if (m->kind == PLAIN) {
		/* a file to read where the bytes are */
		if (pread(m->fd, hdr, HDR, 0) != HDR) {
			r = fail(why, wl, -ENOEXEC, "%s: shorter than its headers", path);
			goto out;
		}
		r = plan(hdr, addr, run_text, len, out, w, path, why, wl);
		if (r)
			goto out;
		for (int i = 1; i < 3; i++)
			if (w[i].buf && w[i].len &&
			    pread(m->fd, w[i].buf, w[i].len, (off_t)w[i].off) !=
			    (ssize_t)w[i].len) {
				r = fail(why, wl, -ENODATA, "%s: ends before %zu bytes at offset %" PRIu64 " (truncated?)",
					 path, w[i].len, w[i].off);
				goto out;
			}
		goto done;
	}
	chunk = malloc(CHUNK);
	m->z = chunk ? kpt_unz_open(m->kind, payload_read, m) : NULL;
	if (!m->z) {
		r = fail(why, wl, -ENOMEM, "%s: out of memory", path);
		goto out;
	}
	last = HDR;
	while (pos < last) {
		ssize_t n = kpt_unz_read(m->z, chunk, CHUNK);

		if (n <= 0) {
			r = n ? (int)n : -ENODATA;
			fail(why, wl, r, "%s: its %s payload %s after %" PRIu64 " bytes of vmlinux",
			     path, kpt_unz_name(m->kind),
			     r == -ENODATA ? "ends (truncated?)" :
			     r == -ENOMEM ? "needs more memory than there is" :
			     "is corrupt", pos);
			goto out;
		}
		take(&w[0], pos, chunk, (size_t)n);
		if (!located && w[0].got == HDR) {
			located = true;
			r = plan(hdr, addr, run_text, len, out, w, path, why,
				 wl);
			if (r)
				goto out;
			for (int i = 1; i < 3; i++)
				if (w[i].off + w[i].len > last)
					last = w[i].off + w[i].len;
		}
		take(&w[1], pos, chunk, (size_t)n);
		take(&w[2], pos, chunk, (size_t)n);
		pos += (uint64_t)n;
	}
done:
	if (w[2].buf)
		kpt_build_id_notes(w[2].buf, w[2].len, bid, bsize);
	r = 0;
out:
	free(w[2].buf);
	free(chunk);
	kpt_unz_close(m->z);
	close(m->fd);
	free(m);
	return r;
}

int kpt_kimage_file_read(const char *path, uint64_t addr, uint64_t text,
			 size_t len, uint8_t *out, char *build_id, size_t bsize,
			 char *why, size_t wl)
{
	if (!len || len > MAX_LEN)
		return fail(why, wl, -EINVAL, "%zu bytes: not read (1 to %u)",
			    len, MAX_LEN);
	return extract(path, addr, text, len, out, build_id, bsize, why, wl);
}

/* the debug file in use for vmlinux, if any (kpt_kimage_debug_file()) */
static char debug_file[256];

void kpt_kimage_debug_file(const char *path)
{
	snprintf(debug_file, sizeof(debug_file), "%s", path);
}

/* ---- the cache ---- */

struct cache_hdr {
	char magic[8];
	uint64_t len;
	uint64_t hash;
};

static const char cache_magic[8] = "KPTKIMG1";

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (n--)
		h = (h ^ *p++) * 0x100000001b3ull;
	return h;
}

static bool cache_get(const char *path, uint8_t *out, size_t len)
{
	struct cache_hdr h;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = read(fd, &h, sizeof(h)) == (ssize_t)sizeof(h) &&
	     !memcmp(h.magic, cache_magic, 8) && h.len == len &&
	     read(fd, out, len) == (ssize_t)len && fnv1a(out, len) == h.hash;
	close(fd);
	return ok;
}

static void cache_put(const char *path, const uint8_t *b, size_t len)
{
	struct cache_hdr h = { .len = len, .hash = fnv1a(b, len) };
	char tmp[1300];
	int fd;
	bool ok;

	memcpy(h.magic, cache_magic, 8);
	snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	ok = write(fd, &h, sizeof(h)) == (ssize_t)sizeof(h) &&
	     write(fd, b, len) == (ssize_t)len;
	ok = !close(fd) && ok;
	if (!ok || rename(tmp, path))
		unlink(tmp);
}

int kpt_kimage_read(uint64_t addr, size_t len, uint8_t *out, char *why,
		    size_t wl)
{
	const struct kpt_sym *text = kpt_ksyms_vmlinux("_text");
	const char *env = getenv("KPT_VMLINUX");
	char want[128], name[300], cpath[1200], tried[2000] = "";
	char files[4][256];
	struct utsname u;
	int nf = 0;

	if (!len || len > MAX_LEN)
		return fail(why, wl, -EINVAL, "%zu bytes: not read (1 to %u)",
			    len, MAX_LEN);
	if (!text || !text->addr || addr < text->addr)
		return fail(why, wl, -ENOENT, "_text is not in /proc/kallsyms");
	kpt_build_id_running(NULL, want, sizeof(want));
	if (!want[0])
		return fail(why, wl, -ENOENT, "the running kernel's build-id cannot be read (/sys/kernel/notes)");
	snprintf(name, sizeof(name), "%s-%" PRIx64 "-%zx", want,
		 addr - text->addr, len);
	if (!kpt_cache_path("kimage", name, cpath, sizeof(cpath), false) &&
	    cache_get(cpath, out, len))
		return 0;
	if (uname(&u))
		return fail(why, wl, -errno, "uname: %s", strerror(errno));
	if (env && *env)
		snprintf(files[nf++], sizeof(files[0]), "%s", env);
	if (debug_file[0])
		snprintf(files[nf++], sizeof(files[0]), "%s", debug_file);
	snprintf(files[nf++], sizeof(files[0]), "/usr/lib/debug/boot/vmlinux-%s",
		 u.release);
	snprintf(files[nf++], sizeof(files[0]), "/boot/vmlinuz-%s", u.release);
	for (int i = 0; i < nf; i++) {
		char bid[128], e[1400];
		size_t o = strlen(tried);
		bool again = false;
		int r;

		for (int j = 0; j < i; j++)
			again |= !strcmp(files[j], files[i]);
		if (again)
			continue;
		if (access(files[i], F_OK) && !(env && *env && i == 0)) {
			snprintf(tried + o, sizeof(tried) - o, "%s%s: not there",
				 o ? "; " : "", files[i]);
			continue;
		}
		r = extract(files[i], addr, text->addr, len, out, bid,
			    sizeof(bid), e, sizeof(e));
		if (!r && !strcmp(bid, want)) {
			if (!kpt_cache_path("kimage", name, cpath, sizeof(cpath),
					    true))
				cache_put(cpath, out, len);
			return 0;
		}
		if (!r)
			snprintf(e, sizeof(e), "%s: another build (build-id %s)",
				 files[i], bid[0] ? bid : "none");
		snprintf(tried + o, sizeof(tried) - o, "%s%s", o ? "; " : "", e);
	}
	return fail(why, wl, -ENOENT, "%s (install linux-image-%s-dbg, or set KPT_VMLINUX to the kernel's image)",
		    tried, u.release);
}
