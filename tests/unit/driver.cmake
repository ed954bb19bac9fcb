# Check suites of the ldcc driver (translator/driver).
ld_add_unit_test(test_nvcc_opts SOURCES unit/test_nvcc_opts.c LIBS ldcc_driver_core)
ld_add_unit_test(test_argv SOURCES unit/test_argv.c LIBS ldcc_driver_core)
ld_add_unit_test(test_driver_find SOURCES unit/test_driver_find.c LIBS ldcc_driver_core)
ld_add_unit_test(test_driver_depfile SOURCES unit/test_driver_depfile.c LIBS ldcc_driver_core)
