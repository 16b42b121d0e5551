"""Shared drawing: terminal boards (rich) and SVG boards."""
