"""Tests for Ticket to Ride: Japan."""
