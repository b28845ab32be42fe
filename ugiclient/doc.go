// Package ugiclient drives an external engine over UGI (docs/ugi.md): it
// starts the program, reads its handshake, sets options, sends positions
// and asks for moves, each wait bounded (Client); Player plays a game's
// moves with it (match's ugi:<command> players). It is the client side
// of the protocol package ugi serves, and imports no face.
package ugiclient
