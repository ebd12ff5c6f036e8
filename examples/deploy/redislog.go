package main

import (
	"context"
	"fmt"

	"github.com/rs/zerolog"
)

// redisLog writes what go-redis logs (a pool that cannot dial, a
// connection closed under it) as lines of the program's JSON log. Left
// alone, go-redis writes plain text to standard error, among the JSON
// lines a log collector parses.
type redisLog struct{ log zerolog.Logger }

// Printf logs one go-redis message as a warning: go-redis logs what went
// wrong, and says nothing when all is well.
func (l redisLog) Printf(_ context.Context, format string, v ...any) {
	l.log.Warn().Str("from", "go-redis").Msg(fmt.Sprintf(format, v...))
}
