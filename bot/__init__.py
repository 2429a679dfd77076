"""Tetsudō (鉄道): a self-hostable Discord bot for five train-themed tabletop games."""
