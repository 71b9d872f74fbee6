# The decoding part of the boundary check on chosen bytes (test hook of
# module parameter testhooks=1): text someone else changed (an int3 that
# follows no ret/jmp) or cannot be decoded never makes us refuse: the
# kernel's own check decides and a note says so; an int3 after a ret (SLS)
# is an ordinary instruction.
# modparams: testhooks=1
. /kpt/lib.sh

H=$KPT/test_boundary
[ -e $H ] || fail "no test hook"
check() { # OFFSET BYTES WANT-REGEX
	echo "$1 $2" > $H || fail "hook write"
	got=$(cat $H)
	echo "$1 $2 -> $got"
	assert_match "$got" "$3" "offset $1 of $2"
}

# nop5; add %r9,%r8; add %rcx,%r8
check 5 0f1f4400004d01c84901c8 '^0 $'
check 8 0f1f4400004d01c84901c8 '^0 $'
check 6 0f1f4400004d01c84901c8 '^-84 test is not on an instruction boundary: it is inside the 3-byte instruction at \+0x5 \(4d 01 c8\); nearest boundaries: \+0x5 and \+0x8$'
# someone's int3 over the first byte of add %r9,%r8: we do not refuse
check 9 0f1f440000cc01c84901c8 '^0 note: test: int3 at \+0x5 not placed by a kprobe; the kernel checks the boundary$'
check 7 0f1f440000cc01c84901c8 '^0 note: test: int3 at \+0x5'
# ret; int3 (SLS): the int3 is an instruction, the refusal stands
check 3 c3cc4d01c8 '^-84 .*inside the 3-byte instruction at \+0x2 \(4d 01 c8\); nearest boundaries: \+0x2 and \+0x5$'
# jmp __x86_return_thunk; int3 (RETHUNK + SLS)
check 7 e900000000cc4d01c8 '^-84 .*nearest boundaries: \+0x6 and \+0x9$'
# bytes the decoder rejects: the kernel decides
check 3 d64d01c8 '^0 note: test: cannot decode the instruction at \+0x0'
echo "boundary hook OK"
