package main

import (
	"errors"
	"strconv"
	"strings"
)

// size is a flag of a number of bytes, written as a number, or as one
// followed by KiB, MiB or GiB.
type size int64

// sizeUnits are the units a size may be written in, largest first.
var sizeUnits = []struct {
	suffix string
	bytes  int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}}

// String writes the size in the largest unit it is a whole number of.
func (s *size) String() string {
	for _, u := range sizeUnits {
		if *s != 0 && int64(*s)%u.bytes == 0 {
			return strconv.FormatInt(int64(*s)/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(*s), 10)
}

// Set reads a size: a positive number of bytes, or of KiB, MiB or GiB.
func (s *size) Set(text string) error {
	unit := int64(1)
	for _, u := range sizeUnits {
		if digits, ok := strings.CutSuffix(text, u.suffix); ok {
			text, unit = digits, u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/unit {
		return errors.New("want a positive number of bytes, or of KiB, MiB or GiB, such as 64MiB")
	}
	*s = size(n * unit)
	return nil
}
