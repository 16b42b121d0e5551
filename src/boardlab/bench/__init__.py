"""Benchmarks: the families' experiments (`experiments/`), run and reported by `boardlab bench`."""
