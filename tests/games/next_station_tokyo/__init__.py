"""Tests for Next Station Tokyo."""
