// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): streaming decompression of a bzImage's payload
 * (kpt_unz.h).  xz, zstd and gzip through their libraries' stream
 * decoders; lz4 in the legacy frame format the kernel's build writes
 * (`lz4 -l`: the magic, then blocks, each its compressed length as a
 * little-endian 32-bit number and at most 8 MiB once decompressed), block
 * by block through liblz4.  The kernel's build appends the decompressed
 * length to the payload: four bytes at the end of an lz4 stream that are
 * no block are its end.
 */
#include <errno.h>
#include <lz4.h>
#include <lzma.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include "kpt_unz.h"

#define CHUNK		(64u << 10)
#define LZ4_BLOCK	(8u << 20)	/* the legacy format's block */
#define LZ4_MAGIC	0x184c2102u

const char kpt_unz_kinds[] = "xz, zstd, gzip and lz4";

struct kpt_unz {
	int kind;
	kpt_unz_read_fn rd;
	void *ctx;
	bool end;
	lzma_stream xz;
	ZSTD_DStream *zs;
	ZSTD_inBuffer zin;
	z_stream gz;
	/* lz4: the block's bytes, decompressed, and those handed out */
	char *lz_in, *lz_out;
	size_t lz_len, lz_pos;
	bool lz_magic;		/* the stream's magic read */
	uint8_t in[CHUNK];
};

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

int kpt_unz_identify(const uint8_t *magic, size_t n)
{
	if (n < 6)
		return -1;
	if (!memcmp(magic, "\xfd" "7zXZ\0", 6))
		return KPT_UNZ_XZ;
	if (!memcmp(magic, "\x28\xb5\x2f\xfd", 4))
		return KPT_UNZ_ZSTD;
	if (magic[0] == 0x1f && magic[1] == 0x8b)
		return KPT_UNZ_GZIP;
	if (le32(magic) == LZ4_MAGIC)
		return KPT_UNZ_LZ4;
	return -1;
}

const char *kpt_unz_name(int kind)
{
	static const char *const name[] = { "xz", "zstd", "gzip", "lz4" };

	return kind >= 0 && kind <= KPT_UNZ_LZ4 ? name[kind] : "?";
}

static int start(struct kpt_unz *z)
{
	switch (z->kind) {
	case KPT_UNZ_XZ: {
		lzma_stream s = LZMA_STREAM_INIT;

		z->xz = s;
		return lzma_stream_decoder(&z->xz, UINT64_MAX, 0) == LZMA_OK ?
		       0 : -ENOMEM;
	}
	case KPT_UNZ_ZSTD:
		z->zs = ZSTD_createDStream();
		return z->zs && !ZSTD_isError(ZSTD_initDStream(z->zs)) ?
		       0 : -ENOMEM;
	case KPT_UNZ_GZIP:
		return inflateInit2(&z->gz, 16 + MAX_WBITS) == Z_OK ?
		       0 : -ENOMEM;
	case KPT_UNZ_LZ4:
		z->lz_in = malloc((size_t)LZ4_compressBound(LZ4_BLOCK));
		z->lz_out = malloc(LZ4_BLOCK);
		return z->lz_in && z->lz_out ? 0 : -ENOMEM;
	}
	return -EINVAL;
}

struct kpt_unz *kpt_unz_open(int kind, kpt_unz_read_fn rd, void *ctx)
{
	struct kpt_unz *z = calloc(1, sizeof(*z));

	if (!z)
		return NULL;
	z->kind = kind;
	z->rd = rd;
	z->ctx = ctx;
	if (start(z)) {
		kpt_unz_close(z);
		return NULL;
	}
	return z;
}

void kpt_unz_close(struct kpt_unz *z)
{
	if (!z)
		return;
	if (z->kind == KPT_UNZ_XZ)
		lzma_end(&z->xz);
	else if (z->kind == KPT_UNZ_ZSTD)
		ZSTD_freeDStream(z->zs);
	else if (z->kind == KPT_UNZ_GZIP)
		inflateEnd(&z->gz);
	free(z->lz_in);
	free(z->lz_out);
	free(z);
}

static ssize_t xz_read(struct kpt_unz *z, uint8_t *out, size_t cap)
{
	lzma_ret r;

	if (!z->xz.avail_in) {
		ssize_t n = z->rd(z->ctx, z->in, CHUNK);

		if (n < 0)
			return n;
		z->xz.next_in = z->in;
		z->xz.avail_in = (size_t)n;
	}
	z->xz.next_out = out;
	z->xz.avail_out = cap;
	r = lzma_code(&z->xz, z->xz.avail_in ? LZMA_RUN : LZMA_FINISH);
	if (r == LZMA_STREAM_END)
		z->end = true;
	else if (r == LZMA_BUF_ERROR)
		return -ENODATA;
	else if (r != LZMA_OK)
		return r == LZMA_MEM_ERROR ? -ENOMEM : -EBADMSG;
	return (ssize_t)(cap - z->xz.avail_out);
}

static ssize_t zstd_read(struct kpt_unz *z, uint8_t *out, size_t cap)
{
	ZSTD_outBuffer zo = { out, cap, 0 };
	size_t r;

	if (z->zin.pos == z->zin.size) {
		ssize_t n = z->rd(z->ctx, z->in, CHUNK);

		if (n <= 0)
			return n ? n : -ENODATA;
		z->zin.src = z->in;
		z->zin.size = (size_t)n;
		z->zin.pos = 0;
	}
	r = ZSTD_decompressStream(z->zs, &zo, &z->zin);
	if (ZSTD_isError(r))
		return -EBADMSG;
	if (!r)
		z->end = true;
	return (ssize_t)zo.pos;
}

static ssize_t gzip_read(struct kpt_unz *z, uint8_t *out, size_t cap)
{
	int r;

	if (!z->gz.avail_in) {
		ssize_t n = z->rd(z->ctx, z->in, CHUNK);

		if (n <= 0)
			return n ? n : -ENODATA;
		z->gz.next_in = z->in;
		z->gz.avail_in = (unsigned int)n;
	}
	z->gz.next_out = out;
	z->gz.avail_out = (unsigned int)cap;
	r = inflate(&z->gz, Z_NO_FLUSH);
	if (r == Z_STREAM_END)
		z->end = true;
	else if (r != Z_OK && r != Z_BUF_ERROR)
		return r == Z_MEM_ERROR ? -ENOMEM : -EBADMSG;
	return (ssize_t)(cap - z->gz.avail_out);
}

/* exactly n input bytes into buf: n, 0 at the end of the input, or -errno */
static ssize_t read_full(struct kpt_unz *z, void *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = z->rd(z->ctx, (uint8_t *)buf + got, n - got);

		if (r < 0)
			return r;
		if (!r)
			return got ? -ENODATA : 0;
		got += (size_t)r;
	}
	return (ssize_t)n;
}

/* the next lz4 block decompressed into lz_out: 0, or -errno; end set */
static int lz4_block(struct kpt_unz *z)
{
	uint8_t h[4];
	uint32_t len;
	ssize_t n;
	int got;

	for (;;) {
		n = read_full(z, h, 4);
		if (n <= 0) {
			z->end = !n && z->lz_magic;
			return n ? (int)n : (z->lz_magic ? 0 : -ENODATA);
		}
		len = le32(h);
		if (len != LZ4_MAGIC)
			break;
		z->lz_magic = true;	/* a stream's start (or the next one's) */
	}
	if (!z->lz_magic || !len)
		return -EBADMSG;
	if (len > (uint32_t)LZ4_compressBound(LZ4_BLOCK)) {
		/* the appended length when nothing follows it */
		n = read_full(z, h, 1);
		if (n)
			return n < 0 ? (int)n : -EBADMSG;
		z->end = true;
		return 0;
	}
	n = read_full(z, z->lz_in, len);
	if (n <= 0)
		return n ? (int)n : -ENODATA;
	got = LZ4_decompress_safe(z->lz_in, z->lz_out, (int)len, LZ4_BLOCK);
	if (got < 0)
		return -EBADMSG;
	z->lz_len = (size_t)got;
	z->lz_pos = 0;
	return 0;
}

static ssize_t lz4_read(struct kpt_unz *z, uint8_t *out, size_t cap)
{
	size_t n;

	if (z->lz_pos == z->lz_len) {
		int r = lz4_block(z);

		if (r)
			return r;
		if (z->end)
			return 0;
	}
	n = z->lz_len - z->lz_pos < cap ? z->lz_len - z->lz_pos : cap;
	memcpy(out, z->lz_out + z->lz_pos, n);
	z->lz_pos += n;
	return (ssize_t)n;
}

ssize_t kpt_unz_read(struct kpt_unz *z, uint8_t *out, size_t cap)
{
	static ssize_t (*const by_kind[])(struct kpt_unz *, uint8_t *,
					  size_t) = {
		xz_read, zstd_read, gzip_read, lz4_read,
	};

	while (!z->end) {
		ssize_t n = by_kind[z->kind](z, out, cap);

		if (n)
			return n;
	}
	return 0;
}
