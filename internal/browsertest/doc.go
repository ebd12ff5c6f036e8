// Package browsertest drives a headless Chromium from Go tests, finding the
// elements of a page the way its users find them: by their ARIA role and
// accessible name, as the browser computes them for screen readers. A label,
// an aria-label or an aria-labelledby names an element; CSS classes and ids
// do not, so a test passes only if the page is usable without sight, and
// keeps passing when the markup changes but the page does not.
//
//	b := browsertest.Start(t) // skips the test if no browser is installed
//	p := b.Open(t, srv.URL)
//	p.Role("textbox", "Message").Type("/gr")
//	p.Role("listbox", "Commands").Select("greet")
//	p.Role("button", "Send").Click()
//	p.WaitText("log", "Channel", "Hello")
//	p.Role("dialog", "Feedback").Role("button", "Submit").Click()
//
// Every step waits until its element is there and ready (enabled, not
// covered), up to a timeout of 10 seconds by default, and fails the test
// with what it looked for and the roles and names the page had instead. The
// browser itself has bounded times to start and to stop, so a browser that
// hangs fails its test instead of the whole run. A test waits for what the
// page does, never for a time: for a text, for an element to go, or for
// one the page marks busy (aria-busy) to be idle again (WaitIdle). Eval
// reaches what users do not see, such as the page's own timers: a timer as
// long as one the page set, set after it, fires after it.
//
// # Running the browser tests
//
// The tests need Chromium or Chrome. On Debian:
//
//	apt-get install chromium
//
// Start finds /usr/bin/chromium, or chromium, chromium-browser,
// google-chrome or google-chrome-stable on PATH; SWITCHBOARD_CHROMIUM names
// another browser and is the only place looked at when set. Without a
// browser the tests skip, saying what to install, so go test ./... passes
// everywhere and runs them wherever a browser is present. To see which ran:
//
//	go test -v ./... 2>&1 | grep -E 'SKIP|browsertest'
//
// The browser runs headless, with a new temporary profile, and without its
// sandbox only when the tests run as root, where the sandbox cannot start.
// It has no network beyond 127.0.0.1: every other request goes to a proxy of
// the test's own that refuses it, and Page.ExternalRequests lists the ones a
// page made, for a page that must work offline to assert there are none.
//
// # Screenshots
//
// Page.Screenshot and Element.Screenshot save PNGs of the viewport (800×600
// CSS pixels by default; see Viewport) or of one element. A test that takes
// screenshots for the documentation writes them only when given its flag
// -update-screenshots, so that a plain go test changes no file, and the
// README's screenshots are regenerated with one command:
//
//	go test ./examples/quickstart -run Screenshots -args -update-screenshots
package browsertest
