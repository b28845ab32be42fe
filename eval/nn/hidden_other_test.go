//go:build !amd64 || purego

// No assembly forms of the hidden layer here (TestHiddenMatchesPlain).

package nn

func archHiddenForms() []hiddenForm { return nil }
