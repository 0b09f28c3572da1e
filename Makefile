# Builds the `chariot` binary where a caller asks for it; the interface OpenBench's client
# uses (docs/openbench.md):
#
#   make                          release build, copied to ./chariot
#   make EXE=path/to/name         ... copied to path/to/name (name.exe on Windows)
#   make EVALFILE=net.nnue        with net.nnue as the built-in chess network
#   make XQ_EVALFILE=net.nnue     with net.nnue as the built-in xiangqi network
#   make CPU=x86-64-v3            for AVX2 machines (or CPU=native); default x86-64-v2
#                                 from .cargo/config.toml
#
# Cargo does the building and decides what is stale, so the recipe always runs. Without
# EVALFILE, XQ_EVALFILE and CPU it uses the workspace's target folder (cheap after `cargo build
# --release`); with any of them it uses a folder of its own under it, so that the ordinary
# build is not rebuilt with another network or other CPU flags (and back) in turn.

EXE ?= chariot
EVALFILE ?=
XQ_EVALFILE ?=
CPU ?=
CARGO ?= cargo

# OpenBench passes CC=<its compiler> (for a Rust engine, `cargo`) on the command line, and
# make would export it to cargo, whose build scripts would take it for a C compiler.
unexport CC CXX

TARGET_DIR := $(if $(CARGO_TARGET_DIR),$(CARGO_TARGET_DIR),target)
ifneq ($(strip $(EVALFILE)$(XQ_EVALFILE)$(CPU)),)
  TARGET_DIR := $(TARGET_DIR)/makefile
endif

ifneq ($(strip $(EVALFILE)),)
  ifeq ($(wildcard $(EVALFILE)),)
    $(error EVALFILE=$(EVALFILE): no such file)
  endif
  export CHARIOT_EVALFILE := $(abspath $(EVALFILE))
else
  unexport CHARIOT_EVALFILE
endif

ifneq ($(strip $(XQ_EVALFILE)),)
  ifeq ($(wildcard $(XQ_EVALFILE)),)
    $(error XQ_EVALFILE=$(XQ_EVALFILE): no such file)
  endif
  export CHARIOT_XQ_EVALFILE := $(abspath $(XQ_EVALFILE))
else
  unexport CHARIOT_XQ_EVALFILE
endif

ifneq ($(strip $(CPU)),)
  export RUSTFLAGS := -C target-cpu=$(CPU)
endif

ifeq ($(OS),Windows_NT)
  SUFFIX := .exe
else
  SUFFIX :=
endif

.PHONY: all chariot-binary clean
all: chariot-binary

chariot-binary:
	$(CARGO) build --release -p chariot --target-dir "$(TARGET_DIR)"
	cp "$(TARGET_DIR)/release/chariot$(SUFFIX)" "$(EXE)$(SUFFIX)"

# Removes the copied binary only: the target folder is cargo's (`cargo clean`).
clean:
	rm -f "$(EXE)$(SUFFIX)"
