package rules_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/switchboard-go/switchboard/rules"
)

func TestViolationsReadOnePerLine(t *testing.T) {
	vs := rules.Violations{
		{Place: "ping", Message: "name must be lowercase"},
		{Place: `row 2 › button "Go"`, Message: "custom_id is required on a PRIMARY button"},
	}
	want := "ping: name must be lowercase\n" + `row 2 › button "Go": custom_id is required on a PRIMARY button`
	if got := vs.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := vs[1].Error(); got != `row 2 › button "Go": custom_id is required on a PRIMARY button` {
		t.Errorf("Violation.Error() = %q", got)
	}
}

func TestNoViolationsAreNoError(t *testing.T) {
	var none rules.Violations
	if err := none.Err(); err != nil {
		t.Errorf("nil Violations: Err() = %v, want nil", err)
	}
	if err := (rules.Violations{}).Err(); err != nil {
		t.Errorf("empty Violations: Err() = %v, want nil", err)
	}
}

func TestAViolationIsFoundInAWrappingError(t *testing.T) {
	vs := rules.Violations{{Place: "a", Code: "ONE"}, {Place: "b", Code: "TWO"}}
	err := fmt.Errorf("syncing: %w", vs.Err())
	var one rules.Violation
	if !errors.As(err, &one) || one.Code != "ONE" {
		t.Errorf("errors.As(Violation) = %+v, want the first violation", one)
	}
	var all rules.Violations
	if !errors.As(err, &all) || len(all) != 2 {
		t.Errorf("errors.As(Violations) = %v, want both violations", all)
	}
	if !errors.Is(err, vs[1]) {
		t.Error("errors.Is does not find the second violation")
	}
}
