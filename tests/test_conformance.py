"""Every registered family implements the whole interface, and its formats round-trip."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.io import parse_document, parse_value, read_instances
from boardlab.core.registry import families
from boardlab.core.results import Mode, SolveRequest, Status

FAMILIES = families()
IDS = [f.name for f in FAMILIES]


def test_there_are_families() -> None:
    assert "nqueens" in IDS


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_interface_is_complete(family: Family) -> None:
    assert not getattr(type(family), "__abstractmethods__", None)
    description = family.describe()
    assert description["name"] == family.name and family.title and family.rules
    assert family.backends and Mode.FIRST in family.modes
    json.dumps(description)


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_text_and_json_round_trip(family: Family, seed: int) -> None:
    instance = family.sample(random.Random(seed))
    as_json = family.to_json(instance)
    assert as_json["family"] == family.name
    assert family.from_json(json.loads(json.dumps(as_json))) == instance
    [record] = parse_document(family, family.dump_text(instance), "<text>")
    assert record.error is None and record.instance == instance
    [record] = parse_document(family, json.dumps(as_json), "<json>")
    assert record.instance == instance


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_format_convert_writes_reads_back(family: Family, seed: int) -> None:
    """`convert --to F` for every F in `writes`: the text reads back (as a request field, and
    as a file the command line reads) to the same instance, and writing that gives the same
    text (game IDs and URLs byte for byte). A format that cannot hold a puzzle says so
    (BadInput: a tents puzzle with givens has no puzz.link URL), never writes something else."""
    assert family.writes[:2] == ("text", "json")
    instance = family.sample(random.Random(seed))
    for to in family.writes:
        try:
            text = family.write(instance, to)
        except BadInput as error:
            assert (family.name, to) == ("tents", "puzzlink") and "given" in str(error)
            continue
        back = parse_value(family, text, {})
        assert back == instance, to
        assert family.write(back, to) == text
        if to in ("text", "json"):  # a document, as in a file
            [record] = parse_document(family, text, "<converted>")
        else:  # a one-line format (game ID, URL): also the command line's PUZZLE argument
            [record] = read_instances(family, text)
        assert record.error is None and record.instance == instance, to


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_answers_are_verified_and_drawn(family: Family) -> None:
    rng = random.Random(7)
    for _ in range(3):
        instance = family.sample(rng)
        result = family.solve(instance, SolveRequest(deadline=Deadline.after(20)))
        assert result.status in (Status.SOLVED, Status.OPTIMAL, Status.FEASIBLE, Status.UNSATISFIABLE)
        json.dumps(result.to_json())
        solution = result.solutions[0] if result.solutions else None
        if solution is not None:
            assert family.verify(instance, solution) == []
            assert family.check(instance, json.loads(json.dumps(solution))) == []
        assert family.render_text(instance, solution) is not None
        assert family.render_svg(instance, solution).lstrip().startswith("<svg")


# ---- the module kit (docs/design.md, "Adding a family") ------------------------------------------

#: Modules every family package has, under these names.
KIT = ("family", "instance", "io", "choices", "verify", "generate", "render")
#: Backends that build a model for a constraint solver: each has its `model_<backend>` module.
MODEL_BACKENDS = ("cpsat", "sat")


def _package(family: Family) -> str:
    return type(family).__module__.rsplit(".", 1)[0]


def _has_module(family: Family, name: str) -> bool:
    return importlib.util.find_spec(f"{_package(family)}.{name}") is not None


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_module_kit(family: Family) -> None:
    assert type(family).__module__ == f"boardlab.families.{family.name}.family"
    missing = [m for m in KIT if not _has_module(family, m)]
    missing += [
        f"model_{b}" for b in family.backends if b in MODEL_BACKENDS and not _has_module(family, f"model_{b}")
    ]
    assert missing == []
    assert _has_module(family, "hint") == family.offers_hints
    assert _has_module(family, "oracle") == family.offers_hints
    assert _has_module(family, "grade") == (family.offers_grade or family.offers_explain)


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_formats_and_drawing_come_from_the_kit(family: Family) -> None:
    """The format methods of `Family` read and write through the family's own `io` module."""
    assert family.formats is importlib.import_module(f"{_package(family)}.io")
    assert family.drawing is importlib.import_module(f"{_package(family)}.render")


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_capabilities_are_declared_not_detected(family: Family) -> None:
    """`offers_hints` says what overriding `hint` would say (the web listing's `hint` reads it)."""
    assert family.offers_hints == (type(family).hint is not Family.hint)
    assert family.offers_grade == (type(family).grade_instance is not Family.grade_instance)
    assert family.offers_explain == (type(family).explain_instance is not Family.explain_instance)
    assert bool(family.levels) == family.offers_grade  # the levels are declared with the grades
    # formats beyond the kit's text and JSON are the family's own, written by `write_instance`
    assert (family.writes != ("text", "json")) == (type(family).write_instance is not Family.write_instance)
    from boardlab.cli.commands import CAPABILITIES, VERBS, verbs_of

    offered = set(verbs_of(family))
    assert offered == {v for v in VERBS if v not in CAPABILITIES or getattr(family, CAPABILITIES[v])}


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_choice_lists_are_declared_once(family: Family) -> None:
    """`--model` and `--encoding` (and any option with choices) take their list from the family's
    `choices` module, where the implementing modules read it too, never a literal copy."""
    choices = importlib.import_module(f"{_package(family)}.choices")
    declared = [value for value in vars(choices).values() if isinstance(value, tuple)]
    for option in family.options:
        if option.name == "difficulty":  # the common generate option: the family's levels
            assert option.choices is family.levels
        elif option.choices is not None:
            assert any(option.choices is value for value in declared), option.name


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_one_vocabulary(family: Family) -> None:
    """`--model` is the formulation, `--encoding` the cardinality encoding of a SAT backend, and
    "seed" is only ever the random seed (a common flag, never a family option or choice)."""
    names = {option.name: option for option in family.options}
    if "encoding" in names:
        assert "sat" in family.backends and "cardinality" in names["encoding"].help
    if "model" in names:
        assert names["model"].choices
    for option in family.options:
        assert "seed" not in option.name
        assert not any("seed" in choice for choice in option.choices or ())


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_display_options_are_not_instance_fields(family: Family) -> None:
    """A drawing option (a flag for `render`) travels to `render_text`/`render_svg` as an
    option; the instance holds the puzzle only."""
    instance = family.sample(random.Random(1))
    fields = {f.name for f in dataclasses.fields(instance)}
    display = {o.name for o in family.options if "render" in o.verbs and o.type is bool}
    assert fields & display == set()
    for name in display:
        assert family.render_svg(instance, None, {name: True}).lstrip().startswith("<svg")


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_every_model_and_encoding_choice_is_implemented(family: Family) -> None:
    """Each declared `--model` and `--encoding` choice answers a small instance as the default
    does (an unknown name is an error in the models, so a stale choice list fails here)."""
    instance = family.sample(random.Random(3))
    expected = family.solve(instance, SolveRequest(Mode.FIRST, deadline=Deadline.after(20))).status
    for option in family.options:
        if option.name not in ("model", "encoding"):
            continue
        for choice in option.choices or ():
            backend = "sat" if option.name == "encoding" else None
            if family.name == "chessnum":
                backend = "cpsat"  # its models are CP-SAT formulations
            request = SolveRequest(
                Mode.FIRST, deadline=Deadline.after(20), backend=backend, options={option.name: choice}
            )
            assert family.solve(instance, request).status == expected, (option.name, choice)
