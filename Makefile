# Kiothi engine: build, test, benchmark, fuzz and lint.
GO      ?= go
BIN     ?= bin/kiothi
FUZZTIME ?= 10s

.PHONY: all build test race bench signature fuzz lint suite book clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/kiothi

# The README's test command: vet, format check, every test, then the rules
# core again with the portable Go relay lanes (-tags purego) in place of the
# amd64 assembly, so both implementations pass both perft suites.
test: lint
	$(GO) test ./...
	$(GO) test -tags purego ./position ./movegen

race:
	$(GO) test -race -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./...

# The search's signature: kiothi bench's node count (1 thread, the default
# depth and hash) against the one checked in. A commit that changes the
# search on purpose updates bench/signature.txt and says so in its message.
signature: build
	@want=$$(cat bench/signature.txt); \
	got=$$($(BIN) bench | grep '^Nodes searched:'); \
	if [ "$$got" != "$$want" ]; then \
	  echo "bench signature: kiothi bench says '$$got', bench/signature.txt says '$$want'"; exit 1; \
	fi; \
	echo "bench signature ok: $$got"

# A short run of every fuzz target (go test -fuzz takes one target at a
# time). FUZZTIME is a duration or an input count (20000x); CI uses a count.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$t"; \
	    $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags purego ./position ./movegen
	$(GO) vet -tags harness ./...
	$(GO) vet -tags "harness smpstats" ./search

# The whole public perft suites through the CLI.
suite: build
	$(BIN) perft --suite testdata/kiothi.perft
	$(BIN) perft --suite testdata/kiothi-free-first-lap.perft --free-first-lap

# The small opening book the tests use (minutes on two cores; deterministic
# for a given engine, so a rebuild after a search change may change it).
book:
	$(GO) run ./cmd/kiothi book build --out testdata/book.kbk --positions 300 \
	    --plies 10 --depth 4 --threads 2 --candidates 6 --progress off

clean:
	rm -rf bin
