// SPDX-License-Identifier: GPL-2.0
/*
 * Compiled with gcc -m32 at several -march levels for the 32-bit objdump
 * selftest: loops the compiler vectorises (SSE2, AVX2, AVX-512), switches
 * (jump tables), 64-bit arithmetic on 32 bits, floating point (x87 and
 * SSE), string operations.
 */
#include <string.h>

#define N 1024
float fa[N], fb[N], fc[N];
double da[N], db[N];
int ia[N], ib[N];
long long la[N];
unsigned char bytes[N];

void vec_add(void)
{
	for (int i = 0; i < N; i++)
		fa[i] = fb[i] * fc[i] + fa[i];
}

void vec_int(int k)
{
	for (int i = 0; i < N; i++)
		ia[i] = (ib[i] >> 3) ^ (ia[i] * k) + (ib[i] > k ? 1 : -1);
}

double vec_dot(void)
{
	double s = 0;
	for (int i = 0; i < N; i++)
		s += da[i] * db[i];
	return s;
}

long long wide(long long a, long long b, unsigned long long c)
{
	return a * b / (c | 1) + (a << (b & 31)) + (long long)(c % 7);
}

long double x87(long double x, int n)
{
	long double r = 1;
	while (n--)
		r = r * x + 0.5L;
	return r;
}

int sw(int k, int v)
{
	switch (k) {
	case 0: return v + 1;
	case 1: return v * 3;
	case 2: return v - 7;
	case 3: return v << 2;
	case 4: return v ^ 0x55;
	case 5: return v / 3;
	case 6: return -v;
	case 7: return v % 11;
	default: return 0;
	}
}

void strings(char *d, const char *s, unsigned n)
{
	memcpy(d, s, n);
	memset(d + n, 0, 16);
	for (unsigned i = 0; i < n; i++)
		bytes[i] = (unsigned char)(bytes[i] + (unsigned char)s[i]);
}

void sum64(void)
{
	for (int i = 0; i < N; i++)
		la[i] += (long long)ia[i] * ib[i];
}
