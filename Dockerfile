# syntax=docker/dockerfile:1
# The bot in a small image (docs/operations.md): a Rust builder stage, then
# a slim Debian runtime with the one binary (the fonts, catalogues, openings
# and puzzles are compiled into it), run as a user without privileges.
# TLS is rustls throughout (`cargo tree -i openssl` is empty): the runtime
# needs CA certificates and nothing of OpenSSL.

ARG RUST_VERSION=1.95
ARG DEBIAN=bookworm

FROM rust:${RUST_VERSION}-slim-${DEBIAN} AS build
WORKDIR /src
COPY . .
# the registry and the target folder are cached between builds (BuildKit);
# the build fails if OpenSSL crept into the dependency tree
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    if cargo tree --locked -e normal -i openssl-sys >/dev/null 2>&1; then \
      echo "openssl-sys is in the tree: rustls only" >&2; exit 1; \
    fi \
 && cargo build --release --locked --bin shashki \
 && cp target/release/shashki /shashki \
 && strip /shashki

FROM debian:${DEBIAN}-slim AS runtime
# ca-certificates unpinned on purpose: it should be the distribution's newest
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 shashki \
 && useradd --system --uid 10001 --gid shashki --home-dir /var/lib/shashki --shell /usr/sbin/nologin shashki \
 && mkdir -p /var/lib/shashki /etc/shashki \
 && chown shashki:shashki /var/lib/shashki
COPY --from=build /shashki /usr/local/bin/shashki
COPY config.example.toml /etc/shashki/config.example.toml
USER 10001:10001
WORKDIR /var/lib/shashki
VOLUME ["/var/lib/shashki"]
# [http] listen = "0.0.0.0:9090" in the config serves /healthz and /metrics
EXPOSE 9090
# SIGTERM drains (finishes the queued updates, sends what is owed) within
# [runtime] drain_seconds: give the container longer than that to stop
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/shashki"]
CMD ["run", "--config", "/etc/shashki/config.toml"]
