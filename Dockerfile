# The bot as a container: `docker build -t guildmaster .` then
#   docker run -d --name guildmaster -e DISCORD_TOKEN=... -v guildmaster-data:/data guildmaster
# The SQLite database lives in the /data volume, so games survive a new container. For several
# sharded processes over PostgreSQL, see deploy/compose/compose.yaml and docs/sharding.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY games ./games
RUN pip install . && rm -rf /app

# Never root: a user of its own, owning only the data folder.
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin \
        guildmaster \
    && mkdir -p /data && chown guildmaster:guildmaster /data
USER guildmaster
WORKDIR /data
VOLUME ["/data"]

# The SQLite file in the volume (a config.toml put in /data is read too; every setting also has
# an environment variable, see config.example.toml). The health endpoint is on inside the
# container only (127.0.0.1), for the HEALTHCHECK; set GUILDMASTER_HEALTH_HOST=0.0.0.0 and
# publish the port to let a Prometheus elsewhere read /metrics.
ENV GUILDMASTER_DATABASE_PATH=/data/guildmaster.sqlite3 \
    GUILDMASTER_HEALTH_HOST=127.0.0.1 \
    GUILDMASTER_HEALTH_PORT=8080

# 503 until the bot is connected to Discord and its database answers; start-up (migrations,
# slash commands, catching up on games) may take a while on a big database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.healthcheck", "http://127.0.0.1:8080/health"]

# `docker stop` sends SIGTERM: the bot finishes what is in flight, posts what is left and closes
# the database (docs/reliability.md); give it time with `docker stop -t 60`.
STOPSIGNAL SIGTERM
CMD ["guildmaster", "run"]
