package autocomplete

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

func choices(n int) []interaction.Choice {
	out := make([]interaction.Choice, n)
	for i := range out {
		out[i] = interaction.StringChoice("city "+strconv.Itoa(i), "c"+strconv.Itoa(i))
	}
	return out
}

// The cache holds no more than its bound, dropping what was used least
// recently first.
func TestTheMemoryCacheKeepsWithinItsBound(t *testing.T) {
	ctx := context.Background()
	one := entrySize("k00", choices(5))
	c := NewMemoryCache(3 * one)
	for i := range 3 {
		c.Store(ctx, "k0"+strconv.Itoa(i), choices(5), time.Hour)
	}
	c.Lookup(ctx, []string{"k00"}) // used again: k01 is now the oldest use
	c.Store(ctx, "k03", choices(5), time.Hour)
	got, _ := c.Lookup(ctx, []string{"k00", "k01", "k02", "k03"})
	if got[0] == nil || got[1] != nil || got[2] == nil || got[3] == nil {
		t.Errorf("kept %v; want all but k01, the least recently used", present(got))
	}
	if n, size := c.Len(); n != 3 || size > 3*one {
		t.Errorf("%d entries of %d bytes; want 3, within %d", n, size, 3*one)
	}
	// An answer larger than the whole cache is kept by none, and drops
	// nothing.
	c.Store(ctx, "huge", choices(200), time.Hour)
	if n, _ := c.Len(); n != 3 {
		t.Errorf("%d entries after an answer larger than the cache", n)
	}
}

// An answer past its time counts as none, and is dropped.
func TestTheMemoryCacheForgetsAnswersPastTheirTime(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	c := NewMemoryCache(0)
	c.now = func() time.Time { return now }
	c.Store(ctx, "par", choices(2), time.Minute)
	now = now.Add(59 * time.Second)
	if got, _ := c.Lookup(ctx, []string{"par"}); len(got[0]) != 2 {
		t.Fatalf("within its minute: %v", got)
	}
	now = now.Add(time.Second)
	if got, _ := c.Lookup(ctx, []string{"par"}); got[0] != nil {
		t.Errorf("past its minute: %v", got)
	}
	if n, size := c.Len(); n != 0 || size != 0 {
		t.Errorf("%d entries of %d bytes left", n, size)
	}
}

// What Store is given and what Lookup returns are the caller's, down to
// the choices' maps of localized names: changing them changes nothing
// kept.
func TestTheMemoryCacheHandsOutCopies(t *testing.T) {
	ctx := context.Background()
	c := NewMemoryCache(0)
	in := choices(2)
	in[0].NameLocalizations = map[interaction.Locale]string{interaction.LocaleFrench: "ville 0"}
	c.Store(ctx, "k", in, time.Hour)
	in[0].Name = "changed by the caller"
	in[0].NameLocalizations[interaction.LocaleFrench] = "changed in the map given"
	in[0].NameLocalizations[interaction.LocaleGerman] = "added to the map given"
	got, _ := c.Lookup(ctx, []string{"k"})
	got[0][1].Name = "changed too"
	got[0][0].NameLocalizations[interaction.LocaleFrench] = "changed in the map served"
	again, _ := c.Lookup(ctx, []string{"k"})
	if again[0][0].Name != "city 0" || again[0][1].Name != "city 1" {
		t.Errorf("kept %v", again[0])
	}
	if l := again[0][0].NameLocalizations; len(l) != 1 || l[interaction.LocaleFrench] != "ville 0" {
		t.Errorf("kept the localized names %v; want only fr: ville 0", l)
	}
	if again[0][1].NameLocalizations != nil {
		t.Errorf("a choice without localized names is kept with %v", again[0][1].NameLocalizations)
	}
}

func present(got [][]interaction.Choice) []bool {
	out := make([]bool, len(got))
	for i, g := range got {
		out[i] = g != nil
	}
	return out
}

// One user typing many texts keeps no more than the bound of their scope,
// the texts typed last, and drops nothing of another scope for it.
func TestTheMemoryCacheKeepsAtMostTheBoundOfAScope(t *testing.T) {
	const bound = DefaultPerScope
	ctx := context.Background()
	c := NewMemoryCache(0)
	f := &fallback{scope: PerUser}
	other := f.key(typingIn(t, "", 8))
	mine := f.key(typingIn(t, "", 7))
	for _, typed := range []string{"p", "pa", "par"} {
		c.Store(ctx, other+typed, choices(3), time.Hour)
	}
	for i := range 4 * bound {
		c.Store(ctx, mine+"query "+strconv.Itoa(i), choices(3), time.Hour)
	}
	if n, _ := c.Len(); n != bound+3 {
		t.Errorf("%d answers kept; want the bound of user 7's scope, %d, and user 8's 3", n, bound)
	}
	got, _ := c.Lookup(ctx, []string{other + "p", other + "par", mine + "query 0", mine + "query " + strconv.Itoa(3*bound-1), mine + "query " + strconv.Itoa(3*bound), mine + "query " + strconv.Itoa(4*bound-1)})
	if want := []bool{true, true, false, false, true, true}; !slices.Equal(present(got), want) {
		t.Errorf("kept %v; want %v: user 8's, and user 7's last %d", present(got), want, bound)
	}
}

// typingIn returns the request of user typing text into /weather city.
func typingIn(t *testing.T, text string, user interaction.Snowflake) *Request {
	t.Helper()
	ix := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue(text)).
		InDM(interaction.User{ID: user, Username: "u"}).Interaction()
	req, ok := NewRequest(ix)
	if !ok {
		t.Fatal("no focused option")
	}
	return &req
}
