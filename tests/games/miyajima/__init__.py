"""Tests for Fast Train to Miyajima."""
