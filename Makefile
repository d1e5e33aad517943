# Chuhan: `make` builds ./chuhan; `make test`, `make bench`, `make perft` run the checks.

CC      ?= cc
ARCH    ?= native
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O3 -march=$(ARCH) -DNDEBUG
# The network built into the executable (engine/nnue.c); NNUE_FILE=path builds another one in.
NNUE_FILE ?= nets/chuhan.nnue
BASE    := -std=c17 -D_POSIX_C_SOURCE=200809L -DNNUE_FILE='"$(NNUE_FILE)"' $(WARN) -pthread -MMD -MP
LDLIBS  := -pthread

ENGINE_SRC   := $(wildcard engine/*.c)
PROTOCOL_SRC := $(filter-out protocol/main.c,$(wildcard protocol/*.c))
TOOL_SRC     := $(wildcard perft/*.c) $(wildcard bench/*.c) $(wildcard datagen/*.c) $(wildcard pgn/*.c) $(wildcard play/*.c) $(wildcard tune/*.c)
LIB_SRC      := $(ENGINE_SRC) $(PROTOCOL_SRC) $(TOOL_SRC)
TEST_SRC     := $(wildcard tests/*.c)

REL_OBJ  := $(LIB_SRC:%.c=build/release/%.o) build/release/protocol/main.o
DBG_OBJ  := $(LIB_SRC:%.c=build/debug/%.o) build/debug/protocol/main.o
TEST_OBJ := $(LIB_SRC:%.c=build/test/%.o) $(TEST_SRC:%.c=build/test/%.o)

SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all debug test perft bench fuzz clean criterion clang trainer tsan
all: chuhan

# Objects remember the flags they were built with: a change of ARCH, CFLAGS, compiler or network rebuilds.
RELEASE_FLAGS := $(CC) $(BASE) $(CFLAGS)
$(shell mkdir -p build/release && (echo '$(RELEASE_FLAGS)' | cmp -s - build/release/flags || echo '$(RELEASE_FLAGS)' > build/release/flags))
$(REL_OBJ): build/release/flags
build/release/engine/nnue.o build/debug/engine/nnue.o build/test/engine/nnue.o build/tsan/engine/nnue.o: $(NNUE_FILE)

chuhan: $(REL_OBJ)
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)

build/release/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(CFLAGS) -c $< -o $@

# ASan + UBSan build, for hunting memory and undefined-behaviour bugs.
debug: chuhan-debug
chuhan-debug: $(DBG_OBJ)
	$(CC) -g $(SANITIZE) $^ -o $@ $(LDLIBS)

build/debug/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) -O1 -g $(SANITIZE) -c $< -o $@

# The unit tests run against a sanitized, optimised build of the engine.
TEST_FLAGS := -O2 -g $(SANITIZE)

build/test/%.o: %.c | criterion
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(TEST_FLAGS) -c $< -o $@

tests/run: $(TEST_OBJ) | criterion
	$(CC) $(TEST_FLAGS) $^ -o $@ -lcriterion $(LDLIBS)

# ThreadSanitizer build, driven through random sessions in every dialect with one to three
# threads (tools/stress); any report fails it. About a minute.
TSAN_OBJ := $(LIB_SRC:%.c=build/tsan/%.o) build/tsan/protocol/main.o

tsan: chuhan-tsan
	./tools/stress --steps 60 ./chuhan-tsan

chuhan-tsan: $(TSAN_OBJ)
	$(CC) -g -fsanitize=thread $^ -o $@ $(LDLIBS)

build/tsan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) -O1 -g -fsanitize=thread -c $< -o $@

# Criterion comes from Debian's libcriterion-dev; install it when it is missing.
criterion:
	@if ! echo '#include <criterion/criterion.h>' | $(CC) -E -x c - >/dev/null 2>&1; then \
	    echo "make: Criterion headers not found; installing libcriterion-dev with apt-get"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libcriterion-dev; \
	fi

# Criterion's own runner leaks a little at exit; everything else must not.
test: chuhan tests/run
	LSAN_OPTIONS=suppressions=tests/lsan.supp ./tests/run --jobs 2

# libFuzzer on the FEN reader and the whole command loop, under ASan and UBSan.
# FUZZ_TIME seconds; new inputs go to fuzz/out, the seeds in fuzz/corpus stay small.
FUZZ_TIME ?= 60
FUZZ_SRC := $(LIB_SRC) fuzz/fuzz_protocol.c

fuzz: fuzz/fuzz_protocol
	@mkdir -p fuzz/out
	./fuzz/fuzz_protocol -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 -artifact_prefix=fuzz/out/ fuzz/out fuzz/corpus

fuzz/fuzz_protocol: $(FUZZ_SRC) $(NNUE_FILE) | clang
	clang -std=c17 -D_POSIX_C_SOURCE=200809L -DCHUHAN_FUZZ -DNNUE_FILE='"$(NNUE_FILE)"' $(WARN) -O1 -g -pthread \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $(FUZZ_SRC) -o $@

clang:
	@if ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' | \
	    clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1; then \
	    echo "make: clang with libFuzzer not found; installing clang and libclang-rt-14-dev with apt-get"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang libclang-rt-14-dev; \
	fi

perft: chuhan
	./chuhan perft --suite perft/perft.txt

bench: chuhan
	./chuhan bench

clean:
	rm -rf build chuhan chuhan-debug chuhan-train chuhan-tsan tests/run fuzz/fuzz_protocol fuzz/out

-include $(shell find build -name '*.d' 2>/dev/null)

# The network trainer, a program of its own: it needs only the record and network formats.
trainer: chuhan-train
chuhan-train: trainer/train.c datagen/record.h engine/nnue.h
	$(CC) -std=c17 -D_POSIX_C_SOURCE=200809L $(WARN) -pthread $(CFLAGS) $< -o $@ -lm $(LDLIBS)
