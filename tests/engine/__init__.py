"""Tests for bot/engine."""
