// Package gopool runs functions on goroutines it keeps after they finish.
//
// A new goroutine starts with a small stack and grows it by copying as the
// function it runs goes deeper; a handler that decodes JSON or formats a
// message pays for that on every request when it gets a fresh goroutine
// each time. A Pool hands each function to a goroutine that waits idle
// after its last one, whose stack has already grown, and starts one only
// when none waits. Goroutines that stay idle for the pool's idle time end,
// so a Pool holds at most as many as ran at once, and only for a while.
package gopool
