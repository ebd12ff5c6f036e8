//go:build !race

package disgoroute_test

// raceDetector reports that the tests run under the race detector.
const raceDetector = false
