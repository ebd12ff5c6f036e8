// Package readmetest keeps the module's README.md and its guides, the
// Markdown files of docs/, true to the code. Its tests compile every Go
// block of those documents, serve the routers their blocks declare to the
// embedded emulator, run the tests they show, run the recipe of the
// production shape on one machine, and follow every link.
//
// Each ```go block of a document has a comment on the line right before
// its fence that says what the block is; a block without one, or with a
// role not listed here, fails the test, so that no block escapes the
// check:
//
//	<!-- readme:file DIR/NAME.go -->   a whole file, from its package clause on,
//	                                    written to DIR/NAME.go of a module of its own;
//	                                    a _test.go file's tests are run
//	<!-- readme:fragment -->            statements, compiled in a function of their own
//	<!-- readme:routes -->              statements that declare routes on r, a
//	                                    *router.Router: compiled, and the router (the
//	                                    block's own r if it declares one) built and
//	                                    served to the embedded emulator, which
//	                                    registers its commands
//	<!-- readme:routes func=NAME -->    the same, and the block's routes are also
//	                                    those of the router NAME() returns, with the
//	                                    other blocks of that NAME, for tests to use
//	<!-- readme:test -->               top-level declarations of a _test.go file:
//	                                    tests, run against the kit
//
// The blocks of every document are built together, the README's first,
// then the guides' by file name, as if they were one text: a guide may
// use what a block of the README or of another guide declares.
// Fragments, routes and tests are built together in one package, with
// the imports their package names call for and the values and helpers
// of testdata/harness.go: what a bot's main has by the time a fragment
// runs (ctx, mux, verifier, ...) and what the README names without
// showing it. Errors point at the documents' lines.
//
// One ```sh block has the role recipe: the production shape on one
// machine, which TestTheLocalRecipeServesTheBotWithRedis runs command by
// command.
package readmetest
