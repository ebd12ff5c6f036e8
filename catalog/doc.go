// Package catalog answers each user in their language: it holds a bot's
// texts, its answers and its commands' names and descriptions, in a
// message catalogue of one file per locale, and reads them for a locale
// by the service's own fallbacks.
//
// Load reads the files of a directory of an fs.FS, typically an embed.FS,
// each named after a locale of the service and its format: en-US.json,
// fr.json, es-419.json. A file maps keys, nested or dotted, to texts;
// a text is a text/template whose arguments are named, and a text that
// counts gives one form per plural category of its language (CLDR's):
//
//	{
//	  "hello": "Hello, {{.Name}}!",
//	  "inbox": {"one": "You have {{.Count}} message.", "other": "You have {{.Count}} messages."},
//	  "paint": {"name": "paint", "desc": "Paint the fence"}
//	}
//
// A handler reads a text for the user it answers:
//
//	tr := cat.For(req.Locale())
//	return interaction.Reply(tr.Text("inbox", catalog.Count(n))), nil
//
// For reads, as the client does with a command's names, the user's
// locale, else the one the service falls back to from it (en-US and en-GB
// to each other, es-419 to es-ES), else the bot's default locale. Text
// never fails, falling back the same way where a text cannot be made;
// Render says why. Check, run in a test or at startup, lists what a
// catalogue still lacks: keys missing per locale, arguments that differ
// from the default's, plural forms a language needs, definition texts the
// service would refuse. Command, Option and Choice declare commands'
// descriptions and translated names from the same files.
//
// # Why go-i18n
//
// The files are those of github.com/nicksnyder/go-i18n/v2, which parses
// them and chooses plural forms; this package adds the service's
// fallbacks, the checks and the declarations. go-i18n carries plural
// rules generated from a current CLDR (French, Spanish, Italian and
// Portuguese "many" for millions among them), reads JSON itself and TOML
// or YAML through an Unmarshal the bot registers (Format), so that the
// router links neither, and its goi18n tool extracts and merges the files
// a translator edits. golang.org/x/text/message was weighed too: its
// catalogue is built in Go code or generated from the source by gotext,
// its texts are printf formats whose plural cases are Go calls rather
// than a file a translator edits, its plural tables are of CLDR 32, and a
// missing text is printed as its key with no error to catch. go-i18n
// needs golang.org/x/text/language, which the module had already.
//
// A text is bounded in what it may do when it is made, whoever wrote
// it: it writes at most MaxTextBytes (32 KiB, more than a message of the
// service shows), and its ranges run their bodies at most MaxIterations
// times in all (10,000). A text that would pass a bound whatever its
// arguments does not load: {{range 20000000}}, ranges within ranges of
// 200 each, printf padding to a megabyte, a text longer than the bound.
// Nor does a text that defines or calls a template, which could repeat
// itself without a range. A text whose arguments take it past a bound
// stops there, and Render says which text and what in it; Check names
// the texts that lists of CheckedItems (100) items would take past one.
//
// A catalogue costs nothing to a bot that does not use it: the router
// knows nothing of it. For is a map look-up, and a text without
// arguments is read without allocating.
package catalog
