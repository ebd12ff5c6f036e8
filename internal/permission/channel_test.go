package permission_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

const (
	guild interaction.Snowflake = 100
	alice interaction.Snowflake = 200
	mods  interaction.Snowflake = 300
	muted interaction.Snowflake = 301
)

var (
	view    = interaction.PermissionViewChannel
	send    = interaction.PermissionSendMessages
	history = interaction.PermissionReadMessageHistory
	embed   = interaction.PermissionEmbedLinks
	attach  = interaction.PermissionAttachFiles
	threads = interaction.PermissionSendMessagesInThreads
	kick    = interaction.PermissionKickMembers
)

func role(id interaction.Snowflake, pos int, p interaction.Permissions) permission.Role {
	return permission.Role{ID: id, Position: pos, Permissions: p}
}

func everyoneOW(allow, deny interaction.Permissions) permission.Overwrite {
	return permission.Overwrite{ID: guild, Type: permission.OverwriteRole, Allow: allow, Deny: deny}
}

func roleOW(id interaction.Snowflake, allow, deny interaction.Permissions) permission.Overwrite {
	return permission.Overwrite{ID: id, Type: permission.OverwriteRole, Allow: allow, Deny: deny}
}

func memberOW(id interaction.Snowflake, allow, deny interaction.Permissions) permission.Overwrite {
	return permission.Overwrite{ID: id, Type: permission.OverwriteMember, Allow: allow, Deny: deny}
}

func TestChannelPermissions(t *testing.T) {
	plain := permission.Member{Guild: guild, User: alice, Everyone: view | send | history | embed | attach}
	with := func(f func(m *permission.Member)) permission.Member { m := plain; f(&m); return m }
	text := func(os ...permission.Overwrite) permission.Channel {
		return permission.Channel{Type: interaction.ChannelGuildText, Overwrites: os}
	}
	thread := func(os ...permission.Overwrite) permission.Channel {
		return permission.Channel{Type: interaction.ChannelPublicThread, Overwrites: os}
	}
	tests := []struct {
		name        string
		m           permission.Member
		ch          permission.Channel
		overwritten interaction.Permissions
		effective   interaction.Permissions
	}{
		{"a channel without overwrites gives the guild permissions", plain, text(),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"roles add to @everyone", with(func(m *permission.Member) { m.Roles = []permission.Role{role(mods, 1, kick)} }), text(),
			view | send | history | embed | attach | kick, view | send | history | embed | attach | kick},
		{"the owner has every permission past any overwrite", with(func(m *permission.Member) { m.Owner = true }),
			text(everyoneOW(0, view), memberOW(alice, 0, view)), permission.All, permission.All},
		{"an administrator has every permission past any overwrite",
			with(func(m *permission.Member) {
				m.Roles = []permission.Role{role(mods, 1, interaction.PermissionAdministrator)}
			}), text(memberOW(alice, 0, view|send)), permission.All, permission.All},
		{"@everyone's overwrite denies", plain, text(everyoneOW(0, send)),
			view | history | embed | attach, view | history},
		{"a role's allowance beats @everyone's denial",
			with(func(m *permission.Member) { m.Roles = []permission.Role{role(mods, 1, 0)} }),
			text(everyoneOW(0, send), roleOW(mods, send, 0)),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"one role's allowance beats another role's denial whatever their positions",
			with(func(m *permission.Member) { m.Roles = []permission.Role{role(mods, 5, 0), role(muted, 1, 0)} }),
			text(roleOW(mods, 0, send), roleOW(muted, send, 0)),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"an overwrite of a role the member lacks does nothing", plain, text(roleOW(mods, 0, send)),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"the member's own denial beats a role's allowance",
			with(func(m *permission.Member) { m.Roles = []permission.Role{role(mods, 1, 0)} }),
			text(roleOW(mods, kick, 0), memberOW(alice, 0, kick|send)),
			view | history | embed | attach, view | history},
		{"the member's own allowance beats @everyone's denial", plain,
			text(everyoneOW(0, view), memberOW(alice, view, 0)),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"a member overwrite for someone else does nothing", plain, text(memberOW(999, 0, view)),
			view | send | history | embed | attach, view | send | history | embed | attach},
		{"without View Channel nothing is left", plain, text(everyoneOW(0, view)),
			send | history | embed | attach, 0},
		{"without Send Messages links and files are ignored", plain, text(everyoneOW(0, send)),
			view | history | embed | attach, view | history},
		{"in a thread Send Messages in Threads is the right to send", with(func(m *permission.Member) { m.Everyone |= threads }),
			thread(everyoneOW(0, send)), view | history | embed | attach | threads, view | history | embed | attach | threads},
		{"in a thread without Send Messages in Threads links and files are ignored", plain, thread(),
			view | send | history | embed | attach, view | send | history},
		{"a timed-out member keeps viewing and reading only",
			with(func(m *permission.Member) { m.TimedOut = true; m.Roles = []permission.Role{role(mods, 1, kick)} }),
			text(), view | history, view | history},
		{"a timed-out administrator keeps everything",
			with(func(m *permission.Member) {
				m.TimedOut = true
				m.Roles = []permission.Role{role(mods, 1, interaction.PermissionAdministrator)}
			}), text(), permission.All, permission.All},
		{"a timed-out owner keeps everything", with(func(m *permission.Member) { m.TimedOut, m.Owner = true, true }),
			text(), permission.All, permission.All},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := permission.Overwritten(tt.m, tt.ch); got != tt.overwritten {
				t.Errorf("Overwritten = %v; want %v", got, tt.overwritten)
			}
			if got := permission.Effective(tt.m, tt.ch); got != tt.effective {
				t.Errorf("Effective = %v; want %v", got, tt.effective)
			}
		})
	}
}

func TestHierarchy(t *testing.T) {
	const (
		top   interaction.Snowflake = 10
		mid   interaction.Snowflake = 11
		twin  interaction.Snowflake = 12
		owner interaction.Snowflake = 20
		bob   interaction.Snowflake = 21
		carol interaction.Snowflake = 22
	)
	manage := interaction.PermissionManageRoles
	member := func(user interaction.Snowflake, roles ...permission.Role) permission.Member {
		return permission.Member{Guild: guild, User: user, Roles: roles}
	}
	boss := member(owner)
	boss.Owner = true
	tests := []struct {
		name          string
		actor, target permission.Member
		want          bool
	}{
		{"nobody acts on the owner", member(bob, role(top, 9, manage)), boss, false},
		{"the owner acts on anyone", boss, member(bob, role(top, 9, manage)), true},
		{"a higher role acts on a lower one", member(bob, role(top, 2, 0)), member(carol, role(mid, 1, 0)), true},
		{"a lower role does not act on a higher one", member(bob, role(mid, 1, 0)), member(carol, role(top, 2, 0)), false},
		{"equal highest roles do not act on each other", member(bob, role(mid, 1, 0)), member(carol, role(mid, 1, 0)), false},
		{"at equal positions the older role ranks higher", member(bob, role(mid, 1, 0)), member(carol, role(twin, 1, 0)), true},
		{"at equal positions the newer role ranks lower", member(bob, role(twin, 1, 0)), member(carol, role(mid, 1, 0)), false},
		{"any role acts on a member without roles", member(bob, role(mid, 0, 0)), member(carol), true},
		{"a member without roles acts on nobody", member(bob), member(carol), false},
		{"the highest of several roles decides", member(bob, role(mid, 1, 0), role(top, 5, 0)), member(carol, role(twin, 3, 0)), true},
		{"a member does not act on themself", member(bob, role(top, 5, 0)), member(bob, role(top, 5, 0)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := permission.CanActOn(tt.actor, tt.target); got != tt.want {
				t.Errorf("CanActOn = %v; want %v", got, tt.want)
			}
		})
	}

	gives := []struct {
		name  string
		actor permission.Member
		role  permission.Role
		want  bool
	}{
		{"Manage Roles gives a role below the highest", member(bob, role(top, 5, manage)), role(mid, 1, 0), true},
		{"a role at the actor's own position is not given", member(bob, role(top, 5, manage)), role(top, 5, 0), false},
		{"a role above the actor's highest is not given", member(bob, role(mid, 1, manage)), role(top, 5, 0), false},
		{"without Manage Roles no role is given", member(bob, role(top, 5, 0)), role(mid, 1, 0), false},
		{"the owner gives any role", boss, role(top, 99, 0), true},
		{"@everyone is no role to give", boss, role(guild, 0, 0), false},
	}
	for _, tt := range gives {
		t.Run(tt.name, func(t *testing.T) {
			if got := permission.CanGive(tt.actor, tt.role); got != tt.want {
				t.Errorf("CanGive = %v; want %v", got, tt.want)
			}
		})
	}
}

// FuzzChannelPermissions checks the invariants of the computation over
// arbitrary members and overwrites.
func FuzzChannelPermissions(f *testing.F) {
	f.Add(uint64(view|send), uint64(kick), uint64(0), uint64(send), uint64(embed), uint64(0), uint64(view), false, false, uint8(0))
	f.Add(uint64(0), uint64(interaction.PermissionAdministrator), uint64(view), uint64(0), uint64(0), uint64(view), uint64(0), true, false, uint8(11))
	f.Fuzz(func(t *testing.T, everyone, rolePerms, eAllow, eDeny, rAllow, rDeny, extra uint64, timedOut, owner bool, chType uint8) {
		all := uint64(permission.All)
		m := permission.Member{Guild: guild, User: alice, Everyone: interaction.Permissions(everyone & all),
			Roles: []permission.Role{role(mods, 1, interaction.Permissions(rolePerms&all))}, TimedOut: timedOut, Owner: owner}
		ch := permission.Channel{Type: interaction.ChannelType(chType % 16), Overwrites: []permission.Overwrite{
			everyoneOW(interaction.Permissions(eAllow&all), interaction.Permissions(eDeny&all)),
			roleOW(mods, interaction.Permissions(rAllow&all), interaction.Permissions(rDeny&all)),
		}}
		got := permission.Effective(m, ch)
		if got&^permission.All != 0 {
			t.Fatalf("Effective = %v has bits the service does not define", got)
		}
		if owner || permission.Base(m).Has(interaction.PermissionAdministrator) {
			if got != permission.All {
				t.Fatalf("an owner or administrator has %v; want every permission", got)
			}
			return
		}
		if !permission.Overwritten(m, ch).Has(view) && got != 0 {
			t.Fatalf("without View Channel Effective = %v; want nothing", got)
		}
		if timedOut && got&^(view|history) != 0 {
			t.Fatalf("timed out, Effective = %v; want at most viewing and reading", got)
		}
		// Adding an allowance in the member's own overwrite never takes a
		// permission away.
		more := ch
		more.Overwrites = append(ch.Overwrites[:2:2], memberOW(alice, interaction.Permissions(extra&all), 0))
		if after := permission.Effective(m, more); got&^after != 0 {
			t.Fatalf("allowing %v took %v away", interaction.Permissions(extra&all), got&^after)
		}
		if over := permission.Overwritten(m, more); permission.Overwritten(m, ch)&^over != 0 {
			t.Fatalf("allowing %v took away overwritten bits", interaction.Permissions(extra&all))
		}
	})
}

// FuzzHierarchy checks the invariants of the role hierarchy over arbitrary
// members: no two members act on each other, nobody acts on the owner,
// the owner acts on everyone else, and a role given is below the giver's
// highest.
func FuzzHierarchy(f *testing.F) {
	f.Add(3, uint64(10), 3, uint64(11), 1, uint64(12), false, false, uint64(interaction.PermissionManageRoles))
	f.Add(0, uint64(guild), 5, uint64(9), 0, uint64(13), true, false, uint64(0))
	f.Fuzz(func(t *testing.T, pa int, ia uint64, pb int, ib uint64, pr int, ir uint64, aOwner, bOwner bool, perms uint64) {
		if aOwner && bOwner {
			bOwner = false // a guild has one owner
		}
		a := permission.Member{Guild: guild, User: alice, Owner: aOwner,
			Roles: []permission.Role{role(interaction.Snowflake(ia), pa, interaction.Permissions(perms)&permission.All)}}
		b := permission.Member{Guild: guild, User: alice + 1, Owner: bOwner, Roles: []permission.Role{role(interaction.Snowflake(ib), pb, 0)}}
		if permission.CanActOn(a, b) && permission.CanActOn(b, a) {
			t.Fatalf("%+v and %+v act on each other", a, b)
		}
		if bOwner && permission.CanActOn(a, b) {
			t.Fatal("a member acts on the owner")
		}
		if aOwner && !permission.CanActOn(a, b) {
			t.Fatal("the owner does not act on a member")
		}
		r := role(interaction.Snowflake(ir), pr, 0)
		if permission.CanGive(a, r) {
			if r.ID == guild {
				t.Fatal("@everyone was given")
			}
			if !aOwner && !permission.Above(permission.Highest(a), r) {
				t.Fatalf("%+v gave %+v, not below its highest", a, r)
			}
		}
	})
}
