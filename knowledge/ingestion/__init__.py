"""Ingestion internals: parsing sources into pages, chunking pages into facts, document identity."""
