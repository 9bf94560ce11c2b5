# arbitro, the play-by-email Diplomacy referee: `arbitro run --config /config/arbitro.toml`.
#   docker build -t arbitro .
#   docker run -d --name arbitro -v /srv/arbitro/config:/config:ro -v /srv/arbitro/data:/data arbitro
# The config's database_url should point into /data (e.g. "sqlite:////data/arbitro.sqlite3")
# or at PostgreSQL. See docs/DEPLOY.md.

# -- build: wheels for arbitro and its dependencies ----------------------------------
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY arbitro ./arbitro
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

# -- run: the wheels, the data files, a non-root user -------------------------------
FROM python:3.11-slim
# DejaVu: the map's labels (Pillow's built-in font has no accents).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --create-home --home-dir /home/arbitro --uid 10001 arbitro \
    && mkdir -p /config /data && chown arbitro:arbitro /data
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
# Maps, mail templates and migrations are read from these folders (not part of the wheel).
COPY maps /usr/share/arbitro/maps
COPY templates /usr/share/arbitro/templates
COPY migrations /usr/share/arbitro/migrations
ENV ARBITRO_MAPS=/usr/share/arbitro/maps \
    ARBITRO_TEMPLATES=/usr/share/arbitro/templates \
    ARBITRO_MIGRATIONS=/usr/share/arbitro/migrations \
    PYTHONUNBUFFERED=1
USER arbitro
WORKDIR /data
VOLUME ["/config", "/data"]
# SIGTERM (docker stop) stops the intake, the scheduler and the outbox cleanly.
STOPSIGNAL SIGTERM
ENTRYPOINT ["arbitro"]
CMD ["run", "--config", "/config/arbitro.toml"]
