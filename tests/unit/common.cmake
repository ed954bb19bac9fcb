ld_add_unit_test(test_buf SOURCES unit/test_buf.c LIBS ldcc_common)
ld_add_unit_test(test_error SOURCES unit/test_error.c LIBS ldcc_common)
ld_add_unit_test(test_rt_options SOURCES unit/test_rt_options.c LIBS ldcc_rt_host)
target_compile_definitions(test_rt_options PRIVATE LD_OPTIONS_DOC="${PROJECT_SOURCE_DIR}/docs/options.md")
