package emulator

// The service writes an absent list as [] and an absent value as null,
// never leaving the field out; these give its JSON those values.

// orEmpty returns v, or for nil an empty list, which JSON writes as []
// rather than null: the service's lists, and the control API's, are never
// null.
func orEmpty[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// orNull returns a pointer to v, or nil, which JSON writes as null, when
// v is its type's zero value: an unset name, avatar or id.
func orNull[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	// A copy, so that v itself, which every call has, stays off the heap.
	p := v
	return &p
}
