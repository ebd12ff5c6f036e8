package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestTheScriptFilesAReportInTwoForms(t *testing.T) {
	// The script attaches files of its own, wherever the program runs,
	// and leaves none behind.
	t.Chdir(t.TempDir())
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"    Severity (severity: pick one of Minor · Major · Critical, or none)\n"+
			"    Where (where: tick 1 to 2 of Website · App · API)\n"+
			"    I can reproduce it (repro: a checkbox)\n"+
			"    Assign to ‹assignee: a user›\n"+
			`    fill it in with: submit title:"…" severity:… where:…,… repro:yes assignee:@…`+"\n",
		"  bot › 🐞 The login button does nothing\n"+
			"        major, in web and app, reproduced; assigned to Ada by owner\n"+
			"        [Attach screenshots]\n",
		"    Screenshots (shots: 1 to 3 files, image only)\n",
		`  ✗ the client refuses: file upload "Screenshots": steps.txt is not a file it takes (image)`,
		fmt.Sprintf("📎 login.png (image/png, %d bytes), console.png (image/png, %d bytes)\n",
			len(picture(40, 30)), len(picture(80, 20))),
		`  ✗ the client refuses: checkbox group "Where" takes at most 2 values, not 3`,
		"  bot › 🐞 A typo on the home page\n"+
			"        unrated, in web, not reproduced yet; assigned to Bob by owner\n",
	)
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the intro left %d files behind", len(left))
	}
}

// The client's refusals keep the bot from hearing what the client does
// not send. A file is offered by its name alone: one named as a picture
// is sent whatever it holds.
func TestWhatTheClientAndTheBotRefuse(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.png")
	if err := os.WriteFile(fake, []byte("not a picture"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := playground.OutputRefusing(t, example, 4, "", "-quiet", "-script", playground.ScriptFile(t,
		"/bug",
		`submit where:Website assignee:@bob`,
		`submit title:"Slow" severity:Major,Minor where:API assignee:@bob`,
		`submit title:"Slow" where:API assignee:@bob repro:maybe`,
		`submit title:"Slow" where: assignee:@bob`,
		`submit title:"Slow" severity:Critical where:API,Website repro:no assignee:@owner`,
		`click "Attach screenshots"`,
		`submit shots:`+fake,
	))
	playground.Shows(t, out,
		`✗ the client refuses: text input "Title" is required`,
		`✗ the client refuses: radio group "Severity" offers no option "Major,Minor"`,
		`✗ checkbox repro takes yes or no, not "maybe"`,
		`✗ the client refuses: checkbox group "Where" is required`,
		"bot › 🐞 Slow\n        critical, in web and api, not reproduced yet; assigned to Owner by owner\n",
		"📎 fake.png (image/png, 13 bytes)",
	)
}

func TestTheFormsKeepTheServicesRules(t *testing.T) {
	for _, m := range []interaction.Modal{bugForm(), shotsForm()} {
		if v := component.ValidateModal(m); len(v) > 0 {
			t.Errorf("the %s form: %v", m.CustomID, v)
		}
	}
	if n := len(bugForm().Components); n != 5 {
		t.Errorf("the bug form has %d inputs; a modal holds 5 at most, and it means to show them all", n)
	}
	if !strings.Contains(fmt.Sprint(shotsForm().Components), "image") {
		t.Errorf("the screenshots form takes any file: %v", shotsForm().Components)
	}
}
