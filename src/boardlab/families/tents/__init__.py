"""Tents and Trees: tents paired one-to-one with trees, none touching, row and column clues."""

from boardlab.core.registry import register
from boardlab.families.tents.family import Tents

FAMILY = register(Tents())
