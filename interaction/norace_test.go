//go:build !race

package interaction_test

const raceEnabled = false
