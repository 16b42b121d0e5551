"""The same idea has the same flag everywhere: the common flags of the family verbs are declared
once (`boardlab.cli.flags`), so each appears with one help text in every family and verb. (A
family option that takes the name of a common flag stops the CLI from being built at all.)"""

from __future__ import annotations

from collections import defaultdict

import typer

from boardlab.cli import app
from boardlab.core import registry

#: Flags whose help says how they differ between verbs, on purpose.
MEANT_TO_DIFFER = {
    "--seed": "solve: the solver's seed; generate: the generator's (same seed, same puzzle)",
    "--json": "render prints one object with the SVG",
}


def _family_verb_options() -> dict[str, set[str]]:
    """Flag -> the help texts it has across every family's verbs (family options left out)."""
    family_flags = {option.flag for family in registry.families() for option in family.options}
    helps: dict[str, set[str]] = defaultdict(set)
    root = typer.main.get_command(app)
    for family in registry.families():
        for verb in root.commands[family.name].commands.values():  # type: ignore[attr-defined]
            for param in verb.params:
                for flag in getattr(param, "opts", []):
                    if flag.startswith("--") and flag not in family_flags:
                        helps[flag].add(param.help or "")
    return helps


def test_a_common_flag_has_one_meaning_in_every_family_and_verb():
    helps = _family_verb_options()
    assert {"--json", "--time-limit", "--backend", "--workers", "--force"} <= set(helps)
    differing = {flag for flag, texts in helps.items() if len(texts) > 1}
    assert differing <= set(MEANT_TO_DIFFER), {flag: helps[flag] for flag in differing - set(MEANT_TO_DIFFER)}
