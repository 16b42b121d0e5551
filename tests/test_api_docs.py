"""The API's documentation stays true: the docstrings' examples and the notebook tours
(docs/tour, one page per family) run as doctests, and the API reference builds with pdoc."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import boardlab
from boardlab import api

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "docs" / "tour"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("module", [api, boardlab], ids=lambda m: m.__name__)
def test_docstring_examples(module: object) -> None:
    failed, attempted = doctest.testmod(module, optionflags=FLAGS)  # type: ignore[arg-type]
    assert attempted > 0 and failed == 0


def test_every_family_has_a_tour() -> None:
    assert sorted(p.stem for p in TOUR.glob("*.md") if p.stem != "README") == [
        f.name for f in boardlab.families()
    ]


@pytest.mark.parametrize("page", sorted(p.name for p in TOUR.glob("*.md") if p.stem != "README"))
def test_tour(page: str) -> None:
    failed, attempted = doctest.testfile(str(TOUR / page), module_relative=False, optionflags=FLAGS)
    assert attempted > 0 and failed == 0


def test_the_api_reference_builds(tmp_path: Path) -> None:
    """pdoc (the test extra) renders `boardlab.api` to HTML with every public name."""
    import pdoc

    pdoc.pdoc("boardlab.api", output_directory=tmp_path)
    page = (tmp_path / "boardlab" / "api.html").read_text()
    for name in api.__all__:
        assert f'id="{name}"' in page, name
    assert "&gt;&gt;&gt; boardlab.count(queens).count" in page or "boardlab.count(queens)" in page


def test_the_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("```python\n") + len("```python\n")
    code = readme[start : readme.index("```", start)]
    assert len(code.strip().splitlines()) == 5
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("{'queens': [") and printed[1] == "12" and printed[2].startswith("# 6x6:")
