# SPDX-License-Identifier: MIT
# kickstep — the two commands of the README, and a few more.
#   make run    build what is missing, serve the game on 127.0.0.1 and print its URL
#   make test   build everything and run every test (ctest)
#   make sanitize  the tests again under ASan+UBSan (part of make test)
#   make bench  build and run the benchmarks (figures printed, never asserted)
#   make docs   the API reference and guides (needs only Doxygen): $(BUILD)-docs/docs/api/html/index.html
#   make install PREFIX=DIR  the libraries alone, built and installed into DIR (default /usr/local)
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DKS_WERROR=ON

.PHONY: all deps build test sanitize bench run clean docs install

all: build

deps:
	@bash tools/deps.sh

build: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS)
	@$(MAKE) --no-print-directory sanitize

# The tests again in an ASan+UBSan build ($(BUILD)-san), warnings as errors. The parity matrix
# (other toolchains), the browser tests (label web), the valgrind run and the libFuzzer
# runs (label nosan: valgrind and ASan do not mix; the fuzz engine is its own ASan+UBSan
# build) are left out; the MPFR sweep runs 10^5 inputs here.
SAN_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKS_SANITIZE=ON -DKS_BENCH=OFF -DKS_WERROR=ON
sanitize: deps
	@cmake -S . -B $(BUILD)-san $(SAN_FLAGS) >/dev/null
	@cmake --build $(BUILD)-san -j$(JOBS)
	@cd $(BUILD)-san && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS) -LE 'nosan|parity|web'

bench: build
	@bash tools/bench.sh $(BUILD)

run: build
	@bash tools/run.sh $(BUILD)

# Only Doxygen, CMake and a C compiler (for CMake's configure): a libraries-only configuration.
docs:
	@bash tools/deps.sh --docs
	@cmake -S . -B $(BUILD)-docs -DKICKSTEP_ONLY_LIBRARIES=ON >/dev/null
	@cmake --build $(BUILD)-docs --target kickstep_docs

# A library-only build (no programs, tests or examples: only a C compiler is needed) installed into PREFIX.
PREFIX ?= /usr/local
install:
	@cmake -S . -B $(BUILD)-lib -DCMAKE_BUILD_TYPE=Release -DKICKSTEP_ONLY_LIBRARIES=ON >/dev/null
	@cmake --build $(BUILD)-lib -j$(JOBS)
	@cmake --install $(BUILD)-lib --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(BUILD)-san $(BUILD)-lib $(BUILD)-docs
