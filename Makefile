# Thin wrapper over CMake. `make run` and `make test` install missing packages first.
BUILD ?= build
SANITIZE ?= 0
WERROR ?= 0
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX ?= /usr/local
CMAKE_FLAGS = -DBONES_SANITIZE=$(if $(filter 1,$(SANITIZE)),ON,OFF) \
              -DBONES_WERROR=$(if $(filter 1,$(WERROR)),ON,OFF) \
              -DCMAKE_INSTALL_PREFIX=$(PREFIX)

.PHONY: all deps build run test install clean

all: build

deps:
	@sh .ci/install-deps

build:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) > /dev/null
	cmake --build $(BUILD) -j $(JOBS)

# The main job: a game against the AI, in the GUI when there is a display.
run: deps build
	$(BUILD)/bin/bones start

test: deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) build-asan
