"""Shared pages in a browser: finished games step by step, running games' boards, tournaments and leaderboards.

Another adapter beside the Discord layer: the pages read through the engine and storage and are given their
pictures by the wiring (`Painter`); they never import discord, and the Discord layer never imports them.
"""
