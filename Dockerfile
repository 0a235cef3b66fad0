# rootbot in a container. Untested: written without a Docker daemon at hand (see docs/deploy.md).
# The build installs the project and runs every check (ruff, mypy, the test suite); a failing test fails the build.
FROM python:3.11-slim

WORKDIR /app
COPY . .
RUN python -m venv .venv \
    && .venv/bin/python -m pip install --quiet --no-cache-dir -e ".[dev]" \
    && .venv/bin/ruff check rules render bot tests \
    && .venv/bin/mypy \
    && .venv/bin/python -m pytest -q -p no:cacheprovider \
    && rm -rf /tmp/pytest-of-*

RUN useradd --system --home /app rootbot && mkdir -p /data && chown rootbot: /data
USER rootbot
ENV ROOTBOT_HOME=/data PYTHONUNBUFFERED=1
VOLUME /data
CMD [".venv/bin/rootbot", "run"]
