"""Tests for bot/storage."""
