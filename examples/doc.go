// Package examples holds runnable bots, one a directory, each showing one
// capability of switchboard and each with a test that runs it.
//
//	quickstart     the whole loop, and a prompt to play with
//	minimal        the smallest whole bot: one command, a sync step, the endpoint
//	subcommands    subcommands and groups, dispatch by path, group middleware
//	structopts     options declared and received as a typed struct
//	autocomplete   suggestions as the user types, with localized choices
//	contextmenu    user and message commands
//	entrypoint     the entry point command, with both handler types
//	localization   names, descriptions and answers in the user's language
//	teatime        answers and names from a message catalogue, with plural forms
//	permissions    default member permissions, and overwrites set with a user's token
//	components     buttons, select menus and a form in a modal, routed by custom_id patterns
//	forms          modals of every input: radio and checkbox groups, a checkbox, a member, files of a type
//	wizard         an order in three steps, its state behind a key in each custom_id, in memory or on Redis
//	reminder       reminders posted in the channel or by DM after the interaction, kept on Redis across restarts
//	deferred       deferred answers and follow-ups
//	events         a bot that serves only webhook events
//	nethttp        the endpoint on net/http, beside other routes
//	deploy         a bot's main as it ships: the sync step, a CI check that fails on drift, the endpoint
//	echo           a bot that answers every command with what it received, and logs every webhook event
//	lambda         a bot on AWS Lambda, its deferred answers completed from an SQS queue; its SAM template
//	discordgo      a bot on discordgo's gateway, its commands served by the router (a module of its own)
//	compose        no bot: a test suite's services in Docker Compose, the emulator's image, echo and a runner with curl
//
// All but minimal, echo, deploy and discordgo run on the embedded
// emulator with a plain go run ./examples/NAME; internal/playground is
// what runs them, but for events, which plays users who install, buy and
// remove the application rather than type commands. deploy's walk-through
// on the emulator is go run ./examples/deploy/walkthrough.
//
// The emulator is for trying a bot, never for serving one: a program
// that ships, or that runs against a bot that has shipped, links no
// package of the emulator. Those are minimal, echo, deploy (the program
// the root Dockerfile builds), deploy/load, lambda/function (the program
// AWS Lambda runs), and discordgo. What of deploy and of lambda plays on
// the emulator is a program of its own: deploy/walkthrough, the
// walk-through of deploy's sync step, and examples/lambda, the local
// mode. The others are demos, whose run without arguments plays on the
// emulator; what a user takes from one is its bot, which a main like
// minimal's serves. production_test.go holds the list of demos, each with
// the reason, and fails when any other program links the emulator;
// discordgo, a module of its own, which the go command lists apart, has
// that check in its own tests.
//
// Each example's main_test.go runs the program as a user runs it, and its
// bot_test.go tests the bot as its author would in their own module, with
// the test kit (package switchboardtest): commands used as typed, by the
// users, in the places and languages each case needs, buttons pressed,
// forms submitted, deferred answers waited for.
package examples
