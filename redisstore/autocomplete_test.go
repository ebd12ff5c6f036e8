package redisstore_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
)

// typedBy returns the request of user typing text into /weather city.
func typedBy(t testing.TB, text string, user interaction.Snowflake) *autocomplete.Request {
	t.Helper()
	ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue(text)).
		InDM(interaction.User{ID: user, Username: "u"}).Interaction()
	req, ok := autocomplete.NewRequest(ix)
	if !ok {
		t.Fatal("no focused option")
	}
	return &req
}

// cities answers every text with a few cities.
func cities(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
	return []interaction.Choice{
		interaction.StringChoice("Paris", "paris").Localize(interaction.LocaleFrench, "Paris"),
		interaction.StringChoice("Parma", "parma"),
		interaction.StringChoice("Paramaribo", "paramaribo"),
	}, nil
}

// keysOf returns the keys under prefix that hold, or index, answers kept
// for user.
func keysOf(t testing.TB, c *redis.Client, prefix string, user interaction.Snowflake) []string {
	t.Helper()
	var out []string
	iter := c.Scan(context.Background(), 0, prefix+"*", 1000).Iterator()
	for iter.Next(context.Background()) {
		if strings.Contains(iter.Val(), "\x00u"+user.String()+"\x00") {
			out = append(out, iter.Val())
		}
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// One user typing many texts keeps no more than the bound of their scope
// in Redis, the texts typed last; another user's answers are not
// dropped for it.
func TestOneUserTypingKeepsAtMostTheBoundOfTheirScope(t *testing.T) {
	t.Parallel()
	const bound = autocomplete.DefaultPerScope
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	prefix := newPrefix()
	cache := redisstore.NewAutocompleteCache(c, prefix)
	h := autocomplete.Fallback(autocomplete.HandlerFunc(cities), cache, autocomplete.WithScope(autocomplete.PerUser))
	for _, typed := range []string{"p", "pa", "par"} {
		if _, err := h(ctx, typedBy(t, typed, 8)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 4 * bound {
		if _, err := h(ctx, typedBy(t, "query "+strconv.Itoa(i), 7)); err != nil {
			t.Fatal(err)
		}
	}
	// An entry and the scope's index of them, at most.
	if n := len(keysOf(t, c, prefix, 7)); n > bound+1 {
		t.Errorf("user 7 typed %d texts and keeps %d keys; want at most %d", 4*bound, n, bound+1)
	}
	if n := len(keysOf(t, c, prefix, 8)); n < 3 {
		t.Errorf("user 8's 3 answers kept in %d keys", n)
	}
	keys := []string{}
	for _, i := range []int{0, 3*bound - 1, 3 * bound, 4*bound - 1} {
		keys = append(keys, keyOf(t, typedBy(t, "query "+strconv.Itoa(i), 7)))
	}
	got, err := cache.Lookup(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != nil || got[1] != nil || got[2] == nil || got[3] == nil {
		t.Errorf("of the texts typed first, last before the bound, first within and last, kept %v; want the last two", present(got))
	}
}

// keyOf returns the key Fallback keeps the answer to req under, by
// storing it in a cache that says.
func keyOf(t testing.TB, req *autocomplete.Request) string {
	t.Helper()
	var r recorder
	autocomplete.Fallback(autocomplete.HandlerFunc(cities), &r, autocomplete.WithScope(autocomplete.PerUser))(context.Background(), req)
	return r.key
}

type recorder struct{ key string }

func (r *recorder) Store(_ context.Context, key string, _ []interaction.Choice, _ time.Duration) error {
	r.key = key
	return nil
}

func (r *recorder) Lookup(_ context.Context, keys []string) ([][]interaction.Choice, error) {
	return make([][]interaction.Choice, len(keys)), nil
}

func present(got [][]interaction.Choice) []bool {
	out := make([]bool, len(got))
	for i, g := range got {
		out[i] = g != nil
	}
	return out
}

// Past PerScope, a Store drops the answers of its scope that expire
// first, their keys with them, and the scope's set lives as long as its
// last answer; answers past their time leave the set on the next Store.
func TestAScopeKeepsTheAnswersThatExpireLast(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	prefix := newPrefix()
	cache := redisstore.NewAutocompleteCache(c, prefix)
	cache.PerScope = 3
	scope := "weather\x00\x00\x00city\x00en-US\x00u7\x00"
	set := prefix + "autocomplete:{" + scope + "}"
	for _, typed := range []string{"a", "b", "c", "d", "e"} {
		if err := cache.Store(ctx, scope+typed, nil, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	// In another scope, under the same prefix: untouched.
	if err := cache.Store(ctx, "weather\x00\x00\x00city\x00en-US\x00u8\x00a", nil, time.Hour); err != nil {
		t.Fatal(err)
	}
	members, err := c.ZRange(ctx, set, 0, -1).Result()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(members, " "); got != "c d e" {
		t.Errorf("the scope's set holds %q; want the last 3 stored, c d e", got)
	}
	if n, err := c.Exists(ctx, set+":a", set+":b").Result(); err != nil || n != 0 {
		t.Errorf("%d keys of the answers dropped are left (%v)", n, err)
	}
	got, err := cache.Lookup(ctx, []string{scope + "a", scope + "c", scope + "e", "weather\x00\x00\x00city\x00en-US\x00u8\x00a"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{false, true, true, true}; !slices.Equal(present(got), want) {
		t.Errorf("found %v, want %v", present(got), want)
	}

	// An answer kept longer outlives those stored after it.
	if err := cache.Store(ctx, scope+"c", nil, 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := cache.Store(ctx, scope+"f", nil, time.Hour); err != nil {
		t.Fatal(err)
	}
	if members, _ = c.ZRange(ctx, set, 0, -1).Result(); strings.Join(members, " ") != "e f c" {
		t.Errorf("the scope's set holds %q; want e f c", members)
	}
	if ttl, err := c.PTTL(ctx, set).Result(); err != nil || ttl <= time.Hour || ttl > 2*time.Hour {
		t.Errorf("the scope's set lives %v (%v); want as long as c, up to 2h", ttl, err)
	}

	// Answers past their time leave the set when the scope is next
	// stored to.
	for _, typed := range []string{"g", "h"} {
		if err := cache.Store(ctx, scope+typed, nil, time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		if n, err := c.Exists(ctx, set+":g", set+":h").Result(); err != nil || n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("answers kept a millisecond still there 5s later")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cache.Store(ctx, scope+"i", nil, time.Hour); err != nil {
		t.Fatal(err)
	}
	if members, _ = c.ZRange(ctx, set, 0, -1).Result(); strings.Join(members, " ") != "f i c" {
		t.Errorf("the scope's set holds %q; want f i c", members)
	}
}

// A scope's braces and percent signs are escaped, so that the scope's
// keys share one hash tag and two scopes never share keys; the empty
// scope of a key with no NUL byte has a hash tag too ("{}" is none).
func TestScopesWithBracesKeepTheirKeysApart(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	prefix := newPrefix()
	cache := redisstore.NewAutocompleteCache(c, prefix)
	keys := []string{"a}\x00b\x00x", "a%7D\x00b\x00x", "{a\x00}\x00x", "a\x00b\x00}x", "}x"}
	for i, k := range keys {
		if err := cache.Store(ctx, k, []interaction.Choice{interaction.IntChoice("n", int64(i))}, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	got, err := cache.Lookup(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	for i := range keys {
		if len(got[i]) != 1 || got[i][0].Value.Text() != strconv.Itoa(i) {
			t.Errorf("%q: found %+v", keys[i], got[i])
		}
	}
	all, err := c.Keys(ctx, prefix+"*").Result()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(all)
	want := []string{
		prefix + "autocomplete:{%7Ba\x00%7D\x00}",
		prefix + "autocomplete:{%7Ba\x00%7D\x00}:x",
		prefix + "autocomplete:{a%257D\x00b\x00}",
		prefix + "autocomplete:{a%257D\x00b\x00}:x",
		prefix + "autocomplete:{a%7D\x00b\x00}",
		prefix + "autocomplete:{a%7D\x00b\x00}:x",
		prefix + "autocomplete:{a\x00b\x00}",
		prefix + "autocomplete:{a\x00b\x00}:}x",
		prefix + "autocomplete:{%}",
		prefix + "autocomplete:{%}:}x",
	}
	if !slices.Equal(all, slices.Sorted(slices.Values(want))) {
		t.Errorf("keys %q\nwant %q", all, want)
	}
	for i := 0; i+1 < len(want); i += 2 {
		if a, b := hashTag(want[i]), hashTag(want[i+1]); a != b || a == "" {
			t.Errorf("%q has the hash tag %q, %q has %q", want[i], a, want[i+1], b)
		}
	}
}

// hashTag returns the hash tag a Redis Cluster reads in key: the text
// between its first "{" and the first "}" after it, "" for none.
func hashTag(key string) string {
	_, after, ok := strings.Cut(key, "{")
	if !ok {
		return ""
	}
	tag, _, ok := strings.Cut(after, "}")
	if !ok {
		return ""
	}
	return tag
}

// Keeping an answer costs Redis one command, the script that also
// bounds its scope; looking up every beginning of what was typed, one.
func TestTheAutocompleteCacheCostsOneRoundTrip(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	cache := redisstore.NewAutocompleteCache(c, newPrefix())
	cache.PerScope = 2
	scope := "weather\x00\x00\x00city\x00en-US\x00\x00"
	// The first call loads the script.
	if err := cache.Store(ctx, scope+"p", nil, time.Hour); err != nil {
		t.Fatal(err)
	}
	m := watch(t, srv, c)
	const n = 10
	for i := range n {
		if err := cache.Store(ctx, scope+"par"+strconv.Itoa(i), nil, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if got := m.count(t); got != n {
		t.Errorf("%d answers kept in %d commands, want %d", n, got, n)
	}
	if _, err := cache.Lookup(ctx, []string{scope + "par9", scope + "par", scope + "pa", scope + "p", scope}); err != nil {
		t.Fatal(err)
	}
	if got := m.count(t); got != 1 {
		t.Errorf("a look-up of 5 keys cost %d commands, want 1", got)
	}
}
