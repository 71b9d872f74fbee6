# No room depends back on a room that depends on it (docs/DESIGN.md):
# check-cycles builds the include and call graph of the product's C code
# (module/, common/, decoder/, tools/) and fails on any cycle in it.
#
#   host-test-cycles   check-cycles fails on fixtures with a cycle (an
#                      include cycle, a call cycle through one header) and
#                      passes acyclic ones, then passes on the tree; the
#                      command's rooms (folders, -r) have no cycle either;
#                      check-design: docs/DESIGN.md's room tables name
#                      every product file once (fixtures, then the tree)
HOST_TESTS += cycles
.PHONY: host-test-cycles
host-test-cycles:
	tests/cycles/selftest
