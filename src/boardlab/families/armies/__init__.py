"""Peaceable armies of queens: m white and m black queens, none attacking the other colour
(OEIS A250000)."""

from boardlab.core.registry import register
from boardlab.families.armies.family import Armies

FAMILY = register(Armies())
