# Chuhan: `make` builds ./chuhan; `make test`, `make bench`, `make perft` run the checks.
# Other targets: `make windows`, `make aarch64`, `make wasm`, `make dist` (release binaries), `make install`.

CC      ?= cc
HOSTCC  ?= cc
ARCH    ?= native
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O3 -march=$(ARCH) -DNDEBUG
LDFLAGS ?=
# Where one build's objects go and what it writes: the cross and release targets set these.
BUILD   ?= build/release
EXE     ?= chuhan
# The network built into the executable; NNUE_FILE=path builds another one in.
NNUE_FILE ?= nets/chuhan.nnue
# A system without threads (WASI) builds without this.
PTHREAD ?= -pthread
BASE    := -std=c17 -D_POSIX_C_SOURCE=200809L $(WARN) $(PTHREAD) -MMD -MP
LDLIBS  := $(PTHREAD) -lm

# The engine's layers, lowest first (docs/design.md).
ENGINE_DIRS  := base board notation eval probe search
ENGINE_SRC   := $(foreach d,$(ENGINE_DIRS),$(wildcard $(d)/*.c))
PROTOCOL_SRC := $(wildcard protocol/*.c)
TEXT_SRC     := $(wildcard text/*.c)
TOOL_SRC     := $(wildcard egtb/*.c) $(wildcard perft/*.c) $(wildcard bench/*.c) $(wildcard datagen/*.c) $(wildcard pgn/*.c) $(wildcard play/*.c) $(wildcard tune/*.c)
TOOL_SRC     += $(wildcard book/*.c)
TOOL_SRC     += $(wildcard review/*.c)
# The words a person reads, one catalogue a language.
TOOL_SRC     += $(wildcard lang/*.c)
# Data made into C arrays by tools/embed.c (built as build/embed): the network, the GB18030 code table
# and Chuhan's own opening book; the practical endings' list (egtb census).
GEN_SRC      := build/gen/chuhan_net.c build/gen/gb18030_table.c build/gen/chuhan_book.c build/gen/egtb_practical.c
# The engine's tables that follow from its code alone, made by tools/gen_tables.c (build/gen-tables).
GEN_SRC      += build/gen/tables.c
# A build's own sources beside them (the Emscripten build's input, browser/input.c).
EXTRA_SRC    ?=
LIB_SRC      := $(ENGINE_SRC) $(TEXT_SRC) $(PROTOCOL_SRC) $(TOOL_SRC) $(GEN_SRC) $(EXTRA_SRC)
# The tests: the shared helpers in tests/, each suite in the folder of what it tests.
TEST_SRC     := $(wildcard tests/*.c) $(wildcard tests/*/*.c)

REL_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/app/main.o
DBG_OBJ  := $(LIB_SRC:%.c=build/debug/%.o) build/debug/app/main.o
TEST_OBJ := $(LIB_SRC:%.c=build/test/%.o) $(TEST_SRC:%.c=build/test/%.o)

SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all debug test perft bench fuzz clean criterion clang trainer tsan windows aarch64 wasm web dist install uninstall egtb egtb-small
.PHONY: emscripten npm serve
all: $(EXE)

# Objects remember the flags they were built with: a change of ARCH, CFLAGS or compiler rebuilds.
RELEASE_FLAGS := $(CC) $(CPPFLAGS) $(BASE) $(CFLAGS) $(LDFLAGS)
$(shell mkdir -p $(BUILD) && (echo '$(RELEASE_FLAGS)' | cmp -s - $(BUILD)/flags || echo '$(RELEASE_FLAGS)' > $(BUILD)/flags))
$(REL_OBJ): $(BUILD)/flags

$(EXE): $(REL_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(BASE) $(CFLAGS) -c $< -o $@

# The embedded data, made once for every build by a program compiled for this machine.
# A change of NNUE_FILE (the path, not only the file) makes the array again.
$(shell mkdir -p build/gen && (echo '$(NNUE_FILE)' | cmp -s - build/gen/net-source || echo '$(NNUE_FILE)' > build/gen/net-source))
build/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(HOSTCC) -O2 $< -o $@

build/gen/chuhan_net.c: $(NNUE_FILE) build/gen/net-source build/embed
	build/embed chuhan_net $(NNUE_FILE) $@

build/gen/gb18030_table.c: pgn/gb18030.bin build/embed
	build/embed gb18030_table pgn/gb18030.bin $@

build/gen/chuhan_book.c: books/chuhan.book build/embed
	build/embed chuhan_book books/chuhan.book $@

build/gen/egtb_practical.c: egtb/practical.txt build/embed
	build/embed egtb_practical egtb/practical.txt $@

# The board's geometry, the position keys, the placement table and the reductions, made by tools/gen/ compiled for this
# machine and written out const: the engine fills none of them at start-up. Its list of headers
# (build/gen-tables.d) remakes them when one changes.
build/gen-tables: tools/gen_tables.c $(wildcard tools/gen/*.c)
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c17 $(WARN) -O2 -MMD -MP -MT $@ -MF $@.d $< -o $@

build/gen/tables.c: build/gen-tables
	build/gen-tables $@

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
TSAN_OBJ := $(LIB_SRC:%.c=build/tsan/%.o) build/tsan/app/main.o

tsan: chuhan-tsan
	./tools/stress --steps 60 ./chuhan-tsan

chuhan-tsan: $(TSAN_OBJ)
	$(CC) -g -fsanitize=thread $^ -o $@ $(LDLIBS)

build/tsan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) -O1 -g -fsanitize=thread -c $< -o $@

# Criterion comes from Debian's libcriterion-dev; install it when it is missing.
criterion:
	@echo '#include <criterion/criterion.h>' | $(CC) -E -x c - >/dev/null 2>&1 || ./tools/need libcriterion-dev

# Criterion's own runner leaks a little at exit; everything else must not.
test: chuhan chuhan-train tests/run
	LSAN_OPTIONS=suppressions=tests/lsan.supp ./tests/run --jobs 2

# libFuzzer on the FEN reader and the whole command loop, under ASan and UBSan.
# FUZZ_TIME seconds; new inputs go to fuzz/out, the seeds in fuzz/corpus stay small.
FUZZ_TIME ?= 60
FUZZ_SRC := $(LIB_SRC) fuzz/fuzz_protocol.c

fuzz: fuzz/fuzz_protocol fuzz/fuzz_egtb fuzz/fuzz_book chuhan
	@mkdir -p fuzz/out fuzz/out-egtb fuzz/out-book
	./fuzz/fuzz_protocol -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 -artifact_prefix=fuzz/out/ fuzz/out fuzz/corpus
	@# The table reader's seeds are tables built here (no table is kept in the repository).
	@test -f fuzz/out-egtb/KNk.asian.egtb || ./chuhan egtb build fuzz/out-egtb KNk KRk --rules asian 2>/dev/null
	./fuzz/fuzz_egtb -max_total_time=$(FUZZ_TIME) -max_len=16384 -timeout=10 -artifact_prefix=fuzz/out-egtb/ fuzz/out-egtb
	@# The book reader's seed is the book the engine carries.
	@test -f fuzz/out-book/chuhan.book || cp books/chuhan.book fuzz/out-book/
	./fuzz/fuzz_book -max_total_time=$(FUZZ_TIME) -max_len=16384 -timeout=10 -artifact_prefix=fuzz/out-book/ fuzz/out-book

fuzz/fuzz_protocol: $(FUZZ_SRC) | clang
	clang -std=c17 -D_POSIX_C_SOURCE=200809L -DCHUHAN_FUZZ $(WARN) -O1 -g -pthread \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $(FUZZ_SRC) -o $@

fuzz/fuzz_egtb fuzz/fuzz_book: fuzz/fuzz_%: $(LIB_SRC) fuzz/fuzz_%.c | clang
	clang -std=c17 -D_POSIX_C_SOURCE=200809L $(WARN) -O1 -g -pthread \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $(LIB_SRC) fuzz/fuzz_$*.c -o $@ -lm

clang:
	@echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' | \
	    clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1 || ./tools/need clang libclang-rt-14-dev

perft: chuhan
	./chuhan perft --suite perft/perft.txt

# Endgame tables (docs/egtb.md): every ending of up to five men and the practical ones of six to
# eight in egtb/practical.txt, under both rule sets, into EGTB_DIR, outside the repository. Tables
# already there are kept, so a build stopped part way goes on where it stopped.
EGTB_DIR     ?= $(HOME)/chuhan-egtb
EGTB_THREADS ?= 2
egtb: chuhan
	mkdir -p $(EGTB_DIR)
	./chuhan egtb build $(EGTB_DIR) --men 5 $$(grep -v '^#' egtb/practical.txt | cut -d' ' -f1) --threads $(EGTB_THREADS)

# A set built in minutes, from games (docs/egtb.md, "Which endings games reach"): the endings that
# two games or more of the real games or of the match games counted entered, and the endings their
# captures reach, which the builder adds itself.
EGTB_SMALL   := KRCkr KRPkr KCAkb KCAkp KCPkbb KNkpa KNABk KRAAkr KRABkr KCPAk KNkca
egtb-small: chuhan
	mkdir -p $(EGTB_DIR)
	./chuhan egtb build $(EGTB_DIR) $(EGTB_SMALL) --threads $(EGTB_THREADS)

bench: chuhan
	./chuhan bench

# Other systems and processors, cross-compiled with Debian's toolchains (installed when missing):
# Windows on x86-64 (mingw-w64, statically linked, only system DLLs) and Linux on 64-bit ARM.
# Each keeps its own objects; ARCH picks the processor level, a portable one by default.
WIN_CC := x86_64-w64-mingw32-gcc
ARM_CC := aarch64-linux-gnu-gcc
# Windows gives a thread 1 MB of stack unless the executable asks for more.
WIN_LD := -static -Wl,--stack,8388608

windows: | cross-windows
	$(MAKE) CC=$(WIN_CC) ARCH=$(if $(filter native,$(ARCH)),x86-64,$(ARCH)) LDFLAGS="$(WIN_LD)" BUILD=build/windows EXE=chuhan.exe

aarch64: | cross-aarch64
	$(MAKE) CC=$(ARM_CC) ARCH=$(if $(filter native,$(ARCH)),armv8-a,$(ARCH)) LDFLAGS=-static BUILD=build/aarch64 EXE=chuhan-aarch64

.PHONY: cross-windows cross-aarch64 cross-wasm
cross-windows:
	@command -v $(WIN_CC) >/dev/null || ./tools/need gcc-mingw-w64-x86-64
cross-aarch64:
	@command -v $(ARM_CC) >/dev/null || ./tools/need gcc-aarch64-linux-gnu libc6-dev-arm64-cross

# WebAssembly for WASI (chuhan.wasm), with Debian's clang, lld, wasi-libc and compiler-rt for
# wasm32: one thread, which reads the input while it searches (docs/platforms.md). Run it with
# `node tools/ports/wasm-run.mjs chuhan.wasm [ARGS]`. SIMD128 is in every current runtime.
WASM_CC       := clang
WASM_TARGET   := --target=wasm32-wasi
WASI_INCLUDE  := /usr/include/wasm32-wasi
# WASI's headers only (Debian's clang would fall back on the host's), and wasi/pthread.h.
WASM_CPPFLAGS := -nostdlibinc -isystem $(WASI_INCLUDE) -Iwasi
WASM_CFLAGS   := $(WASM_TARGET) -O3 -msimd128 -DNDEBUG
# The native builds' 8 MB of stack (wasm-ld gives 64 KB), below the data so that overflowing it traps.
WASM_LD       := -Wl,-z,stack-size=8388608 -Wl,--stack-first

wasm: | cross-wasm
	$(MAKE) CC=$(WASM_CC) CPPFLAGS="$(WASM_CPPFLAGS)" CFLAGS="$(WASM_CFLAGS)" LDFLAGS="$(WASM_LD)" PTHREAD= \
	    BUILD=build/wasm EXE=chuhan.wasm

# WebAssembly for pages and node with threads (Emscripten, Debian's emscripten): chuhan.js (the
# interface web GUIs use, browser/api.js, around Emscripten's loader), chuhan.wasm and
# chuhan.worker.js, in build/emscripten. The protocol loop, the search and its helpers each run
# in a thread (a Web Worker) over shared memory; the page posts lines (docs/web.md). Beside them,
# for pages that may not share memory, the WASI build on one thread, made resumable by
# binaryen's Asyncify (chuhan-wasi.wasm), and the worker that runs it (chuhan-wasi.worker.js).
EM_DIR   := build/emscripten
EM_CC    := emcc
EM_FLAGS := -O3 -msimd128 -DNDEBUG
EM_LD    := -sMODULARIZE -sEXPORT_NAME=ChuhanModule -sENVIRONMENT=web,worker,node -sPROXY_TO_PTHREAD \
            -sEXIT_RUNTIME -sALLOW_MEMORY_GROWTH -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB \
            -sTOTAL_STACK=8MB -sDEFAULT_PTHREAD_STACK_SIZE=8MB -sPTHREAD_POOL_SIZE=Module.poolSize \
            -sPTHREAD_POOL_SIZE_STRICT=0 -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 \
            -sEXPORTED_FUNCTIONS=_main,_chuhan_post,_chuhan_close,_malloc,_free \
            -sEXPORTED_RUNTIME_METHODS=lengthBytesUTF8,stringToUTF8,FS --extern-post-js browser/api.js \
            --pre-js browser/range.js

EM_FILES := chuhan.js chuhan.wasm chuhan.worker.js chuhan-wasi.wasm chuhan-wasi.worker.js

emscripten: wasm | cross-emscripten
	@for f in browser/api.js browser/range.js; do ! test $(EM_DIR)/chuhan.js -ot $$f || rm -f $(EM_DIR)/chuhan.js; done # the JavaScript changed
	NODE_PATH=/usr/share/nodejs $(MAKE) CC=$(EM_CC) CFLAGS="$(EM_FLAGS)" LDFLAGS="$(EM_LD)" \
	    EXTRA_SRC=browser/input.c BUILD=$(EM_DIR) EXE=$(EM_DIR)/chuhan.js
	$(MAKE) $(EM_DIR)/chuhan-wasi.wasm
	cat browser/wasi-worker.js browser/range.js > $(EM_DIR)/chuhan-wasi.worker.js # range.js after: the worker's 'use strict' stays first

# Unwinds to the worker's event loop where the engine waits for input or polls it while it searches.
$(EM_DIR)/chuhan-wasi.wasm: chuhan.wasm
	wasm-opt $< -O2 --asyncify \
	    --pass-arg=asyncify-imports@wasi_snapshot_preview1.fd_read,wasi_snapshot_preview1.poll_oneoff -o $@

# The page (web/) with the engine beside it; `make serve` serves it with the headers threads need.
web: emscripten web/egtb/files.txt web/lang/reasons.js
	cp $(addprefix $(EM_DIR)/,$(EM_FILES)) web/
	cp books/chuhan.book web/chuhan.book # the opening explorer's own book

# The engine's reasons in both languages from its own catalogues, for the page to put them into Chinese.
build/reasons: tools/reasons.c lang/choose.c lang/en.c lang/zh.c lang/lang.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c17 $(WARN) -O2 $(filter %.c,$^) -o $@

web/lang/reasons.js: build/reasons
	build/reasons $@

# The endings the page's practice offers (web/practice.js), their tables (and those their captures
# reach) built here by the engine under the Asian rules the page plays by: some 70 KB in all.
WEB_ENDINGS := KRk KNk KPk KCAk KRka KRkb KNka KRkaa KRkbb
web/egtb/files.txt: chuhan Makefile
	rm -rf web/egtb && mkdir web/egtb
	./chuhan egtb build web/egtb $(WEB_ENDINGS) --rules asian 2>/dev/null
	cd web/egtb && ls *.egtb > files.txt

# EGTB=FOLDER serves that folder's tables at /egtb/ (say `make serve EGTB=~/chuhan-egtb`, all of `make egtb`).
serve: web
	python3 tools/ports/serve web $(if $(EGTB),--egtb $(EGTB))

# The npm package (chuhan-VERSION.tgz, here): the engine, its README, types and licence.
npm: emscripten
	tools/ports/npm-pack

cross-emscripten:
	@command -v $(EM_CC) >/dev/null || ./tools/need emscripten

cross-wasm:
	@v=$$($(WASM_CC) -dumpversion 2>/dev/null | cut -d. -f1); missing=; \
	command -v $(WASM_CC) >/dev/null || missing="$$missing clang"; \
	command -v wasm-ld-$$v >/dev/null || command -v wasm-ld >/dev/null || missing="$$missing lld$${v:+-$$v}"; \
	test -f $(WASI_INCLUDE)/stdio.h || missing="$$missing wasi-libc"; \
	test -f "$$($(WASM_CC) $(WASM_TARGET) -print-libgcc-file-name 2>/dev/null)" || \
	    missing="$$missing libclang-rt$${v:+-$$v}-dev-wasm32"; \
	test -z "$$missing" || ./tools/need $$missing

# Release binaries for others' machines, never -march=native: for each system a portable
# x86-64 build and one for processors with AVX2 (2013 on), 64-bit ARM Linux, and their
# SHA-256 sums, all in dist/.
DIST := dist

dist: | cross-windows cross-aarch64
	@mkdir -p $(DIST)
	$(MAKE) ARCH=x86-64 LDFLAGS="-static -s" BUILD=build/dist/linux-x86-64 EXE=$(DIST)/chuhan-linux-x86-64
	$(MAKE) ARCH=x86-64-v3 LDFLAGS="-static -s" BUILD=build/dist/linux-x86-64-avx2 EXE=$(DIST)/chuhan-linux-x86-64-avx2
	$(MAKE) CC=$(WIN_CC) ARCH=x86-64 LDFLAGS="$(WIN_LD) -s" BUILD=build/dist/windows-x86-64 EXE=$(DIST)/chuhan-windows-x86-64.exe
	$(MAKE) CC=$(WIN_CC) ARCH=x86-64-v3 LDFLAGS="$(WIN_LD) -s" BUILD=build/dist/windows-x86-64-avx2 EXE=$(DIST)/chuhan-windows-x86-64-avx2.exe
	$(MAKE) CC=$(ARM_CC) ARCH=armv8-a LDFLAGS="-static -s" BUILD=build/dist/linux-aarch64 EXE=$(DIST)/chuhan-linux-aarch64
	cd $(DIST) && sha256sum chuhan-* > SHA256SUMS && cat SHA256SUMS

# Installs the native build and its manual page; PREFIX and DESTDIR as packagers set them.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man

install: chuhan
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6
	install -m 755 chuhan $(DESTDIR)$(BINDIR)/chuhan
	install -m 644 docs/chuhan.6 $(DESTDIR)$(MANDIR)/man6/chuhan.6

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/chuhan $(DESTDIR)$(MANDIR)/man6/chuhan.6

clean:
	rm -rf build dist chuhan chuhan.exe chuhan-aarch64 chuhan.wasm chuhan-debug chuhan-train chuhan-tsan tests/run fuzz/fuzz_protocol fuzz/out fuzz/fuzz_egtb fuzz/out-egtb

-include $(shell find build -name '*.d' 2>/dev/null)

# The network trainer, a program of its own: it needs only the data and network formats.
trainer: chuhan-train
chuhan-train: trainer/train.c datagen/chain.c datagen/reader.c base/shares.c base/parallel.c datagen/record.h datagen/chain.h datagen/reader.h eval/nnue.h base/shares.h
	$(CC) -std=c17 -D_POSIX_C_SOURCE=200809L $(WARN) -pthread $(CFLAGS) $(filter %.c,$^) -o $@ -lm $(LDLIBS)
