"""Bulk data: whole collections as downloadable files, Scryfall-style.

- registry.py: the files there are, each a `BulkFile`, given by the functions the
  settings name in BULK_DATA_FILES (the catalogue's own in catalogue.py; another app adds
  its files the same way without the catalogue importing it);
- storage.py: the files in BULK_DATA_DIR, each gzip-compressed JSON with a sidecar of its
  version, time, sizes and hash, written atomically;
- refresh.py: writes the files whose version changed (the `bulk_data` command, the Celery
  task in tasks.py, the catalogue's loading commands, and refresher.py in a web process
  without a broker);
- loading.py: reads a file of cards back into a catalogue (`import_bulk`).

The API lists and serves them (cards/api/bulk.py).
"""
