# The two commands that set up a fresh machine and use it:
#   make demo   install missing packages, configure, build, run the racy example
#   make test   the same set-up, then every test tier this machine can run
# Also: make build, make gpu-bundle (GPU tier, built here, run on a GPU machine),
#       make bench-bundle, make clean.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS += --no-print-directory

.PHONY: all setup build demo test gpu-bundle bench-bundle clean

all: build

setup:
	@scripts/setup.sh "$(BUILD)"

build: setup
	@cmake --build "$(BUILD)" -j "$(JOBS)"

demo: build
	@scripts/demo.sh "$(BUILD)"

test: build
	@scripts/test.sh "$(BUILD)"

gpu-bundle: build
	@tests/gpu/bundle.sh "$(BUILD)" gpu-bundle

bench-bundle: build
	@LDCC="$(CURDIR)/$(BUILD)/bin/ldcc" bench/build.sh bench-bundle

clean:
	rm -rf "$(BUILD)" gpu-bundle bench-bundle
