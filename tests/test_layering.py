"""The layers of the package: no import cycles, imports go downwards only (the library never
depends on its benchmarks, its CLI or its web layer), and no file outside the package is read.

Imports are read from the source (every `import` statement, including those inside functions
and under `TYPE_CHECKING`): a cycle hidden by a deferred import is still a cycle in the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardlab

PACKAGE = Path(boardlab.__file__).parent


def _modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("boardlab",) + path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The boardlab modules that `name` imports (`from pkg import mod` names the module, not pkg)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                found.add(f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_is_read() -> None:
    assert "boardlab.core.family" in GRAPH["boardlab.families.nqueens.family"]
    assert "boardlab.families.tents.game_id" in GRAPH["boardlab.families.tents.io"]


def test_no_import_cycles() -> None:
    assert _cycles(GRAPH) == []


#: The layers, lowest first: a module imports from its own layer and the ones before it only.
LAYERS = (
    ("boardlab.core", "boardlab.render"),
    ("boardlab.families",),
    ("boardlab.bench", "boardlab.web", "boardlab.cli"),
)
#: The one upward import: the registry finds the families by scanning their (empty) package.
DISCOVERY = {("boardlab.core.registry", "boardlab.families")}


def _layer(module: str) -> int | None:
    for index, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    return None


def test_layers_import_downwards_only() -> None:
    """core and render know no family, the families know neither the benchmarks nor the CLI and
    the web layer."""
    upward = set()
    for a, imported in GRAPH.items():
        for b in imported:
            low, high = _layer(a), _layer(b)
            if low is not None and high is not None and high > low:
                upward.add((a, b))
    assert sorted(upward - DISCOVERY) == []
    assert ("boardlab.bench.experiment", "boardlab.core.registry") in {
        (a, b) for a, imported in GRAPH.items() for b in imported
    }  # the check sees real imports


def _strings(path: Path) -> list[str]:
    """The string constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_the_library_reads_no_test_or_outside_files() -> None:
    """No path into the repository's tests or a sibling data directory appears in the code."""
    offenders = []
    for name, path in MODULES.items():
        for text in _strings(path):
            if text == "tests" or "tests/" in text or "shared/" in text or text.startswith("/work"):
                offenders.append(f"{name}: {text!r}")
    assert offenders == []
