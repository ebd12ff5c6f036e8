package main

import (
	"context"
	"strings"
	"testing"
)

func TestTheWalkThroughPrintsACILog(t *testing.T) {
	var out strings.Builder
	if err := walk(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{
		"$ deploy sync -check\nglobal: 2 to create; 1 request (bulk overwrite)\n  + CHAT_INPUT  greet\n  + CHAT_INPUT  ping\ndry run: 1 write planned, none sent\n✗ exit 1: registry: the service's commands differ from the declared ones\n",
		"$ deploy sync -dry-run\nglobal: 2 to create; 1 request (bulk overwrite)\n",
		"$ deploy sync\nglobal: 2 to create; 1 request (bulk overwrite)\n  + CHAT_INPUT  greet\n  + CHAT_INPUT  ping\nglobal: bulk overwrite: 2 created, 0 updated, 0 deleted\n2 of 2 changes made\n✓ exit 0\n",
		"$ deploy sync -check\nglobal: 2 unchanged; nothing to send\ndry run: 0 writes planned, none sent\n✓ exit 0\n",
		"$ deploy sync -check\nglobal: 1 to update, 1 unchanged; 1 request\n  ~ CHAT_INPUT  greet  options\ndry run: 1 write planned, none sent\n✗ exit 1",
		"global: updated CHAT_INPUT greet (options)\n1 of 1 changes made\n✓ exit 0\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
