"""Benchmarks that print figures (not tests)."""
