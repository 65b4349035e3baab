# Thin wrapper over CMake. `make run` and `make test` install missing packages first.
BUILD ?= build
SANITIZE ?= 0
WERROR ?= 0
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX ?= /usr/local
CMAKE_FLAGS = -DBONES_SANITIZE=$(if $(filter 1,$(SANITIZE)),ON,OFF) \
              -DBONES_WERROR=$(if $(filter 1,$(WERROR)),ON,OFF) \
              -DCMAKE_INSTALL_PREFIX=$(PREFIX)

FUZZ_SECONDS ?= 600
FUZZ_TARGETS = fuzz_record fuzz_preset fuzz_tourney fuzz_engine fuzz_notation fuzz_geominos \
	fuzz_web_json

.PHONY: all deps build run test install clean fuzz fuzz-build fuzz-smoke stress

all: build

deps:
	@sh .ci/install-deps

build:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) > /dev/null
	cmake --build $(BUILD) -j $(JOBS)

# The main job: a game against the AI, in the GUI when there is a display. Builds only
# the programs and plugins (not the tests), quietly: the log goes to $(BUILD)/build.log.
run: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) > /dev/null
	@echo "building Bones (the log: $(BUILD)/build.log) ..."
	@cmake --build $(BUILD) -j $(JOBS) --target programs > $(BUILD)/build.log 2>&1 || \
		{ tail -n 30 $(BUILD)/build.log; exit 1; }
	@$(BUILD)/bin/bones start

test: deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The tests that touch time, STRESS_RUNS times each beside STRESS_LOAD busy processes
# (started here, killed however the run ends); docs/testing.md.
STRESS_TESTS ?= test_tty_time|test_tty_german|test_tty_pty|test_gui_german|test_web_api|\
	test_web_hidden|test_tourney_engines|test_engine|test_clock_match|test_table
STRESS_RUNS ?= 20
STRESS_LOAD ?= 2

stress: build
	@sh tests/stress.sh $(BUILD) $(STRESS_RUNS) $(STRESS_LOAD) '$(STRESS_TESTS)'

install: build
	cmake --install $(BUILD)

# libFuzzer (clang): every target for FUZZ_SECONDS each; crashes go to build-fuzz/crashes.
fuzz-build: deps
	@CC=clang cmake -S . -B build-fuzz -DBONES_FUZZ=ON > /dev/null
	@cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_TARGETS) > build-fuzz/build.log 2>&1 || \
		{ tail -n 30 build-fuzz/build.log; exit 1; }

fuzz: fuzz-build
	@sh tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# CI: a few seconds per target over its seed corpus
fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=5

clean:
	rm -rf $(BUILD) build-asan build-fuzz
