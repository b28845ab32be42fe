// Command kiothi is the Kiothi engine: perft, analysis, solving, matches,
// protocols, books and training data. Each subcommand lives in its own
// file and is listed in root.go; kiothi COMMAND --help gives its flags.
//
// The rules:
//
//	kiothi perft POSITION --depth N    count move paths (RULES.md §8), or check a suite (--suite FILE)
//	kiothi moves POSITION              the legal moves and the position after each
//	kiothi show POSITION [MOVE...]     play moves and draw the board
//
// The search:
//
//	kiothi analyse POSITION [MOVE...]  search; UCI-style info lines (cp: centi-warriors), then bestmove
//	kiothi bench                       the fixed search benchmark: build, machine, node count and speed
//	kiothi bench --threads 1,2 --movetime 50   per-thread speed and a search's fixed cost by thread count
//	kiothi solve POSITION              prove a play-phase position's exact value
//	kiothi egdb build|verify|info      endgame databases: exact values of small boards
//	kiothi accuracy --set FILE         a player's moves against proven move values
//
// Playing and front-ends:
//
//	kiothi play                        a person against the engine in the terminal
//	kiothi ugi                         the UGI protocol on stdin and stdout
//	kiothi serve                       the board page and the HTTP/JSON API
//
// Games between engines, books, training data, and the workers that run
// their jobs from a NATS queue:
//
//	kiothi match --player1 SPEC --player2 SPEC   games between two players, with an SPRT
//	kiothi annotate GAMES.pgn                    review every move of PGN games
//	kiothi book build|probe|stats|merge          opening books
//	kiothi datagen --out FILE                    self-play games as labelled positions
//	kiothi datagen exact --data FILE --out FILE  positions labelled with their proven values
//	kiothi tune --data FILE                      fit the evaluation's weights to datagen files
//	kiothi spsa --openings FILE                  tune the search's knobs by SPSA over short matches
//	kiothi train --data FILE                     train the network evaluation on datagen files
//	kiothi worker --nats URL                     run games, searches, perft and datagen jobs
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
