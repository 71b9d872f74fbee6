/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the compressed payloads a kernel's bzImage carries
 * (xz, zstd, gzip, lz4), decompressed as a stream: bytes come out in order
 * as the caller asks for them, so a reader that needs only a file's head
 * and a few ranges stops early.  Used by the kernel-image reader
 * (kpt_kimage.c).  Uses nothing else of the command.
 */
#ifndef KPT_UNZ_H
#define KPT_UNZ_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum kpt_unz_kind { KPT_UNZ_XZ, KPT_UNZ_ZSTD, KPT_UNZ_GZIP, KPT_UNZ_LZ4 };

/* the kinds read, for messages: "xz, zstd, gzip and lz4" */
extern const char kpt_unz_kinds[];

/* the kind whose magic starts a stream (n >= 6 bytes), or -1 */
int kpt_unz_identify(const uint8_t *magic, size_t n);

/* the kind's name ("xz", ...) */
const char *kpt_unz_name(int kind);

/*
 * Where the compressed bytes come from: up to n of the next ones into
 * buf, their count, 0 at the end of the input, -errno on an error.
 */
typedef ssize_t (*kpt_unz_read_fn)(void *ctx, uint8_t *buf, size_t n);

struct kpt_unz;

/* a decompressor of kind over rd's input; NULL when out of memory */
struct kpt_unz *kpt_unz_open(int kind, kpt_unz_read_fn rd, void *ctx);

/*
 * The next decompressed bytes into out (at most cap): their count, 0 at
 * the end of the stream, -errno on an error (-EBADMSG: corrupt data,
 * -ENODATA: the input ends inside the stream, -ENOMEM).
 */
ssize_t kpt_unz_read(struct kpt_unz *z, uint8_t *out, size_t cap);

void kpt_unz_close(struct kpt_unz *z);

#endif
