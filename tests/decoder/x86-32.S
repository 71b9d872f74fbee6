/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit instruction classes for the objdump selftest (as --32): legacy
 * forms that only exist outside 64-bit mode, 16-bit addressing, far
 * pointers, prefixes, x87, MMX/SSE, VEX/EVEX, and LES/LDS/BOUND.
 */
	.text
	.code32
	.globl f32
f32:
	inc %eax; dec %ecx; pusha; popa; pushf; popf; aaa; aas; daa; das
	aam; aad; aam $16; aad $16; into
	push %es; pop %es; push %ds; pop %ds; push %ss; pop %ss; push %cs
	les (%eax),%ecx; lds 4(%ebx),%edx; bound %eax,(%ecx); arpl %ax,(%ebx)
	les 0x12345678,%esi; lds (%eax,%ebx,4),%edi
	ljmp $0x10,$0x12345678; lcall $0x10,$0x1234; data16 lcall $0x10,$0x1234
	mov 0x12345678,%eax; mov %al,0x12345678; addr16 mov 0x1234,%eax
	addr16 mov (%bx,%si),%eax; addr16 mov 0x12(%bp,%di),%ecx
	addr16 mov 0x1234(%bp),%edx; addr16 lea 0x1234,%eax
	mov (%esp),%eax; mov 0x12(%esp,%eax,8),%ebx; mov 0x12345678(,%ecx,2),%edx
	mov (%ebp),%eax; lea 0x0(,%eax,1),%ecx
	add $1,%al; add $0x12345678,%eax; addw $0x1234,(%eax); addb $1,(%eax)
	imul $0x12345678,%eax,%ecx; imul $3,%eax,%ecx; test $1,%ah; testl $1,(%ebx)
	enter $0x10,$1; leave; ret $4; lret $8; iret; int $0x80; int3; int1
	jmp 1f; je 1f; jne f32; call f32; loop 1f; jecxz 1f; data16 call 1f
1:	rep movsb; rep stosl; repne scasb; lock cmpxchg %ecx,(%ebx)
	lock cmpxchg8b (%eax); xchg %eax,%ebx; cmpxchg %ecx,%edx; bswap %eax
	movzbl %al,%eax; movswl (%eax),%ecx; cwtl; cltd; cbtw; cwtd
	shl $3,%eax; shr %cl,%ebx; rol %eax; shld $4,%eax,%ebx; btl $3,(%eax)
	setne %al; cmovge %eax,%ebx; sete (%ecx)
	fld %st(1); fldl (%eax); fstps 4(%ebx); fadd %st(2),%st; fnstsw %ax; fstsw %ax
	fninit; finit; fnstcw (%eax); fldcw (%eax); fxch; fucomip %st(1),%st
	filds (%eax); fistpll (%ebx); frstor (%eax); fnsave (%ecx); fwait
	emms; movq %mm0,%mm1; paddb (%eax),%mm2; pshufw $1,%mm0,%mm1
	movaps %xmm0,%xmm1; movups (%eax),%xmm2; addpd %xmm1,%xmm2; mulss (%eax),%xmm3
	pshufd $0x1b,%xmm0,%xmm1; pshufb %xmm1,%xmm2; palignr $3,%xmm0,%xmm1
	pcmpestri $5,(%eax),%xmm1; crc32b %al,%ecx; crc32l (%eax),%ecx; popcnt %eax,%ebx
	movd %eax,%xmm0; movq %xmm0,(%eax); cvtsi2sd %eax,%xmm1; lddqu (%eax),%xmm1
	vzeroupper; vaddps %ymm0,%ymm1,%ymm2; vmovdqu (%eax),%ymm3
	vpermq $0x4e,%ymm1,%ymm2; vfmadd231ps (%eax),%ymm1,%ymm2; vpbroadcastd %xmm0,%ymm1
	vaddps %zmm0,%zmm1,%zmm2{%k1}; vmovdqu32 0x40(%eax),%zmm3; kmovw %k1,%k2
	vpternlogd $0x96,%zmm1,%zmm2,%zmm3; vaddph %zmm1,%zmm2,%zmm3
	andn %eax,%ebx,%ecx; bextr %eax,(%ebx),%ecx; shlx %eax,%ebx,%ecx
	rdtsc; rdtscp; cpuid; xgetbv; rdrand %eax; rdseed %ebx; pause; lfence; mfence
	sfence; clflush (%eax); prefetcht0 (%eax); nop; nopl 0x0(%eax,%eax,1)
	nopw %cs:0x0(%eax,%eax,1); endbr32; ud2; ud1 (%eax),%eax
	sysenter; sysexit; hlt; cli; sti; clc; stc; cld; std; cmc; lahf; sahf
	in $0x60,%al; out %al,$0x80; inl (%dx),%eax; outsb; insl
	mov %cr0,%eax; mov %eax,%cr3; mov %db7,%eax; lgdt (%eax); sgdt (%ebx)
	lidt (%eax); ltr %ax; str %eax; verr %ax; invlpg (%eax); wbinvd
	xlat; cmpsb; lodsl; movsw; les %ds:(%bx),%ax
	movbe (%eax),%ecx; aesenc %xmm1,%xmm2; pclmulqdq $0,%xmm1,%xmm2
	sha1rnds4 $1,%xmm1,%xmm2; xsave (%eax); xrstor (%eax); xsaveopt (%eax)
	.byte 0x9b, 0xdb, 0xe3
	ret
	.section .note.GNU-stack,"",@progbits
