// Package review holds the rules of the service for what a bot sends in
// answer to an interaction, which package answer checks a bot's answers
// with and package emulator refuses a body with: the first answer
// (Answer) and the messages that follow it through the interaction's
// token (Message). Each rule reports a violation in one of two Wordings,
// for the bot's developer or as the service's error bodies word it, so
// that the emulator refuses exactly what a bot's own check refuses, with
// the service's words.
package review
