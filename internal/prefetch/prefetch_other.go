//go:build !amd64 || purego

// Package prefetch starts loading a cache line without waiting for it
// (see prefetch_amd64.go); here, with no assembly for it, it does nothing.
package prefetch

import "unsafe"

// Line does nothing here.
func Line(unsafe.Pointer) {}
