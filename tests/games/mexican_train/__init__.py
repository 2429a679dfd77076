"""Mexican Train rules: scenarios built from a real setup and moves, and random playouts."""
