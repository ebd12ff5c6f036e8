package gateway

import (
	"encoding/json"
	"testing"
)

func validToken(t string) (uint64, bool) { return 0, t == testToken }

func TestReadIdentify(t *testing.T) {
	for _, tc := range []struct {
		name    string
		d       string
		allowed Intents
		intents Intents
		shard   [2]int
		code    int
	}{
		{"the least", `{"token":"bot-token"}`, Privileged, 0, [2]int{0, 1}, 0},
		{"Bot before the token", `{"token":"Bot bot-token","intents":513}`, Privileged, 513, [2]int{0, 1}, 0},
		{"intents null", `{"token":"bot-token","intents":null}`, 0, 0, [2]int{0, 1}, 0},
		{"a shard", `{"token":"bot-token","shard":[3,4]}`, 0, 0, [2]int{3, 4}, 0},
		{"discordgo's old shape", `{"token":"Bot bot-token","properties":{"$os":"linux","$browser":"DiscordGo"},"compress":true,"large_threshold":250,"presence":{"since":0,"game":{"name":""},"status":"","afk":false},"intents":3243773}`, 0, 3243773, [2]int{0, 1}, 0},
		{"every intent defined", `{"token":"bot-token","intents":53608447}`, Privileged, 53608447, [2]int{0, 1}, 0},
		{"not JSON", `{"token"`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"no token", `{"intents":1}`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"a token not a string", `{"token":1}`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"d null", `null`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"another token", `{"token":"Bearer bot-token"}`, Privileged, 0, [2]int{}, CloseAuthenticationFailed},
		{"intents negative", `{"token":"bot-token","intents":-1}`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"intents past 2^64", `{"token":"bot-token","intents":18446744073709551616}`, Privileged, 0, [2]int{}, CloseDecodeError},
		{"an undefined bit", `{"token":"bot-token","intents":131072}`, Privileged, 0, [2]int{}, CloseInvalidIntents},
		{"MESSAGE_CONTENT turned off", `{"token":"bot-token","intents":32768}`, IntentGuildMembers, 0, [2]int{}, CloseDisallowedIntents},
		{"a shard of none", `{"token":"bot-token","shard":[0,0]}`, 0, 0, [2]int{}, CloseInvalidShard},
		{"a shard past the count", `{"token":"bot-token","shard":[1,1]}`, 0, 0, [2]int{}, CloseInvalidShard},
		{"a negative shard", `{"token":"bot-token","shard":[-1,2]}`, 0, 0, [2]int{}, CloseInvalidShard},
		{"three numbers", `{"token":"bot-token","shard":[0,1,2]}`, 0, 0, [2]int{}, CloseInvalidShard},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, intents, shard, code, reason := readIdentify(json.RawMessage(tc.d), validToken, tc.allowed)
			if code != tc.code || code == 0 && (intents != tc.intents || shard != tc.shard) || (code == 0) != (reason == "") {
				t.Errorf("got %v %v %d %q, want %v %v %d", intents, shard, code, reason, tc.intents, tc.shard, tc.code)
			}
		})
	}
}

// Whatever a client sends, readIdentify refuses it with a close code the
// service documents, or takes intents all defined and allowed and a
// shard within its count.
func FuzzReadIdentify(f *testing.F) {
	for _, seed := range []string{`{"token":"bot-token","intents":513,"shard":[0,2]}`, `{"token":"Bot bot-token"}`, `null`, `{"token":1}`, `{"token":"bot-token","shard":[5,3]}`} {
		f.Add([]byte(seed), uint64(Privileged))
	}
	f.Fuzz(func(t *testing.T, d []byte, allowed uint64) {
		_, intents, shard, code, reason := readIdentify(d, validToken, Intents(allowed))
		switch code {
		case 0:
			if intents&^defined != 0 || intents&Privileged&^Intents(allowed) != 0 || shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] || reason != "" {
				t.Errorf("took %v %v from %q", intents, shard, d)
			}
		case CloseDecodeError, CloseAuthenticationFailed, CloseInvalidIntents, CloseDisallowedIntents, CloseInvalidShard:
			if reason == "" {
				t.Errorf("close %d without a reason", code)
			}
		default:
			t.Errorf("close %d for %q", code, d)
		}
	})
}
