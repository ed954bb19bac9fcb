# Check suites for the translator library (translator/xlate).
ld_add_unit_test(test_edit SOURCES unit/test_edit.c LIBS ldcc_xlate)
ld_add_unit_test(test_plan SOURCES unit/test_plan.c LIBS ldcc_xlate)
ld_add_unit_test(test_xlate_args SOURCES unit/test_xargs.c LIBS ldcc_xlate)
ld_add_unit_test(test_proof SOURCES unit/test_proof.c LIBS ldcc_xlate)
ld_add_unit_test(test_own SOURCES unit/test_own.c LIBS ldcc_xlate)
ld_add_unit_test(test_spaced_launch SOURCES unit/test_spaced_launch.c LIBS ldcc_xlate)
