package switchboardtest_test

import "testing"

func TestTheFaultExampleTestPasses(t *testing.T) { testTipsSurviveFaults(t) }
