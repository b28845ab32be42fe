# Kiothi engine: build, test, benchmark, fuzz and lint.
GO      ?= go
BIN     ?= bin/kiothi
FUZZTIME ?= 10s
# The version stamp of make build and make program: the commit (+dirty
# for uncommitted changes) and the release tag at HEAD, if any (kiothi
# --version, bench, the worker's start line and its build fingerprint show
# them).
COMMIT  ?= $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD || c=$$c+dirty; echo $$c; })
TAG     ?= $(shell git describe --tags --exact-match 2>/dev/null)
LDFLAGS ?= -X main.stampedCommit=$(COMMIT) -X main.stampedTag=$(TAG)

# The larger endgame database, optional: make egdb writes every board of
# up to EGDB_MAX warriors (by default egdb.DefaultMax: 696 MB on disk,
# about 30 minutes and 1.7 GB of memory on two cores; sizes in
# docs/solve.md) beside the program, where the egdb setting's auto reads
# it in place of the built-in one of up to egdb.EmbeddedMax. It builds
# once, again when this build cannot read the file, and on from its layers
# when it holds fewer than EGDB_MAX (make egdb EGDB_MAX=13 writes a
# smaller one: 287 MB, about a third of the time).
EGDB     ?= $(dir $(BIN))kiothi.egdb
EGDB_MAX ?= $(shell sed -n 's/^const DefaultMax = \([0-9]*\)$$/\1/p' egdb/command.go)

.PHONY: all build program egdb embedded-egdb test race bench signature fuzz lint suite book clean

all: build

# The program, with its built-in endgame database (a minute or two the
# first time, with the Go modules' download).
build: program
	@echo "built $(BIN); it reads the built-in endgame database (up to $(EMBEDDED_MAX) warriors) unless $(EGDB) is there; make egdb builds the larger one (optional: up to $(EGDB_MAX) warriors, 696 MB, about 30 minutes on two cores)"

program:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/kiothi

egdb: program
	@have=$$($(BIN) egdb info $(EGDB) 2>/dev/null | sed -n '1s/.*layers 0 to \([0-9]*\),.*/\1/p'); \
	if [ -z "$$have" ]; then \
	  echo "building the endgame database $(EGDB), layers 0 to $(EGDB_MAX) (once; for layers 0 to 14: 696 MB, about 30 minutes and 1.7 GB of memory on two cores)"; \
	  $(BIN) egdb build --max $(EGDB_MAX) --out $(EGDB); \
	elif [ "$$have" -lt $(EGDB_MAX) ]; then \
	  echo "building the endgame database $(EGDB) on from its layers 0 to $$have (to $(EGDB_MAX))"; \
	  $(BIN) egdb build --from $(EGDB) --max $(EGDB_MAX) --out $(EGDB); \
	else \
	  echo "$(EGDB) holds layers 0 to $$have already"; \
	fi
	$(BIN) egdb verify $(EGDB) --sample 100000 --positions 30

# The database built into the program (egdb.EmbeddedMax's layers,
# gzipped; about 13 s of one core): what auto reads when no kiothi.egdb
# stands beside the program. Rebuild it when the rules or the file
# format change (go test ./egdb checks it against a fresh build).
EMBEDDED_MAX = $(shell sed -n 's/^const EmbeddedMax = \([0-9]*\)$$/\1/p' egdb/embedded.go)

embedded-egdb: program
	$(BIN) egdb build --max $(EMBEDDED_MAX) --out bin/embedded.kdb
	gzip -9n -c bin/embedded.kdb > egdb/embedded.kdb.gz
	rm -f bin/embedded.kdb

# The README's test command: vet, format check, every test, then the rules
# core again with the portable Go relay lanes (-tags purego) in place of the
# amd64 assembly, so both implementations pass both perft suites (and the
# network's Go hidden layer its tests). go test
# -json goes through internal/testprogress, which prints each package as
# it starts and go test's closing line as it ends, a failed package's
# output, every skipped test with its reason, the browser tests as they
# run, and each minute the packages still running; it fails the target
# when a test fails.
PROGRESS = bin/testprogress -announce '^TestBrowser'
test: lint
	@mkdir -p bin && $(GO) build -o bin/testprogress ./internal/testprogress
	@bash -o pipefail -c "$(GO) test -json ./... | $(PROGRESS)"
	@bash -o pipefail -c "$(GO) test -json -tags purego ./position ./movegen ./eval/nn | $(PROGRESS)"

race:
	$(GO) test -race -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./...

# The search's signature: kiothi bench's node count (1 thread, the default
# depth and hash) against the one checked in. A commit that changes the
# search on purpose updates bench/signature.txt and says so in its message.
signature: program
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
	$(GO) vet -tags purego ./position ./movegen ./eval/nn
	$(GO) vet -tags harness ./...
	$(GO) vet -tags "harness smpstats" ./search

# The whole public perft suites through the CLI.
suite: program
	$(BIN) perft --suite testdata/kiothi.perft
	$(BIN) perft --suite testdata/kiothi-free-first-lap.perft --free-first-lap

# The small opening book the tests use (minutes on two cores; deterministic
# for a given engine, so a rebuild after a search change may change it).
book:
	$(GO) run ./cmd/kiothi book build --out testdata/book.kbk --positions 300 --hash 16 \
	    --plies 10 --depth 4 --threads 2 --candidates 6 --progress off

clean:
	rm -rf bin
