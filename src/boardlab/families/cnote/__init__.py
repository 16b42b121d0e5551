"""C-Note (Erich Friedman's "100"): extend given digits into numbers so rows and columns hit a target."""

from boardlab.core.registry import register
from boardlab.families.cnote.family import CNote

FAMILY = register(CNote())
