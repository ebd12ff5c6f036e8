# syntax=docker/dockerfile:1

# The image of examples/deploy: one static binary on a base with no shell
# and no package manager, run as an unprivileged user. Build it from the
# module's root:
#
#	docker build -t registry.example.com/switchboard-deploy:0.1.0 .
#
# One image serves both steps of a deploy: "serve" (the default command) in
# the Deployment's replicas, "sync" in the release's Job (see deploy/).

# The builder runs on the build machine's own platform and cross-compiles,
# which a binary without cgo allows: a multi-platform build then needs no
# emulation.
FROM --platform=$BUILDPLATFORM golang:1.26 AS build
WORKDIR /src
# The modules first, in a layer of their own that a change to the code
# leaves cached.
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
ARG TARGETOS TARGETARCH
# CGO_ENABLED=0 makes the binary static: the final base has no C library.
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -ldflags="-s -w" -o /out/switchboard-deploy ./examples/deploy

# distroless/static has what a static Go program reaches for, CA
# certificates (sync calls the service over HTTPS), time zones and an
# /etc/passwd naming the nonroot user, and nothing else.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/switchboard-deploy /switchboard-deploy
# The nonroot user by number: Kubernetes checks runAsNonRoot against a
# numeric user only.
USER 65532:65532
# The endpoint, and the metrics the Deployment serves with -metrics :9090.
EXPOSE 8080 9090
ENTRYPOINT ["/switchboard-deploy"]
CMD ["serve"]
