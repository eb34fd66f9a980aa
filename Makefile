# kickstep — the two commands of the README, and a few more.
#   make run    build what is missing, serve the game on 127.0.0.1 and print its URL
#   make test   build everything and run every test (ctest)
#   make bench  build and run the benchmarks (figures printed, never asserted)
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DKS_WERROR=ON

.PHONY: all deps build test bench run clean

all: build

deps:
	@bash tools/deps.sh

build: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

bench: build
	@bash tools/bench.sh $(BUILD)

run: build
	@bash tools/run.sh $(BUILD)

clean:
	rm -rf $(BUILD)
