package emulator_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

// foreignPage is a page of another origin that tries the control API as a
// page can without asking first: a fetch of a text body, and a form whose
// text body is JSON. Each asks the emulator to check an interactions URL,
// which it does by sending that URL a PING, so the PINGs that arrive tell
// which request the control API took. The page says "sent" once both
// have been answered.
const foreignPage = `<!doctype html>
<title>Elsewhere</title>
<p role="status" aria-label="Outcome" id="outcome">sending</p>
<iframe name="sink" title="Sink"></iframe>
<form id="form" method="post" enctype="text/plain" target="sink" action="CONTROL/_emulator/interactions-url">
<input type="hidden" name='{"url":"RECORDER/form?' value='"}'>
</form>
<script>
(async () => {
  await fetch('CONTROL/_emulator/interactions-url', {
    method: 'POST', mode: 'no-cors', headers: {'Content-Type': 'text/plain'},
    body: JSON.stringify({url: 'RECORDER/fetch'}),
  });
  const sink = document.querySelector('iframe');
  await new Promise((done) => {
    sink.addEventListener('load', done, {once: true});
    document.getElementById('form').submit();
  });
  document.getElementById('outcome').textContent = 'sent';
})();
</script>
`

// A page of another origin open in the browser, on the same machine,
// cannot drive the control API: neither one on another port of
// 127.0.0.1 (the same site to the browser) nor one at localhost.
func TestAPageOfAnotherOriginCannotDriveTheControlAPI(t *testing.T) {
	t.Parallel() // it mostly waits on the browser
	b := browsertest.Start(t)
	s := start(t, emulator.Config{})
	var pings atomic.Int32
	recorder := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pings.Add(1)
	}))
	t.Cleanup(recorder.Close)
	page := strings.NewReplacer("CONTROL", s.controlURL, "RECORDER", recorder.URL).Replace(foreignPage)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	t.Cleanup(site.Close)

	for _, origin := range []string{site.URL, strings.Replace(site.URL, "127.0.0.1", "localhost", 1)} {
		p := b.Open(t, origin+"/")
		p.WaitText("status", "Outcome", "sent")
		if n := pings.Load(); n != 0 {
			t.Fatalf("a page at %s had the emulator send %d PINGs", origin, n)
		}
	}
}
