/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The callback of every t: probe on its tracepoint (kpt_tprobe.h), called
 * by the tracepoint as its probes are: (void *data, ARG1, ARG2, ...),
 * data the probe.  It builds on its stack a pt_regs where a function
 * called with (ARG1, ARG2, ...) would have them: ARG1..ARG5 in
 * %di..%r8, ARG6 (the first on the stack) in %r9, and sp pointing at it,
 * so that the stack slot 1 is ARG7 as a function's $arg7 reads it; then
 * calls kpt_tprobe_handler(data, regs), which clears the rest.  A slot
 * past the tracepoint's own arguments is the caller's stack, read and
 * never written.  ip, sp and the callee-saved registers are the caller's
 * as they will be when this returns (ip its return address, sp above
 * it): a stack trace from regs (options/stacktrace, perf) unwinds from
 * there.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/ptrace-abi.h>

	.text
SYM_FUNC_START(kpt_tprobe_tramp)
	subq	$FRAME_SIZE, %rsp
	movq	%rsi, RDI(%rsp)
	movq	%rdx, RSI(%rsp)
	movq	%rcx, RDX(%rsp)
	movq	%r8, RCX(%rsp)
	movq	%r9, R8(%rsp)
	movq	FRAME_SIZE+8(%rsp), %rax
	movq	%rax, R9(%rsp)
	leaq	FRAME_SIZE+8(%rsp), %rax
	movq	%rax, RSP(%rsp)
	movq	FRAME_SIZE(%rsp), %rax
	movq	%rax, RIP(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%rbp, RBP(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	%rsp, %rsi
	call	kpt_tprobe_handler
	addq	$FRAME_SIZE, %rsp
	RET
SYM_FUNC_END(kpt_tprobe_tramp)
_ASM_NOKPROBE(kpt_tprobe_tramp)
