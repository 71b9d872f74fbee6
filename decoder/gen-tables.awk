#!/usr/bin/gawk -f
# Turns decoder/x86-opcode-map.txt into the decoder's attribute tables
# (a C header included once, by kpt_insn_decode.c). Usage:
#   gawk -f decoder/gen-tables.awk decoder/x86-opcode-map.txt > kpt_inat_tables.gen.h
# With -v names=1 it emits instead the same structure holding mnemonics
# (kpt_inat_names.gen.h, for userspace tools only): every word then is a
# name index or a row of them, resolved exactly as the attributes are.
#
# Every opcode gets one 16-bit word (layout in decoder/kpt_inat.h): either
# its attributes, or an index into kpt_inat_ind[] where a small row picks
# the attributes by ModRM (group), ModRM.rm, or mandatory prefix. Rows
# whose entries are all equal collapse into their one entry, and equal
# rows are emitted once, so the common case is a single table load.

BEGIN {
	# Attribute bits; keep in sync with kpt_inat.h.
	IMM["Ib"] = 1; IMM["Iw"] = 2; IMM["Iz"] = 3; IMM["Iv"] = 4
	IMM["Ob"] = 5; IMM["Ov"] = 5; IMM["Ap"] = 6
	IMM["Jb"] = 8; IMM["Jz"] = 9; IMM["Id"] = 11; IMM["Jo"] = 12
	IMM_ENTER = 7; IMM_IBIB = 10
	A_MODRM = 16; A_REGFORM = 32; A_D64 = 64; A_F64 = 128
	A_INV64 = 256; A_INV32 = 512; A_UNDEF = 1024; A_MEMONLY = 2048
	A_REGONLY = 32768
	K_GRP = 1; K_RM = 2; K_PFX = 3; K_PREFIX = 4; K_SPECIAL = 5
	SP_ESC0F = 1; SP_ESC38 = 2; SP_ESC3A = 3; SP_REX = 4
	SP_VEX3 = 5; SP_VEX2 = 6; SP_EVEX = 7; SP_XOP = 8
	# Legacy prefix byte -> KPT_INSN_PFX_* bit number.
	PFXBIT["f0"] = 0; PFXBIT["f2"] = 1; PFXBIT["f3"] = 2
	PFXBIT["66"] = 3; PFXBIT["67"] = 4; PFXBIT["26"] = 5
	PFXBIT["2e"] = 6; PFXBIT["36"] = 7; PFXBIT["3e"] = 8
	PFXBIT["64"] = 9; PFXBIT["65"] = 10
	PSLOT["np"] = 0; PSLOT["66"] = 1; PSLOT["f3"] = 2; PSLOT["f2"] = 3
	modrm_methods = "CDEGKMNPQRSUVW"
	nind[0] = nind[1] = 0
	errors = 0
	names = names ? 1 : 0
	nnames = 1
	nameid["(bad)"] = 0
	namestr[0] = "(bad)"
}

function fail(msg) {
	printf("%s:%d: %s\n", FILENAME, FNR, msg) > "/dev/stderr"
	errors++
}

function hex2(s,    i, v, c) {
	v = 0
	s = tolower(s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0)
			return -1
		v = v * 16 + c - 1
	}
	return v
}

# Attributes of one entry from its operands and flags. The imm type "-1"
# marks "no immediate of its own" so a group member can inherit one.
function own_attr(ops, flags,    n, a, i, op, m, nimm, imm, attr, ims) {
	attr = 0
	imm = 0
	nimm = 0
	ims = ""
	n = split(ops, a, ",")
	for (i = 1; i <= n; i++) {
		op = a[i]
		if (op !~ /^[A-Z]([a-z0-9]|$)/)
			continue	# a register name, or "1"
		m = substr(op, 1, 1)
		if (index(modrm_methods, m))
			attr = or(attr, A_MODRM)
		if (m == "M")
			attr = or(attr, A_MEMONLY)
		if ((m == "U" || m == "N" || m == "R") && !index(flags, "(reg)"))
			attr = or(attr, A_REGONLY)
		if (m == "I" || m == "J" || m == "O" || (m == "A" && op == "Ap")) {
			if (!(op in IMM))
				fail("unknown immediate " op)
			nimm++
			ims = ims op
			imm = IMM[op]
		} else if (m == "L") {
			nimm++
			ims = ims "Ib"
			imm = IMM["Ib"]
		}
	}
	if (nimm == 2) {
		if (ims == "IwIb")
			imm = IMM_ENTER
		else if (ims == "IbIb")
			imm = IMM_IBIB
		else
			fail("unsupported immediate pair " ims)
	} else if (nimm > 2) {
		fail("too many immediates")
	}
	if (index(flags, "(reg)"))
		attr = or(attr, A_REGFORM)
	if (index(flags, "(d64)"))
		attr = or(attr, A_D64)
	if (index(flags, "(f64)"))
		attr = or(attr, A_F64)
	if (index(flags, "(i64)"))
		attr = or(attr, A_INV64)
	if (index(flags, "(o64)"))
		attr = or(attr, A_INV32)
	if (index(flags, "(bad)"))
		attr = or(attr, A_UNDEF)
	return (nimm ? imm : -1) " " attr
}

# Record the definition in cell (tbl, cellkey, pslot) if it is at least
# as specific as what is there.
function put(tbl, ck, ps, prio, val) {
	if ((tbl, ck, ps) in cellprio && cellprio[tbl, ck, ps] > prio)
		return
	cellprio[tbl, ck, ps] = prio
	cell[tbl, ck, ps] = val
}

# pq: "" for every prefix, else a "/"-separated list of np 66 f3 f2.
function define(tbl, ck, prio, pq, val,    ps, n, q, i) {
	if (pq == "") {
		for (ps = 0; ps < 4; ps++)
			put(tbl, ck, ps, prio, val)
		return
	}
	n = split(pq, q, "/")
	for (i = 1; i <= n; i++)
		put(tbl, ck, PSLOT[q[i]], prio + 1, val)
}

/^[ \t]*(#|$)/ { next }

$1 == "map" || $1 == "group" {
	if (cur != "")
		fail("missing end")
	cur = $2
	kind[cur] = $1
	order[++ntables] = cur
	next
}

$1 == "end" { cur = ""; next }

{
	if (cur == "") {
		fail("entry outside a table")
		next
	}
	key = $1
	mnem = $2
	ops = ""
	flags = ""
	for (i = 3; i <= NF; i++) {
		if ($i ~ /^\(/)
			flags = flags $i
		else
			ops = ops (ops == "" ? "" : ",") $i
	}
	val = mnem "|" ops "|" flags
	pq = ""
	nq = split(key, kp, "/")
	if (nq > 1) {
		pq = substr(key, length(kp[1]) + 2)
		key = kp[1]
		for (i = 2; i <= nq; i++)
			if (!(kp[i] in PSLOT))
				fail("bad prefix qualifier " kp[i])
	}
	if (kind[cur] == "map") {
		n = split(key, r, "-")
		lo = hex2(r[1])
		hi = n == 2 ? hex2(r[2]) : lo
		if (lo < 0 || hi < lo || hi > 255)
			fail("bad key " $1)
		for (o = lo; o <= hi; o++)
			define(cur, o, 0, pq, val)
	} else {
		# R, R-R, R.m, R.r, R.rN
		sel = ""
		if (split(key, kd, ".") == 2) {
			sel = kd[2]
			key = kd[1]
		}
		n = split(key, r, "-")
		lo = r[1] + 0
		hi = n == 2 ? r[2] + 0 : lo
		for (g = lo; g <= hi; g++) {
			if (sel == "" || sel == "m")
				for (rm = 0; rm < 8; rm++)
					define(cur, g * 16 + rm, sel == "" ? 0 : 2, pq, val)
			if (sel == "" || sel == "r")
				for (rm = 0; rm < 8; rm++)
					define(cur, g * 16 + 8 + rm, sel == "" ? 0 : 2, pq, val)
			if (sel ~ /^r[0-7]$/)
				define(cur, g * 16 + 8 + substr(sel, 2) + 0, 4, pq, val)
			if (sel != "" && sel != "m" && sel != "r" && sel !~ /^r[0-7]$/)
				fail("bad group key " $1)
		}
	}
}

# Emit a row into kpt_inat_ind[] (shared if an equal one exists) and
# return the word that points at it.
function row(k, n, v,    s, i, off) {
	s = ""
	for (i = 0; i < n; i++)
		s = s " " v[i]
	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			break
	if (i == n)
		return v[0]
	if ((names, s) in rowoff) {
		off = rowoff[names, s]
	} else {
		off = nind[names]
		rowoff[names, s] = off
		for (i = 0; i < n; i++)
			ind[names, nind[names]++] = v[i]
	}
	if (off >= 4096)
		fail("indirect table too large")
	return k * 4096 + off
}

# Final attribute word of a definition (mnemonic|ops|flags), in the
# context of parent attributes (a group's referrer): "imm attr".
function leaf(val, pimm, pattr,    f, oa, imm, attr) {
	if (val == "")
		return names ? 0 : A_UNDEF
	split(val, f, "|")
	if (names && f[1] !~ /^Grp/) {
		if (!(f[1] in nameid)) {
			nameid[f[1]] = nnames
			namestr[nnames++] = f[1]
		}
		return nameid[f[1]]
	}
	split(own_attr(f[2], f[3]), oa, " ")
	imm = oa[1] + 0
	if (imm < 0)
		imm = pimm < 0 ? 0 : pimm
	attr = or(oa[2], pattr)
	if (f[1] ~ /^Grp/)
		return group(f[1], imm, attr)
	return or(attr, imm)
}

function group(g, pimm, pattr,    reg, rm, ps, p4, r8, g16) {
	if (kind[g] != "group") {
		fail("unknown group " g)
		return names ? 0 : A_UNDEF
	}
	pattr = or(pattr, A_MODRM)
	for (reg = 0; reg < 8; reg++) {
		for (ps = 0; ps < 4; ps++)
			p4[ps] = leaf(cell[g, reg * 16, ps], pimm, pattr)
		g16[reg] = row(K_PFX, 4, p4)
		for (rm = 0; rm < 8; rm++) {
			for (ps = 0; ps < 4; ps++)
				p4[ps] = leaf(cell[g, reg * 16 + 8 + rm, ps], pimm, pattr)
			r8[rm] = row(K_PFX, 4, p4)
		}
		g16[reg + 8] = row(K_RM, 8, r8)
	}
	return row(K_GRP, 16, g16)
}

function special(val,    f) {
	split(val, f, "|")
	if (index(f[3], "(pfx)"))
		return K_PREFIX * 4096 + PFXBIT[sprintf("%02x", o)]
	if (index(f[3], "(esc)"))
		return K_SPECIAL * 4096 + (tblname == "1byte" ? SP_ESC0F : (o == 0x38 ? SP_ESC38 : SP_ESC3A))
	if (index(f[3], "(vex3)"))
		return K_SPECIAL * 4096 + SP_VEX3
	if (index(f[3], "(vex2)"))
		return K_SPECIAL * 4096 + SP_VEX2
	if (index(f[3], "(evex)"))
		return K_SPECIAL * 4096 + SP_EVEX
	if (index(f[3], "(xop)"))
		return K_SPECIAL * 4096 + SP_XOP
	if (index(f[3], "(rex)") && genmode == 64)
		return K_SPECIAL * 4096 + SP_REX
	return -1
}

# One 256-entry table. mode 32/64 resolves the special entries (1byte);
# mode 0 gives every entry its plain meaning.
function table(t, cname, mode,    ps, p4, v, s) {
	tblname = t
	genmode = mode
	printf("static const u16 %s[256] = {\n", cname)
	for (o = 0; o < 256; o++) {
		v = -1
		if (mode && !names)
			v = special(cell[t, o, 0])
		if (v < 0) {
			for (ps = 0; ps < 4; ps++)
				p4[ps] = leaf(cell[t, o, ps], -1, 0)
			v = row(K_PFX, 4, p4)
		}
		printf("%s0x%04x,%s", (o % 8) ? " " : "\t", v, (o % 8 == 7) ? "\n" : "")
	}
	printf("};\n\n")
}

END {
	if (cur != "")
		fail("missing end at end of file")
	print "/* Generated by decoder/gen-tables.awk from decoder/x86-opcode-map.txt: do not edit. */"
	print ""
	pre = names ? "kpt_name_" : "kpt_inat_"
	if (!names) {
		table("1byte", "kpt_inat_1byte_64", 64)
		table("1byte", "kpt_inat_1byte_32", 32)
	}
	table("1byte", pre "1byte_plain", 0)
	table("0f", pre "0f", 1)
	table("0f38", pre "0f38", 0)
	table("0f3a", pre "0f3a", 0)
	nv = split("vex1 vex2 vex3 evex1 evex2 evex3 evex5 evex6 xop8 xop9 xopa", vt, " ")
	for (i = 1; i <= nv; i++) {
		if (kind[vt[i]] != "map")
			fail("missing map " vt[i])
		table(vt[i], pre vt[i], 0)
	}
	n = nind[names]
	printf("static const u16 %sind[%d] = {\n", pre, n ? n : 1)
	for (i = 0; i < n; i++)
		printf("%s0x%04x,%s", (i % 8) ? " " : "\t", ind[names, i], (i % 8 == 7 || i == n - 1) ? "\n" : "")
	if (!n)
		print "\t0"
	printf("};\n")
	if (names) {
		printf("\nstatic const char *const kpt_name_str[%d] = {\n", nnames)
		for (i = 0; i < nnames; i++)
			printf("\t\"%s\",\n", namestr[i])
		printf("};\n")
	}
	if (errors)
		exit 1
}
