# Check suites for the global-memory check's host side (issue 5): the
# allocation registry, the reshuffling schedule, the interception.
find_package(Threads REQUIRED)
ld_add_unit_test(test_rt_registry SOURCES unit/test_rt_registry.c
  LIBS ldcc_rt_host Threads::Threads)
