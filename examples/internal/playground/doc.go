// Package playground runs an example bot the whole way: it starts the
// embedded emulator of the command service, serves the bot's interactions
// endpoint on a loopback port, registers the bot's commands with a printed
// plan, points the emulator at the endpoint, and then plays a user who
// types commands.
//
// Every program under examples/ is a router and a script handed to Main.
// The script, a terminal prompt and -script files all speak the same
// language of lines:
//
//	/greet name:Ada                      use a command, as typed in the client
//	complete /weather city:Par           what autocomplete offers for the last option
//	user "High Five" @ada                a USER command on a member
//	message "Quote" last                 a MESSAGE command on the bot's last message (or an id)
//	launch                               the entry point command (or launch "Name")
//	click Approve                        press a button of the newest message that has it
//	choose colour red blue               choose in a select menu (@user, @role, #channel for entities)
//	submit title:"Broken link" details:… fill in and submit the form the bot opened
//	submit size:Large days:mon,Friday news:yes who:@ada proof:a.png
//	                                     a radio group's option, a checkbox group's,
//	                                     a checkbox yes or no, members, files by path
//	as @ada   in #moderation   in dm   locale fr
//	                                     who uses the commands, where, in which language
//	wait                                 until deferred answers are complete (or wait 2s)
//	commands   help                      what the bot offers; this list
//	# a comment                          printed, to narrate a script; -quiet leaves it out
//
// The program fails when lines of a -script file are refused, saying how
// many, so that a script can check a bot; an example's own script, which
// shows refusals on purpose, and lines typed at the prompt do not.
//
// At a terminal the prompt suggests as the person types: command names
// after "/", and after "name:" an option's choices, the bot's autocomplete
// answers, or for a user the members of the guild. Tab takes the first
// suggestion, by the name the client shows for it; the bot receives its
// value, as from the client.
//
// With -web it serves the playground to a browser instead (package
// emulator/web), on 127.0.0.1 or the address of -web-addr: the page's
// address is the first line printed, and it serves until interrupted. The
// example's Setup runs; its Intro and Script do not, the person playing
// in the page instead.
//
// Given a real service's base URL, application id, bot token and public
// key (flags or SWITCHBOARD_* variables), a program registers its commands
// there and serves its endpoint for the service instead: the service lets
// no bot invoke its own commands, so the person then uses them from their
// client.
package playground
