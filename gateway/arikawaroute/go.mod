module github.com/switchboard-go/switchboard/gateway/arikawaroute

go 1.26.0

require (
	github.com/diamondburned/arikawa/v3 v3.6.0
	github.com/rs/zerolog v1.35.1
	github.com/switchboard-go/switchboard v0.0.0
)

require (
	filippo.io/edwards25519 v1.2.0 // indirect
	github.com/coder/websocket v1.8.15 // indirect
	github.com/goccy/go-json v0.12.0 // indirect
	github.com/gorilla/schema v1.4.1 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/klauspost/compress v1.20.1 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	github.com/valyala/fasthttp v1.74.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.10.0 // indirect
)

replace github.com/switchboard-go/switchboard => ../..
