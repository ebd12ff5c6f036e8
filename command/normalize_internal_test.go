package command

import (
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// The service stores the extensions of file_types in lower case; their
// normal form is sorted, without repeats.
func TestNormalFileTypesAreSortedAndInLowerCase(t *testing.T) {
	c := Command{Name: "report", Description: "Report", Options: []Option{
		{Type: interaction.OptionAttachment, Name: "proof", Description: "Proof", FileTypes: []string{".TXT", "image", ".Pdf", ".txt"}},
	}}
	if got := normalize(Global, c).Options[0].FileTypes; !slices.Equal(got, []string{".pdf", ".txt", "image"}) {
		t.Errorf("normal file types %v", got)
	}
}
