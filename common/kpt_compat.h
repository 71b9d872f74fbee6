/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types and helpers for code compiled both into kprobetrace.ko and into
 * userspace (the decoder, the probe-definition parser), so that the very
 * same source can be unit-tested and fuzzed with sanitizers in userspace.
 * Such code uses only what this header provides: no libc, no allocation.
 */
#ifndef KPT_COMPAT_H
#define KPT_COMPAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/errno.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#endif /* __KERNEL__ */

#endif /* KPT_COMPAT_H */
