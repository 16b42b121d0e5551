"""Puzzle families: one subpackage each, all with the same shape (see DESIGN.md)."""
