#!/bin/sh
# The test runner of compose.yaml: the part of a test suite that drives
# the emulator, in sh and curl. It calls the emulator by its service name
# ($EMULATOR) and writes down the well-known credentials (docs/emulator.md)
# rather than reading them from the emulator.
set -eu

E=${EMULATOR:-http://emulator:8484}
BOT=${BOT:-http://bot:8080/}
APP=1323802873036931072
TOKEN=MTMyMzgwMjg3MzAzNjkzMTA3Mg.Z3SFgA.c3dpdGNoYm9hcmQgZW11bGF0b3IgdG9rZW4h
GUILD=1323802873036931076
J='Content-Type: application/json'

fail() {
	echo "tests: FAIL: $*" >&2
	exit 1
}

# The application's interactions URL, which the emulator checks as the
# service does: the bot must answer a signed PING.
curl -fsS "$E/_emulator/interactions-url" -H "$J" -d "{\"url\": \"$BOT\"}" ||
	fail "the emulator did not take the bot's URL $BOT"

# The bot's commands, as its sync step would register them.
curl -fsS -o /dev/null -X PUT "$E/v10/applications/$APP/guilds/$GUILD/commands" \
	-H "Authorization: Bot $TOKEN" -H "$J" \
	-d '[{"name": "say", "description": "Say something", "options": [{"type": 3, "name": "text", "description": "What to say"}]}]' ||
	fail "registering /say"

# A user uses one; the echo bot answers with what it received.
answer=$(curl -fsS "$E/_emulator/invoke" -H "$J" -d "{\"guild\": \"$GUILD\", \"line\": \"/say text:hello\"}") ||
	fail "invoking /say"
case $answer in
*'\"path\":\"say\"'*'\"text\":\"hello\"'*) ;;
*) fail "/say text:hello was answered $answer" ;;
esac

echo "tests: ok"
