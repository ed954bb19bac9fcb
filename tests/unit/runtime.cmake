# Check suites for the runtime's plain-C modules (no GPU, no CUDA).
ld_add_unit_test(test_rt_place SOURCES unit/test_rt_place.c LIBS ldcc_rt_host)
ld_add_unit_test(test_rt_report SOURCES unit/test_rt_report.c LIBS ldcc_rt_host)
