"""Pebbles' own tests: they live in its package, as a plug-in's do."""
