// SPDX-License-Identifier: GPL-2.0
/* Messages and errnos of the parser's errors (kpt_errors.h). */
#include "kpt_errors.h"
#include "kpt_probe_def.h"

struct kpt_err_info {
	int err;		/* negative errno */
	const char *msg;
};

static const struct kpt_err_info kpt_errors[KPT_ERR_NR] = {
	[KPT_ERR_NONE] = { 0, "" },
	[KPT_ERR_LINE_TOO_LONG] = { -E2BIG, "Line is too long" },
	[KPT_ERR_LISTING_TOO_LONG] = { -E2BIG, "Definition would list as a too long line" },
	[KPT_ERR_NUL_BYTE] = { -EINVAL, "NUL byte in the line" },
	[KPT_ERR_BAD_PROBE_TYPE] = { -EINVAL, "Probe type must be 'p', 'r' or '-'" },
	[KPT_ERR_BAD_MAXACT] = { -EINVAL, "Invalid maxactive number" },
	[KPT_ERR_MAXACT_TOO_BIG] = { -EINVAL, "Maxactive is too big" },
	[KPT_ERR_MAXACT_NO_RETPROBE] = { -EINVAL, "Maxactive is only for return probes" },
	[KPT_ERR_BAD_PROBE_HEAD] = { -EINVAL, "Expected ':' or a space after the probe type" },
	[KPT_ERR_NO_GROUP_NAME] = { -EINVAL, "Group name is not specified" },
	[KPT_ERR_GROUP_TOO_LONG] = { -E2BIG, "Group name is too long" },
	[KPT_ERR_BAD_GROUP_NAME] = { -EINVAL, "Group name must follow the rules of C identifiers" },
	[KPT_ERR_NO_EVENT_NAME] = { -EINVAL, "Event name is not specified" },
	[KPT_ERR_EVENT_TOO_LONG] = { -E2BIG, "Event name is too long" },
	[KPT_ERR_BAD_EVENT_NAME] = { -EINVAL, "Event name must follow the rules of C identifiers" },
	[KPT_ERR_NO_PROBE_POINT] = { -EINVAL, "Probe point (symbol or address) is not specified" },
	[KPT_ERR_BAD_ADDR] = { -EINVAL, "Invalid probe address" },
	[KPT_ERR_BAD_SYMBOL] = { -EINVAL, "Invalid symbol name" },
	[KPT_ERR_SYMBOL_TOO_LONG] = { -E2BIG, "Symbol name is too long" },
	[KPT_ERR_BAD_MODULE_NAME] = { -EINVAL, "Invalid module name" },
	[KPT_ERR_MODULE_TOO_LONG] = { -E2BIG, "Module name is too long" },
	[KPT_ERR_BAD_PROBE_OFFS] = { -EINVAL, "Invalid probe offset" },
	[KPT_ERR_BAD_ADDR_SUFFIX] = { -EINVAL, "Invalid probe point suffix (only %return)" },
	[KPT_ERR_RETPROBE_OFFS] = { -EINVAL, "Return probe must be used without offset" },
	[KPT_ERR_TOO_MANY_ARGS] = { -E2BIG, "Too many arguments (max 128)" },
	[KPT_ERR_NO_ARG_BODY] = { -EINVAL, "No argument expression" },
	[KPT_ERR_ARG_TOO_LONG] = { -E2BIG, "Argument expression is too long (max 63)" },
	[KPT_ERR_NO_ARG_NAME] = { -EINVAL, "Argument name is not specified" },
	[KPT_ERR_ARG_NAME_TOO_LONG] = { -E2BIG, "Argument name is too long" },
	[KPT_ERR_BAD_ARG_NAME] = { -EINVAL, "Argument name must follow the rules of C identifiers" },
	[KPT_ERR_USED_ARG_NAME] = { -EINVAL, "This argument name is already used" },
	[KPT_ERR_RESERVED_ARG_NAME] = { -EINVAL, "This argument name is reserved" },
	[KPT_ERR_BAD_FETCH_ARG] = { -EINVAL, "Invalid fetch argument" },
	[KPT_ERR_BAD_REG_NAME] = { -EINVAL, "Invalid register name" },
	[KPT_ERR_BAD_STACK_NUM] = { -EINVAL, "Invalid stack number" },
	[KPT_ERR_BAD_ARG_NUM] = { -EINVAL, "Invalid argument number" },
	[KPT_ERR_BAD_VAR] = { -EINVAL, "Invalid $-variable specified" },
	[KPT_ERR_RETVAL_ON_PROBE] = { -EINVAL, "Return value is only available on return probes" },
	[KPT_ERR_RETADDR_ON_PROBE] = { -EINVAL, "Return address is only available on return probes" },
	[KPT_ERR_BAD_MEM_ADDR] = { -EINVAL, "Invalid memory address" },
	[KPT_ERR_BAD_SYM_OFFS] = { -EINVAL, "Invalid symbol offset" },
	[KPT_ERR_BAD_IMM] = { -EINVAL, "Invalid immediate value" },
	[KPT_ERR_IMMSTR_NO_CLOSE] = { -EINVAL, "String is not closed with '\"'" },
	[KPT_ERR_BAD_DEREF_OFFS] = { -EINVAL, "Invalid dereference offset" },
	[KPT_ERR_DEREF_NEED_BRACE] = { -EINVAL, "Dereference needs a brace" },
	[KPT_ERR_DEREF_OPEN_BRACE] = { -EINVAL, "Dereference brace is not closed" },
	[KPT_ERR_TOO_DEEP] = { -E2BIG, "Dereference is nested too deeply (max 15 ops)" },
	[KPT_ERR_COMM_CANT_DEREF] = { -EINVAL, "$comm can not be dereferenced" },
	[KPT_ERR_TRAILING_CHARS] = { -EINVAL, "Unexpected characters after the fetch argument" },
	[KPT_ERR_NO_TYPE] = { -EINVAL, "Type is not specified after ':'" },
	[KPT_ERR_BAD_TYPE] = { -EINVAL, "Unknown type is specified" },
	[KPT_ERR_BAD_BITFIELD] = { -EINVAL, "Invalid bitfield" },
	[KPT_ERR_ARRAY_NO_CLOSE] = { -EINVAL, "Array is not closed" },
	[KPT_ERR_BAD_ARRAY_SUFFIX] = { -EINVAL, "Array has wrong suffix" },
	[KPT_ERR_BAD_ARRAY_NUM] = { -EINVAL, "Invalid array size" },
	[KPT_ERR_ARRAY_TOO_BIG] = { -E2BIG, "Array size is too big (max 64)" },
	[KPT_ERR_BAD_ARRAY_ARG] = { -EINVAL, "Array needs a memory reference argument" },
	[KPT_ERR_BAD_STRING] = { -EINVAL, "String type accepts only memory arguments" },
	[KPT_ERR_BAD_COMM_TYPE] = { -EINVAL, "$comm and immediate strings accept only the string type" },
	[KPT_ERR_POOL_FULL] = { -E2BIG, "Too many symbol names in one line" },
};

const char *kpt_parse_strerror(int code)
{
	if (code < 0 || code >= KPT_ERR_NR || !kpt_errors[code].msg)
		return "Unknown error";
	return kpt_errors[code].msg;
}

int kpt_parse_errno(int code)
{
	if (code <= 0 || code >= KPT_ERR_NR || !kpt_errors[code].err)
		return -EINVAL;
	return kpt_errors[code].err;
}
