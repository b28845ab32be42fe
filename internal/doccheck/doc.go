// Package doccheck has no code: its tests hold the project's documents to
// their limits (the README's length, the reference docs without dated
// measurements, links that resolve).
package doccheck
