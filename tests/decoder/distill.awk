#!/usr/bin/gawk -f
# SPDX-License-Identifier: GPL-2.0
# Distill `objdump -d` output into one line per instruction:
#
#   ADDR <TAB> HEXBYTES <TAB> TEXT
#
# ADDR is objdump's hex address, HEXBYTES the instruction's bytes as one
# lowercase hex string, TEXT objdump's mnemonic and operands. objdump splits
# long instructions over several lines (7 bytes a line unless
# --insn-width): a line with bytes but no text continues the previous
# instruction and is joined to it. Section and file headers and "..."
# (skipped zeros) end the stream: "-" is printed so that the checker never
# treats the bytes around them as contiguous (the checker also compares
# addresses, so symbol labels and blank lines are simply dropped). Nothing
# else is dropped: (bad) and prefix-only lines are passed on and counted by
# the checker (objdump-check.c). With -v names=1 (objdump over several
# files), a file's header also gives "@ <TAB> NAME", where the checker
# starts that file's count; -v strip=PREFIX drops a temporary folder's
# prefix from NAME. Kept to plain field tests, no per-line
# regular expressions: this runs over tens of millions of lines.
BEGIN { FS = "\t"; pend = 0 }

function flush() {
	if (pend)
		print paddr "\t" pbytes "\t" ptext
	pend = 0
}

NF == 1 {
	# Symbol label, blank line, or a header.
	if (substr($0, 1, 12) == "Disassembly " || index($0, "file format")) {
		flush()
		print "-"
		if (names && index($0, "file format")) {
			# "NAME:     file format ...": a file starts
			n = $0
			sub(/:[ ]+file format.*/, "", n)
			if (strip != "" && index(n, strip) == 1)
				n = substr(n, length(strip) + 1)
			print "@\t" n
		}
	}
	next
}

$1 == "" {
	# "\t..." : zeros objdump skipped.
	flush()
	print "-"
	next
}

{
	b = $2
	gsub(/ /, "", b)
	if (NF < 3 || $3 == "") {
		# Continuation line: bytes only.
		if (pend) {
			pbytes = pbytes b
			next
		}
		t = "(orphan)"
	} else {
		t = $3
		for (i = 4; i <= NF; i++)
			t = t " " $i
	}
	flush()
	addr = $1
	sub(/:$/, "", addr)
	sub(/^ +/, "", addr)
	paddr = addr; pbytes = b; ptext = t; pend = 1
}

END { flush() }
