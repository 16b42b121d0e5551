"""Implementations that only the benchmarks run, as references to measure the library against.

- `nqueens_cref`: small C N-Queens counters (compiled at benchmark time).
- `nqueens_recursive`: a plain recursive N-Queens counter (a count cross-check in the tests).
"""
