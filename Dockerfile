# rootbot in a container. Untested here: written without a Docker daemon at hand (see docs/deploy.md).
# The build installs the project and runs every check with the README's test command (ruff, mypy, the test suite);
# a failing test fails the build. The suite starts its own throwaway PostgreSQL server, so the build installs
# Debian's PostgreSQL server programs first (the same package CI installs; the running bot does not need them).
FROM python:3.11-slim

RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY . .
RUN ./test -q -p no:cacheprovider && rm -rf /tmp/pytest-of-* /tmp/rootbot-pg-*

RUN useradd --system --home /app rootbot && mkdir -p /data && chown rootbot: /data
USER rootbot
ENV ROOTBOT_HOME=/data PYTHONUNBUFFERED=1
VOLUME /data
CMD [".venv/bin/rootbot", "run"]
