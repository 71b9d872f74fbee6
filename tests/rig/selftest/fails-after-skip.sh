# Must FAIL, not SKIP: a test that exits 77 without saying skip (no reason).
. /kpt/lib.sh
exit 77
