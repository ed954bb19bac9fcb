ld_add_unit_test(test_buf SOURCES unit/test_buf.c LIBS ldcc_common)
ld_add_unit_test(test_error SOURCES unit/test_error.c LIBS ldcc_common)
