"""Tests for bot/games."""
