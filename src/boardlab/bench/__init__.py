"""Benchmarks: experiments contributed by the families, run and reported by `boardlab bench`."""
