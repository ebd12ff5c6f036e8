package endpointtest_test

import (
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
)

func TestStatusChecksOnlyTheStatus(t *testing.T) {
	tests := []struct {
		status  int
		body    string
		wantErr string
	}{
		{200, `{"type":4}`, ""},
		{204, "", "status 204: "},
		{401, `{"message":"invalid request signature"}`, `status 401: {"message":"invalid request signature"}`},
	}
	check := endpointtest.Status(200)
	for _, tt := range tests {
		var resp fasthttp.Response
		resp.SetStatusCode(tt.status)
		resp.SetBodyString(tt.body)
		err := check(&resp)
		if got := errorText(err); got != tt.wantErr {
			t.Errorf("%d %s: %q, want %q", tt.status, tt.body, got, tt.wantErr)
		}
	}
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestModBanIsTheModBanCommand(t *testing.T) {
	var ix interaction.Interaction
	if err := interaction.Decode(endpointtest.ModBan(t), &ix); err != nil {
		t.Fatal(err)
	}
	if ix.Type != interaction.TypeApplicationCommand || ix.Data.Name != "mod" {
		t.Errorf("decoded %v %q, want the /mod command", ix.Type, ix.Data.Name)
	}
}
