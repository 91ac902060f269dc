"""Presentation helpers the page views of every app use: money, dates as people read them, chart specs."""
