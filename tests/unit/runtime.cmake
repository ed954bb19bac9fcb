# Check suites for the runtime's plain-C modules (no GPU, no CUDA).
ld_add_unit_test(test_rt_place SOURCES unit/test_rt_place.c LIBS ldcc_rt_host)
ld_add_unit_test(test_rt_report SOURCES unit/test_rt_report.c LIBS ldcc_rt_host)
# Report formats (JSON lines, SARIF, colour) and suppressions (issue 8).
ld_add_unit_test(test_rt_formats SOURCES unit/test_rt_formats.c LIBS ldcc_rt_host)
ld_add_unit_test(test_rt_suppress SOURCES unit/test_rt_suppress.c LIBS ldcc_rt_host)
# The SARIF and JSON-lines output validated: SARIF against the vendored
# SARIF 2.1.0 schema (tests/report/check_reports.py, python3 only).
add_executable(rt_report_sample unit/rt_report_sample.c)
target_link_libraries(rt_report_sample PRIVATE ldcc_rt_host)
set_target_properties(rt_report_sample PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests/unit)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME report.formats COMMAND sh -c
  "mkdir -p \"$1\" && \"$2\" \"$1\" && \"$3\" \"$4\" \"$5\" \"$1/relative.sarif\" \"$1/absolute.sarif\" \"$1/report.jsonl\""
  sh ${CMAKE_BINARY_DIR}/tests/report $<TARGET_FILE:rt_report_sample> ${Python3_EXECUTABLE}
  ${PROJECT_SOURCE_DIR}/tests/report/check_reports.py ${PROJECT_SOURCE_DIR}/tests/report/sarif-schema-2.1.0.json)
set_tests_properties(report.formats PROPERTIES LABELS unit)
# The check across blocks (issue 5): protocol decisions, copy layout and
# shifts, unit and element names, the global report text.
ld_add_unit_test(test_rt_global SOURCES unit/test_rt_global.c LIBS ldcc_rt_host)
# Its time split per launch (verbosity=2): sums per phase and the line.
ld_add_unit_test(test_rt_gtime SOURCES unit/test_rt_gtime.c LIBS ldcc_rt_host)
# Inline intra-warp checks (issue 7): the shadow state rule and the reports.
ld_add_unit_test(test_rt_its SOURCES unit/test_rt_its.c LIBS ldcc_rt_host)
# Every launch accounted for (issue 23): the kernel registry, the routing of
# launches outside __ldcc::launch, the summary's reasons, strict's status.
ld_add_unit_test(test_rt_kernels SOURCES unit/test_rt_kernels.c LIBS ldcc_rt_host)
# Deterministic or stopped (issue 26): the fallback options, the verdict on
# a launch, launches deterministic as built, the stop line.
ld_add_unit_test(test_rt_det SOURCES unit/test_rt_det.c LIBS ldcc_rt_host)
# printf in unit order (issue 26): the records formatted as device printf
# would, the log printed in thread order.
ld_add_unit_test(test_gprintf SOURCES unit/test_gprintf.c LIBS ldcc_rt_host)
