"""Next Station Tokyo."""
