// Package autocomplete answers the requests the service sends while a user
// types into an option that has autocomplete on.
//
// A Handler receives the focused option with its partial value exactly as
// the service sent it, the options already filled in, and the user's locale,
// and returns suggestions. Sanitize holds every answer to the service's
// limits (at most 25 choices; names of 1 to 100 characters; string values of
// at most 100; values of the option's type), and Match ranks candidates
// against what the user has typed so far.
//
// Fallback serves the last good suggestions when a handler fails or is
// too slow, kept in a Cache, the contract of this package: a MemoryCache
// keeps them in the process, and redisstore.AutocompleteCache shares
// them between replicas. storetest.TestAutocompleteCache checks a Cache
// of one's own against the contract.
package autocomplete
