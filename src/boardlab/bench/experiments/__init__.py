"""The families' benchmark experiments, one module per family (`bench/experiments/<family>.py`).

A module registers its experiments at import (`boardlab.bench.experiment.register`);
`boardlab.bench.experiment.experiments()` imports the module of every registered family. The
families never import these modules: the library does not depend on its benchmarks.
"""
