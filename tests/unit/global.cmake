# Check suites for the global-memory check's host side (issue 5): the
# allocation registry, the reshuffling schedule, deterministic mode's merge,
# the interception.  Each
# suite compiles the modules it tests, so it links only them (and the
# status table), not the whole of ldcc_rt_host.
find_package(Threads REQUIRED)
set(LD_RT_DIR ${PROJECT_SOURCE_DIR}/runtime)

ld_add_unit_test(test_rt_registry
  SOURCES unit/test_rt_registry.c ${LD_RT_DIR}/ld_rt_registry.c
  LIBS ldcc_common Threads::Threads)
target_include_directories(test_rt_registry PRIVATE ${LD_RT_DIR})

ld_add_unit_test(test_rt_schedule
  SOURCES unit/test_rt_schedule.c ${LD_RT_DIR}/ld_rt_schedule.c
  LIBS ldcc_common)
target_include_directories(test_rt_schedule PRIVATE ${LD_RT_DIR})

# Deterministic mode's merge rule, driven as the launch protocol drives it.
ld_add_unit_test(test_rt_gmerge
  SOURCES unit/test_rt_gmerge.c ${LD_RT_DIR}/ld_rt_schedule.c
  LIBS ldcc_common)
target_include_directories(test_rt_gmerge PRIVATE ${LD_RT_DIR}
  ${PROJECT_SOURCE_DIR}/include)

# The wrappers against stand-in __real_* functions: CUDA's headers for the
# types, no CUDA library.
find_package(CUDAToolkit REQUIRED)
ld_add_unit_test(test_rt_intercept
  SOURCES unit/test_rt_intercept.c ${LD_RT_DIR}/ld_rt_wrap.c
    ${LD_RT_DIR}/ld_rt_intercept.c ${LD_RT_DIR}/ld_rt_registry.c
  LIBS ldcc_common Threads::Threads)
target_include_directories(test_rt_intercept PRIVATE ${LD_RT_DIR}
  ${CUDAToolkit_INCLUDE_DIRS})
# The direct one run's tag rule (include/ldcc/global.h).
ld_add_unit_test(test_gdirect SOURCES unit/test_gdirect.c)
target_include_directories(test_gdirect PRIVATE ${PROJECT_SOURCE_DIR}/include)
