"""Benchmark experiments of the Tents family (filled in below)."""
