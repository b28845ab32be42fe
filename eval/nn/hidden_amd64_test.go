//go:build !purego

// The amd64 assembly forms of the hidden layer, for TestHiddenMatchesPlain.

package nn

func archHiddenForms() []hiddenForm {
	forms := []hiddenForm{{"hiddenSSE2", func(n *Net, in *[NumActive]uint16) int64 {
		return hiddenSSE2(&n.w1h, in, &n.b1h, &n.w2h, &n.oneV)
	}}}
	if useAVX2 {
		forms = append(forms, hiddenForm{"hiddenAVX2", func(n *Net, in *[NumActive]uint16) int64 {
			return hiddenAVX2(&n.w1h, in, &n.b1h, &n.w2h, &n.oneV)
		}})
	}
	return forms
}
