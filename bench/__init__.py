"""Benchmarks: `python -m bench NAME` (or `make bench BENCH=NAME`). Each prints its figures, a baseline
measured in the same run where it has one, and writes JSON to bench/results/NAME.json."""
