package permission

import "github.com/switchboard-go/switchboard/interaction"

// Above reports whether role a ranks above role b in a guild's hierarchy:
// its position is greater or, at equal positions, which the service sorts
// by id, its id is smaller (the older role ranks higher, as the service's
// clients order them). A role does not rank above itself.
func Above(a, b Role) bool {
	if a.Position != b.Position {
		return a.Position > b.Position
	}
	return a.ID < b.ID
}

// Highest returns a member's highest role, and @everyone (the guild's id,
// position 0) for a member without roles. @everyone ranks below every
// other role whatever their positions.
func Highest(m Member) Role {
	var top Role
	found := false
	for _, r := range m.Roles {
		if r.ID == m.Guild {
			continue
		}
		if !found || Above(r, top) {
			top, found = r, true
		}
	}
	if !found {
		return Role{ID: m.Guild, Permissions: m.Everyone}
	}
	return top
}

// outranks reports whether a's highest role is strictly above b's.
func outranks(a, b Member) bool {
	ha, hb := Highest(a), Highest(b)
	switch {
	case hb.ID == b.Guild:
		return ha.ID != a.Guild
	case ha.ID == a.Guild:
		return false
	}
	return Above(ha, hb)
}

// CanActOn reports whether the hierarchy lets actor kick, ban, time out,
// rename or change the roles of target: never the guild's owner; anyone
// else for the owner; otherwise only a member whose highest role is
// strictly below the actor's (equal is refused). It does not look at the
// permission the action needs, nor whether actor and target are the same
// member (who is refused, ranking as high as themself).
func CanActOn(actor, target Member) bool {
	switch {
	case target.Owner:
		return false
	case actor.Owner:
		return true
	}
	return outranks(actor, target)
}

// CanGive reports whether actor may give or take away role: with Manage
// Roles (which the owner and administrators hold), a role strictly below
// the actor's highest; the owner any role. @everyone is no role to give.
func CanGive(actor Member, role Role) bool {
	if role.ID == actor.Guild || !Base(actor).Has(interaction.PermissionManageRoles) {
		return false
	}
	if actor.Owner {
		return true
	}
	top := Highest(actor)
	return top.ID != actor.Guild && Above(top, role)
}
