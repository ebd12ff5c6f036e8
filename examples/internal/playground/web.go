package playground

import (
	"context"
	"fmt"
	"io"
	"net"

	"github.com/switchboard-go/switchboard/emulator/web"
)

// serveWeb runs ex on the embedded emulator and serves its playground to a
// browser on addr until ctx ends: the page's address is the first line
// printed, before the emulator starts, so that a script can wait for it.
// The example's Setup runs; its Intro and Script do not, the person
// playing in the browser instead.
func serveWeb(ctx context.Context, ex Example, addr string, quiet bool, notes []string, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("-web-addr: %w", err)
	}
	url := web.PageURL(ln.Addr())
	fmt.Fprintln(stdout, url)
	out := newPrinter(stdout, isTerminal(stdout))
	if web.Exposed(ln.Addr()) {
		out.note("web: %s takes connections from other machines, and the playground lets whoever reaches it drive the bot", ln.Addr())
	}
	for _, n := range notes {
		out.note("%s", n)
	}
	s, err := Start(ctx, ex, out, quiet)
	if err != nil {
		ln.Close()
		return err
	}
	defer s.Close()
	srv := web.Serve(ln, s.emu, web.Config{User: s.user, Guild: s.guild, Locale: s.locale})
	defer srv.Close()
	if !quiet {
		out.note("web: the playground is at %s; open it in a browser (Ctrl-C stops)", url)
	}
	<-ctx.Done()
	return nil
}
